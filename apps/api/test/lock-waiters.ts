import type pg from 'pg';

/**
 * Race tests on PostgreSQL hold a row from a connection of their own and wait until the requests under test are
 * queued behind it (pg_stat_activity, seen from `watcher`, another connection outside any transaction), so the
 * moment they are released together is the test's, not the scheduler's.
 */
export async function lockWaiters(watcher: pg.Client): Promise<number> {
  const { rows } = await watcher.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

export async function waitForLockWaiters(
  watcher: pg.Client,
  count: number,
  timeoutMs = 10_000,
): Promise<void> {
  const started = Date.now();
  while ((await lockWaiters(watcher)) < count) {
    if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} requests waiting on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
