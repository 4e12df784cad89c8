import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MarketingCampaignRequest, MarketingUtmLinkRequest } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  journeyClosedDays,
  journeyDayCredits,
  journeyDayTouchFilters,
  funnelClosedDays,
  leadScoreDayGroups,
  leadScoreDaySessions,
  leadScoreDays,
  marketingCampaigns,
  marketingCampaignSpend,
  marketingUtmLinks,
} from '../../db/schema/index.ts';

export type CampaignRow = typeof marketingCampaigns.$inferSelect;
export type SpendRow = typeof marketingCampaignSpend.$inferSelect;
export type UtmLinkRow = typeof marketingUtmLinks.$inferSelect;
export type JourneyDayRow = Omit<typeof journeyClosedDays.$inferInsert, 'closedAt'>;
export type JourneyCreditRow = typeof journeyDayCredits.$inferInsert;
export type JourneyTouchFilterRow = Omit<typeof journeyDayTouchFilters.$inferInsert, 'day'>;
export type LeadScoreDayRow = Omit<typeof leadScoreDays.$inferInsert, 'closedAt'>;
export type LeadScoreSessionRow = Omit<typeof leadScoreDaySessions.$inferInsert, 'day'>;
export type LeadScoreGroupRow = Omit<typeof leadScoreDayGroups.$inferInsert, 'day'>;

/** Credit or session rows per INSERT (at most 9 parameters each, far under PostgreSQL's 65,535). */
const CREDIT_ROWS_PER_INSERT = 1000;

/**
 * The one writer of marketing_campaigns, marketing_campaign_spend and marketing_utm_links (decision 026), and of
 * the stored journey days (journey_closed_days, journey_day_credits, journey_day_touch_filters; decision 096 — their versions,
 * journey_day_versions, are kept by SQL triggers) and of the stored lead-scoring days (lead_score_days,
 * lead_score_day_sessions, lead_score_day_groups; decision 097 — lead_score_day_versions is kept by SQL triggers) and of the stored funnel
 * days (funnel_closed_days, funnel_day_cells, funnel_day_durations; decision 098 — funnel_day_versions is kept by
 * an SQL trigger).
 */
