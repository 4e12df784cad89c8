import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { points } from '../../db/schema/index.ts';
import type { JobResult } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DeliveryClient } from '../../providers/delivery.ts';

export type PointsSyncService = ReturnType<typeof createPointsSyncService>;

/** Points of this type mirror the delivery provider; partner points are never touched by the sync. */
export const YANDEX_POINT_TYPE = 'YANDEX';

/**
 * `sync-yandex-pickup-points`: upserts the provider's pickup points by code and deactivates the Yandex points that
 * disappeared from its list. An empty list is treated as a provider fault, not as "all points closed".
 */
export function createPointsSyncService(deps: { db: Db; delivery: DeliveryClient | null; clock: Clock }) {
  const { db, delivery, clock } = deps;
  return {
    async syncYandexPickupPoints(): Promise<JobResult> {
      if (!delivery) return { summary: 'Пропущено: Яндекс Доставка не настроена', skipped: true };
      const listed = await delivery.listPickupPoints();
      if (listed.length === 0) throw new Error('Яндекс Доставка вернула пустой список пунктов выдачи');
      const unique = [...new Map(listed.map((point) => [point.code, point])).values()];
      const now = clock.now();
      return db.transaction(async (tx) => {
        let upserted = 0;
        for (let index = 0; index < unique.length; index += 500) {
          const rows = await tx
            .insert(points)
            .values(
              unique.slice(index, index + 500).map((point) => ({
                code: point.code,
                name: point.name,
                address: point.address,
                lat: point.lat,
                lon: point.lon,
                schedule: point.schedule,
                phone: point.phone,
                type: YANDEX_POINT_TYPE,
                isActive: true,
                updatedAt: now,
              })),
            )
            .onConflictDoUpdate({
              target: points.code,
              set: {
                name: sql`excluded.name`,
                address: sql`excluded.address`,
                lat: sql`excluded.lat`,
                lon: sql`excluded.lon`,
                schedule: sql`excluded.schedule`,
                phone: sql`excluded.phone`,
                isActive: true,
                updatedAt: now,
              },
              // A partner point that happens to use the same code is left as it is.
              setWhere: sql`${points.type} = ${YANDEX_POINT_TYPE}`,
            })
            .returning({ id: points.id });
          upserted += rows.length;
        }
        // Every listed point was stamped with `now` above: the Yandex points not stamped have vanished.
        const deactivated = await tx
          .update(points)
          .set({ isActive: false, updatedAt: now })
          .where(
            and(eq(points.type, YANDEX_POINT_TYPE), eq(points.isActive, true), lt(points.updatedAt, now)),
          )
          .returning({ id: points.id });
        return {
          summary: `Пункты выдачи: обновлено ${upserted}, отключено ${deactivated.length}`,
          upserted,
          deactivated: deactivated.length,
        };
      });
    },
  };
}
