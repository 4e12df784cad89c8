import { asc, count, eq, sql } from 'drizzle-orm';
import type { Partner, Point } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders, partners, points, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toPoint } from '../points/points.service.ts';

export type PartnersService = ReturnType<typeof createPartnersService>;
type PartnerInput = { name: string; commission: number; userEmail?: string | null };
type PointInput = Omit<typeof points.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Back-office partners (pickup point operators) and their points. */
export function createPartnersService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function linkedUserId(dbOrTx: DbOrTx, email: string | null | undefined): Promise<string | null> {
    if (!email) return null;
    const [user] = await dbOrTx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new AppError('VALIDATION_ERROR', MESSAGES.partnerUserNotFound);
    // The linked account works in the CRM as PARTNER.
    await dbOrTx.update(users).set({ role: 'PARTNER' }).where(eq(users.id, user.id));
    return user.id;
  }

  async function listPartners(): Promise<Partner[]> {
    const rows = await db
      .select({
        partner: partners,
        userEmail: users.email,
        pointsCount: sql<number>`(select count(*)::int from ${points} where ${points.partnerId} = ${partners.id})`,
      })
      .from(partners)
      .leftJoin(users, eq(users.id, partners.userId))
      .orderBy(asc(partners.name));
    return rows.map((row) => ({
      id: row.partner.id,
      name: row.partner.name,
      commission: row.partner.commission,
      userId: row.partner.userId,
      userEmail: row.userEmail,
      pointsCount: Number(row.pointsCount),
    }));
  }

  return {
    listPartners,
    async createPartner(input: PartnerInput): Promise<Partner> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(partners)
          .values({
            name: input.name,
            commission: input.commission,
            userId: await linkedUserId(tx, input.userEmail),
          })
          .returning();
        return row!.id;
      });
      return (await listPartners()).find((partner) => partner.id === id)!;
    },
    async updatePartner(input: PartnerInput & { id: string }): Promise<Partner> {
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(partners)
          .set({
            name: input.name,
            commission: input.commission,
            ...(input.userEmail !== undefined ? { userId: await linkedUserId(tx, input.userEmail) } : {}),
            updatedAt: clock.now(),
          })
          .where(eq(partners.id, input.id))
          .returning({ id: partners.id });
        if (rows.length === 0) throw notFound(MESSAGES.partnerNotFound);
      });
      return (await listPartners()).find((partner) => partner.id === input.id)!;
    },

    async listPoints(partnerId?: string): Promise<Point[]> {
      const rows = await db
        .select()
        .from(points)
        .where(partnerId ? eq(points.partnerId, partnerId) : undefined)
        .orderBy(asc(points.name));
      return rows.map(toPoint);
    },
    async createPoint(input: PointInput): Promise<Point> {
      const [row] = await db.insert(points).values(input).returning();
      return toPoint(row!);
    },
    async updatePoint(id: string, input: PointInput): Promise<Point> {
      const [row] = await db
        .update(points)
        .set({ ...input, updatedAt: clock.now() })
        .where(eq(points.id, id))
        .returning();
      if (!row) throw notFound(MESSAGES.unknownPoint);
      return toPoint(row);
    },
    /** An inactive point leaves /api/point/active (and the order form) at once. */
    async setPointActive(id: string, isActive: boolean): Promise<Point> {
      const [row] = await db
        .update(points)
        .set({ isActive, updatedAt: clock.now() })
        .where(eq(points.id, id))
        .returning();
      if (!row) throw notFound(MESSAGES.unknownPoint);
      return toPoint(row);
    },
    /** Points named in orders are kept (orders show where to pick up); those are deactivated instead. */
    async deletePoint(id: string): Promise<void> {
      const [used] = await db.select({ value: count() }).from(orders).where(eq(orders.pickupPointId, id));
      if ((used?.value ?? 0) > 0) throw new AppError('CONFLICT', MESSAGES.pointInUse);
      const rows = await db.delete(points).where(eq(points.id, id)).returning({ id: points.id });
      if (rows.length === 0) throw notFound(MESSAGES.unknownPoint);
    },
  };
}
