import { asc, desc, eq } from 'drizzle-orm';
import type { AdminOffice, DeleteOfficeResponse, OfficeInput, UpdateOfficeRequest } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog, offices, orders } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';

export type OfficesService = ReturnType<typeof createOfficesService>;

const toOffice = (row: typeof offices.$inferSelect): AdminOffice => ({
  id: row.id,
  name: row.name,
  address: row.address,
  phone: row.phone,
  email: row.email,
  schedule: row.schedule,
  lat: row.lat,
  lon: row.lon,
  isActive: row.isActive,
});

/** Offices for pickup in person; the active ones are offered by the order form (cached form params). */
export function createOfficesService(deps: { db: Db; formSettings: FormSettingsService; clock: Clock }) {
  const { db, formSettings, clock } = deps;

  async function audit(tx: DbOrTx, actor: UserPrincipal, action: string, entityId: string, data: unknown) {
    await tx.insert(auditLog).values({ actorUserId: actor.userId, action, entity: 'office', entityId, data });
  }

  return {
    /** Active first, then by name; inactive offices stay listed so they can be switched back on. */
    async list(): Promise<AdminOffice[]> {
      const rows = await db.select().from(offices).orderBy(desc(offices.isActive), asc(offices.name));
      return rows.map(toOffice);
    },
    async get(id: string): Promise<AdminOffice> {
      const [row] = await db.select().from(offices).where(eq(offices.id, id));
      if (!row) throw notFound(MESSAGES.officeNotFound);
      return toOffice(row);
    },
    async create(actor: UserPrincipal, input: OfficeInput): Promise<AdminOffice> {
      const office = await db.transaction(async (tx) => {
        const [row] = await tx.insert(offices).values(input).returning();
        await audit(tx, actor, 'office.create', row!.id, input);
        return toOffice(row!);
      });
      formSettings.invalidate();
      return office;
    },
    async update(actor: UserPrincipal, { id, ...input }: UpdateOfficeRequest): Promise<AdminOffice> {
      const office = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(offices)
          .set({ ...input, updatedAt: clock.now() })
          .where(eq(offices.id, id))
          .returning();
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
        const [office] = await tx
          .select({ id: offices.id })
          .from(offices)
          .where(eq(offices.id, id))
          .for('update');
        if (!office) throw notFound(MESSAGES.officeNotFound);
        const [used] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.officeId, id))
          .limit(1);
        if (used) {
          await tx.update(offices).set({ isActive: false, updatedAt: clock.now() }).where(eq(offices.id, id));
        } else {
          await tx.delete(offices).where(eq(offices.id, id));
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