export function createMarketingRepository() {
  return {
    /** Stores one closed day of attribution and touchpoints, replacing what was stored for it (decision 096). */
    async storeJourneyDay(
      db: DbOrTx,
      day: JourneyDayRow,
      credits: readonly JourneyCreditRow[],
      touchFilters: readonly JourneyTouchFilterRow[],
    ): Promise<void> {
      await db.delete(journeyClosedDays).where(eq(journeyClosedDays.day, day.day));
      await db.insert(journeyClosedDays).values(day);
      for (let at = 0; at < credits.length; at += CREDIT_ROWS_PER_INSERT)
        await db.insert(journeyDayCredits).values(credits.slice(at, at + CREDIT_ROWS_PER_INSERT));
      for (let at = 0; at < touchFilters.length; at += CREDIT_ROWS_PER_INSERT)
        await db
          .insert(journeyDayTouchFilters)
          .values(
            touchFilters.slice(at, at + CREDIT_ROWS_PER_INSERT).map((row) => ({ ...row, day: day.day })),
          );
    },
    /** Stores one closed day of lead scores, replacing what was stored for it (decision 097). */
    async storeLeadScoreDay(
      db: DbOrTx,
      day: LeadScoreDayRow,
      sessions: readonly LeadScoreSessionRow[],
      groups: readonly LeadScoreGroupRow[],
    ): Promise<void> {
      await db.delete(leadScoreDays).where(eq(leadScoreDays.day, day.day));
      await db.insert(leadScoreDays).values(day);
      for (let at = 0; at < sessions.length; at += CREDIT_ROWS_PER_INSERT)
        await db
          .insert(leadScoreDaySessions)
          .values(sessions.slice(at, at + CREDIT_ROWS_PER_INSERT).map((row) => ({ ...row, day: day.day })));
      for (let at = 0; at < groups.length; at += CREDIT_ROWS_PER_INSERT)
        await db
          .insert(leadScoreDayGroups)
          .values(groups.slice(at, at + CREDIT_ROWS_PER_INSERT).map((row) => ({ ...row, day: day.day })));
    },
    /**
     * Stores one closed day of the funnel, replacing what was stored for it (decision 098): its cells and minutes
     * from the given `select`s (computed in the database: a day's minutes are thousands of values).
     */
    async storeFunnelDay(
      db: DbOrTx,
      day: { day: string; version: number },
      rows: { cells: SQL; durations: SQL },
    ): Promise<void> {
      await db.delete(funnelClosedDays).where(eq(funnelClosedDays.day, day.day));
      await db.insert(funnelClosedDays).values(day);
      await db.execute(sql`insert into funnel_day_cells (day, channel, device, entered, landing, calculator_used,
                             step_1, step_2, step_3, order_created, paid, paid_by_days) ${rows.cells}`);
      await db.execute(
        sql`insert into funnel_day_durations (day, stage, histogram, bucket_lows, bucket_highs, negated_minutes)
            ${rows.durations}`,
      );
    },
    async listCampaigns(db: DbOrTx, options: { archived: boolean }): Promise<CampaignRow[]> {
      return db
        .select()
        .from(marketingCampaigns)
        .where(options.archived ? undefined : isNull(marketingCampaigns.archivedAt))
        .orderBy(asc(sql`lower(${marketingCampaigns.name})`), asc(marketingCampaigns.id));
    },
    async findCampaign(db: DbOrTx, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, id));
      return row;
    },
    async spendOf(db: DbOrTx, campaignIds: string[]): Promise<SpendRow[]> {
      if (campaignIds.length === 0) return [];
      return db
        .select()
        .from(marketingCampaignSpend)
        .where(inArray(marketingCampaignSpend.campaignId, campaignIds))
        .orderBy(desc(marketingCampaignSpend.periodStart), asc(marketingCampaignSpend.id));
    },
    /** Refused by the unique index on lower(utm_campaign) when the tag is taken (the caller maps it to 409). */
    async insertCampaign(
      db: DbOrTx,
      input: MarketingCampaignRequest & { createdBy: string; now: Date },
    ): Promise<CampaignRow> {
      const [row] = await db
        .insert(marketingCampaigns)
        .values({
          name: input.name,
          utmCampaign: input.utmCampaign,
          utmSource: input.utmSource,
          channel: input.channel,
          startsOn: input.startsOn,
          endsOn: input.endsOn,
          createdBy: input.createdBy,
          createdAt: input.now,
        })
        .returning();
      return row!;
    },
    async updateCampaign(
      db: DbOrTx,
      id: string,
      input: MarketingCampaignRequest,
    ): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(marketingCampaigns)
        .set({
          name: input.name,
          utmCampaign: input.utmCampaign,
          utmSource: input.utmSource,
          channel: input.channel,
          startsOn: input.startsOn,
          endsOn: input.endsOn,
        })
        .where(eq(marketingCampaigns.id, id))
        .returning();
      return row;
    },
    async setCampaignArchived(db: DbOrTx, id: string, at: Date | null): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(marketingCampaigns)
        .set({ archivedAt: at })
        .where(eq(marketingCampaigns.id, id))
        .returning();
      return row;
    },
    async insertSpend(
      db: DbOrTx,
      input: {
        campaignId: string;
        periodStart: string;
        periodEnd: string;
        amountKopecks: number;
        note: string | null;
        createdBy: string;
        now: Date;
      },
    ): Promise<SpendRow> {
      const [row] = await db
        .insert(marketingCampaignSpend)
        .values({ ...input, createdAt: input.now })
        .returning();
      return row!;
    },
    async deleteSpend(db: DbOrTx, campaignId: string, spendId: string): Promise<boolean> {
      const rows = await db
        .delete(marketingCampaignSpend)
        .where(and(eq(marketingCampaignSpend.id, spendId), eq(marketingCampaignSpend.campaignId, campaignId)))
        .returning({ id: marketingCampaignSpend.id });
      return rows.length > 0;
    },
    async listUtmLinks(db: DbOrTx): Promise<UtmLinkRow[]> {
      return db
        .select()
        .from(marketingUtmLinks)
        .where(isNull(marketingUtmLinks.archivedAt))
        .orderBy(desc(marketingUtmLinks.createdAt), desc(marketingUtmLinks.id))
        .limit(500);
    },
    async insertUtmLink(
      db: DbOrTx,
      input: MarketingUtmLinkRequest & { createdBy: string; now: Date },
    ): Promise<UtmLinkRow> {
      const [row] = await db
        .insert(marketingUtmLinks)
        .values({
          name: input.name,
          baseUrl: input.baseUrl,
          utmSource: input.utmSource,
          utmMedium: input.utmMedium,
          utmCampaign: input.utmCampaign,
          utmContent: input.utmContent,
          utmTerm: input.utmTerm,
          createdBy: input.createdBy,
          createdAt: input.now,
        })
        .returning();
      return row!;
    },
    async archiveUtmLink(db: DbOrTx, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(marketingUtmLinks)
        .set({ archivedAt: at })
        .where(and(eq(marketingUtmLinks.id, id), isNull(marketingUtmLinks.archivedAt)))
        .returning({ id: marketingUtmLinks.id });
      return rows.length > 0;
    },
  };
}
export type MarketingRepository = ReturnType<typeof createMarketingRepository>;
