import type { Holiday } from '@app/contracts';
import { MESSAGES, moscowDate } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';
import type { HolidaysRepository } from './holidays.repository.ts';

export type HolidaysService = ReturnType<typeof createHolidaysService>;

/**
 * The work calendar: days off beyond weekends and weekends made working. The ready-date estimate of the order
 * form reads it through the cached form params, so every change drops that cache.
 */
export function createHolidaysService(deps: {
  db: Db;
  repo: HolidaysRepository;
  audit: AuditRepository;
  formSettings: FormSettingsService;
  clock: Clock;
}) {
  const { db, repo, audit, formSettings, clock } = deps;

  return {
    /** One calendar year (the current Moscow year by default). */
    async list(year?: number): Promise<Holiday[]> {
      const target = year ?? Number(moscowDate(clock.now()).slice(0, 4));
      return repo.findBetween(db, `${target}-01-01`, `${target}-12-31`);
    },
    /** Adds a day or replaces the one already on that date. */
    async upsert(actor: UserPrincipal, input: Holiday): Promise<Holiday> {
      const holiday = await db.transaction(async (tx) => {
        const row = await repo.upsert(tx, input);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'holiday.upsert',
          entity: 'holiday',
          entityId: input.date,
          data: input,
        });
        return { date: row.date, name: row.name, isWorkingDay: row.isWorkingDay };
      });
      formSettings.invalidate();
      return holiday;
    },
    async remove(actor: UserPrincipal, date: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.delete(tx, date);
        if (!row) throw notFound(MESSAGES.holidayNotFound);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'holiday.delete',
          entity: 'holiday',
          entityId: date,
          data: row,
        });
      });
      formSettings.invalidate();
    },
  };
}
