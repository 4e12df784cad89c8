import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { preparedOnce, type DbOrTx } from '../../db/client.ts';
import {
  orderAttributions,
  partnerAccounts,
  partnerClicks,
  partnerLinks,
  partnerProgramSettings,
  partnerPromoCodes,
} from '../../db/schema/index.ts';

export type PartnerLinkRow = typeof partnerLinks.$inferSelect;
export type OrderAttributionRow = typeof orderAttributions.$inferSelect;

/** What the redirect stores about one visit (already truncated, hashed, bounded and cleaned). */
export type ClickValues = {
  code: string;
  now: Date;
  ipTruncated: string | null;
  ipHash: string | null;
  userAgent: string | null;
  referrer: string | null;
  subId: string | null;
};

/** What an order brings to attribution (decision 059's precedence is decided in one statement). */
export type AttributionValues = {
  orderId: string;
  promoCode: string | null;
  clickId: string | null;
  partnerId: string | null;
  /** The integrator whose API key placed the order (decision 070): it wins over everything else. */
  apiPartnerId: string | null;
  ipHash: string;
  deviceHash: string;
  now: Date;
};

/**
 * The one writer of the referral tables (decision 026, decision 059): partner_links, partner_clicks,
 * order_attributions and partner_promo_codes.
 */
