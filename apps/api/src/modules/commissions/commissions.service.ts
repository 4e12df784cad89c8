import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import {
  COMMISSION_MESSAGES,
  commissionKopecks,
  effectiveCommissionPercent,
  formatRub,
  type Adjustment,
  type AdjustmentsQuery,
  type AdjustmentsResponse,
  type CreateAdjustmentRequest,
  type OrderStatus,
  type PartnerCommission,
  type PartnerCommissionsQuery,
  type PartnerCommissionsResponse,
  type PartnerOption,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import {
  orderAttributions,
  orders,
  partnerAccounts,
  partnerCommissions,
  partnerProgramSettings,
  refunds,
  users,
} from '../../db/schema/index.ts';
import type { JobResult } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { PartnerPrincipal, UserPrincipal } from '../../lib/principal.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { CommissionRow, CommissionsRepository } from './commissions.repository.ts';

export type CommissionsService = ReturnType<typeof createCommissionsService>;

export const PAGE_SIZE = 50;
const DAY_MS = 24 * 3600 * 1000;
const toKopecks = (rubles: number) => Math.round(rubles * 100);

/** A commission as the partner sees it: the order by its number only, never the customer. */
export function toPartnerCommission(row: CommissionRow, orderNumber: number | null): PartnerCommission {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    orderNumber,
    baseKopecks: row.baseKopecks,
    ratePercent: row.ratePercent,
    amountKopecks: row.amountKopecks,
    originalAmountKopecks: row.originalAmountKopecks,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    approvableAt: row.approvableAt?.toISOString() ?? null,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    reversedAt: row.reversedAt?.toISOString() ?? null,
  };
}

/**
 * Commissions of the partner programme (decisions 059, 062): created when an attributed order is paid, held until
 * the order is completed plus the hold, approved by the `approve-partner-commissions` job, reduced or reversed by
 * refunds and cancellations (a paid one gets a negative CLAWBACK instead), and staff adjustments. The order hooks
 * run in the transaction of the status change or refund, under the order's row lock.
 */
