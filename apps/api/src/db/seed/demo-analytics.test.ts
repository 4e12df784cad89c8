import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MODELS,
  moscowDate,
  type AttributionReport,
  type FunnelReport,
  type LeadScoringReport,
  type MarketingDashboardResponse,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { users } from '../schema/index.ts';
import {
  buildDemoAnalytics,
  DEMO_HOT_LEAD_THRESHOLD,
  DEMO_LEAD_SCORE_RULES,
  seedDemoAnalytics,
} from './demo-analytics.ts';
import { seedDemoOrders } from './demo-orders.ts';

/**
 * The demo's visits (decision 092) as the seed writes them — visits, then the demo orders placed in them, then the
 * server's stages of those orders — on a copy of the tests' template (which has none), read through the reports.
 */
describe('the demo’s marketing history', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  const now = new Date();
  const period = `from=${moscowDate(new Date(now.getTime() - 29 * 86_400_000))}&to=${moscowDate(now)}`;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    // The template's demo orders were placed without visits: out of the reports (soft-deleted), so the orders
    // counted are the ones placed below, as on a fresh `npm start`.
    await ctx.database.sql.executeSql('update orders set deleted_at = now()', []);
    await ctx.database.db.transaction(async (tx) => {
      // The orders below are this customer's.
      const [customer] = await tx
        .insert(users)
        .values({
          email: 'demo-visits@example.ru',
          role: 'USER',
          firstName: 'Вера',
          lastName: 'Визитова',
          phoneNumber: '+79990001122',
        })
        .returning();
      const analytics = await seedDemoAnalytics(tx, now);
      await analytics.afterOrders(await seedDemoOrders(tx, customer!, now, analytics.visitOf));
    });
  });
  afterAll(() => ctx?.close());

  const get = async <T>(url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('is the same on every fresh database: a seeded generator, dated from the seed’s time', () => {
    const first = buildDemoAnalytics(now);
    const second = buildDemoAnalytics(now);
    expect(second).toEqual(first);
    expect(first.sessions.length).toBeGreaterThan(400);
    // Every visit has started and ended before the seed's time, and every event lies within its visit.
    expect(first.sessions.every((session) => session.lastSeenAt!.getTime() < now.getTime())).toBe(true);
    expect(
      first.sessions.every((session) => session.createdAt!.getTime() <= session.lastSeenAt!.getTime()),
    ).toBe(true);
    const lastSeen = new Map(first.sessions.map((session) => [session.sessionId, session.lastSeenAt!]));
    expect(
      first.events.every((event) => event.createdAt!.getTime() <= lastSeen.get(event.sessionId)!.getTime()),
    ).toBe(true);
  });

  it('the dashboard counts the visits and the three orders of the last 30 days placed in them', async () => {
    const dashboard = await get<MarketingDashboardResponse>(`/api/marketing/reports/dashboard?${period}`);
    const [counted] = (
      await ctx.database.sql.executeSql(
        `select count(*) as sessions from analytics_sessions
       where session_id like 'demo-s-%' and created_at >= $1::date::timestamp at time zone 'Europe/Moscow'`,
        [moscowDate(new Date(now.getTime() - 29 * 86_400_000))],
      )
    ).rows as Array<{ sessions: string }>;
    expect(dashboard.totals.sessions).toBe(Number(counted!.sessions));
    // The demo orders of the last 30 days: one to pay, one paid and in progress, one paid and completed.
    expect(dashboard.totals).toMatchObject({ orders: 3, paidOrders: 2 });
    expect(dashboard.totals.revenue).toBeGreaterThan(0);
    expect(dashboard.totals.spend).toBeGreaterThan(0);
    expect(dashboard.byChannel.map((row) => row.channel)).toEqual(
      expect.arrayContaining(['paid', 'organic', 'direct', 'social', 'email', 'referral']),
    );
  });

  it('the funnel narrows from the landing to the paid orders, and every model credits the period’s paid orders', async () => {
    const funnel = await get<FunnelReport>(`/api/marketing/funnel?${period}`);
    const sessions = funnel.stages.map((stage) => stage.sessions);
    expect(sessions[0]).toBe(funnel.entered);
    // Each stage has fewer sessions than the one before it.
    expect(sessions.every((count, index) => index === 0 || count < sessions[index - 1]!)).toBe(true);
    expect(funnel.stages.at(-2)).toMatchObject({ stage: 'order_created', sessions: 3 });
    expect(funnel.stages.at(-1)).toMatchObject({ stage: 'paid', sessions: 2 });

    const attribution = await get<AttributionReport>(`/api/marketing/attribution?${period}&metric=orders`);
    expect(attribution.totals.orders).toBe(2);
    for (const model of ATTRIBUTION_MODELS) {
      const credited = attribution.rows.reduce((sum, row) => sum + row.models[model].orders, 0);
      expect(credited, model).toBeCloseTo(2, 5);
    }
    // The returning visitor: first from paid search, ordering after a visit from organic search.
    const organic = attribution.rows.find((row) => row.key === 'organic');
    expect(organic?.models.last_touch.orders).toBe(1);
    expect(organic?.models.first_touch.orders).toBe(0);
  });

  it('each demo order carries its visit: the session, the visitor and the first-touch tags', async () => {
    const placed = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'demo-visits@example.ru'));
    const { rows } = (await ctx.database.sql.executeSql(
      `select o.analytics_session_id, o.utm_campaign, o.acquisition_channel, s.channel
       from orders o left join analytics_sessions s on s.session_id = o.analytics_session_id
       where o.user_id = $1 order by o.created_at desc`,
      [placed[0]!.id],
    )) as {
      rows: Array<{
        analytics_session_id: string | null;
        utm_campaign: string | null;
        acquisition_channel: string | null;
        channel: string | null;
      }>;
    };
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.analytics_session_id !== null && row.channel !== null)).toBe(true);
    expect(rows[0]).toMatchObject({ utm_campaign: 'perevod_pasporta', acquisition_channel: 'paid' });
    // The returning visitor's order: placed in a visit from organic search, first touched by paid search.
    expect(rows[1]).toMatchObject({
      utm_campaign: 'apostil',
      acquisition_channel: 'paid',
      channel: 'organic',
    });
  });
  it('scores the visits by the demo’s lead-scoring rules: the visit of the order still to pay is a hot lead', async () => {
    const report = await get<LeadScoringReport>(`/api/marketing/lead-scoring?${period}`);
    expect(report.rules.map((rule) => rule.eventType)).toEqual(
      DEMO_LEAD_SCORE_RULES.map((rule) => rule.eventType),
    );
    expect(report.threshold).toBe(DEMO_HOT_LEAD_THRESHOLD);
    expect(report.scoredSessions).toBeGreaterThan(100);
    expect(report.sessions.some((session) => session.isHot)).toBe(true);
    const unpaid = report.hotLeads.filter((lead) => lead.order && !lead.order.isPaid);
    expect(unpaid.length).toBeGreaterThan(0);
    // The contact data is the order's, never anything else.
    expect(unpaid[0]!.order).toMatchObject({ email: 'demo-visits@example.ru', isPaid: false });
  });
});
