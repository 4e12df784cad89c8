import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * On a real PostgreSQL server (decision 087): the closing job stores a day's distinct sessions while a writer adds
 * an event to that day. Whichever starts first, the day must end either stored with the event counted or not
 * stored at all — never stored without it (the report would then miss that session for good). The same for a
 * session and the day's stored visitors (decision 088).
 */
describe('closing analytics days on PostgreSQL', () => {
  let ctx: TestContext;
  let watcher: pg.Client;
  let writer: pg.Client;
  let closer: pg.Client;
  beforeAll(async () => {
    ctx = await createTestContext();
    const connect = () => new pg.Client({ connectionString: ctx.databaseUrl });
    [watcher, writer, closer] = [connect(), connect(), connect()];
    await Promise.all([watcher, writer, closer].map((client) => client.connect()));
    await watcher.query(
      `insert into analytics_sessions (session_id, channel, created_at, last_seen_at)
       values ('race-close-1', 'paid', '2031-06-01T08:00:00Z', '2031-06-01T08:00:00Z'),
              ('race-close-2', 'organic', '2031-06-01T08:00:00Z', '2031-06-01T08:00:00Z');
       insert into analytics_events (session_id, event_type, page_path, created_at)
       values ('race-close-1', 'page_view', '/', '2031-06-03T10:00:00Z'),
              ('race-close-1', 'page_view', '/', '2031-06-04T10:00:00Z')`,
    );
  });
  afterAll(async () => {
    await Promise.all([watcher, writer, closer].map((client) => client?.end()));
    await ctx?.close();
  });

  const addEvent = (client: pg.Client, at: string) =>
    client.query(
      `insert into analytics_events (session_id, event_type, page_path, created_at)
       values ('race-close-2', 'page_view', '/', $1)`,
      [at],
    );
  /** The day's stored sessions (null when the day is not stored) and the raw rows' figure. */
  const day = async (date: string) => {
    const stored = await watcher.query(
      `select c.day, (select sum(sessions)::int from analytics_event_session_days d
                       where d.day = c.day and d.event_type = 'page_view') as sessions
         from analytics_closed_days c where c.day = $1`,
      [date],
    );
    const raw = await watcher.query(
      `select count(distinct session_id)::int as sessions from analytics_events
        where order_stats_day(created_at) = $1 and event_type = 'page_view'`,
      [date],
    );
    return { stored: stored.rows[0]?.sessions ?? null, raw: raw.rows[0].sessions as number };
  };

  it('a writer in flight when the job starts: the job waits and counts its event', async () => {
    await writer.query('begin');
    await addEvent(writer, '2031-06-03T12:00:00Z');
    const closing = closer.query(`select analytics_close_days('2031-06-03', '2031-06-03')`);
    await waitForLockWaiters(watcher, 1);
    await writer.query('commit');
    await closing;
    expect(await day('2031-06-03')).toEqual({ stored: 2, raw: 2 });
  });

  it('a writer while the job runs: it waits, then takes the stored day back to the raw rows', async () => {
    await closer.query('begin');
    await closer.query(`select analytics_close_days('2031-06-04', '2031-06-04')`);
    expect(await day('2031-06-04')).toEqual({ stored: null, raw: 1 }); // not committed yet
    const writing = addEvent(writer, '2031-06-04T12:00:00Z');
    await waitForLockWaiters(watcher, 1);
    await closer.query('commit');
    await writing;
    expect(await day('2031-06-04')).toEqual({ stored: null, raw: 2 });
    await closer.query(`select analytics_close_days('2031-06-04', '2031-06-04')`);
    expect(await day('2031-06-04')).toEqual({ stored: 2, raw: 2 });
  });

  /** The day's stored visitors in all (null when the day is not stored) and the raw sessions' figure. */
  const visitors = async (date: string) => {
    const stored = await watcher.query(
      `select (select visitors from analytics_visitor_days v where v.day = c.day and v.grain = 0) as visitors
         from analytics_closed_days c where c.day = $1`,
      [date],
    );
    const raw = await watcher.query(
      `select count(distinct coalesce(visitor_id, session_id))::int as visitors from analytics_sessions
        where order_stats_day(created_at) = $1 and not is_internal`,
      [date],
    );
    return { stored: stored.rows[0]?.visitors ?? null, raw: raw.rows[0].visitors as number };
  };
  const addSession = (client: pg.Client, id: string, visitor: string) =>
    client.query(
      `insert into analytics_sessions (session_id, visitor_id, channel, created_at, last_seen_at)
       values ($1, $2, 'paid', '2031-06-05T10:00:00Z', '2031-06-05T10:00:00Z')`,
      [id, visitor],
    );

  it('a session written in flight when the job starts: the job waits and counts its visitor', async () => {
    await addSession(watcher, 'race-visit-1', 'race-visitor-1');
    await writer.query('begin');
    await addSession(writer, 'race-visit-2', 'race-visitor-2');
    const closing = closer.query(`select analytics_close_days('2031-06-05', '2031-06-05')`);
    await waitForLockWaiters(watcher, 1);
    await writer.query('commit');
    await closing;
    expect(await visitors('2031-06-05')).toEqual({ stored: 2, raw: 2 });
  });

  it('a visitor learnt while the job runs: it waits, then takes the stored day back to the raw rows', async () => {
    await addSession(watcher, 'race-visit-3', null as unknown as string);
    await watcher.query(`delete from analytics_closed_days where day = '2031-06-05'`);
    await closer.query('begin');
    await closer.query(`select analytics_close_days('2031-06-05', '2031-06-05')`);
    const writing = writer.query(
      `update analytics_sessions set visitor_id = 'race-visitor-1' where session_id = 'race-visit-3'`,
    );
    await waitForLockWaiters(watcher, 1);
    await closer.query('commit');
    await writing;
    expect(await visitors('2031-06-05')).toEqual({ stored: null, raw: 2 });
    await closer.query(`select analytics_close_days('2031-06-05', '2031-06-05')`);
    expect(await visitors('2031-06-05')).toEqual({ stored: 2, raw: 2 });
  });
});
