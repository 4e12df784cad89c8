import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  CORPORATE_ANALYTICS_CSV_HEADERS,
  COUPON_ALPHABET,
  COUPON_CSV_HEADERS,
  COUPON_LIMITS,
  type CorporateAnalyticsResponse,
  type Coupon,
  type CouponBatch,
  type CouponBatchCreateRequest,
  type CouponBatchListResponse,
  type CouponBatchStaffListResponse,
  type CouponCampaign,
  type CouponCampaignCreateRequest,
  type CouponCampaignListResponse,
  type CouponFunnel,
  type CouponListResponse,
  formatDateTime,
  formatMessage,
  MESSAGES,
  moscowDate,
  moscowDayStart,
  normalizeCouponCode,
  PARTNER_MESSAGES,
  type PromoValidateResponse,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  orders,
  partnerAccounts,
  partnerLinks,
  partnerCouponBatches,
  partnerCouponCampaigns,
  partnerCoupons,
  partnerProgramSettings,
  payments,
  refunds,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvRow } from '../../lib/csv.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PartnerPrincipal, UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { ReferralsRepository } from '../referrals/referrals.repository.ts';
import { toCouponBatch, toCouponCampaign, type BatchCounts } from './coupons.mapper.ts';
import type { CouponBatchRow, CouponsRepository } from './coupons.repository.ts';

export type CouponsService = ReturnType<typeof createCouponsService>;

/**
 * A coupon code: `codeLength` symbols of COUPON_ALPHABET from crypto randomness. Bytes at or above the largest
 * multiple of the alphabet's size are drawn again, so every symbol is equally likely (no modulo bias).
 */
export function randomCouponCode(): string {
  const size = COUPON_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < COUPON_LIMITS.codeLength) {
    for (const byte of randomBytes(COUPON_LIMITS.codeLength * 2)) {
      if (byte >= limit) continue;
      code += COUPON_ALPHABET[byte % size];
      if (code.length === COUPON_LIMITS.codeLength) break;
    }
  }
  return code;
}

/** What the order form may use: a coupon that works now, or the Russian message refusing it. */
export type CouponResolution =
  | { coupon: { code: string; discountPercent: number; partnerAccountId: string }; refusal: null }
  | { coupon: null; refusal: string };

const invalidCoupon = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { details: [{ path: 'body.promoCode', message }] });

const emptyFunnel = (): CouponFunnel => ({
  issued: 0,
  used: 0,
  orders: 0,
  paidOrders: 0,
  revenueKopecks: 0,
  discountKopecks: 0,
  commissionKopecks: 0,
});

const rub = (kopecks: number) => (kopecks / 100).toFixed(2).replace('.', ',');

