import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMISSION_MESSAGES,
  commissionKopecks,
  type Adjustment,
  type AdjustmentsResponse,
  type PartnerCommissionsResponse,
  type PartnerPayoutsResponse,
  type PayoutRunDetail,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import {
  approveAllOf,
  commissionsOf,
  complete,
  eventsOf,
  insertPartner,
  insertPaymentDetails,
  paidAttributedOrder,
  sqlRows,
} from '#test/partner-money.ts';
import { pdfText } from '#test/pdf-text.ts';

type Auth = { authorization: string };
const DAY_MS = 24 * 3600 * 1000;

describe('partner commissions (decision 062)', () => {
  let ctx: TestContext;
  let admin: Auth;
  let manager: Auth;
  /** The clock runs; tests move it forward by `offsetMs` (the hold). */
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now } });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    // The programme's settings: 10 % for affiliates, 14 days' hold, 1 000 ₽ minimum payout.
    await sqlRows(
      ctx,
      `update partner_program_settings set commission_affiliate_percent = 10, hold_days = 14,
         min_payout_kopecks = 100000 where id = 1`,
    );
  });
  afterAll(() => ctx.close());

  const kopecksOf = (rubles: number) => Math.round(rubles * 100);

  it('an attributed order that is paid earns an ORDER commission at the rate of that moment, once', async () => {
    const partner = await insertPartner(ctx, { commissionPercent: 12.5 });
    const order = await paidAttributedOrder(ctx, partner.id);
    const rows = await commissionsOf(ctx, 'order_id = $1', [order.id]);
    const base = kopecksOf(order.amount);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'ORDER',
        status: 'PENDING',
        base,
        rate: 12.5,
        amount: commissionKopecks(base, 12.5),
        approvable_at: null,
      }),
    ]);
    expect(await eventsOf(ctx, rows[0]!.id)).toEqual([
      { from_status: null, to_status: 'PENDING', amount: rows[0]!.amount, note: 'Заказ оплачен' },
    ]);
    // Paid again (a second settlement of the same order): still one commission.
    await ctx.database.db.transaction((tx) =>
      ctx.services.commissions.onOrderPaid(tx, { ...order, deliveryPrice: 0, status: 'PAID' }),
    );
    expect(await commissionsOf(ctx, 'order_id = $1', [order.id])).toHaveLength(1);
  });

  it('no commission without an attribution, nor for a BANNED partner; a SUSPENDED one earns but is held', async () => {
    const banned = await insertPartner(ctx, { status: 'BANNED' });
    const bannedOrder = await paidAttributedOrder(ctx, banned.id);
    expect(await commissionsOf(ctx, 'order_id = $1', [bannedOrder.id])).toEqual([]);

    const suspended = await insertPartner(ctx, { status: 'SUSPENDED' });
    const order = await paidAttributedOrder(ctx, suspended.id);
    await complete(ctx, order.id);
    await approveAllOf(ctx, suspended.id);
    expect((await commissionsOf(ctx, 'order_id = $1', [order.id]))[0]!.status).toBe('PENDING');
  });

  it('is held until COMPLETED + hold days, then approved by the job; an open fraud event holds it', async () => {
    const partner = await insertPartner(ctx);
    const order = await paidAttributedOrder(ctx, partner.id);
    const held = await paidAttributedOrder(ctx, partner.id);
    await ctx.services.commissions.approveDue();
    expect((await commissionsOf(ctx, 'order_id = $1', [order.id]))[0]!.status).toBe('PENDING');

    await complete(ctx, order.id);
    await complete(ctx, held.id);
    const [pending] = await commissionsOf(ctx, 'order_id = $1', [order.id]);
    expect(Math.abs(pending!.approvable_at!.getTime() - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
    await sqlRows(
      ctx,
      `insert into partner_fraud_events (partner_account_id, rule, order_id, evidence) values ($1, 'SELF_REFERRAL', $2, '{}')`,
      [partner.id, held.id],
    );

    // A day before the hold ends: nothing; after it: approved, with its event; the held one waits.
    offsetMs = 13 * DAY_MS;
    await ctx.services.commissions.approveDue();
    expect((await commissionsOf(ctx, 'order_id = $1', [order.id]))[0]!.status).toBe('PENDING');
    offsetMs = 14 * DAY_MS + 60_000;
    const result = await ctx.services.commissions.approveDue();
    expect(result.approved).toBeGreaterThanOrEqual(1);
    const [approved] = await commissionsOf(ctx, 'order_id = $1', [order.id]);
    expect(approved!.status).toBe('APPROVED');
    expect((await eventsOf(ctx, approved!.id)).at(-1)).toMatchObject({
      from_status: 'PENDING',
      to_status: 'APPROVED',
    });
    expect((await commissionsOf(ctx, 'order_id = $1', [held.id]))[0]!.status).toBe('PENDING');

    // A partner-wide open event (no order) holds everything of the partner; released, the job takes it.
    await sqlRows(ctx, `update partner_fraud_events set status = 'RELEASED' where order_id = $1`, [held.id]);
    await sqlRows(
      ctx,
      `insert into partner_fraud_events (partner_account_id, rule, evidence) values ($1, 'CLICK_SPIKE', '{}')`,
      [partner.id],
    );
    await ctx.services.commissions.approveDue();
    expect((await commissionsOf(ctx, 'order_id = $1', [held.id]))[0]!.status).toBe('PENDING');
    await sqlRows(ctx, `update partner_fraud_events set status = 'RELEASED' where partner_account_id = $1`, [
      partner.id,
    ]);
    await ctx.services.commissions.approveDue();
    expect((await commissionsOf(ctx, 'order_id = $1', [held.id]))[0]!.status).toBe('APPROVED');
    offsetMs = 0;
  });

  it('the approval job is a periodic job that «Запустить сейчас» can run', async () => {
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/cron/approve-partner-commissions/run',
      headers: admin,
    });
    expect(run.statusCode, run.body).toBe(200);
    const [job] = await sqlRows<{ name: string; data: { name: string } }>(
      ctx,
      `select name, data from pgboss.job where data->>'name' = 'approve-partner-commissions'`,
    );
    expect(job).toMatchObject({ name: 'sync-tasks' });
  });

  it('a partial refund reduces an unpaid commission to rate × what is left; a full refund reverses it', async () => {
    const partner = await insertPartner(ctx);
    const order = await paidAttributedOrder(ctx, partner.id);
    const base = kopecksOf(order.amount);
    const refund = (amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/refunds`,
        headers: admin,
        payload: { amount, reason: 'Один документ не переводили' },
      });
    const first = await refund(100);
    expect(first.statusCode, first.body).toBe(201);
    const [reduced] = await commissionsOf(ctx, 'order_id = $1', [order.id]);
    expect(reduced).toMatchObject({ status: 'PENDING', amount: commissionKopecks(base - 10_000, 10) });
    expect((await eventsOf(ctx, reduced!.id)).at(-1)).toMatchObject({
      from_status: 'PENDING',
      to_status: 'PENDING',
      amount: commissionKopecks(base - 10_000, 10),
    });
    expect((await refund((base - 10_000) / 100)).statusCode).toBe(201);
    const [reversed] = await commissionsOf(ctx, 'order_id = $1', [order.id]);
    expect(reversed).toMatchObject({ status: 'REVERSED', amount: 0 });
    expect((await eventsOf(ctx, reversed!.id)).at(-1)).toMatchObject({ to_status: 'REVERSED', amount: 0 });
  });

  it('a cancelled order reverses its PENDING or APPROVED commission', async () => {
    const partner = await insertPartner(ctx);
    const pending = await paidAttributedOrder(ctx, partner.id);
    await ctx.services.orderStatus.changeStatusBySystem({
      orderId: pending.id,
      from: 'PAID',
      to: 'CANCELED',
      comment: null,
    });
    expect((await commissionsOf(ctx, 'order_id = $1', [pending.id]))[0]).toMatchObject({
      status: 'REVERSED',
      amount: 0,
    });
    const approved = await paidAttributedOrder(ctx, partner.id);
    await complete(ctx, approved.id);
    await approveAllOf(ctx, partner.id);
    const [before] = await commissionsOf(ctx, 'order_id = $1', [approved.id]);
    expect(before!.status).toBe('APPROVED');
    await ctx.services.orderStatus.changeStatusBySystem({
      orderId: approved.id,
      from: 'COMPLETED',
      to: 'CANCELED',
      comment: null,
    });
    expect((await commissionsOf(ctx, 'order_id = $1', [approved.id]))[0]).toMatchObject({
      status: 'REVERSED',
      amount: 0,
    });
    expect((await eventsOf(ctx, before!.id)).map((event) => event.to_status)).toEqual([
      'PENDING',
      'APPROVED',
      'REVERSED',
    ]);
  });

  it('adjustments: validated, ADMIN only, APPROVED at once, audited, listed and shown to the partner', async () => {
    const partner = await insertPartner(ctx, { name: 'Ольга Корректировкина' });
    const create = (payload: Record<string, unknown>, headers: Auth = admin) =>
      ctx.app.inject({ method: 'POST', url: '/api/commission-adjustments', headers, payload });
    const bad: Array<[Record<string, unknown>, string]> = [
      [
        { partnerAccountId: partner.id, amount: 0, reason: 'Бонус' },
        COMMISSION_MESSAGES.adjustmentAmountInvalid,
      ],
      [
        { partnerAccountId: partner.id, amount: 10.001, reason: 'Бонус' },
        COMMISSION_MESSAGES.adjustmentAmountInvalid,
      ],
      [
        { partnerAccountId: partner.id, amount: 1_000_000.01, reason: 'Бонус' },
        COMMISSION_MESSAGES.adjustmentAmountInvalid,
      ],
      [
        { partnerAccountId: partner.id, amount: 100, reason: '  ' },
        COMMISSION_MESSAGES.adjustmentReasonMissing,
      ],
      [
        { partnerAccountId: partner.id, amount: 100, reason: 'я'.repeat(501) },
        COMMISSION_MESSAGES.adjustmentReasonTooLong,
      ],
      [{ amount: 100, reason: 'Бонус' }, COMMISSION_MESSAGES.adjustmentPartnerMissing],
    ];
    for (const [payload, message] of bad) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(
      (await create({ partnerAccountId: partner.id, amount: 1, reason: 'Бонус\u0007' })).statusCode,
    ).toBe(400);
    expect(
      (await create({ partnerAccountId: partner.id, amount: 1, reason: 'Бонус' }, manager)).statusCode,
    ).toBe(403);
    const unknown = await create({
      partnerAccountId: '00000000-0000-4000-8000-000000000000',
      amount: 1,
      reason: 'Бонус',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await commissionsOf(ctx, 'partner_account_id = $1', [partner.id])).toEqual([]);

    const plus = await create({
      partnerAccountId: partner.id,
      amount: 1500.5,
      reason: 'Бонус за конференцию',
    });
    expect(plus.statusCode, plus.body).toBe(201);
    expect(plus.json<Adjustment>()).toMatchObject({
      amountKopecks: 150_050,
      status: 'APPROVED',
      createdBy: DEMO.admin[0],
    });
    const minus = await create({
      partnerAccountId: partner.id,
      amount: -200,
      reason: 'Ошибочное начисление',
    });
    expect(minus.json<Adjustment>().amountKopecks).toBe(-20_000);
    const [audit] = await sqlRows<{ data: { amountKopecks: number } }>(
      ctx,
      `select data from audit_log where action = 'partner.commission.adjustment' and entity_id = $1 order by created_at`,
      [partner.id],
    );
    expect(audit!.data.amountKopecks).toBe(150_050);

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/commission-adjustments?partnerAccountId=${partner.id}`,
      headers: admin,
    });
    const body = list.json<AdjustmentsResponse>();
    expect(body.total).toBe(2);
    expect(body.items.map((item) => item.amountKopecks)).toEqual([-20_000, 150_050]);
    const options = await ctx.app.inject({
      method: 'GET',
      url: `/api/commission-adjustments/partners?search=${encodeURIComponent('Корректировкина')}`,
      headers: admin,
    });
    expect(options.json<{ items: Array<{ id: string }> }>().items).toEqual([
      { id: partner.id, name: partner.name, email: partner.email },
    ]);
  });

  describe('payout runs', () => {
    let rich: Awaited<ReturnType<typeof insertPartner>>;
    let poor: Awaited<ReturnType<typeof insertPartner>>;
    let noDetails: Awaited<ReturnType<typeof insertPartner>>;
    let paidOrderId: string;
    const today = () => new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);
    const createRun = (headers: Auth = admin) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/partner-payouts',
        headers,
        payload: { periodFrom: '2026-01-01', periodTo: today() },
      });

    beforeAll(async () => {
      // Earlier tests left approved money of their own partners: they have no payment details (excluded).
      rich = await insertPartner(ctx, { name: 'А Богатый партнёр' });
      poor = await insertPartner(ctx, { name: 'Б Скромный партнёр' });
      noDetails = await insertPartner(ctx, { name: 'В Без реквизитов' });
      await insertPaymentDetails(ctx, rich.id, { payeeName: '=HYPERLINK("http://evil")' });
      await insertPaymentDetails(ctx, poor.id);
      const order = await paidAttributedOrder(ctx, rich.id);
      paidOrderId = order.id;
      await complete(ctx, order.id);
      await approveAllOf(ctx, rich.id);
      for (const [partner, amount] of [
        [rich, 1234.5],
        [poor, 999.99],
        [noDetails, 5000],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/commission-adjustments',
          headers: admin,
          payload: { partnerAccountId: partner.id, amount, reason: 'Начисление' },
        });
        expect(response.statusCode).toBe(201);
      }
    });

    it('refuses a bad period, is ADMIN only', async () => {
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner-payouts',
        headers: admin,
        payload: { periodFrom: '2026-02-01', periodTo: '2026-01-01' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(COMMISSION_MESSAGES.payoutPeriodInvalid);
      expect((await createRun(manager)).statusCode).toBe(403);
    });

    it('creates, exports, cancels (money free again), recreates and marks paid once; the partner sees it', async () => {
      const created = await createRun();
      expect(created.statusCode, created.body).toBe(201);
      const run = created.json<PayoutRunDetail>();
      const orderCommission = (await commissionsOf(ctx, 'order_id = $1', [paidOrderId]))[0]!;
      const richTotal = orderCommission.amount + 123_450;
      expect(run.payouts).toEqual([
        expect.objectContaining({ partnerAccountId: rich.id, amountKopecks: richTotal, commissionCount: 2 }),
      ]);
      expect(run.excluded).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            partnerAccountId: poor.id,
            reason: 'BELOW_MINIMUM',
            amountKopecks: 99_999,
          }),
          expect.objectContaining({ partnerAccountId: noDetails.id, reason: 'NO_PAYMENT_DETAILS' }),
        ]),
      );
      // Nothing left for a second run: the money is in this one.
      const empty = await createRun();
      expect(empty.statusCode).toBe(409);
      expect(empty.body).toContain(COMMISSION_MESSAGES.payoutRunEmpty);

      const registry = await ctx.app.inject({
        method: 'GET',
        url: `/api/partner-payouts/${run.id}/registry.csv`,
        headers: admin,
      });
      expect(registry.statusCode).toBe(200);
      expect(registry.headers['content-type']).toContain('windows-1251');
      const text = new TextDecoder('windows-1251').decode(registry.rawPayload);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(
        '№;Получатель;ИНН;КПП;БИК;Банк;Корр. счёт;Счёт получателя;Сумма;Назначение платежа',
      );
      const amount = `${Math.floor(richTotal / 100)}.${String(richTotal % 100).padStart(2, '0')}`;
      expect(lines[1]).toBe(
        `1;"'=HYPERLINK(""http://evil"")";7707083893;773601001;044525225;ПАО Сбербанк;30101810400000000225;` +
          `40702810938000000001;${amount};Выплата партнёрского вознаграждения за период с 01.01.2026 по ` +
          `${today().split('-').reverse().join('.')}, НДС не облагается`,
      );
      expect(lines).toHaveLength(3);

      const cancelled = await ctx.app.inject({
        method: 'POST',
        url: `/api/partner-payouts/${run.id}/cancel`,
        headers: admin,
      });
      expect(cancelled.json<PayoutRunDetail>().status).toBe('CANCELLED');
      expect(
        (await commissionsOf(ctx, 'partner_account_id = $1', [rich.id])).map((row) => row.payout_id),
      ).toEqual([null, null]);

      const again = (await createRun()).json<PayoutRunDetail>();
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/api/partner-payouts/${again.id}/mark-paid`,
        headers: admin,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json<PayoutRunDetail>().status).toBe('PAID');
      const twice = await ctx.app.inject({
        method: 'POST',
        url: `/api/partner-payouts/${again.id}/mark-paid`,
        headers: admin,
      });
      expect(twice.statusCode).toBe(409);
      const rows = await commissionsOf(ctx, 'partner_account_id = $1', [rich.id]);
      expect(rows.map((row) => row.status)).toEqual(['PAID', 'PAID']);
      for (const row of rows) {
        expect((await eventsOf(ctx, row.id)).filter((event) => event.to_status === 'PAID')).toHaveLength(1);
      }
      const mails = await ctx.outbox(rich.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        expect.stringContaining('Партнёрское вознаграждение выплачено'),
      ]);

      const partnerAuth = await partnerSignIn(ctx, rich.email);
      const payouts = await ctx.app.inject({
        method: 'GET',
        url: '/api/partner/payouts',
        headers: partnerAuth,
      });
      const [payout] = payouts.json<PartnerPayoutsResponse>().items;
      expect(payout).toMatchObject({ status: 'PAID', amountKopecks: richTotal });
      expect(payout!.commissions.map((c) => c.kind).sort()).toEqual(['ADJUSTMENT', 'ORDER']);
      expect(JSON.stringify(payout)).not.toContain('buyer-');
      const statement = await ctx.app.inject({
        method: 'GET',
        url: `/api/partner/payouts/${payout!.id}/statement.pdf`,
        headers: partnerAuth,
      });
      expect(statement.statusCode).toBe(200);
      expect(statement.headers['content-type']).toBe('application/pdf');
      const pdf = await pdfText(statement.rawPayload);
      expect(pdf).toContain('Выписка по выплате');
      // Another partner cannot read it.
      const other = await partnerSignIn(ctx, poor.email);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/partner/payouts/${payout!.id}/statement.pdf`,
            headers: other,
          })
        ).statusCode,
      ).toBe(404);
      const commissions = await ctx.app.inject({
        method: 'GET',
        url: '/api/partner/commissions?status=PAID',
        headers: partnerAuth,
      });
      const list = commissions.json<PartnerCommissionsResponse>();
      expect(list.total).toBe(2);
      expect(list.totals.PAID).toBe(richTotal);
    });

    it('a refund after the payout: a negative CLAWBACK, grown by a second refund, then an ADJUSTMENT once paid', async () => {
      const [commission] = await commissionsOf(ctx, 'order_id = $1', [paidOrderId]);
      expect(commission!.status).toBe('PAID');
      const refund = (amount: number) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/order/${paidOrderId}/refunds`,
          headers: admin,
          payload: { amount, reason: 'Частичный возврат' },
        });
      expect((await refund(100)).statusCode).toBe(201);
      const step1 = commissionKopecks(commission!.base - 10_000, 10) - commission!.amount;
      let rows = await commissionsOf(ctx, 'order_id = $1', [paidOrderId]);
      expect(rows.map((row) => [row.kind, row.status, row.amount])).toEqual([
        ['ORDER', 'PAID', commission!.amount],
        ['CLAWBACK', 'APPROVED', step1],
      ]);
      expect((await refund(100)).statusCode).toBe(201);
      const step2 = commissionKopecks(commission!.base - 20_000, 10) - commission!.amount;
      rows = await commissionsOf(ctx, 'order_id = $1', [paidOrderId]);
      expect(rows.map((row) => [row.kind, row.amount])).toEqual([
        ['ORDER', commission!.amount],
        ['CLAWBACK', step2],
      ]);
      // The clawback is taken by a payout (with a bonus so the sum is above the minimum) and paid.
      await ctx.app.inject({
        method: 'POST',
        url: '/api/commission-adjustments',
        headers: admin,
        payload: { partnerAccountId: rich.id, amount: 2000, reason: 'Бонус' },
      });
      const run = (await createRun()).json<PayoutRunDetail>();
      expect(run.payouts[0]!.amountKopecks).toBe(200_000 + step2);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/partner-payouts/${run.id}/mark-paid`,
        headers: admin,
      });
      expect((await refund(100)).statusCode).toBe(201);
      rows = await commissionsOf(ctx, 'order_id = $1', [paidOrderId]);
      expect(rows.map((row) => [row.kind, row.status])).toEqual([
        ['ORDER', 'PAID'],
        ['CLAWBACK', 'PAID'],
        ['ADJUSTMENT', 'APPROVED'],
      ]);
      const total = rows.reduce((sum, row) => sum + row.amount, 0);
      expect(total).toBe(commissionKopecks(commission!.base - 30_000, 10));
    });
  });
});

async function partnerSignIn(ctx: TestContext, email: string): Promise<Auth> {
  // Portal partners made by the fixtures have no password: a session is opened as the sign-in would.
  const { hashPassword } = await import('../../lib/passwords.ts');
  await sqlRows(ctx, `update partner_accounts set password_hash = $2 where email = $1`, [
    email,
    await hashPassword('partner-pass-123'),
  ]);
  return ctx.partnerAuth(email, 'partner-pass-123');
}
