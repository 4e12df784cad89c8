import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Holiday } from '@app/contracts';
import { MESSAGES, moscowDate } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, holidays } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';

export type HolidaysService = ReturnType<typeof createHolidaysService>;

/**
 * The work calendar: days off beyond weekends and weekends made working. The ready-date estimate of the order
 * form reads it through the cached form params, so every change drops that cache.
 */
export function createHolidaysService(deps: { db: Db; formSettings: FormSettingsService; clock: Clock }) {
  const { db, formSettings, clock } = deps;

  return {
    /** One calendar year (the current Moscow year by default). */
    async list(year?: number): Promise<Holiday[]> {
      const target = year ?? Number(moscowDate(clock.now()).slice(0, 4));
      return db
        .select({ date: holidays.date, name: holidays.name, isWorkingDay: holidays.isWorkingDay })
        .from(holidays)
        .where(and(gte(holidays.date, `${target}-01-01`), lte(holidays.date, `${target}-12-31`)))
        .orderBy(asc(holidays.date));
    },
    /** Adds a day or replaces the one already on that date. */
    async upsert(actor: UserPrincipal, input: Holiday): Promise<Holiday> {
      const holiday = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(holidays)
          .values(input)
          .onConflictDoUpdate({
            target: holidays.date,
            set: { name: input.name, isWorkingDay: input.isWorkingDay },
          })
          .returning();
        await tx.insert(auditLog).values({
          actorUserId: actor.userId,
          action: 'holiday.upsert',
          entity: 'holiday',
          entityId: input.date,
          data: input,
        });
        return { date: row!.date, name: row!.name, isWorkingDay: row!.isWorkingDay };
      });
      formSettings.invalidate();
      return holiday;
    },
    async remove(actor: UserPrincipal, date: string): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await tx.delete(holidays).where(eq(holidays.date, date)).returning();
        if (rows.length === 0) throw notFound(MESSAGES.holidayNotFound);
        await tx.insert(auditLog).values({
          actorUserId: actor.userId,
          action: 'holiday.delete',
          entity: 'holiday',
          entityId: date,
          data: rows[0],
        });
      });
      formSettings.invalidate();
    },
  };
}
