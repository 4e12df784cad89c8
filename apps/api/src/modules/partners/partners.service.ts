import { asc, count, eq, sql } from 'drizzle-orm';
import type { Partner, Point } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders, partners, points, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { PointPhotosService } from '../points/point-photos.service.ts';
import { toPoint } from '../points/points.mapper.ts';
import type { PointInput, PointsRepository } from '../points/points.repository.ts';
import { toPartner } from './partners.mapper.ts';
import type { PartnersRepository } from './partners.repository.ts';

export type PartnersService = ReturnType<typeof createPartnersService>;
type PartnerInput = { name: string; commission: number; userEmail?: string | null };

/** Back-office partners (pickup point operators) and their points. */
export function createPartnersService(deps: {
  db: Db;
  repo: PartnersRepository;
  pointsRepo: PointsRepository;
  authRepo: AuthRepository;
  audit: AuditRepository;
  clock: Clock;
  pointPhotos: PointPhotosService;
}) {
  const { db, repo, pointsRepo, authRepo, clock, pointPhotos } = deps;

  async function audit(tx: DbOrTx, actor: UserPrincipal, action: string, entityId: string, data: unknown) {
    await deps.audit.record(tx, { actorUserId: actor.userId, action, entity: 'partner', entityId, data });
  }

  /**
   * The account a partner is linked to works in the CRM as PARTNER (sees the orders of the partner's points).
   * Staff accounts are refused: silently turning an ADMIN into a PARTNER would lock them out of the CRM.
   */
  async function linkedUserId(tx: DbOrTx, email: string | null | undefined): Promise<string | null> {
    if (!email) return null;
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email));
    if (!user) throw new AppError('VALIDATION_ERROR', MESSAGES.partnerUserNotFound);
    // The role is checked in the write itself (decision 019): an account made staff in the meantime is refused,
    // not demoted; the row stays locked until the link commits.
    const linked = await authRepo.setUserRole(tx, user.id, 'PARTNER', clock.now(), ['USER', 'PARTNER']);
    if (!linked) throw new AppError('CONFLICT', MESSAGES.partnerUserIsStaff);
    return user.id;
  }

  /** An account no partner links to any more goes back to USER (a PARTNER without points has nothing to see). */
  async function releaseUser(tx: DbOrTx, userId: string): Promise<void> {
    // Lock the account first (decision 019): a link to another partner takes the same row in its role update, so
    // it is either committed and seen by the check below, or waits and sets PARTNER again after this demotion.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [stillLinked] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.userId, userId))
      .limit(1);
    if (stillLinked) return;
    await authRepo.setUserRole(tx, userId, 'USER', clock.now(), ['PARTNER']);
  }

  async function assertPartnerExists(partnerId: string | null | undefined): Promise<void> {
    if (!partnerId) return;
    const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
    if (!row) throw notFound(MESSAGES.partnerNotFound);
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
    return rows.map(toPartner);
  }

  return {
    listPartners,
    async createPartner(actor: UserPrincipal, input: PartnerInput): Promise<Partner> {
      const id = await db.transaction(async (tx) => {
        const userId = await linkedUserId(tx, input.userEmail);
        const row = await repo.insert(tx, { name: input.name, commission: input.commission, userId });
        await audit(tx, actor, 'partner.create', row.id, { ...input, userId });
        return row.id;
      });
      return (await listPartners()).find((partner) => partner.id === id)!;
    },
    /** `userEmail`: absent keeps the linked account, null unlinks it, an e-mail links that account instead. */
    async updatePartner(actor: UserPrincipal, input: PartnerInput & { id: string }): Promise<Partner> {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ userId: partners.userId })
          .from(partners)
          .where(eq(partners.id, input.id))
          .for('update');
        if (!current) throw notFound(MESSAGES.partnerNotFound);
        const userId =
          input.userEmail === undefined ? current.userId : await linkedUserId(tx, input.userEmail);
        await repo.update(tx, input.id, {
          name: input.name,
          commission: input.commission,
          userId,
          updatedAt: clock.now(),
        });
        if (current.userId && current.userId !== userId) await releaseUser(tx, current.userId);
        await audit(tx, actor, 'partner.update', input.id, {
          ...input,
          userId,
          previousUserId: current.userId,
        });
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
      await assertPartnerExists(input.partnerId);
      return toPoint(await pointsRepo.insert(db, input));
    },
    async updatePoint(id: string, input: PointInput): Promise<Point> {
      await assertPartnerExists(input.partnerId);
      const row = await pointsRepo.update(db, id, { ...input, updatedAt: clock.now() });
      if (!row) throw notFound(MESSAGES.unknownPoint);
      return toPoint(row);
    },
    /** An inactive point leaves /api/point/active (and the order form) at once. */
    async setPointActive(id: string, isActive: boolean): Promise<Point> {
      const row = await pointsRepo.update(db, id, { isActive, updatedAt: clock.now() });
      if (!row) throw notFound(MESSAGES.unknownPoint);
      return toPoint(row);
    },
    /** Points named in orders are kept (orders show where to pick up); those are deactivated instead. */
    /**
     * The point row is locked first (decision 019): an order being placed for it holds it share-locked, so the
     * count below sees every order that names the point, and no order for it starts until the deletion is done.
     */
    async deletePoint(id: string): Promise<void> {
      const photos = await db.transaction(async (tx) => {
        if (!(await pointsRepo.lockById(tx, id))) throw notFound(MESSAGES.unknownPoint);
        const [used] = await tx.select({ value: count() }).from(orders).where(eq(orders.pickupPointId, id));
        if ((used?.value ?? 0) > 0) throw new AppError('CONFLICT', MESSAGES.pointInUse);
        return pointsRepo.delete(tx, id);
      });
      await pointPhotos.discardFiles(photos);
    },
  };
}
