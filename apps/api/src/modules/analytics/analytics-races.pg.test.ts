import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/**
 * On a real PostgreSQL server (PGlite runs one query at a time): a beacon and its retry, or the same batch sent by
 * sendBeacon and fetch at once, arrive together; each item is stored once (the unique keys decide, decision 066).
 */
describe('analytics ingestion on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { RATE_LIMIT_ANALYTICS_PER_SESSION: '1000', RATE_LIMIT_ANALYTICS_PER_IP: '1000' },
    });
  });
  afterAll(() => ctx?.close());

  it('the same batch sent 12 times at once is stored once, session included', async () => {
    const payload = {
      sessionId: 'race-session-1',
      session: { visitorId: 'race-visitor-1', landingPage: 'https://app.example.ru/?utm_source=vk' },
      items: [
        ...Array.from({ length: 20 }, (_, i) => ({
          kind: 'event',
          clientEventId: `race-ev-${String(i).padStart(3, '0')}`,
          eventType: 'page_view',
        })),
        { kind: 'funnel_stage', clientEventId: 'race-stage-1', stage: 'landing' },
        { kind: 'conversion', clientEventId: 'race-conv-1', conversionType: 'lead' },
      ],
    };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/analytics/batch',
          payload,
          headers: { 'user-agent': BROWSER },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    const counts = await ctx.database.sql.executeSql(
      `select (select count(*)::int from analytics_sessions where session_id = 'race-session-1') as sessions,
              (select count(*)::int from analytics_events where session_id = 'race-session-1') as events,
              (select count(*)::int from funnel_stages where session_id = 'race-session-1') as stages,
              (select count(*)::int from conversions where session_id = 'race-session-1') as conversions`,
      [],
    );
    expect(counts.rows).toEqual([{ sessions: 1, events: 20, stages: 1, conversions: 1 }]);
  });

  it('paid recorded from two settlements at once is stored once per order', async () => {
    const orderId = '00000000-0000-4000-8000-00000000a11d';
    await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.database.db.transaction((tx) =>
          ctx.services.analytics.recordOrderStage(tx, 'paid', {
            id: orderId,
            analyticsSessionId: 'race-session-2',
            amount: 1500,
            userId: null,
          }),
        ),
      ),
    );
    const stored = await ctx.database.sql.executeSql(
      'select count(*)::int as n from funnel_stages where order_id = $1',
      [orderId],
    );
    expect(stored.rows).toEqual([{ n: 1 }]);
  });
});
