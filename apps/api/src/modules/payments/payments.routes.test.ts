import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { startFakeYooKassa } from '#test/fakes/yookassa.ts';

async function createOrder(ctx: TestContext, email: string): Promise<OrderSummary> {
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
    documents: Array<{ id: string; type: string }>;
    assurances: Array<{ id: string; type: string }>;
    deliveries: Array<{ id: string; type: string }>;
  }>();
  const passport = params.documents.find((d) => d.type === 'passport')!;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      name: 'Ольга Смирнова',
      phoneNumber: '+79161112233',
      email,
      documentsWithQuantity: [{ documentId: passport.id, quantity: 1 }],
      documentsAssurances: [
        {
          documentId: passport.id,
          assuranceId: params.assurances.find((a) => a.type === 'notarization')!.id,
        },
      ],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
      promoCode: 'WELCOME10',
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<OrderSummary>();
}

describe('payments on the built-in test page', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('pays an order once: status PAID, history, e-mail and notification', async () => {
    const order = await createOrder(ctx, 'payer@example.ru');
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'payer@example.ru' },
    });
    expect(link.statusCode).toBe(200);
    const { paymentId, confirmationUrl, provider } = link.json<{
      paymentId: string;
      confirmationUrl: string;
      provider: string;
    }>();
    expect(provider).toBe('test');
    expect(confirmationUrl).toBe(`http://localhost:3000/payment/test/${paymentId}`);

    const page = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${paymentId}` });
    expect(page.json()).toMatchObject({ orderNumber: order.number, amount: order.amount, status: 'pending' });

    const confirmations = await Promise.all(
      [1, 2, 3].map(() => ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` })),
    );
    for (const response of confirmations) expect(response.json()).toMatchObject({ status: 'succeeded' });
    const rows = await ctx.database.sql.executeSql('select status, is_paid from orders where id = $1', [
      order.id,
    ]);
    expect(rows.rows).toEqual([{ status: 'PAID', is_paid: true }]);
    const history = await ctx.database.sql.executeSql(
      `select count(*)::int as n from order_status_history where order_id = $1 and to_status = 'PAID'`,
      [order.id],
    );
    expect(history.rows).toEqual([{ n: 1 }]);
    const mails = await ctx.outbox('payer@example.ru');
    expect(mails.filter((mail) => mail.subject.includes('Оплата'))).toHaveLength(1);
    const notes = await ctx.database.sql.executeSql(`select type from notifications where order_id = $1`, [
      order.id,
    ]);
    expect(notes.rows).toEqual([{ type: 'order_paid' }]);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'payer@example.ru' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MESSAGES.orderAlreadyPaid });
  });

  it('needs the order e-mail, and hides orders from a wrong e-mail', async () => {
    const order = await createOrder(ctx, 'owner@example.ru');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Не удалось получить email заказа' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'stranger@example.ru' },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('a declined payment leaves the order unpaid', async () => {
    const order = await createOrder(ctx, 'decline@example.ru');
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'decline@example.ru' },
    });
    const { paymentId } = link.json<{ paymentId: string }>();
    await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/decline` });
    const rows = await ctx.database.sql.executeSql('select status, is_paid from orders where id = $1', [
      order.id,
    ]);
    expect(rows.rows).toEqual([{ status: 'NEW', is_paid: false }]);
  });
});

describe('payments through YooKassa (fake API on 127.0.0.1)', () => {
  let ctx: TestContext;
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
  });
  afterAll(async () => {
    await ctx.close();
    await yookassa.close();
  });

  it('creates a payment with an Idempotence-Key, a redirect and a 54-FZ receipt per order line', async () => {
    const order = await createOrder(ctx, 'yoo@example.ru');
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'yoo@example.ru' },
    });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ provider: 'yookassa' });
    expect(link.json<{ confirmationUrl: string }>().confirmationUrl).toMatch(
      /^https:\/\/yoomoney\.example\/checkout\//,
    );

    const created = yookassa.requests.find((request) => request.method === 'POST')!;
    expect(created.headers['idempotence-key']).toBe(link.json<{ paymentId: string }>().paymentId);
    const body = created.body as {
      amount: { value: string; currency: string };
      confirmation: { type: string; return_url: string };
      receipt: { customer: { email: string }; items: Array<{ amount: { value: string }; vat_code: number }> };
    };
    expect(body.amount).toEqual({ value: order.amount.toFixed(2), currency: 'RUB' });
    expect(body.confirmation).toEqual({
      type: 'redirect',
      return_url: `http://localhost:3000/order/${order.id}/success?payment=return`,
    });
    expect(body.receipt.customer.email).toBe('yoo@example.ru');
    expect(body.receipt.items).toHaveLength(2);
    const receiptSum = body.receipt.items.reduce(
      (sum, item) => sum + Math.round(Number(item.amount.value) * 100),
      0,
    );
    expect(receiptSum).toBe(Math.round(order.amount * 100));
  });

  it('trusts only the API: a forged notification pays nothing, a real one pays once', async () => {
    const order = await createOrder(ctx, 'webhook@example.ru');
    await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'webhook@example.ru' },
    });
    const providerId = [...yookassa.payments.values()].find(
      (p) => p.metadata.orderNumber === String(order.number),
    )!.id;
    const notification = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: providerId, status: 'succeeded', paid: true },
    };

    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/webhook',
      payload: notification,
    });
    expect(forged.statusCode).toBe(200);
    let rows = await ctx.database.sql.executeSql('select is_paid from orders where id = $1', [order.id]);
    expect(rows.rows).toEqual([{ is_paid: false }]);

    yookassa.succeed(providerId);
    await Promise.all(
      [1, 2, 3].map(() =>
        ctx.app.inject({ method: 'POST', url: '/api/payments/yookassa/webhook', payload: notification }),
      ),
    );
    rows = await ctx.database.sql.executeSql('select is_paid, status from orders where id = $1', [order.id]);
    expect(rows.rows).toEqual([{ is_paid: true, status: 'PAID' }]);
    const mails = await ctx.outbox('webhook@example.ru');
    expect(mails.filter((mail) => mail.subject.includes('Оплата'))).toHaveLength(1);
  });
});
