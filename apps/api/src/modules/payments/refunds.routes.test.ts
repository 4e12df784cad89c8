import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRefundsResponse, OrderSummary, Refund, UnitEconomicsResponse } from '@app/contracts';
import { formatMessage, formatRub, moscowDate, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { startFakeYooKassa } from '#test/fakes/yookassa.ts';

type Auth = { authorization: string };

async function createOrder(
  ctx: TestContext,
  email: string,
  headers: Partial<Auth> = {},
): Promise<OrderSummary> {
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
    documents: Array<{ id: string; type: string }>;
    deliveries: Array<{ id: string; type: string }>;
  }>();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers,
    payload: {
      name: 'Ольга Смирнова',
      phoneNumber: '+79161112233',
      email,
      documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 2 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderSummary>();
}

const refundsOf = async (ctx: TestContext, orderId: string, headers: Auth) =>
  ctx.app.inject({ method: 'GET', url: `/api/order/${orderId}/refunds`, headers });
const refund = (ctx: TestContext, orderId: string, headers: Auth, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/refunds`, headers, payload });
const refundRows = async (ctx: TestContext, orderId: string) =>
  (
    await ctx.database.sql.executeSql(
      'select status, amount_kopecks::int as kopecks from refunds where order_id = $1 order by created_at',
      [orderId],
    )
  ).rows as Array<{ status: string; kopecks: number }>;

describe('refunds (test payment page)', () => {
  let ctx: TestContext;
  let admin: Auth;
  let manager: Auth;
  let customer: Auth;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    customer = { authorization: (await ctx.customerAuth('refund-owner@example.ru')).authorization };
  });
  afterAll(() => ctx.close());

  it('refuses a bad amount or reason with a Russian message and stores nothing', async () => {
    const order = await createOrder(ctx, 'refund-bad@example.ru');
    await payOnTestPage(ctx, order, 'refund-bad@example.ru');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 100 }, MESSAGES.refundReasonMissing],
      [{ amount: 100, reason: '   ' }, MESSAGES.refundReasonMissing],
      [{ amount: 100, reason: 'я'.repeat(501) }, MESSAGES.refundReasonTooLong],
      [{ amount: 0, reason: 'Ошибка' }, MESSAGES.refundAmountInvalid],
      [{ amount: -100, reason: 'Ошибка' }, MESSAGES.refundAmountInvalid],
      [{ amount: 10.001, reason: 'Ошибка' }, MESSAGES.refundAmountInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await refund(ctx, order.id, admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    // Control characters and line breaks: refused by the input guard (decision 021).
    for (const reason of ['Ошибка\u0007', 'Строка\nвторая']) {
      const response = await refund(ctx, order.id, admin, { amount: 100, reason });
      expect(response.statusCode).toBe(400);
    }
    // 500 characters after trimming are fine.
    const longest = await refund(ctx, order.id, admin, { amount: 1, reason: `  ${'я'.repeat(500)}  ` });
    expect(longest.statusCode, longest.body).toBe(201);
    expect(longest.json<Refund>().reason).toBe('я'.repeat(500));
    expect(await refundRows(ctx, order.id)).toEqual([{ status: 'succeeded', kopecks: 100 }]);
  });

  it('ADMIN only records; MANAGER and the owner read, the owner without who and errors; others get 404', async () => {
    const order = await createOrder(ctx, 'refund-owner@example.ru', customer);
    await payOnTestPage(ctx, order, 'refund-owner@example.ru');
    for (const headers of [manager, customer]) {
      const refused = await refund(ctx, order.id, headers, { amount: 100, reason: 'Ошибка' });
      expect(refused.statusCode).toBe(403);
    }
    expect(await refundRows(ctx, order.id)).toEqual([]);

    const made = await refund(ctx, order.id, admin, { amount: 100, reason: 'Не понадобилось заверение' });
    expect(made.statusCode, made.body).toBe(201);

    const staffView = (await refundsOf(ctx, order.id, manager)).json<OrderRefundsResponse>();
    expect(staffView.items[0]).toMatchObject({ actor: DEMO.admin[0], status: 'succeeded', amount: 100 });
    expect(staffView.payments).toHaveLength(1);
    expect(staffView.canRefund).toBe(false); // MANAGER reads only

    const own = await refundsOf(ctx, order.id, customer);
    expect(own.statusCode).toBe(200);
    expect(own.json<OrderRefundsResponse>()).toMatchObject({
      paid: order.amount,
      refunded: 100,
      payments: [],
    });
    expect(own.json<OrderRefundsResponse>().items[0]).toMatchObject({
      reason: 'Не понадобилось заверение',
      actor: null,
      error: null,
    });

    const stranger = { authorization: (await ctx.customerAuth('stranger@example.ru')).authorization };
    expect((await refundsOf(ctx, order.id, stranger)).statusCode).toBe(404);
  });

  it('a partial refund, then the rest; more than paid is refused; the customer is mailed each time', async () => {
    const email = 'refund-partial@example.ru';
    const order = await createOrder(ctx, email);
    await payOnTestPage(ctx, order, email);

    const first = await refund(ctx, order.id, admin, { amount: 500.5, reason: 'Скидка за задержку' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Refund>()).toMatchObject({
      amount: 500.5,
      status: 'succeeded',
      provider: 'test',
      refundedOn: moscowDate(new Date()),
    });

    const remaining = Math.round((order.amount - 500.5) * 100) / 100;
    const tooMuch = await refund(ctx, order.id, admin, { amount: remaining + 0.01, reason: 'Остаток' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ message: string }>().message).toBe(
      formatMessage(MESSAGES.refundExceedsPaid, { remaining: formatRub(remaining) }),
    );

    const rest = await refund(ctx, order.id, admin, { amount: remaining, reason: 'Отказ от заказа' });
    expect(rest.statusCode, rest.body).toBe(201);
    const view = (await refundsOf(ctx, order.id, admin)).json<OrderRefundsResponse>();
    expect(view).toMatchObject({ paid: order.amount, refunded: order.amount, pending: 0, remaining: 0 });
    expect(view.canRefund).toBe(false);
    expect((await refund(ctx, order.id, admin, { amount: 1, reason: 'Ещё' })).statusCode).toBe(409);

    const mails = (await ctx.outbox(email)).filter((mail) => mail.subject.includes('возврат'));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        `Заказ №${order.number}: возврат ${formatRub(500.5)}`,
        `Заказ №${order.number}: возврат ${formatRub(remaining)}`,
      ].sort(),
    );
    // A full refund leaves the order's status as it was (decision 046).
    const status = await ctx.database.sql.executeSql('select status, is_paid from orders where id = $1', [
      order.id,
    ]);
    expect(status.rows).toEqual([{ status: 'PAID', is_paid: true }]);
    const audit = await ctx.database.sql.executeSql(
      `select count(*)::int as n from audit_log where action = 'order.refund' and entity_id = $1`,
      [order.id],
    );
    expect(audit.rows).toEqual([{ n: 2 }]);
  });

  it('an unpaid order has nothing to refund', async () => {
    const order = await createOrder(ctx, 'refund-unpaid@example.ru');
    const response = await refund(ctx, order.id, admin, { amount: 10, reason: 'Ошибка' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(MESSAGES.refundNothingPaid);
    expect(await refundRows(ctx, order.id)).toEqual([]);
  });

  it('a payment taken outside the system is refunded outside it: method and day required', async () => {
    const order = await createOrder(ctx, 'refund-manual@example.ru');
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: {
        id: order.id,
        status: 'IN_PROGRESS',
        manualPayment: { method: 'cash', paidOn: moscowDate(new Date()) },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const missing = await refund(ctx, order.id, admin, { amount: 100, reason: 'Клиент передумал' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(MESSAGES.refundManualDetailsMissing);
    const future = await refund(ctx, order.id, admin, {
      amount: 100,
      reason: 'Клиент передумал',
      manual: { method: 'cash', refundedOn: moscowDate(new Date(Date.now() + 2 * 24 * 3600 * 1000)) },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json<{ message: string }>().message).toBe(MESSAGES.refundDateInvalid);
    expect(await refundRows(ctx, order.id)).toEqual([]);

    const day = moscowDate(new Date(Date.now() - 2 * 24 * 3600 * 1000));
    const made = await refund(ctx, order.id, admin, {
      amount: 100,
      reason: 'Клиент передумал',
      manual: { method: 'bank_transfer', refundedOn: day },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Refund>()).toMatchObject({
      provider: 'manual',
      status: 'succeeded',
      method: 'bank_transfer',
      refundedOn: day,
    });
    const mails = (await ctx.outbox('refund-manual@example.ru')).filter((m) => m.subject.includes('возврат'));
    expect(mails).toHaveLength(1);
  });

  it('the unit economics subtract refunds on the day the money went back and show them', async () => {
    const today = moscowDate(new Date());
    const stats = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/stats/unit-economics?startDate=${today}&endDate=${today}&includeInProgress=true`,
          headers: admin,
        })
      ).json<UnitEconomicsResponse>();
    const order = await createOrder(ctx, 'refund-stats@example.ru');
    await payOnTestPage(ctx, order, 'refund-stats@example.ru');
    const before = await stats();
    const made = await refund(ctx, order.id, admin, { amount: 300, reason: 'Частичный возврат' });
    expect(made.statusCode).toBe(201);
    const after = await stats();
    expect(after.refunds).toBe(before.refunds + 300);
    expect(after.revenue).toBeCloseTo(before.revenue - 300, 2);
    expect(after.orders).toBe(before.orders);
    expect(after.byDay.at(-1)).toMatchObject({ date: today, refunds: after.refunds, revenue: after.revenue });
    expect(after.grossProfit).toBeCloseTo(before.grossProfit - 300, 2);

    // A cancelled order's revenue leaves the report, and its refunds with it.
    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: admin,
      payload: { id: order.id, status: 'CANCELED', comment: 'Отказ' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const withoutIt = await stats();
    expect(withoutIt.refunds).toBe(before.refunds);
    expect(withoutIt.revenue).toBeCloseTo(before.revenue - order.amount, 2);
  });
});

