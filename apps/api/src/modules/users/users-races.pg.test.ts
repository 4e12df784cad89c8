import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * Two admins demoting each other at the same moment (decision 048): the route lets both in, so the rule that an
 * admin stays is decided under a lock in the database. PostgreSQL only (PGlite runs one query at a time).
 */
describe('role changes under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 8, env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    await locker.connect();
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await watcher.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await ctx?.close();
  });

  it('two admins demoting each other at once: one wins, the other is refused, an admin remains', async () => {
    const first = await ctx.staffAuth(...DEMO.admin);
    const second = await ctx.customerAuth('second.admin@example.ru');
    const promoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user/${second.body.user.id}/role`,
      headers: first,
      payload: { role: 'ADMIN' },
    });
    expect(promoted.statusCode).toBe(200);
    const firstId = (
      await watcher.query<{ id: string }>(`select id from users where email = $1`, [DEMO.admin[0]])
    ).rows[0]!.id;
    // Only the two of them are admins, so that "an admin remains" is about this race.
    await watcher.query(`update users set role = 'MANAGER' where role = 'ADMIN' and id not in ($1, $2)`, [
      firstId,
      second.body.user.id,
    ]);

    // Both requests get past the route's role check, then queue behind the held rows and are let go together.
    await locker.query('begin');
    await locker.query(`select id from users where id in ($1, $2) for update`, [
      firstId,
      second.body.user.id,
    ]);
    const demote = (headers: { authorization: string }, id: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/user/${id}/role`, headers, payload: { role: 'MANAGER' } });
    const pending = Promise.all([
      demote(first, second.body.user.id),
      demote({ authorization: second.authorization }, firstId),
    ]);
    await waitForLockWaiters(watcher, 2);
    await locker.query('commit');
    const answers = await pending;

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((answer) => answer.statusCode === 403)!.json()).toMatchObject({
      message: MESSAGES.roleChangedMeanwhile,
    });
    const { rows } = await watcher.query<{ n: number }>(
      `select count(*)::int as n from users where role = 'ADMIN'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
