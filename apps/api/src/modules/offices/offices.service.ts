import { eq } from 'drizzle-orm';
import type { AdminOffice, DeleteOfficeResponse, OfficeInput, UpdateOfficeRequest } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';
import { toOffice } from './offices.mapper.ts';
import type { OfficesRepository } from './offices.repository.ts';

export type OfficesService = ReturnType<typeof createOfficesService>;

/** Offices for pickup in person; the active ones are offered by the order form (cached form params). */
export function createOfficesService(deps: {
  db: Db;
  repo: OfficesRepository;
  audit: AuditRepository;
  formSettings: FormSettingsService;
  clock: Clock;
}) {
  const { db, repo, formSettings, clock } = deps;

  async function audit(tx: DbOrTx, actor: UserPrincipal, action: string, entityId: string, data: unknown) {
    await deps.audit.record(tx, { actorUserId: actor.userId, action, entity: 'office', entityId, data });
  }

  return {
    /** Active first, then by name; inactive offices stay listed so they can be switched back on. */
    async list(): Promise<AdminOffice[]> {
      const rows = await repo.findAll(db);
      return rows.map(toOffice);
    },
    async get(id: string): Promise<AdminOffice> {
      const row = await repo.findById(db, id);
      if (!row) throw notFound(MESSAGES.officeNotFound);
      return toOffice(row);
    },
    async create(actor: UserPrincipal, input: OfficeInput): Promise<AdminOffice> {
      const office = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, input);
        await audit(tx, actor, 'office.create', row.id, input);
        return toOffice(row);
      });
      formSettings.invalidate();
      return office;
    },
    async update(actor: UserPrincipal, { id, ...input }: UpdateOfficeRequest): Promise<AdminOffice> {
      const office = await db.transaction(async (tx) => {
        const row = await repo.update(tx, id, { ...input, updatedAt: clock.now() });
        if (!row) throw notFound(MESSAGES.officeNotFound);
        await audit(tx, actor, 'office.update', id, input);
        return toOffice(row);
      });
      formSettings.invalidate();
      return office;
    },
    /**
     * Orders keep `office_id` (no foreign key) and their pages show the office they were given, so an office
     * any order (even a deleted one) points at is only deactivated: it leaves the order form but its row stays.
     * An office no order ever used is removed for good.
     */
    async remove(actor: UserPrincipal, id: string): Promise<DeleteOfficeResponse> {
      const result = await db.transaction(async (tx) => {
        if (!(await repo.lockById(tx, id))) throw notFound(MESSAGES.officeNotFound);
        const [used] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.officeId, id))
          .limit(1);
        if (used) {
          await repo.update(tx, id, { isActive: false, updatedAt: clock.now() });
        } else {
          await repo.delete(tx, id);
        }
        const outcome = used ? ('deactivated' as const) : ('deleted' as const);
        await audit(tx, actor, `office.${outcome === 'deleted' ? 'delete' : 'deactivate'}`, id, null);
        return { id, result: outcome };
      });
      formSettings.invalidate();
      return result;
    },
  };
}
