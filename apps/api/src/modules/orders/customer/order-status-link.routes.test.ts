import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, GuestOrderStatus, OrderSummary, PaymentLink } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

/** The guest order-status link of the e-mails (decision 036). */
describe('the order-status link', () => {
  let ctx: TestContext;
  let params: FormParamsResponse;
  let point: { id: string; name: string; address: string; schedule: string | null };
  const doc = (type: string) => params.documents.find((item) => item.type === type)!;

  const placeOrder = async (email: string, name = 'Иван Петров') => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name,
        phoneNumber: '+7 916 000-11-22',
        email,
        documentsWithQuantity: [{ documentId: doc('passport').id, quantity: 2 }],
        documentsAssurances: [],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
        pickupPointId: point.id,
        payerType: 'INDIVIDUAL',
        comment: 'Секретный комментарий',
      },
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderSummary>();
    const [mail] = await ctx.outbox(email);
    const link = /Статус заказа без входа в кабинет: (\S+)/.exec(mail!.text)?.[1];
    expect(link, mail!.text).toBeDefined();
    const url = new URL(link!);
    return { order, mail: mail!, url, token: url.pathname.replace('/order-status/', '') };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    const points = await ctx.app.inject({ method: 'GET', url: '/api/point/active' });
    point = points.json<{ items: Array<typeof point> }>().items[0]!;
  });
  afterAll(() => ctx.close());

  it('the confirmation e-mail links the status page with a long random token, next to the sign-in link', async () => {
    const first = await placeOrder('status-a@example.ru');
    const second = await placeOrder('status-b@example.ru');
    expect(first.url.origin).toBe(ctx.config.publicUrl);
    expect(first.token).toMatch(/^[0-9a-f]{64}$/);
    expect(second.token).not.toBe(first.token);
    expect(first.token).not.toContain(first.order.id.replace(/-/g, ''));
    expect(first.mail.text).toMatch(/Войти в личный кабинет \(ссылка одноразовая\): http\S+hash=/);
    expect(first.mail.html).toContain(`href="${first.url.href}"`);
    // Unpaid: the mail's pay button opens the status page, which pays.
    expect(first.mail.text).toContain(`Оплатить 3\u00a0000\u00a0₽: ${first.url.href}`);
  });

  it('shows the read-only status view, without personal data, to anyone holding the link', async () => {
    const { order, token } = await placeOrder('status-view@example.ru', 'Пётр Секретов');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/order-status/${token}` });
    expect(response.statusCode).toBe(200);
    const view = response.json<GuestOrderStatus>();
    expect(view).toEqual({
      number: order.number,
      status: 'NEW',
      createdAt: expect.any(String),
      documents: [{ name: doc('passport').name, quantity: 2 }],
      originalLanguage: 'Русский',
      targetLanguage: 'Английский',
      estimatedReadyDate: order.estimatedReadyDate,
      amount: order.amount,
      isPaid: false,
      canPay: true,
      delivery: {
        type: 'PICKUP_POINT',
        name: expect.any(String),
        price: 0,
        place: { name: point.name, address: point.address, schedule: point.schedule },
      },
    });
    const raw = response.body;
    for (const secret of [
      'status-view@example.ru',
      'Пётр Секретов',
      '916',
      'Секретный комментарий',
      order.id,
    ]) {
      expect(raw).not.toContain(secret);
    }
  });

  it('follows the order: a status change shows on the same link', async () => {
    const { order, token } = await placeOrder('status-follow@example.ru');
    await ctx.database.sql.executeSql(`update orders set status = 'IN_PROGRESS' where id = $1`, [order.id]);
    const view = (
      await ctx.app.inject({ method: 'GET', url: `/api/order-status/${token}` })
    ).json<GuestOrderStatus>();
    expect(view.status).toBe('IN_PROGRESS');
  });

  it('refuses a malformed token with a Russian message, an unknown or deleted order with 404', async () => {
    for (const bad of ['abc', 'g'.repeat(64), `${'a'.repeat(63)}%20`, 'A'.repeat(64), 'a'.repeat(65)]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/order-status/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(MESSAGES.orderStatusLinkInvalid);
    }
    // A control character is refused before the route (the input guard, decision 021).
    const nul = await ctx.app.inject({ method: 'GET', url: `/api/order-status/${'a'.repeat(64)}%00` });
    expect(nul.statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/order-status/${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(MESSAGES.orderNotFound);

    const { order, token } = await placeOrder('status-deleted@example.ru');
    await ctx.database.sql.executeSql('update orders set deleted_at = now() where id = $1', [order.id]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/order-status/${token}` })).statusCode).toBe(404);
  });

  it('gives no cabinet access: the token is no bearer token and opens no cabinet route', async () => {
    const { order, token } = await placeOrder('status-cabinet@example.ru');
    const cabinet = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cabinet.statusCode).toBe(401);
  });

  it('pays an unpaid order from the status page; a wrong token pays nothing, a paid order is refused', async () => {
    const { order, token } = await placeOrder('status-pay@example.ru');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/order-status/${'1'.repeat(64)}/payment-link`,
    });
    expect(wrong.statusCode).toBe(404);
    const payments = async () =>
      (
        await ctx.database.sql.executeSql('select count(*)::int as n from payments where order_id = $1', [
          order.id,
        ])
      ).rows[0] as { n: number };
    expect((await payments()).n).toBe(0);

    const link = await ctx.app.inject({ method: 'POST', url: `/api/order-status/${token}/payment-link` });
    expect(link.statusCode).toBe(200);
    const { paymentId } = link.json<PaymentLink>();
    expect((await payments()).n).toBe(1);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/test/${paymentId}/confirm`,
    });
    expect(confirmed.statusCode).toBe(200);

    const view = (
      await ctx.app.inject({ method: 'GET', url: `/api/order-status/${token}` })
    ).json<GuestOrderStatus>();
    expect(view).toMatchObject({ status: 'PAID', isPaid: true, canPay: false });
    const again = await ctx.app.inject({ method: 'POST', url: `/api/order-status/${token}/payment-link` });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(MESSAGES.orderAlreadyPaid);

    // The payment mail carries the same link, now without a pay button.
    const [received] = await ctx.outbox('status-pay@example.ru');
    expect(received!.subject).toContain('Оплата');
    expect(received!.text).toContain(`/order-status/${token}`);
    expect(received!.text).not.toContain('Оплатить');
  });

  it('orders made before the link existed got their own tokens too (the migration fills every row)', async () => {
    const result = await ctx.database.sql.executeSql(
      `select count(*)::int as n, count(distinct status_token)::int as tokens,
              bool_and(status_token ~ '^[0-9a-f]{64}$') as shaped from orders`,
      [],
    );
    const row = result.rows[0] as { n: number; tokens: number; shaped: boolean };
    expect(row.n).toBeGreaterThan(5);
    expect(row.tokens).toBe(row.n);
    expect(row.shaped).toBe(true);
  });
});
