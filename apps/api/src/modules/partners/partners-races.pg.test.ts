import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * A partner link racing a role change, on a real PostgreSQL server (PGlite runs one query at a time and hides
 * races), so only the api-postgres project runs this file. Decision 019.
 */
describe('linking a partner account while its role changes (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await ctx?.close();
  });

  it('an account made ADMIN while it is being linked stays ADMIN and the link is refused', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = `pvz.race.${round}@example.ru`;
      await ctx.customerAuth(email);
      const { rows } = await locker.query<{ id: string }>('select id from users where email = $1', [email]);
      const userId = rows[0]!.id;
      // The role change holds the account row; the link request reads "USER" and then waits to write.
      await locker.query('begin');
      await locker.query('select id from users where id = $1 for update', [userId]);
      const linking = ctx.app.inject({
        method: 'POST',
        url: '/api/partner',
        headers: admin,
        payload: { name: `ПВЗ гонка ${round}`, commission: 10, userEmail: email },
      });
      await waitForLockWaiters(watcher, 1);
      await locker.query(`update users set role = 'ADMIN' where id = $1`, [userId]);
      await locker.query('commit');
      const response = await linking;

      const after = await watcher.query<{ role: string }>('select role from users where id = $1', [userId]);
      expect(after.rows[0]!.role).toBe('ADMIN');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: MESSAGES.partnerUserIsStaff });
      const partners = await watcher.query('select id from partners where user_id = $1', [userId]);
      expect(partners.rows).toHaveLength(0);
    }
  });

  it('an account unlinked from one partner while another links it stays PARTNER', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = `pvz.move.${round}@example.ru`;
      await ctx.customerAuth(email);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner',
        headers: admin,
        payload: { name: `ПВЗ старый ${round}`, commission: 10, userEmail: email },
      });
      expect(created.statusCode).toBe(200);
      const old = created.json<{ id: string; userId: string }>();
      // Another admin links the account to a new partner: the account row is held until that link commits.
      await locker.query('begin');
      await locker.query('select id from users where id = $1 for update', [old.userId]);
      await locker.query(`insert into partners (name, commission, user_id) values ($1, 10, $2)`, [
        `ПВЗ новый ${round}`,
        old.userId,
      ]);
      const unlinking = ctx.app.inject({
        method: 'PUT',
        url: '/api/partner',
        headers: admin,
        payload: { id: old.id, name: `ПВЗ старый ${round}`, commission: 10, userEmail: null },
      });
      await waitForLockWaiters(watcher, 1);
      await locker.query('commit');
      expect((await unlinking).statusCode).toBe(200);

      const after = await watcher.query<{ role: string; linked: number }>(
        `select role, (select count(*)::int from partners where user_id = users.id) as linked
           from users where id = $1`,
        [old.userId],
      );
      expect(after.rows[0]).toEqual({ role: 'PARTNER', linked: 1 });
    }
  });
});
