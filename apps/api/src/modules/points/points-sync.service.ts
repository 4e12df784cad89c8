import type { Db } from '../../db/client.ts';
import type { JobResult } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DeliveryClient } from '../../providers/delivery.ts';
import type { PointsRepository } from './points.repository.ts';

export type PointsSyncService = ReturnType<typeof createPointsSyncService>;

/**
 * `sync-yandex-pickup-points`: upserts the provider's pickup points by code and deactivates the Yandex points that
 * disappeared from its list. An empty list is treated as a provider fault, not as "all points closed".
 */
export function createPointsSyncService(deps: {
  db: Db;
  repo: PointsRepository;
  delivery: DeliveryClient | null;
  clock: Clock;
}) {
  const { db, repo, delivery, clock } = deps;
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
          upserted += await repo.upsertProviderPoints(tx, unique.slice(index, index + 500), now);
        }
        // Every listed point was stamped with `now` above: the Yandex points not stamped have vanished.
        const deactivated = await repo.deactivateProviderPointsOlderThan(tx, now);
        return {
          summary: `Пункты выдачи: обновлено ${upserted}, отключено ${deactivated}`,
          upserted,
          deactivated,
        };
      });
    },
  };
}