export function createCommissionsService(deps: {
  db: Db;
  repo: CommissionsRepository;
  audit: AuditRepository;
  /** Integrators hear `commission.created` (decision 071), in the transaction that creates it. */
  webhooks: Pick<WebhooksService, 'onCommissionCreated'>;
  clock: Clock;
}) {
  const { db, repo, audit, webhooks, clock } = deps;

  async function settings(tx: Db | Tx) {
    const [row] = await tx.select().from(partnerProgramSettings).where(eq(partnerProgramSettings.id, 1));
    return (
      row ?? {
        commissionAffiliatePercent: 10,
        commissionCorporatePercent: 10,
        commissionIntegratorPercent: 10,
        holdDays: 14,
        minPayoutKopecks: 100_000,
      }
    );
  }

  /**
   * What the order's commissions should add up to now: rate × (paid − refunded − delivery), 0 when the order is
   * cancelled. `base_kopecks` is what was paid net of delivery when the commission was created.
   */
  async function targetKopecks(tx: Tx, orderCommission: CommissionRow, status: OrderStatus) {
    if (status === 'CANCELED') return { target: 0, base: 0 };
    const [refunded] = await tx
      .select({ kopecks: sql<string>`coalesce(sum(${refunds.amountKopecks}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderCommission.orderId!), eq(refunds.status, 'succeeded')));
    const base = Math.max(0, orderCommission.baseKopecks - Number(refunded?.kopecks ?? 0));
    return { target: commissionKopecks(base, orderCommission.ratePercent ?? 0), base };
  }

  /**
   * Brings an order's commissions in line with what is left of it (a refund, a cancellation). Unpaid: the ORDER
   * commission is reduced, or reversed at 0. Paid: the difference is taken back — the order's one CLAWBACK
   * (APPROVED at once, from the next payout); when that clawback is paid too, a further refund adds an ADJUSTMENT of
   * the order (decision 062). Never increases anything: money that went back does not come back.
   */
  async function settleOrder(tx: Tx, orderId: string, note: string): Promise<void> {
    const [order] = await tx
      .select({ id: orders.id, number: orders.number, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return;
    const rows = await tx
      .select()
      .from(partnerCommissions)
      .where(and(eq(partnerCommissions.orderId, orderId), ne(partnerCommissions.status, 'REVERSED')))
      .orderBy(asc(partnerCommissions.createdAt))
      .for('update');
    const main = rows.find((row) => row.kind === 'ORDER');
    if (!main) return;
    const { target, base } = await targetKopecks(tx, main, order.status);
    if (main.status === 'PENDING' || main.status === 'APPROVED') {
      if (target <= 0) {
        await repo.reverse(tx, { commissionId: main.id, actorUserId: null, note });
      } else if (target < main.amountKopecks) {
        await repo.changeAmount(tx, {
          commissionId: main.id,
          amountKopecks: target,
          note: `${note}: база ${formatRub(base / 100)}`,
        });
      }
      return;
    }
    // PAID: what the partner was paid for this order and what was already taken back.
    const settled = rows.reduce((sum, row) => sum + row.amountKopecks, 0);
    const delta = target - settled;
    if (delta >= 0) return;
    const clawback = rows.find((row) => row.kind === 'CLAWBACK');
    const now = clock.now();
    if (clawback?.status === 'APPROVED') {
      await repo.changeAmount(tx, {
        commissionId: clawback.id,
        amountKopecks: clawback.amountKopecks + delta,
        note,
      });
      return;
    }
    await repo.insert(tx, {
      partnerAccountId: main.partnerAccountId,
      kind: clawback ? 'ADJUSTMENT' : 'CLAWBACK',
      orderId,
      status: 'APPROVED',
      baseKopecks: 0,
      ratePercent: main.ratePercent,
      amountKopecks: delta,
      reason: `${note} по заказу №${order.number} после выплаты`,
      createdBy: null,
      now,
      note,
    });
  }

  return {
    /**
     * An attributed order was paid (decision 027: from the one status change, in its transaction): its ORDER
     * commission, PENDING, at the partner's rate at this moment. Once per order (unique index). A BANNED partner
     * earns nothing; a SUSPENDED or PENDING one earns, but nothing of theirs is approved while they are not ACTIVE.
     */
    async onOrderPaid(
      tx: Tx,
      order: { id: string; amount: number; deliveryPrice: number; status: OrderStatus },
    ): Promise<void> {
      const [attribution] = await tx
        .select({ partner: partnerAccounts })
        .from(orderAttributions)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, orderAttributions.partnerAccountId))
        .where(eq(orderAttributions.orderId, order.id));
      if (!attribution || attribution.partner.status === 'BANNED') return;
      const now = clock.now();
      const current = await settings(tx);
      const rate = effectiveCommissionPercent(attribution.partner, current);
      const base = Math.max(0, toKopecks(order.amount) - toKopecks(order.deliveryPrice));
      const created = await repo.insert(tx, {
        partnerAccountId: attribution.partner.id,
        kind: 'ORDER',
        orderId: order.id,
        status: 'PENDING',
        baseKopecks: base,
        ratePercent: rate,
        amountKopecks: commissionKopecks(base, rate),
        reason: null,
        createdBy: null,
        now,
        note: 'Заказ оплачен',
      });
      if (created) await webhooks.onCommissionCreated(tx, created);
      if (created && order.status === 'COMPLETED') {
        await repo.setApprovableAt(tx, order.id, new Date(now.getTime() + current.holdDays * DAY_MS));
      }
    },

    /** An order's status changed (in that transaction): the hold starts at COMPLETED; a cancellation reverses. */
    async onOrderStatusChanged(
      tx: Tx,
      order: { id: string },
      change: { from: OrderStatus; to: OrderStatus },
    ): Promise<void> {
      if (change.to === 'COMPLETED') {
        const { holdDays } = await settings(tx);
        await repo.setApprovableAt(tx, order.id, new Date(clock.now().getTime() + holdDays * DAY_MS));
      } else if (change.from === 'COMPLETED') {
        // Corrected back from COMPLETED (decision 043): the hold starts again when it is completed again.
        await repo.setApprovableAt(tx, order.id, null);
      }
      if (change.to === 'CANCELED') await settleOrder(tx, order.id, 'Заказ отменён');
    },

    /** A refund of the order succeeded (in that transaction, under the order's lock). */
    async onRefundSucceeded(tx: Tx, orderId: string): Promise<void> {
      await settleOrder(tx, orderId, 'Возврат');
    },

    /** The `approve-partner-commissions` job: one conditional statement (repository `approveDue`). */
    async approveDue(): Promise<JobResult> {
      const approved = await db.transaction((tx) => repo.approveDue(tx, clock.now()));
      return { summary: `Подтверждено комиссий: ${approved}`, approved };
    },

    /** Portal partners for the adjustment form's searchable select. */
    async partnerOptions(search: string | undefined): Promise<PartnerOption[]> {
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return db
        .select({ id: partnerAccounts.id, name: partnerAccounts.name, email: partnerAccounts.email })
        .from(partnerAccounts)
        .where(
          pattern
            ? or(ilike(partnerAccounts.name, pattern), ilike(partnerAccounts.email, pattern))
            : undefined,
        )
        .orderBy(asc(partnerAccounts.name))
        .limit(20);
    },

    async listAdjustments(query: AdjustmentsQuery): Promise<AdjustmentsResponse> {
      const where = and(
        eq(partnerCommissions.kind, 'ADJUSTMENT'),
        query.partnerAccountId ? eq(partnerCommissions.partnerAccountId, query.partnerAccountId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ commission: partnerCommissions, partner: partnerAccounts, author: users.email })
          .from(partnerCommissions)
          .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerCommissions.partnerAccountId))
          .leftJoin(users, eq(users.id, partnerCommissions.createdBy))
          .where(where)
          .orderBy(desc(partnerCommissions.createdAt), desc(partnerCommissions.id))
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE),
        db.select({ value: count() }).from(partnerCommissions).where(where),
      ]);
      return {
        items: rows.map(({ commission, partner, author }): Adjustment => ({
          id: commission.id,
          partnerAccountId: partner.id,
          partnerName: partner.name,
          partnerEmail: partner.email,
          amountKopecks: commission.originalAmountKopecks,
          status: commission.status,
          reason: commission.reason,
          createdBy: author ?? null,
          createdAt: commission.createdAt.toISOString(),
        })),
        total: total?.value ?? 0,
        page: query.page,
        pageSize: PAGE_SIZE,
      };
    },

    /**
     * A staff adjustment: APPROVED at once (an ADMIN decided it; no hold), goes into the next payout run, audited.
     * A negative one is taken from the partner's next payout like a clawback.
     */
    async createAdjustment(actor: UserPrincipal, input: CreateAdjustmentRequest): Promise<Adjustment> {
      const amountKopecks = toKopecks(input.amount);
      const created = await db.transaction(async (tx) => {
        const [partner] = await tx
          .select()
          .from(partnerAccounts)
          .where(eq(partnerAccounts.id, input.partnerAccountId));
        if (!partner) throw notFound(COMMISSION_MESSAGES.partnerNotFound);
        const row = await repo.insert(tx, {
          partnerAccountId: partner.id,
          kind: 'ADJUSTMENT',
          orderId: null,
          status: 'APPROVED',
          baseKopecks: 0,
          ratePercent: null,
          amountKopecks,
          reason: input.reason,
          createdBy: actor.userId,
          now: clock.now(),
          note: input.reason,
        });
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner.commission.adjustment',
          entity: 'partner',
          entityId: partner.id,
          data: { commissionId: row!.id, amountKopecks, reason: input.reason },
        });
        return { row: row!, partner };
      });
      const [author] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
      return {
        id: created.row.id,
        partnerAccountId: created.partner.id,
        partnerName: created.partner.name,
        partnerEmail: created.partner.email,
        amountKopecks: created.row.amountKopecks,
        status: created.row.status,
        reason: created.row.reason,
        createdBy: author?.email ?? null,
        createdAt: created.row.createdAt.toISOString(),
      };
    },

    /** The partner's own commissions, newest first, with the totals by status over all of them. */
    async listForPartner(
      actor: PartnerPrincipal,
      query: PartnerCommissionsQuery,
    ): Promise<PartnerCommissionsResponse> {
      const mine = eq(partnerCommissions.partnerAccountId, actor.partnerAccountId);
      const where = and(mine, query.status ? eq(partnerCommissions.status, query.status) : undefined);
      const [rows, [total], sums] = await Promise.all([
        db
          .select({ commission: partnerCommissions, orderNumber: orders.number })
          .from(partnerCommissions)
          .leftJoin(orders, eq(orders.id, partnerCommissions.orderId))
          .where(where)
          .orderBy(desc(partnerCommissions.createdAt), desc(partnerCommissions.id))
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE),
        db.select({ value: count() }).from(partnerCommissions).where(where),
        db
          .select({
            status: partnerCommissions.status,
            kopecks: sql<string>`coalesce(sum(${partnerCommissions.amountKopecks}), 0)`,
          })
          .from(partnerCommissions)
          .where(and(mine, inArray(partnerCommissions.status, ['PENDING', 'APPROVED', 'PAID'])))
          .groupBy(partnerCommissions.status),
      ]);
      const totals = { PENDING: 0, APPROVED: 0, PAID: 0 };
      for (const sum of sums) totals[sum.status as keyof typeof totals] = Number(sum.kopecks);
      return {
        items: rows.map((row) => toPartnerCommission(row.commission, row.orderNumber ?? null)),
        total: total?.value ?? 0,
        page: query.page,
        pageSize: PAGE_SIZE,
        totals,
      };
    },
  };
}
