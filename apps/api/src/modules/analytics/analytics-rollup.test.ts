import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

// The daily sessions and events rollups (decision 079) are kept by statement-level triggers on every write of
// analytics_sessions and analytics_events. Each step below writes the way the product does (tracker batches,
// the retention job) or an operator in SQL does (the internal flag, a tag, an event corrected), then compares the
// rollups with analytics_rollup_rebuild()'s recomputation from the raw rows — the reports' raw computation.

describe('sessions and events rollups', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { RATE_LIMIT_ANALYTICS_PER_SESSION: '1000', RATE_LIMIT_ANALYTICS_PER_IP: '1000' },
    });
  });
  afterAll(() => ctx?.close());

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];

  /** Both rollups, rows that hold anything, in key order. */
  const rollups = async () => ({
    sessions: await sql(
      `select day::text, channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term, device_type,
              browser_name, sessions
         from analytics_session_days where sessions <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9`,
    ),
    events: await sql(
      `select day::text, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path,
              events, conversions
         from analytics_event_days where events <> 0 or conversions <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`,
    ),
  });
  /** The rollups as the triggers left them must equal a recomputation from scratch. */
  const expectRollupsExact = async () => {
    const kept = await rollups();
    await sql('select analytics_rollup_rebuild()');
    expect(kept).toEqual(await rollups());
    return kept;
  };
  const totals = async () =>
    (
      await sql<{ sessions: number; events: number; conversions: number }>(
        `select (select coalesce(sum(sessions), 0)::int from analytics_session_days) as sessions,
                (select coalesce(sum(events), 0)::int from analytics_event_days) as events,
                (select coalesce(sum(conversions), 0)::int from analytics_event_days) as conversions`,
      )
    )[0];

  let ip = 1;
  const send = async (sessionId: string, items: unknown[], session: unknown = null) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/batch',
      payload: { sessionId, session, items } as Record<string, unknown>,
      remoteAddress: `198.51.100.${ip++}`,
      headers: { 'user-agent': BROWSER },
    });
    expect(response.statusCode).toBe(200);
  };
  const event = (id: string, extra: Record<string, unknown> = {}) => ({
    kind: 'event',
    clientEventId: id,
    eventType: 'page_view',
    pagePath: '/',
    ...extra,
  });

  it('a batch that brings its session and its events counts each once', async () => {
    await send(
      'rollup-session-1',
      [
        event('r1-ev-0001'),
        event('r1-ev-0002', { pagePath: '/order' }),
        event('r1-ev-0003', { eventType: 'form_submit', eventCategory: 'lead', isConversion: true }),
      ],
      { visitorId: 'rollup-visitor-1', utmSource: 'yandex', utmMedium: 'cpc' },
    );
    const kept = await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 1, events: 3, conversions: 1 });
    expect(kept.sessions).toEqual([
      expect.objectContaining({
        utm_source: 'yandex',
        utm_medium: 'cpc',
        device_type: 'mobile',
        sessions: 1,
      }),
    ]);
  });

  it('a retried batch, a batch without its session and the session repeated change only what is new', async () => {
    await send('rollup-session-1', [event('r1-ev-0003', { eventType: 'form_submit' }), event('r1-ev-0004')]);
    await send('rollup-session-1', [event('r1-ev-0005')], {
      visitorId: 'rollup-visitor-1',
      utmSource: 'yandex',
      utmMedium: 'cpc',
    });
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 1, events: 5, conversions: 1 });
  });

  it('events that overtook their session count when the session comes, whether alone or with more events', async () => {
    await send('rollup-session-2', [event('r2-ev-0001'), event('r2-ev-0002', { pagePath: '/price' })]);
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 1, events: 5, conversions: 1 });
    await send('rollup-session-2', [event('r2-ev-0003')], { visitorId: 'rollup-visitor-2' });
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 2, events: 8, conversions: 1 });

    // Written by an operator in one transaction: the early event, then the session in a later statement.
    await sql(
      `begin;
       insert into analytics_events (session_id, event_type, page_path) values ('rollup-session-3', 'click', '/');
       insert into analytics_sessions (session_id, channel, device_type) values ('rollup-session-3', 'social', 'desktop');
       commit;`,
    );
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 3, events: 9, conversions: 1 });
  });

  it('internal sessions never count, and follow the flag when it changes', async () => {
    await sql(
      `insert into analytics_sessions (session_id, channel, is_internal) values ('rollup-internal', 'direct', true);
       insert into analytics_events (session_id, event_type, is_conversion)
         values ('rollup-internal', 'click', true), ('rollup-internal', 'page_view', false);`,
    );
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 3, events: 9, conversions: 1 });

    await sql(`update analytics_sessions set is_internal = false where session_id = 'rollup-internal'`);
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 4, events: 11, conversions: 2 });

    await sql(
      `update analytics_sessions set is_internal = true where session_id in ('rollup-internal', 'rollup-session-2')`,
    );
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 2, events: 6, conversions: 1 });
    await sql(`update analytics_sessions set is_internal = false where session_id = 'rollup-session-2'`);
    await expectRollupsExact();
  });

  it('a session or an event corrected in SQL moves its counts between days and groups', async () => {
    await sql(
      `update analytics_sessions set utm_campaign = 'spring', created_at = created_at - interval '3 days'
        where session_id = 'rollup-session-1'`,
    );
    await expectRollupsExact();
    await sql(
      `update analytics_events set page_path = '/contacts', is_conversion = not is_conversion,
              created_at = created_at - interval '1 day'
        where session_id = 'rollup-session-1' and client_event_id in ('r1-ev-0001', 'r1-ev-0003')`,
    );
    await expectRollupsExact();
    // A tracker update of the session (last visit, visitor) moves nothing.
    await sql(`update analytics_sessions set last_seen_at = now(), visitor_id = 'someone' where true`);
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 3, events: 9, conversions: 1 });
  });

  it('the retention job and deletes take their counts away, events of a deleted session included', async () => {
    await sql('update analytics_config set retention_days = 30');
    await sql(
      `insert into analytics_sessions (session_id, channel, created_at, last_seen_at)
         values ('rollup-old', 'email', now() - interval '40 days', now() - interval '31 days');
       insert into analytics_events (session_id, event_type, created_at)
         values ('rollup-old', 'page_view', now() - interval '35 days'),
                ('rollup-old', 'page_view', now() - interval '20 days');`,
    );
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 4, events: 11, conversions: 1 });
    const purged = await ctx.services.analytics.purgeExpired();
    expect(purged).toMatchObject({ analytics_events: 1, analytics_sessions: 1 });
    await expectRollupsExact();
    // The session went with its older event; its newer event stays in the table but no longer counts.
    expect(await totals()).toEqual({ sessions: 3, events: 9, conversions: 1 });

    await sql(
      `delete from analytics_events where session_id = 'rollup-session-2' and client_event_id = 'r2-ev-0001'`,
    );
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 3, events: 8, conversions: 1 });

    await sql('truncate analytics_events');
    await expectRollupsExact();
    expect(await totals()).toEqual({ sessions: 3, events: 0, conversions: 0 });
  });
});
