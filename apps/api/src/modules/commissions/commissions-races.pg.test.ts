import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutRunDetail } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';
import { insertPartner, insertPaymentDetails, sqlRows } from '#test/partner-money.ts';

/**
 * The commission state changes that other requests race (decision 062), on a real PostgreSQL server: approval runs
 * at once, payout runs created at once, a run marked paid twice at once. A connection of the test holds a row, the
 * racers queue behind it, and are released together.
 */
describe('commission and payout races (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 20 });
    admin = await ctx.staffAuth(...DEMO.admin);
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
    await sqlRows(ctx, `update partner_program_settings set min_payout_kopecks = 100000 where id = 1`);
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await ctx?.close();
  });

  /** An adjustment through the API (APPROVED at once): money a payout run can take. */
  async function adjust(partnerId: string, amount: number): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/commission-adjustments',
      headers: admin,
      payload: { partnerAccountId: partnerId, amount, reason: 'Начисление' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  it('two approval runs at once approve each commission once, with one event each', async () => {
    const partner = await insertPartner(ctx);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const [row] = await sqlRows<{ id: string }>(
        ctx,
        `insert into partner_commissions (partner_account_id, kind, status, amount_kopecks, original_amount_kopecks,
           approvable_at, reason)
         values ($1, 'ADJUSTMENT', 'PENDING', 1000, 1000, now() - interval '1 day', 'held') returning id`,
        [partner.id],
      );
      ids.push(row!.id);
    }
    await locker.query('begin');
    await locker.query('select id from partner_commissions where id = $1 for update', [ids[2]]);
    const runs = [ctx.services.commissions.approveDue(), ctx.services.commissions.approveDue()];
    await waitForLockWaiters(watcher, 2);
    await locker.query('commit');
    const results = await Promise.all(runs);
    expect(results.reduce((sum, result) => sum + (result.approved as number), 0)).toBe(5);
    const events = await sqlRows<{ commission_id: string; n: number }>(
      ctx,
      `select commission_id, count(*)::int as n from partner_commission_events
        where commission_id = any($1::uuid[]) and to_status = 'APPROVED' group by commission_id`,
      [ids],
    );
    expect(events).toHaveLength(5);
    expect(events.every((row) => row.n === 1)).toBe(true);
    const statuses = await sqlRows<{ status: string }>(
      ctx,
      `select status from partner_commissions where id = any($1::uuid[])`,
      [ids],
    );
    expect(statuses.every((row) => row.status === 'APPROVED')).toBe(true);
  });

  it('two payout runs created at once never take one commission twice', async () => {
    const partners = [await insertPartner(ctx), await insertPartner(ctx)];
    const commissionIds: string[] = [];
    for (const partner of partners) {
      await insertPaymentDetails(ctx, partner.id);
      commissionIds.push(await adjust(partner.id, 1500), await adjust(partner.id, 700));
    }
    const today = new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);
    await locker.query('begin');
    await locker.query('select id from partner_commissions where id = $1 for update', [commissionIds[0]]);
    const create = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/partner-payouts',
        headers: admin,
        payload: { periodFrom: '2026-01-01', periodTo: today },
      });
    const racing = [create(), create()];
    await waitForLockWaiters(watcher, 2);
    await locker.query('commit');
    const responses = await Promise.all(racing);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const run = responses.find((response) => response.statusCode === 201)!.json<PayoutRunDetail>();
    expect(run.payouts.map((payout) => payout.amountKopecks)).toEqual([220_000, 220_000]);
    const assigned = await sqlRows<{ payout_id: string | null; run_id: string | null }>(
      ctx,
      `select c.payout_id, p.run_id from partner_commissions c left join partner_payouts p on p.id = c.payout_id
        where c.id = any($1::uuid[])`,
      [commissionIds],
    );
    expect(assigned.every((row) => row.run_id === run.id)).toBe(true);
    const payoutRows = await sqlRows<{ n: number }>(
      ctx,
      `select count(*)::int as n from partner_payouts where partner_account_id = any($1::uuid[])`,
      [partners.map((partner) => partner.id)],
    );
    expect(payoutRows[0]!.n).toBe(2);

    // Marked paid twice at once: paid once — one PAID event per commission, one e-mail per partner.
    await locker.query('begin');
    await locker.query('select id from partner_payout_runs where id = $1 for update', [run.id]);
    const markPaid = () =>
      ctx.app.inject({ method: 'POST', url: `/api/partner-payouts/${run.id}/mark-paid`, headers: admin });
    const paying = [markPaid(), markPaid()];
    await waitForLockWaiters(watcher, 2);
    await locker.query('commit');
    const paid = await Promise.all(paying);
    expect(paid.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const paidEvents = await sqlRows<{ n: number }>(
      ctx,
      `select count(*)::int as n from partner_commission_events
        where commission_id = any($1::uuid[]) and to_status = 'PAID'`,
      [commissionIds],
    );
    expect(paidEvents[0]!.n).toBe(4);
    for (const partner of partners) expect(await ctx.outbox(partner.email)).toHaveLength(1);
  });
});
