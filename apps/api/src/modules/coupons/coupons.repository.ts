import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partnerCouponBatches, partnerCouponCampaigns, partnerCoupons } from '../../db/schema/index.ts';

export type CouponBatchRow = typeof partnerCouponBatches.$inferSelect;
export type CouponCampaignRow = typeof partnerCouponCampaigns.$inferSelect;

/**
 * The one writer of the coupon tables (decision 026, decision 069): partner_coupon_campaigns,
 * partner_coupon_batches and partner_coupons. A coupon's use and a campaign's spending are each one conditional
 * UPDATE (decision 019).
 */
export function createCouponsRepository() {
  return {
    async insertCampaign(
      db: DbOrTx,
      values: {
        partnerAccountId: string;
        name: string;
        clientCompany: string | null;
        startsOn: string | null;
        endsOn: string | null;
        budgetKopecks: number | null;
        now: Date;
      },
    ): Promise<CouponCampaignRow> {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(partnerCouponCampaigns)
        .values({ ...rest, createdAt: now })
        .returning();
      return row!;
    },

    /**
     * Edits the partner's own live campaign in one conditional UPDATE: the new budget is checked against the
     * spending on the row it updates (concurrent orders queue on it), so it never goes below what is spent.
     * Undefined: not the partner's, archived, or the budget below the spending — the caller tells which.
     */
    async updateCampaign(
      db: DbOrTx,
      values: {
        id: string;
        partnerAccountId: string;
        name: string;
        clientCompany: string | null;
        startsOn: string | null;
        endsOn: string | null;
        budgetKopecks: number | null;
      },
    ): Promise<CouponCampaignRow | undefined> {
      const { id, partnerAccountId, ...rest } = values;
      const [row] = await db
        .update(partnerCouponCampaigns)
        .set(rest)
        .where(
          and(
            eq(partnerCouponCampaigns.id, id),
            eq(partnerCouponCampaigns.partnerAccountId, partnerAccountId),
            isNull(partnerCouponCampaigns.archivedAt),
            rest.budgetKopecks === null
              ? undefined
              : sql`${partnerCouponCampaigns.spentKopecks} <= ${rest.budgetKopecks}`,
          ),
        )
        .returning();
      return row;
    },

    /** Archives the partner's own live campaign; undefined when there is none (another's, or archived already). */
    async archiveCampaign(
      db: DbOrTx,
      values: { id: string; partnerAccountId: string; now: Date },
    ): Promise<CouponCampaignRow | undefined> {
      const [row] = await db
        .update(partnerCouponCampaigns)
        .set({ archivedAt: values.now })
        .where(
          and(
            eq(partnerCouponCampaigns.id, values.id),
            eq(partnerCouponCampaigns.partnerAccountId, values.partnerAccountId),
            isNull(partnerCouponCampaigns.archivedAt),
          ),
        )
        .returning();
      return row;
    },

    async insertBatch(
      db: DbOrTx,
      values: {
        partnerAccountId: string;
        campaignId: string | null;
        label: string;
        quantity: number;
        discountPercent: number;
        expiresAt: Date;
        status: 'PENDING' | 'APPROVED';
        now: Date;
      },
    ): Promise<CouponBatchRow> {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(partnerCouponBatches)
        .values({ ...rest, createdAt: now, decidedAt: rest.status === 'APPROVED' ? now : null })
        .returning();
      return row!;
    },

    /** Inserts the codes not taken yet (the primary key decides); returns how many were inserted. */
    async insertCoupons(
      db: DbOrTx,
      values: { batchId: string; partnerAccountId: string; codes: string[]; now: Date },
    ): Promise<number> {
      if (values.codes.length === 0) return 0;
      const rows = await db
        .insert(partnerCoupons)
        .values(
          values.codes.map((code) => ({
            code,
            batchId: values.batchId,
            partnerAccountId: values.partnerAccountId,
            createdAt: values.now,
          })),
        )
        .onConflictDoNothing()
        .returning({ code: partnerCoupons.code });
      return rows.length;
    },

    /** Decides a PENDING batch; undefined when it is not PENDING any more (decided by someone else meanwhile). */
    async decideBatch(
      db: DbOrTx,
      id: string,
      values: { status: 'APPROVED' | 'REFUSED'; reason: string | null; decidedBy: string; now: Date },
    ): Promise<CouponBatchRow | undefined> {
      const [row] = await db
        .update(partnerCouponBatches)
        .set({
          status: values.status,
          refusalReason: values.reason,
          decidedBy: values.decidedBy,
          decidedAt: values.now,
        })
        .where(and(eq(partnerCouponBatches.id, id), eq(partnerCouponBatches.status, 'PENDING')))
        .returning();
      return row;
    },

    /**
     * Marks a coupon used, in one conditional UPDATE: unused, its batch APPROVED and not expired, its partner
     * ACTIVE. Of concurrent orders with one code exactly one gets the row; the others get nothing.
     */
    async useCoupon(
      db: DbOrTx,
      values: { code: string; discountKopecks: number; now: Date },
    ): Promise<{ partnerAccountId: string; campaignId: string | null } | undefined> {
      const result = (await db.execute(sql`
        update partner_coupons c
           set used_at = ${values.now.toISOString()}::timestamptz, discount_kopecks = ${values.discountKopecks}
          from partner_coupon_batches b, partner_accounts a
         where c.code = ${values.code}
           and c.used_at is null
           and b.id = c.batch_id and b.status = 'APPROVED'
           and b.expires_at > ${values.now.toISOString()}::timestamptz
           and a.id = c.partner_account_id and a.status = 'ACTIVE'
           and not exists (select 1 from partner_coupon_campaigns k
                            where k.id = b.campaign_id and k.archived_at is not null)
        returning c.partner_account_id, b.campaign_id`)) as unknown as {
        rows: Array<{ partner_account_id: string; campaign_id: string | null }>;
      };
      const [row] = result.rows;
      return row ? { partnerAccountId: row.partner_account_id, campaignId: row.campaign_id } : undefined;
    },

    /** Links a used coupon to the order it was used for (the same transaction that used it). */
    async attachOrder(db: DbOrTx, code: string, orderId: string): Promise<void> {
      await db.update(partnerCoupons).set({ orderId }).where(eq(partnerCoupons.code, code));
    },

    /** Gives a coupon back: only for an order whose transaction stores nothing new (an idempotent retry). */
    async releaseCoupon(db: DbOrTx, code: string): Promise<void> {
      await db
        .update(partnerCoupons)
        .set({ usedAt: null, discountKopecks: null })
        .where(and(eq(partnerCoupons.code, code), isNull(partnerCoupons.orderId)));
    },

    /**
     * Frees the coupon of an order cancelled before it was paid (decision 076), in one UPDATE: unused again, no
     * order, no discount. Returns what it had: the code, its campaign and the discount still counted in the
     * campaign's spending (given minus returned), or undefined when the order had no coupon. The caller holds the
     * order's row lock; a coupon attached to an order is changed by nothing else.
     */
    async releaseOrderCoupon(
      db: DbOrTx,
      orderId: string,
    ): Promise<{ code: string; campaignId: string | null; countedKopecks: number } | undefined> {
      const result = (await db.execute(sql`
        with old as (
          select c.code, b.campaign_id, coalesce(c.discount_kopecks, 0) - c.discount_returned_kopecks as counted
            from partner_coupons c
            join partner_coupon_batches b on b.id = c.batch_id
           where c.order_id = ${orderId}
             for update of c
        )
        update partner_coupons c
           set used_at = null, order_id = null, discount_kopecks = null, discount_returned_kopecks = 0
          from old
         where c.code = old.code
        returning old.code, old.campaign_id, old.counted`)) as unknown as {
        rows: Array<{ code: string; campaign_id: string | null; counted: string | number }>;
      };
      const [row] = result.rows;
      return row
        ? { code: row.code, campaignId: row.campaign_id, countedKopecks: Number(row.counted) }
        : undefined;
    },

    /**
     * Raises the returned part of an order's coupon discount from `from` to `to` (decision 076), as a compare-and-set:
     * false when it was not `from` any more (nothing changes then).
     */
    async setDiscountReturned(
      db: DbOrTx,
      values: { code: string; from: number; to: number },
    ): Promise<boolean> {
      const rows = await db
        .update(partnerCoupons)
        .set({ discountReturnedKopecks: values.to })
        .where(
          and(eq(partnerCoupons.code, values.code), eq(partnerCoupons.discountReturnedKopecks, values.from)),
        )
        .returning({ code: partnerCoupons.code });
      return rows.length > 0;
    },

    /**
     * Adds a discount to the campaign's spending only while it stays within the cap, in one conditional UPDATE:
     * concurrent orders queue on the row and each re-checks the cap on the row it finally updates. False: the
     * cap would be passed.
     */
    async spendCampaign(db: DbOrTx, campaignId: string, kopecks: number): Promise<boolean> {
      const rows = await db
        .update(partnerCouponCampaigns)
        .set({ spentKopecks: sql`${partnerCouponCampaigns.spentKopecks} + ${kopecks}` })
        .where(
          and(
            eq(partnerCouponCampaigns.id, campaignId),
            sql`(${partnerCouponCampaigns.budgetKopecks} is null
                 or ${partnerCouponCampaigns.spentKopecks} + ${kopecks} <= ${partnerCouponCampaigns.budgetKopecks})`,
          ),
        )
        .returning({ id: partnerCouponCampaigns.id });
      return rows.length > 0;
    },

    async unspendCampaign(db: DbOrTx, campaignId: string, kopecks: number): Promise<void> {
      await db
        .update(partnerCouponCampaigns)
        .set({ spentKopecks: sql`greatest(${partnerCouponCampaigns.spentKopecks} - ${kopecks}, 0)` })
        .where(eq(partnerCouponCampaigns.id, campaignId));
    },
  };
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