export function createCouponsService(deps: {
  db: Db;
  repo: CouponsRepository;
  audit: AuditRepository;
  clock: Clock;
  /** The writer of partner_links (the referrals module): a campaign's links are set through it. */
  referralsRepo: ReferralsRepository;
}) {
  const { db, repo, audit, clock, referralsRepo } = deps;

  async function maxDiscountPercent(dbOrTx: DbOrTx = db): Promise<number> {
    const [row] = await dbOrTx
      .select({ max: partnerProgramSettings.maxPromoDiscountPercent })
      .from(partnerProgramSettings)
      .where(eq(partnerProgramSettings.id, 1));
    return row?.max ?? 15;
  }

  /** Draws the batch's codes; a code already taken (rare) is simply drawn again. */
  async function generateCoupons(tx: DbOrTx, batch: CouponBatchRow): Promise<void> {
    let missing = batch.quantity;
    for (let attempt = 0; missing > 0 && attempt < 5; attempt += 1) {
      const codes = new Set<string>();
      while (codes.size < missing) codes.add(randomCouponCode());
      missing -= await repo.insertCoupons(tx, {
        batchId: batch.id,
        partnerAccountId: batch.partnerAccountId,
        codes: [...codes],
        now: clock.now(),
      });
    }
    if (missing > 0) throw new AppError('INTERNAL_ERROR', MESSAGES.internalError);
  }

  async function batchCounts(batchIds: string[]): Promise<Map<string, BatchCounts>> {
    if (batchIds.length === 0) return new Map();
    const rows = await db
      .select({
        batchId: partnerCoupons.batchId,
        usedCount: sql<number>`count(${partnerCoupons.usedAt})::int`,
      })
      .from(partnerCoupons)
      .where(inArray(partnerCoupons.batchId, batchIds))
      .groupBy(partnerCoupons.batchId);
    return new Map(rows.map((row) => [row.batchId, { usedCount: row.usedCount }]));
  }

  async function ownBatch(actor: PartnerPrincipal, id: string) {
    const [row] = await db
      .select({ batch: partnerCouponBatches, campaignName: partnerCouponCampaigns.name })
      .from(partnerCouponBatches)
      .leftJoin(partnerCouponCampaigns, eq(partnerCouponCampaigns.id, partnerCouponBatches.campaignId))
      .where(
        and(
          eq(partnerCouponBatches.id, id),
          eq(partnerCouponBatches.partnerAccountId, actor.partnerAccountId),
        ),
      );
    if (!row) throw notFound(PARTNER_MESSAGES.couponBatchNotFound);
    return row;
  }

  async function batchCoupons(batchId: string): Promise<Coupon[]> {
    const rows = await db
      .select({
        code: partnerCoupons.code,
        usedAt: partnerCoupons.usedAt,
        orderNumber: orders.number,
        discountKopecks: partnerCoupons.discountKopecks,
      })
      .from(partnerCoupons)
      .leftJoin(orders, eq(orders.id, partnerCoupons.orderId))
      .where(eq(partnerCoupons.batchId, batchId))
      .orderBy(sql`${partnerCoupons.usedAt} is null`, desc(partnerCoupons.usedAt), asc(partnerCoupons.code))
      .limit(COUPON_LIMITS.batchMax);
    return rows.map((row) => ({
      code: row.code,
      usedAt: row.usedAt?.toISOString() ?? null,
      orderNumber: row.orderNumber ?? null,
      discountKopecks: row.discountKopecks ?? null,
    }));
  }

  /** Per batch: coupons issued and used, orders, paid orders, revenue, discount and commission. */
  async function batchFunnels(partnerAccountId: string) {
    const result = (await db.execute(sql`
      select b.id as batch_id, b.label, b.campaign_id, k.name as campaign_name,
             count(c.code)::int as issued,
             count(c.used_at)::int as used,
             count(o.id)::int as orders,
             count(o.paid_at)::int as paid_orders,
             coalesce(sum(round(o.amount * 100)) filter (where o.paid_at is not null), 0)::bigint as revenue,
             coalesce(sum(c.discount_kopecks - c.discount_returned_kopecks) filter (where c.used_at is not null), 0)::bigint as discount,
             coalesce(sum(pc.amount), 0)::bigint as commission
        from partner_coupon_batches b
        left join partner_coupon_campaigns k on k.id = b.campaign_id
        left join partner_coupons c on c.batch_id = b.id
        left join orders o on o.id = c.order_id
        left join lateral (
          select sum(x.amount_kopecks) as amount
            from partner_commissions x
           where x.order_id = c.order_id and x.partner_account_id = b.partner_account_id
             and x.status <> 'REVERSED'
        ) pc on c.order_id is not null
       where b.partner_account_id = ${partnerAccountId}
       group by b.id, k.name
       order by b.created_at desc
       limit 1000`)) as unknown as {
      rows: Array<{
        batch_id: string;
        label: string;
        campaign_id: string | null;
        campaign_name: string | null;
        issued: number;
        used: number;
        orders: number;
        paid_orders: number;
        revenue: string | number;
        discount: string | number;
        commission: string | number;
      }>;
    };
    return result.rows.map((row) => ({
      batchId: row.batch_id,
      label: row.label,
      campaignId: row.campaign_id,
      campaignName: row.campaign_name,
      issued: Number(row.issued),
      used: Number(row.used),
      orders: Number(row.orders),
      paidOrders: Number(row.paid_orders),
      revenueKopecks: Number(row.revenue),
      discountKopecks: Number(row.discount),
      commissionKopecks: Number(row.commission),
    }));
  }

  /** The links grouped into each of the given campaigns (the partner's own). */
  async function campaignLinks(
    partnerAccountId: string,
    campaignIds: string[],
  ): Promise<Map<string, CouponCampaign['links']>> {
    const byCampaign = new Map<string, CouponCampaign['links']>();
    if (campaignIds.length === 0) return byCampaign;
    const rows = await db
      .select({
        id: partnerLinks.id,
        code: partnerLinks.code,
        name: partnerLinks.name,
        archivedAt: partnerLinks.archivedAt,
        campaignId: partnerLinks.campaignId,
      })
      .from(partnerLinks)
      .where(
        and(
          eq(partnerLinks.partnerAccountId, partnerAccountId),
          inArray(partnerLinks.campaignId, campaignIds),
        ),
      )
      .orderBy(asc(partnerLinks.name));
    for (const row of rows) {
      const list = byCampaign.get(row.campaignId!) ?? [];
      list.push({ id: row.id, code: row.code, name: row.name, archived: row.archivedAt !== null });
      byCampaign.set(row.campaignId!, list);
    }
    return byCampaign;
  }

  /** One campaign of the partner's with its counts and links, as the list shows it. */
  async function campaignView(actor: PartnerPrincipal, id: string): Promise<CouponCampaign> {
    const list = await listCampaigns(actor, id);
    const item = list[0];
    if (!item) throw notFound(PARTNER_MESSAGES.couponCampaignNotFound);
    return item;
  }

  async function listCampaigns(actor: PartnerPrincipal, onlyId?: string): Promise<CouponCampaign[]> {
    const rows = await db
      .select()
      .from(partnerCouponCampaigns)
      .where(
        and(
          eq(partnerCouponCampaigns.partnerAccountId, actor.partnerAccountId),
          onlyId ? eq(partnerCouponCampaigns.id, onlyId) : undefined,
        ),
      )
      .orderBy(sql`${partnerCouponCampaigns.archivedAt} is not null`, desc(partnerCouponCampaigns.createdAt))
      .limit(500);
    const counts = await db
      .select({
        campaignId: partnerCouponBatches.campaignId,
        batches: sql<number>`count(distinct ${partnerCouponBatches.id})::int`,
        issued: sql<number>`count(${partnerCoupons.code})::int`,
        used: sql<number>`count(${partnerCoupons.usedAt})::int`,
      })
      .from(partnerCouponBatches)
      .leftJoin(partnerCoupons, eq(partnerCoupons.batchId, partnerCouponBatches.id))
      .where(
        and(
          eq(partnerCouponBatches.partnerAccountId, actor.partnerAccountId),
          onlyId ? eq(partnerCouponBatches.campaignId, onlyId) : isNotNull(partnerCouponBatches.campaignId),
        ),
      )
      .groupBy(partnerCouponBatches.campaignId);
    const byCampaign = new Map(counts.map((row) => [row.campaignId, row]));
    const links = await campaignLinks(
      actor.partnerAccountId,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toCouponCampaign(
        row,
        byCampaign.get(row.id) ?? { batches: 0, issued: 0, used: 0 },
        links.get(row.id) ?? [],
      ),
    );
  }

  /** Why a conditional write on the partner's campaign found no row: not its own (404) or archived (409). */
  async function campaignRefusal(actor: PartnerPrincipal, id: string) {
    const [row] = await db
      .select({ archivedAt: partnerCouponCampaigns.archivedAt, spent: partnerCouponCampaigns.spentKopecks })
      .from(partnerCouponCampaigns)
      .where(
        and(
          eq(partnerCouponCampaigns.id, id),
          eq(partnerCouponCampaigns.partnerAccountId, actor.partnerAccountId),
        ),
      );
    if (!row) return { error: notFound(PARTNER_MESSAGES.couponCampaignNotFound), spent: 0 };
    if (row.archivedAt)
      return { error: new AppError('CONFLICT', PARTNER_MESSAGES.couponCampaignArchived), spent: row.spent };
    return { error: null, spent: row.spent };
  }

  /**
   * Per campaign: the orders attributed through its referral links (source LINK), paid, revenue, commission. The
   * campaign is the one the link had when the order was placed (`order_attributions.campaign_id`, decision 076).
   */
  async function linkFunnels(partnerAccountId: string) {
    const result = (await db.execute(sql`
      select oa.campaign_id,
             count(o.id)::int as orders,
             count(o.paid_at)::int as paid_orders,
             coalesce(sum(round(o.amount * 100)) filter (where o.paid_at is not null), 0)::bigint as revenue,
             coalesce(sum(pc.amount), 0)::bigint as commission
        from order_attributions oa
        join partner_coupon_campaigns k on k.id = oa.campaign_id and k.partner_account_id = ${partnerAccountId}
        join orders o on o.id = oa.order_id
        left join lateral (
          select sum(x.amount_kopecks) as amount
            from partner_commissions x
           where x.order_id = oa.order_id and x.partner_account_id = oa.partner_account_id
             and x.status <> 'REVERSED'
        ) pc on true
       where oa.partner_account_id = ${partnerAccountId} and oa.source = 'LINK'
       group by oa.campaign_id`)) as unknown as {
      rows: Array<{
        campaign_id: string;
        orders: number;
        paid_orders: number;
        revenue: string | number;
        commission: string | number;
      }>;
    };
    return new Map(
      result.rows.map((row) => [
        row.campaign_id,
        {
          linkOrders: Number(row.orders),
          linkPaidOrders: Number(row.paid_orders),
          linkRevenueKopecks: Number(row.revenue),
          linkCommissionKopecks: Number(row.commission),
        },
      ]),
    );
  }

  type LinkFunnel = {
    linkOrders: number;
    linkPaidOrders: number;
    linkRevenueKopecks: number;
    linkCommissionKopecks: number;
  };
  const emptyLinkFunnel = (): LinkFunnel => ({
    linkOrders: 0,
    linkPaidOrders: 0,
    linkRevenueKopecks: 0,
    linkCommissionKopecks: 0,
  });

  /** Per campaign (and «Без кампании»): the coupon funnel summed over its batches, next to its link orders. */
  async function campaignFunnels(partnerAccountId: string) {
    const batches = await batchFunnels(partnerAccountId);
    const links = await linkFunnels(partnerAccountId);
    const totals = emptyFunnel();
    type Entry = CouponFunnel & LinkFunnel & { campaignId: string | null; name: string };
    const byCampaign = new Map<string, Entry>();
    for (const batch of batches) {
      const { batchId: _b, label: _l, campaignId, campaignName, ...funnel } = batch;
      addFunnel(totals, funnel);
      const key = campaignId ?? '';
      let entry = byCampaign.get(key);
      if (!entry) {
        entry = {
          ...emptyFunnel(),
          ...emptyLinkFunnel(),
          campaignId,
          name: campaignName ?? 'Без кампании',
        };
        byCampaign.set(key, entry);
      }
      addFunnel(entry, funnel);
    }
    if (links.size > 0) {
      const names = await db
        .select({ id: partnerCouponCampaigns.id, name: partnerCouponCampaigns.name })
        .from(partnerCouponCampaigns)
        .where(
          and(
            eq(partnerCouponCampaigns.partnerAccountId, partnerAccountId),
            inArray(partnerCouponCampaigns.id, [...links.keys()]),
          ),
        );
      for (const { id, name } of names) {
        const entry = byCampaign.get(id) ?? { ...emptyFunnel(), campaignId: id, name };
        byCampaign.set(id, { ...entry, ...links.get(id)! });
      }
    }
    return { batches, totals, campaigns: [...byCampaign.values()] };
  }

  const FUNNEL_KEYS = Object.keys(emptyFunnel()) as Array<keyof CouponFunnel>;
  function addFunnel(target: CouponFunnel, source: CouponFunnel): void {
    for (const key of FUNNEL_KEYS) target[key] += source[key];
  }

  return {
    // ---- the order form (called by the orders module) ----

    /**
     * A coupon for the order form (a read only; `useCoupon` decides under concurrency). Null when the code is
     * not a coupon at all, so the caller answers with its own «not found».
     */
    async resolveCoupon(dbOrTx: DbOrTx, typed: string): Promise<CouponResolution | null> {
      const code = normalizeCouponCode(typed);
      if (!code) return null;
      const [row] = await dbOrTx
        .select({
          code: partnerCoupons.code,
          usedAt: partnerCoupons.usedAt,
          partnerAccountId: partnerCoupons.partnerAccountId,
          batchStatus: partnerCouponBatches.status,
          discountPercent: partnerCouponBatches.discountPercent,
          expiresAt: partnerCouponBatches.expiresAt,
          partnerStatus: partnerAccounts.status,
          startsOn: partnerCouponCampaigns.startsOn,
          endsOn: partnerCouponCampaigns.endsOn,
          budgetKopecks: partnerCouponCampaigns.budgetKopecks,
          spentKopecks: partnerCouponCampaigns.spentKopecks,
          campaignArchivedAt: partnerCouponCampaigns.archivedAt,
        })
        .from(partnerCoupons)
        .innerJoin(partnerCouponBatches, eq(partnerCouponBatches.id, partnerCoupons.batchId))
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerCoupons.partnerAccountId))
        .leftJoin(partnerCouponCampaigns, eq(partnerCouponCampaigns.id, partnerCouponBatches.campaignId))
        .where(eq(partnerCoupons.code, code));
      if (!row) return null;
      const now = clock.now();
      const today = moscowDate(now);
      const refuse = (refusal: string): CouponResolution => ({ coupon: null, refusal });
      if (row.batchStatus !== 'APPROVED' || row.partnerStatus !== 'ACTIVE')
        return refuse(PARTNER_MESSAGES.couponInvalid);
      if (row.usedAt) return refuse(PARTNER_MESSAGES.couponUsed);
      if (row.expiresAt <= now) return refuse(PARTNER_MESSAGES.couponExpired);
      if (row.campaignArchivedAt) return refuse(PARTNER_MESSAGES.couponCampaignInactive);
      if ((row.startsOn && today < row.startsOn) || (row.endsOn && today > row.endsOn))
        return refuse(PARTNER_MESSAGES.couponCampaignInactive);
      if (row.budgetKopecks !== null && (row.spentKopecks ?? 0) >= row.budgetKopecks)
        return refuse(PARTNER_MESSAGES.couponBudgetExhausted);
      return {
        coupon: {
          code: row.code,
          discountPercent: row.discountPercent,
          partnerAccountId: row.partnerAccountId,
        },
        refusal: null,
      };
    },

    toValidateResponse(code: string, resolution: CouponResolution): PromoValidateResponse {
      return resolution.coupon
        ? {
            valid: true,
            code: resolution.coupon.code,
            discountPercent: resolution.coupon.discountPercent,
            message: formatMessage(PARTNER_MESSAGES.couponApplied, {
              percent: resolution.coupon.discountPercent,
            }),
          }
        : { valid: false, code, discountPercent: 0, message: resolution.refusal };
    },

    /**
     * Uses a coupon in the order's transaction (decision 069): ONE conditional UPDATE marks it used, then ONE
     * conditional UPDATE adds the discount to its campaign's spending within the cap. Either failing throws the
     * refusal on `promoCode` (the caller's transaction rolls back, nothing is stored), except a coupon already
     * taken: `{ taken }` carries the refusal, so the caller may first look for an idempotent retry's order.
     */
    async useCoupon(
      tx: DbOrTx,
      input: { code: string; discountKopecks: number; now: Date },
    ): Promise<{ partnerAccountId: string; campaignId: string | null } | { taken: string }> {
      const used = await repo.useCoupon(tx, input);
      if (!used) {
        const again = await this.resolveCoupon(tx, input.code);
        return { taken: again?.refusal ?? PARTNER_MESSAGES.couponUsed };
      }
      if (used.campaignId && input.discountKopecks > 0) {
        if (!(await repo.spendCampaign(tx, used.campaignId, input.discountKopecks)))
          throw invalidCoupon(PARTNER_MESSAGES.couponBudgetExhausted);
      }
      return used;
    },

    /** The used coupon → its order (after the order row exists). */
    async attachOrder(tx: DbOrTx, code: string, orderId: string): Promise<void> {
      await repo.attachOrder(tx, code, orderId);
    },

    /** Undoes `useCoupon` when the transaction ends up storing no new order (an idempotent retry). */
    async releaseCoupon(
      tx: DbOrTx,
      input: { code: string; campaignId: string | null; discountKopecks: number },
    ): Promise<void> {
      await repo.releaseCoupon(tx, input.code);
      if (input.campaignId && input.discountKopecks > 0)
        await repo.unspendCampaign(tx, input.campaignId, input.discountKopecks);
    },

    // ---- the order's later life (decision 076; hooks of changeOrderStatus and of refunds) ----

    /**
     * An order cancelled before it was paid frees its coupon: unused again (another order may take it, through
     * `useCoupon`'s conditional UPDATE) and its discount back in the campaign's budget. A paid order keeps its
     * coupon; its refunds give the discount back share by share (`onRefundSucceeded`). Runs in the status
     * change's transaction, under the order's row lock; `order` is the row after the change.
     */
    async onOrderCanceled(
      tx: Tx,
      order: { id: string; isPaid: boolean },
      actorUserId: string | null,
    ): Promise<void> {
      if (order.isPaid) return;
      const released = await repo.releaseOrderCoupon(tx, order.id);
      if (!released) return;
      if (released.campaignId && released.countedKopecks > 0)
        await repo.unspendCampaign(tx, released.campaignId, released.countedKopecks);
      await audit.record(tx, {
        actorUserId,
        action: 'order.coupon.release',
        entity: 'order',
        entityId: order.id,
        data: { code: released.code, returnedKopecks: released.countedKopecks },
      });
    },

    /**
     * A succeeded refund of a coupon order gives the campaign back the refunded share of the discount: in all,
     * floor(discount × refunded ÷ paid), so a full refund returns the whole discount. The coupon stays used (the
     * order was paid with it). Runs in the refund's transaction, under the order's row lock; idempotent (only the
     * part not returned yet moves).
     */
    async onRefundSucceeded(tx: Tx, orderId: string): Promise<void> {
      const [coupon] = await tx
        .select({
          code: partnerCoupons.code,
          discount: partnerCoupons.discountKopecks,
          returned: partnerCoupons.discountReturnedKopecks,
          campaignId: partnerCouponBatches.campaignId,
        })
        .from(partnerCoupons)
        .innerJoin(partnerCouponBatches, eq(partnerCouponBatches.id, partnerCoupons.batchId))
        .where(eq(partnerCoupons.orderId, orderId));
      if (!coupon?.discount) return;
      const [paid] = await tx
        .select({ kopecks: sql<string>`coalesce(sum(round(${payments.amount} * 100)), 0)` })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
      const [refunded] = await tx
        .select({ kopecks: sql<string>`coalesce(sum(${refunds.amountKopecks}), 0)` })
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')));
      const paidKopecks = Number(paid?.kopecks ?? 0);
      const refundedKopecks = Math.min(Number(refunded?.kopecks ?? 0), paidKopecks);
      if (paidKopecks <= 0) return;
      const target = Math.floor((coupon.discount * refundedKopecks) / paidKopecks);
      if (target <= coupon.returned) return;
      if (!(await repo.setDiscountReturned(tx, { code: coupon.code, from: coupon.returned, to: target })))
        return;
      const delta = target - coupon.returned;
      if (coupon.campaignId) await repo.unspendCampaign(tx, coupon.campaignId, delta);
      await audit.record(tx, {
        action: 'order.coupon.return',
        entity: 'order',
        entityId: orderId,
        data: { code: coupon.code, returnedKopecks: delta, totalReturnedKopecks: target },
      });
    },

    // ---- batches (partner) ----

    async listBatches(actor: PartnerPrincipal): Promise<CouponBatchListResponse> {
      const rows = await db
        .select({ batch: partnerCouponBatches, campaignName: partnerCouponCampaigns.name })
        .from(partnerCouponBatches)
        .leftJoin(partnerCouponCampaigns, eq(partnerCouponCampaigns.id, partnerCouponBatches.campaignId))
        .where(eq(partnerCouponBatches.partnerAccountId, actor.partnerAccountId))
        .orderBy(desc(partnerCouponBatches.createdAt))
        .limit(500);
      const counts = await batchCounts(rows.map((row) => row.batch.id));
      return {
        items: rows.map((row) => toCouponBatch(row.batch, row.campaignName, counts.get(row.batch.id))),
        maxDiscountPercent: await maxDiscountPercent(),
        autoApproveQuantity: COUPON_LIMITS.autoApproveQuantity,
      };
    },

    /**
     * A batch request: within the programme's maximum discount and the auto-approval quantity it is APPROVED
     * and its coupons drawn at once; otherwise PENDING until staff decide (decision 069).
     */
    async createBatch(
      actor: PartnerPrincipal,
      input: CouponBatchCreateRequest,
    ): Promise<{ batch: CouponBatch; message: string }> {
      const now = clock.now();
      const today = moscowDate(now);
      const lastDay = moscowDate(moscowDayStart(today, COUPON_LIMITS.expiryMaxDays));
      if (input.expiresOn < today || input.expiresOn > lastDay) {
        throw new AppError('VALIDATION_ERROR', PARTNER_MESSAGES.couponExpiryInvalid, {
          details: [{ path: 'expiresOn', message: PARTNER_MESSAGES.couponExpiryInvalid }],
        });
      }
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ status: partnerAccounts.status })
          .from(partnerAccounts)
          .where(eq(partnerAccounts.id, actor.partnerAccountId));
        if (account?.status !== 'ACTIVE') throw new AppError('FORBIDDEN', PARTNER_MESSAGES.couponNotAllowed);
        let campaignName: string | null = null;
        if (input.campaignId) {
          const [campaign] = await tx
            .select({ name: partnerCouponCampaigns.name, archivedAt: partnerCouponCampaigns.archivedAt })
            .from(partnerCouponCampaigns)
            .where(
              and(
                eq(partnerCouponCampaigns.id, input.campaignId),
                eq(partnerCouponCampaigns.partnerAccountId, actor.partnerAccountId),
              ),
            );
          if (!campaign || campaign.archivedAt) {
            const message = campaign
              ? PARTNER_MESSAGES.couponCampaignArchived
              : PARTNER_MESSAGES.couponCampaignNotFound;
            throw new AppError('VALIDATION_ERROR', message, {
              details: [{ path: 'campaignId', message }],
            });
          }
          campaignName = campaign.name;
        }
        const isAutomatic =
          input.discountPercent <= (await maxDiscountPercent(tx)) &&
          input.quantity <= COUPON_LIMITS.autoApproveQuantity;
        const batch = await repo.insertBatch(tx, {
          partnerAccountId: actor.partnerAccountId,
          campaignId: input.campaignId ?? null,
          label: input.label,
          quantity: input.quantity,
          discountPercent: input.discountPercent,
          expiresAt: moscowDayStart(input.expiresOn, 1),
          status: isAutomatic ? 'APPROVED' : 'PENDING',
          now,
        });
        if (isAutomatic) await generateCoupons(tx, batch);
        return {
          batch: toCouponBatch(batch, campaignName, { usedCount: 0 }),
          message: isAutomatic ? PARTNER_MESSAGES.couponBatchApproved : PARTNER_MESSAGES.couponBatchPending,
        };
      });
    },

    async listCoupons(actor: PartnerPrincipal, batchId: string): Promise<CouponListResponse> {
      const { batch, campaignName } = await ownBatch(actor, batchId);
      const items = await batchCoupons(batchId);
      const usedCount = items.filter((item) => item.usedAt).length;
      return { batch: toCouponBatch(batch, campaignName, { usedCount }), items };
    },

    /** One batch's coupons as CSV (the shared writer: formulas neutralised), Moscow time, Russian headers. */
    async exportBatch(actor: PartnerPrincipal, batchId: string): Promise<{ csv: string; label: string }> {
      const { batch } = await ownBatch(actor, batchId);
      const items = await batchCoupons(batchId);
      let csv = '\uFEFF' + csvRow(COUPON_CSV_HEADERS);
      for (const item of items) {
        csv += csvRow([
          item.code,
          item.usedAt ? 'использован' : 'свободен',
          item.usedAt ? formatDateTime(item.usedAt) : '',
          item.orderNumber ?? '',
        ]);
      }
      return { csv, label: batch.label };
    },

    // ---- campaigns ----

    async listCampaigns(actor: PartnerPrincipal): Promise<CouponCampaignListResponse> {
      return { items: await listCampaigns(actor) };
    },

    async createCampaign(
      actor: PartnerPrincipal,
      input: CouponCampaignCreateRequest,
    ): Promise<CouponCampaign> {
      const row = await repo.insertCampaign(db, {
        partnerAccountId: actor.partnerAccountId,
        name: input.name,
        clientCompany: input.clientCompany ?? null,
        startsOn: input.startsOn ?? null,
        endsOn: input.endsOn ?? null,
        budgetKopecks: input.budgetRub == null ? null : Math.round(input.budgetRub * 100),
        now: clock.now(),
      });
      return toCouponCampaign(row, { batches: 0, issued: 0, used: 0 }, []);
    },

    /** Edits a live campaign; the budget may not go below what its coupons have spent (one conditional UPDATE). */
    async updateCampaign(
      actor: PartnerPrincipal,
      id: string,
      input: CouponCampaignCreateRequest,
    ): Promise<CouponCampaign> {
      const budgetKopecks = input.budgetRub == null ? null : Math.round(input.budgetRub * 100);
      const row = await repo.updateCampaign(db, {
        id,
        partnerAccountId: actor.partnerAccountId,
        name: input.name,
        clientCompany: input.clientCompany ?? null,
        startsOn: input.startsOn ?? null,
        endsOn: input.endsOn ?? null,
        budgetKopecks,
      });
      if (!row) {
        const { error, spent } = await campaignRefusal(actor, id);
        if (error) throw error;
        const message = formatMessage(PARTNER_MESSAGES.couponBudgetBelowSpent, { spent: rub(spent) });
        throw new AppError('VALIDATION_ERROR', message, { details: [{ path: 'budgetRub', message }] });
      }
      return campaignView(actor, id);
    },

    /**
     * Archives a campaign (decision 069): no new batches go into it and its coupons stop discounting (like a
     * reached cap); its links keep working and their orders stay in its analytics.
     */
    async archiveCampaign(actor: PartnerPrincipal, id: string): Promise<CouponCampaign> {
      const row = await repo.archiveCampaign(db, {
        id,
        partnerAccountId: actor.partnerAccountId,
        now: clock.now(),
      });
      if (!row) {
        const { error } = await campaignRefusal(actor, id);
        throw error ?? notFound(PARTNER_MESSAGES.couponCampaignNotFound);
      }
      return campaignView(actor, id);
    },

    /** The campaign's links become exactly `linkIds`: the partner's own live links only (400 otherwise). */
    async setCampaignLinks(actor: PartnerPrincipal, id: string, linkIds: string[]): Promise<CouponCampaign> {
      const unique = [...new Set(linkIds)];
      await db.transaction(async (tx) => {
        const [campaign] = await tx
          .select({ archivedAt: partnerCouponCampaigns.archivedAt })
          .from(partnerCouponCampaigns)
          .where(
            and(
              eq(partnerCouponCampaigns.id, id),
              eq(partnerCouponCampaigns.partnerAccountId, actor.partnerAccountId),
            ),
          )
          .for('update');
        if (!campaign) throw notFound(PARTNER_MESSAGES.couponCampaignNotFound);
        if (campaign.archivedAt) throw new AppError('CONFLICT', PARTNER_MESSAGES.couponCampaignArchived);
        if (unique.length > 0) {
          const own = await tx
            .select({ id: partnerLinks.id })
            .from(partnerLinks)
            .where(
              and(
                inArray(partnerLinks.id, unique),
                eq(partnerLinks.partnerAccountId, actor.partnerAccountId),
                isNull(partnerLinks.archivedAt),
              ),
            );
          if (own.length !== unique.length) {
            throw new AppError('VALIDATION_ERROR', PARTNER_MESSAGES.couponLinkNotFound, {
              details: [{ path: 'linkIds', message: PARTNER_MESSAGES.couponLinkNotFound }],
            });
          }
        }
        await referralsRepo.setCampaignLinks(tx, {
          partnerAccountId: actor.partnerAccountId,
          campaignId: id,
          linkIds: unique,
        });
      });
      return campaignView(actor, id);
    },

    // ---- analytics ----

    async analytics(actor: PartnerPrincipal): Promise<CorporateAnalyticsResponse> {
      const { batches, totals, campaigns } = await campaignFunnels(actor.partnerAccountId);
      const today = moscowDate(clock.now());
      const start = moscowDayStart(today, -29);
      const used = await db
        .select({
          day: sql<string>`to_char(${partnerCoupons.usedAt} at time zone 'Europe/Moscow', 'YYYY-MM-DD')`,
          count: sql<number>`count(*)::int`,
        })
        .from(partnerCoupons)
        .where(
          and(eq(partnerCoupons.partnerAccountId, actor.partnerAccountId), gte(partnerCoupons.usedAt, start)),
        )
        .groupBy(sql`1`);
      const usedByDay = new Map(used.map((row) => [row.day, row.count]));
      const days: CorporateAnalyticsResponse['days'] = [];
      for (let offset = -29; offset <= 0; offset += 1) {
        const date = moscowDate(moscowDayStart(today, offset));
        days.push({ date, used: usedByDay.get(date) ?? 0 });
      }
      return {
        totals,
        campaigns,
        batches: batches.map(({ campaignId: _c, ...rest }) => rest),
        days,
      };
    },

    /** One row per batch (the link columns empty), then one per campaign with link orders (coupon columns empty). */
    async exportAnalytics(actor: PartnerPrincipal): Promise<string> {
      const { batches, campaigns } = await campaignFunnels(actor.partnerAccountId);
      let csv = '\uFEFF' + csvRow(CORPORATE_ANALYTICS_CSV_HEADERS);
      for (const batch of batches) {
        csv += csvRow([
          batch.campaignName ?? '',
          batch.label,
          batch.issued,
          batch.used,
          batch.orders,
          batch.paidOrders,
          rub(batch.revenueKopecks),
          rub(batch.discountKopecks),
          rub(batch.commissionKopecks),
          '',
          '',
          '',
          '',
        ]);
      }
      for (const campaign of campaigns) {
        if (!campaign.campaignId || campaign.linkOrders === 0) continue;
        csv += csvRow([
          campaign.name,
          'Ссылки кампании',
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          campaign.linkOrders,
          campaign.linkPaidOrders,
          rub(campaign.linkRevenueKopecks),
          rub(campaign.linkCommissionKopecks),
        ]);
      }
      return csv;
    },

    // ---- staff ----

    async listStaffBatches(query: { status?: CouponBatch['status'] }): Promise<CouponBatchStaffListResponse> {
      const rows = await db
        .select({
          batch: partnerCouponBatches,
          campaignName: partnerCouponCampaigns.name,
          partnerName: partnerAccounts.name,
          partnerEmail: partnerAccounts.email,
        })
        .from(partnerCouponBatches)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerCouponBatches.partnerAccountId))
        .leftJoin(partnerCouponCampaigns, eq(partnerCouponCampaigns.id, partnerCouponBatches.campaignId))
        .where(query.status ? eq(partnerCouponBatches.status, query.status) : undefined)
        .orderBy(sql`${partnerCouponBatches.status} <> 'PENDING'`, desc(partnerCouponBatches.createdAt))
        .limit(500);
      const counts = await batchCounts(rows.map((row) => row.batch.id));
      return {
        items: rows.map((row) => ({
          ...toCouponBatch(row.batch, row.campaignName, counts.get(row.batch.id)),
          partnerAccountId: row.batch.partnerAccountId,
          partnerName: row.partnerName,
          partnerEmail: row.partnerEmail,
        })),
      };
    },

    async approveBatch(actor: UserPrincipal, id: string): Promise<CouponBatch> {
      return decide(actor, id, 'APPROVED', null);
    },

    async refuseBatch(actor: UserPrincipal, id: string, reason: string): Promise<CouponBatch> {
      return decide(actor, id, 'REFUSED', reason);
    },
  };

  /** A staff decision on a PENDING batch: one conditional UPDATE, so two admins at once decide it once. */
  async function decide(
    actor: UserPrincipal,
    id: string,
    status: 'APPROVED' | 'REFUSED',
    reason: string | null,
  ): Promise<CouponBatch> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const row = await repo.decideBatch(tx, id, { status, reason, decidedBy: actor.userId, now });
      if (!row) {
        const [exists] = await tx
          .select({ id: partnerCouponBatches.id })
          .from(partnerCouponBatches)
          .where(eq(partnerCouponBatches.id, id));
        if (!exists) throw notFound(PARTNER_MESSAGES.couponBatchNotFound);
        throw new AppError('CONFLICT', PARTNER_MESSAGES.couponBatchNotPending);
      }
      if (status === 'APPROVED') await generateCoupons(tx, row);
      await audit.record(tx, {
        actorUserId: actor.userId,
        action: status === 'APPROVED' ? 'coupon-batch.approve' : 'coupon-batch.refuse',
        entity: 'coupon-batch',
        entityId: id,
        data: { partnerAccountId: row.partnerAccountId, quantity: row.quantity, reason },
      });
      const [campaign] = row.campaignId
        ? await tx
            .select({ name: partnerCouponCampaigns.name })
            .from(partnerCouponCampaigns)
            .where(eq(partnerCouponCampaigns.id, row.campaignId))
        : [];
      return toCouponBatch(row, campaign?.name ?? null, { usedCount: 0 });
    });
  }
}
