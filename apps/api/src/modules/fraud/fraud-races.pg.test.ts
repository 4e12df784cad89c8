import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { partnerFixtures } from '#test/partner-fixtures.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * Two staff decisions on one fraud event at once, on a real PostgreSQL server (PGlite runs one query at a time and
 * hides races), so only the api-postgres project runs this file. Decision 019.
 */
describe('fraud decisions racing (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let fx: ReturnType<typeof partnerFixtures>;
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 20 });
    admin = await ctx.staffAuth(...DEMO.admin);
    fx = partnerFixtures(ctx);
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await ctx?.close();
  });

  const act = (id: string, action: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/fraud-events/${id}/${action}`,
      headers: admin,
      payload: { note: `гонка ${action}` },
    });

  it('release and reverse at once: exactly one wins, and the commission follows the winner', async () => {
    for (let round = 0; round < 5; round += 1) {
      const partner = await fx.partner();
      const order = await fx.order({ email: `race${round}@mailinator.com` });
      await fx.attribute(order.id, partner);
      const commissionId = await fx.commission(partner, order.id, 10_000, 'PENDING');
      const [event] = await ctx.services.fraud.scanOrder(ctx.database.db, order.id);

      const [released, reversed] = await Promise.all([act(event!.id, 'release'), act(event!.id, 'reverse')]);
      expect([released.statusCode, reversed.statusCode].sort()).toEqual([200, 409]);
      const [row] = await fx.run<{ status: string }>(
        'select status from partner_fraud_events where id = $1',
        [event!.id],
      );
      const [commission] = await fx.run<{ status: string }>(
        'select status from partner_commissions where id = $1',
        [commissionId],
      );
      if (released.statusCode === 200) {
        expect(row!.status).toBe('RELEASED');
        expect(commission!.status).toBe('PENDING');
      } else {
        expect(row!.status).toBe('REVERSED');
        expect(commission!.status).toBe('REVERSED');
      }
      const audits = await fx.run('select action from audit_log where entity_id = $1', [event!.id]);
      expect(audits).toHaveLength(1);
    }
  });

  it('two scans of the partner rules at once open one event', async () => {
    const partner = await fx.partner();
    for (let i = 0; i < 6; i += 1) {
      const order = await fx.order({ status: 'CANCELED' });
      await fx.attribute(order.id, partner);
    }
    // Both scans queue behind the (partner, rule) lock, then run one after the other.
    const key = `fraud:${partner}:MANY_CANCELLATIONS`;
    await locker.query('select pg_advisory_lock(hashtext($1))', [key]);
    const scans = Promise.all([ctx.services.fraud.scanPartners(), ctx.services.fraud.scanPartners()]);
    await waitForLockWaiters(watcher, 2);
    await locker.query('select pg_advisory_unlock(hashtext($1))', [key]);
    await scans;
    const events = await fx.run('select id from partner_fraud_events where partner_account_id = $1', [
      partner,
    ]);
    expect(events).toHaveLength(1);
  });
});
