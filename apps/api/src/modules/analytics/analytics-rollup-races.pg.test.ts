import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/**
 * On a real PostgreSQL server (PGlite runs one query at a time): tracker batches of different sessions with the
 * same tags arrive together and all add to the same daily rollup rows (decision 079). Every count must land —
 * the triggers' upserts wait for each other on the row instead of reading it first — and none may deadlock.
 */
describe('analytics rollups on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { RATE_LIMIT_ANALYTICS_PER_SESSION: '1000', RATE_LIMIT_ANALYTICS_PER_IP: '1000' },
    });
  });
  afterAll(() => ctx?.close());

  // Each session its own sessions row (its utm_content), all of them the same events rows: nothing orders the
  // batches before their events' upsert.
  it('16 batches at once on the same daily rows: every session and event counted once', async () => {
    const batch = (n: number) => ({
      sessionId: `rollup-race-${String(n).padStart(3, '0')}`,
      session: {
        visitorId: `rollup-race-visitor-${n}`,
        utmSource: 'vk',
        utmMedium: 'social',
        utmContent: `post-${n}`,
      },
      items: [
        ...Array.from({ length: 10 }, (_, i) => ({
          kind: 'event',
          clientEventId: `rr-${n}-${String(i).padStart(3, '0')}`,
          eventType: i % 2 ? 'click' : 'page_view',
          pagePath: i % 3 ? '/' : '/order',
          isConversion: i === 9,
        })),
      ],
    });
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/analytics/batch',
          payload: batch(n),
          headers: { 'user-agent': BROWSER },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(16).fill(200));
    const sql = async (text: string) =>
      (await ctx.database.sql.executeSql(text, [])).rows as Array<Record<string, unknown>>;
    const kept = async () => ({
      sessions: await sql(
        `select day::text, channel, utm_source, device_type, browser_name, sum(sessions)::int as sessions
           from analytics_session_days where sessions <> 0 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      ),
      events: await sql(
        `select day::text, channel, utm_source, event_type, page_path, events, conversions
           from analytics_event_days where events <> 0 order by 1, 2, 3, 4, 5`,
      ),
    });
    const before = await kept();
    expect(before.sessions).toEqual([expect.objectContaining({ utm_source: 'vk', sessions: 16 })]);
    expect(before.events.map((row) => [row.event_type, row.page_path, row.events, row.conversions])).toEqual([
      ['click', '/', 48, 0],
      ['click', '/order', 32, 16],
      ['page_view', '/', 48, 0],
      ['page_view', '/order', 32, 0],
    ]);
    await sql('select analytics_rollup_rebuild()');
    expect(await kept()).toEqual(before);
  });

  it('16 sessions at once with the same tags: the one daily row counts them all', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/analytics/session',
          payload: {
            sessionId: `rollup-race-s-${String(n).padStart(3, '0')}`,
            utmSource: 'ok',
            utmMedium: 'social',
          },
          headers: { 'user-agent': BROWSER },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(16).fill(200));
    const rows = await ctx.database.sql.executeSql(
      `select sessions from analytics_session_days where utm_source = 'ok'`,
      [],
    );
    expect(rows.rows).toEqual([{ sessions: 16 }]);
  });
});