export function createReferralsRepository() {
  /** A live link: not archived, its partner ACTIVE (the code is unique case-insensitively). */
  const liveLink = (db: DbOrTx) =>
    db.$with('live_link').as(
      db
        .select({
          linkId: sql<string>`${partnerLinks.id}`.as('link_id'),
          partnerAccountId: sql<string>`${partnerLinks.partnerAccountId}`.as('link_partner_id'),
          targetPath: sql<string>`${partnerLinks.targetPath}`.as('target_path'),
        })
        .from(partnerLinks)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerLinks.partnerAccountId))
        .where(
          and(
            sql`lower(${partnerLinks.code}) = lower(${sql.placeholder('code')})`,
            isNull(partnerLinks.archivedAt),
            eq(partnerAccounts.status, 'ACTIVE'),
          ),
        ),
    );

  /**
   * The redirect's one round trip (decision 061): the live link, the click inserted from it and the attribution
   * window, in one prepared statement. No row: no live link, nothing stored.
   */
  const clickStatement = preparedOnce((db) => {
    const link = liveLink(db);
    const click = db.$with('click').as(
      db
        .insert(partnerClicks)
        .select(
          sql`select gen_random_uuid(), ${link.linkId}, ${link.partnerAccountId},
                     ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('ipTruncated')}::text,
                     ${sql.placeholder('ipHash')}::text, ${sql.placeholder('userAgent')}::text,
                     ${sql.placeholder('referrer')}::text, ${sql.placeholder('subId')}::text
                from ${link}`,
        )
        .returning({ clickId: partnerClicks.id }),
    );
    // A click is a log line: its commit does not wait for the disk (set for this statement's own transaction only).
    // A crash may lose the last fraction of a second of clicks, never an order or money (decision 061).
    const relaxed = db
      .$with('relaxed_commit')
      .as(
        db
          .select({ setting: sql<string>`set_config('synchronous_commit', 'off', true)`.as('setting') })
          .from(sql`(select 1) as one`),
      );
    return db
      .with(link, click, relaxed)
      .select({
        targetPath: link.targetPath,
        clickId: click.clickId,
        windowDays: sql<number>`(select ${partnerProgramSettings.attributionWindowDays}
                                    from ${partnerProgramSettings} where ${partnerProgramSettings.id} = 1)`,
      })
      .from(link)
      .crossJoin(click)
      .crossJoin(relaxed)
      .prepare('referral_click');
  });

  /** The target of a live link, storing nothing (a bot's visit). */
  const targetStatement = preparedOnce((db) => {
    const link = liveLink(db);
    return db.with(link).select({ targetPath: link.targetPath }).from(link).prepare('referral_target');
  });

  /**
   * Decides and writes an order's attribution in one statement (decision 059): an ACTIVE partner's promo code on
   * the order, else the cookie's click if its partner is ACTIVE and the click is inside the window, else the
   * form's partnerId of an ACTIVE partner. An order placed with an integrator's API key is that ACTIVE
   * integrator's before all of them (decision 070): the integrator is the channel that brought it. Nothing
   * qualifies: no row.
   */
  const attributeStatement = preparedOnce((db) =>
    db
      .insert(orderAttributions)
      .select(
        sql`select ${sql.placeholder('orderId')}::uuid, c.partner_account_id, c.source, c.click_id, c.promo_code,
                   c.sub_id, ${sql.placeholder('ipHash')}::text, ${sql.placeholder('deviceHash')}::text,
                   ${sql.placeholder('now')}::timestamptz, c.campaign_id
              from (
                select 0 as rank, a.id as partner_account_id, 'API' as source, null::uuid as click_id,
                       null::text as promo_code, null::text as sub_id, null::uuid as campaign_id
                  from partner_accounts a
                 where a.id = ${sql.placeholder('apiPartnerId')}::uuid and a.status = 'ACTIVE'
                union all
                select 1, p.partner_account_id, 'PROMO_CODE', null::uuid,
                       p.code, null::text, null::uuid
                  from partner_promo_codes p
                  join partner_accounts a on a.id = p.partner_account_id and a.status = 'ACTIVE'
                 where p.code = ${sql.placeholder('promoCode')}::text
                union all
                select 2, k.partner_account_id,
                       -- A click on a widget's own link is the widget's hand-over (decision 072).
                       case when exists (select 1 from partner_widgets w where w.link_id = k.link_id)
                            then 'WIDGET' else 'LINK' end,
                       k.id, null, k.sub_id,
                       -- The link's campaign now, kept with the order (decision 076).
                       (select l.campaign_id from partner_links l where l.id = k.link_id)
                  from partner_clicks k
                  join partner_accounts a on a.id = k.partner_account_id and a.status = 'ACTIVE'
                 where k.id = ${sql.placeholder('clickId')}::uuid
                   and k.clicked_at <= ${sql.placeholder('now')}::timestamptz
                   and k.clicked_at > ${sql.placeholder('now')}::timestamptz - make_interval(days =>
                         coalesce((select attribution_window_days from partner_program_settings where id = 1), 30))
                union all
                select 3, a.id, 'PARTNER_ID', null, null, null, null
                  from partner_accounts a
                 where a.id = ${sql.placeholder('partnerId')}::uuid and a.status = 'ACTIVE'
              ) c
             order by c.rank
             limit 1`,
      )
      .onConflictDoNothing({ target: orderAttributions.orderId })
      .returning()
      .prepare('attribute_order'),
  );

  return {
    /** Undefined when the code is taken (case-insensitively): the caller draws another. */
    async insertLink(
      db: DbOrTx,
      values: { partnerAccountId: string; code: string; name: string; targetPath: string; now: Date },
    ): Promise<PartnerLinkRow | undefined> {
      const [row] = await db
        .insert(partnerLinks)
        .values({
          partnerAccountId: values.partnerAccountId,
          code: values.code,
          name: values.name,
          targetPath: values.targetPath,
          createdAt: values.now,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /** Archives the partner's own live link; undefined when there is none (another's, or archived already). */
    async archiveLink(
      db: DbOrTx,
      partnerAccountId: string,
      id: string,
      now: Date,
    ): Promise<PartnerLinkRow | undefined> {
      const [row] = await db
        .update(partnerLinks)
        .set({ archivedAt: now })
        .where(
          and(
            eq(partnerLinks.id, id),
            eq(partnerLinks.partnerAccountId, partnerAccountId),
            isNull(partnerLinks.archivedAt),
          ),
        )
        .returning();
      return row;
    },
    /**
     * A corporate campaign's links become exactly `linkIds` (decision 069): the partner's other links in the
     * campaign are detached, the listed ones (the caller checked they are the partner's own live links) attached.
     */
    async setCampaignLinks(
      db: DbOrTx,
      values: { partnerAccountId: string; campaignId: string; linkIds: string[] },
    ): Promise<void> {
      const own = eq(partnerLinks.partnerAccountId, values.partnerAccountId);
      await db
        .update(partnerLinks)
        .set({ campaignId: null })
        .where(
          and(
            own,
            eq(partnerLinks.campaignId, values.campaignId),
            values.linkIds.length > 0 ? notInArray(partnerLinks.id, values.linkIds) : undefined,
          ),
        );
      if (values.linkIds.length === 0) return;
      await db
        .update(partnerLinks)
        .set({ campaignId: values.campaignId })
        .where(and(own, inArray(partnerLinks.id, values.linkIds)));
    },
    async recordClick(
      db: DbOrTx,
      values: ClickValues,
    ): Promise<{ targetPath: string; clickId: string; windowDays: number } | undefined> {
      const [row] = await clickStatement(db, { ...values, now: values.now.toISOString() });
      return row;
    },
    async findLiveTarget(db: DbOrTx, code: string): Promise<string | undefined> {
      const [row] = await targetStatement(db, { code });
      return row?.targetPath;
    },
    async attributeOrder(db: DbOrTx, values: AttributionValues): Promise<OrderAttributionRow | undefined> {
      const [row] = await attributeStatement(db, { ...values, now: values.now.toISOString() });
      return row as OrderAttributionRow | undefined;
    },
    /**
     * Attributes an order straight to a partner whose own instrument the order carries (a corporate coupon,
     * decision 069): it beats a link and a partnerId, like a partner promo code; the partner must be ACTIVE.
     */
    async attributeOrderTo(
      db: DbOrTx,
      values: {
        orderId: string;
        partnerAccountId: string;
        source: 'COUPON';
        promoCode: string;
        ipHash: string;
        deviceHash: string;
        now: Date;
      },
    ): Promise<OrderAttributionRow | undefined> {
      const [row] = await db
        .insert(orderAttributions)
        .select(
          sql`select ${values.orderId}::uuid, a.id, ${values.source}::text, null::uuid, ${values.promoCode}::text,
                     null::text, ${values.ipHash}::text, ${values.deviceHash}::text,
                     ${values.now.toISOString()}::timestamptz,
                     -- The coupon batch's campaign, kept with the order (decision 076).
                     (select b.campaign_id from partner_coupons pc
                        join partner_coupon_batches b on b.id = pc.batch_id
                       where pc.code = ${values.promoCode}::text)
                from partner_accounts a
               where a.id = ${values.partnerAccountId}::uuid and a.status = 'ACTIVE'`,
        )
        .onConflictDoNothing({ target: orderAttributions.orderId })
        .returning();
      return row;
    },
    async insertPartnerPromoCode(
      db: DbOrTx,
      values: { code: string; partnerAccountId: string; createdBy: 'STAFF' | 'PARTNER'; now: Date },
    ): Promise<void> {
      await db.insert(partnerPromoCodes).values({ ...values, createdAt: values.now });
    },
    /** Gives a code to a partner (or to another one); null takes it from whoever had it. */
    async setPromoCodePartner(
      db: DbOrTx,
      code: string,
      partnerAccountId: string | null,
      now: Date,
    ): Promise<void> {
      if (partnerAccountId === null) {
        await db.delete(partnerPromoCodes).where(eq(partnerPromoCodes.code, code));
        return;
      }
      await db
        .insert(partnerPromoCodes)
        .values({ code, partnerAccountId, createdBy: 'STAFF', createdAt: now })
        .onConflictDoUpdate({
          target: partnerPromoCodes.code,
          set: { partnerAccountId, createdBy: 'STAFF' },
        });
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