describe('refunds through YooKassa (fake API)', () => {
  let ctx: TestContext;
  let admin: Auth;
  let yookassa: Awaited<ReturnType<typeof startFakeYooKassa>>;

  beforeAll(async () => {
    yookassa = await startFakeYooKassa({ shopId: '123456', secretKey: 'test_secret' });
    ctx = await createTestContext({
      env: {
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'test_secret',
        YOOKASSA_API_URL: yookassa.apiUrl,
      },
    });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(async () => {
    await ctx.close();
    await yookassa.close();
  });
  const refundRequests = () =>
    yookassa.requests.filter((request) => request.method === 'POST' && request.url === '/v3/refunds');

  /** A paid order: the link at YooKassa, the bank's success, the notification. */
  async function paidOrder(email: string) {
    yookassa.refundControl.mode = 'succeeded';
    const order = await createOrder(ctx, email);
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email },
    });
    expect(link.statusCode).toBe(200);
    const providerId = [...yookassa.payments.values()].find(
      (payment) => payment.metadata.orderNumber === String(order.number),
    )!.id;
    yookassa.succeed(providerId);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/webhook',
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: providerId } },
    });
    return { order, providerId };
  }

  it('POST /v3/refunds with the Idempotence-Key, payment_id, amount in RUB and a description', async () => {
    const { order, providerId } = await paidOrder('yoo-refund@example.ru');
    const made = await refund(ctx, order.id, admin, { amount: 1000, reason: 'Один документ не нужен' });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json<Refund>();
    expect(created).toMatchObject({ status: 'succeeded', provider: 'yookassa', amount: 1000, error: null });
    const [sent] = refundRequests().slice(-1);
    expect(sent!.headers['idempotence-key']).toBe(created.id);
    expect(sent!.headers.authorization).toBe(`Basic ${Buffer.from('123456:test_secret').toString('base64')}`);
    expect(sent!.body).toMatchObject({
      payment_id: providerId,
      amount: { value: '1000.00', currency: 'RUB' },
      description: `Возврат по заказу №${order.number}: Один документ не нужен`,
    });
    const receipt = (sent!.body as { receipt: { items: Array<{ amount: { value: string } }> } }).receipt;
    expect(receipt.items.reduce((sum, item) => sum + Math.round(Number(item.amount.value) * 100), 0)).toBe(
      100_000,
    );
    const stored = await ctx.database.sql.executeSql('select provider_refund_id from refunds where id = $1', [
      created.id,
    ]);
    expect(stored.rows).toEqual([{ provider_refund_id: [...yookassa.refunds.keys()].at(-1) }]);
  });

  it('a pending refund is finished by the notification (read back from the API), mailing once', async () => {
    const email = 'yoo-pending@example.ru';
    const { order } = await paidOrder(email);
    yookassa.refundControl.mode = 'pending';
    const made = await refund(ctx, order.id, admin, { amount: 200, reason: 'Компенсация' });
    expect(made.json<Refund>()).toMatchObject({ status: 'pending', refundedOn: null });
    // Pending money counts against the payment.
    const view = (await refundsOf(ctx, order.id, admin)).json<OrderRefundsResponse>();
    expect(view).toMatchObject({ pending: 200, refunded: 0, remaining: order.amount - 200 });

    const providerRefundId = [...yookassa.refunds.keys()].at(-1)!;
    const notify = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/yookassa/webhook',
        payload: { type: 'notification', event: 'refund.succeeded', object: { id: providerRefundId } },
      });
    await notify(); // forged: YooKassa still says pending
    expect(await refundRows(ctx, order.id)).toEqual([{ status: 'pending', kopecks: 20_000 }]);
    yookassa.succeedRefund(providerRefundId);
    await Promise.all([notify(), notify()]);
    expect(await refundRows(ctx, order.id)).toEqual([{ status: 'succeeded', kopecks: 20_000 }]);
    expect((await ctx.outbox(email)).filter((mail) => mail.subject.includes('возврат'))).toHaveLength(1);
  });

  it('a provider failure keeps the refund pending with its error; «Повторить» sends it once more, same key', async () => {
    const email = 'yoo-down@example.ru';
    const { order } = await paidOrder(email);
    yookassa.refundControl.mode = 'error';
    const before = refundRequests().length;
    const made = await refund(ctx, order.id, admin, { amount: 300, reason: 'Ошибка в заказе' });
    expect(made.statusCode).toBe(201);
    const pending = made.json<Refund>();
    expect(pending.status).toBe('pending');
    expect(pending.error).toContain('Не удалось связаться с ЮKassa');
    expect(await refundRows(ctx, order.id)).toEqual([{ status: 'pending', kopecks: 30_000 }]);
    // The customer's view has no provider error.
    const mails = await ctx.outbox(email);
    expect(mails.filter((mail) => mail.subject.includes('возврат'))).toHaveLength(0);

    // Still down: the retry answers the same pending refund.
    const stillDown = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/refunds/${pending.id}/retry`,
      headers: admin,
    });
    expect(stillDown.json<Refund>()).toMatchObject({ status: 'pending' });

    yookassa.refundControl.mode = 'succeeded';
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/refunds/${pending.id}/retry`,
      headers: admin,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Refund>()).toMatchObject({ status: 'succeeded', error: null });
    const sent = refundRequests().slice(before);
    expect(sent.length).toBe(3);
    expect(new Set(sent.map((request) => request.headers['idempotence-key']))).toEqual(new Set([pending.id]));
    expect((await ctx.outbox(email)).filter((mail) => mail.subject.includes('возврат'))).toHaveLength(1);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/refunds/${pending.id}/retry`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(MESSAGES.refundNotRetryable);
  });

  it('a refund the bank cancels, or YooKassa refuses, frees its amount again', async () => {
    const { order, providerId } = await paidOrder('yoo-cancel@example.ru');
    yookassa.refundControl.mode = 'pending';
    const made = (await refund(ctx, order.id, admin, { amount: 400, reason: 'Компенсация' })).json<Refund>();
    yookassa.cancelRefund([...yookassa.refunds.keys()].at(-1)!);
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/refunds/${made.id}/retry`,
      headers: admin,
    });
    expect(retried.json<Refund>()).toMatchObject({ status: 'canceled' });
    expect(retried.json<Refund>().error).toContain('ЮKassa отменила возврат');
    let view = (await refundsOf(ctx, order.id, admin)).json<OrderRefundsResponse>();
    expect(view).toMatchObject({ remaining: order.amount, refunded: 0, pending: 0 });

    // YooKassa refuses the request itself (here: the payment is no longer refundable there).
    yookassa.payments.get(providerId)!.status = 'canceled';
    const refused = await refund(ctx, order.id, admin, { amount: 50, reason: 'Компенсация' });
    expect(refused.json<Refund>()).toMatchObject({ status: 'canceled' });
    expect(refused.json<Refund>().error).toContain('ЮKassa отказала');
    view = (await refundsOf(ctx, order.id, admin)).json<OrderRefundsResponse>();
    expect(view.remaining).toBe(order.amount);
  });

  it('the reconciliation job asks about refunds left pending', async () => {
    const { order } = await paidOrder('yoo-job@example.ru');
    yookassa.refundControl.mode = 'error';
    const made = (await refund(ctx, order.id, admin, { amount: 100, reason: 'Компенсация' })).json<Refund>();
    expect(made.status).toBe('pending');
    // As if the refund had waited for over a minute.
    await ctx.database.sql.executeSql(
      `update refunds set updated_at = now() - interval '5 minutes' where id = $1`,
      [made.id],
    );
    yookassa.refundControl.mode = 'succeeded';
    const result = await ctx.services.refunds.reconcilePending();
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(await refundRows(ctx, order.id)).toEqual([{ status: 'succeeded', kopecks: 10_000 }]);
  });
});
