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

async function createLink(ctx: TestContext, order: OrderSummary, email: string): Promise<string> {
  const link = await ctx.app.inject({
    method: 'POST',
    url: `/api/order/${order.id}/create-payment-link`,
    payload: { email },
  });
  expect(link.statusCode).toBe(200);
  return link.json<{ paymentId: string }>().paymentId;
}

async function orderState(ctx: TestContext, orderId: string) {
  const rows = await ctx.database.sql.executeSql(
    'select status, is_paid, amount::float8 as amount from orders where id = $1',
    [orderId],
  );
  return rows.rows[0] as { status: string; is_paid: boolean; amount: number };
}

async function notSettledFlags(ctx: TestContext, orderId: string) {
  const notes = await ctx.database.sql.executeSql(`select text from order_notes where order_id = $1`, [
    orderId,
  ]);
  const audit = await ctx.database.sql.executeSql(
    `select data from audit_log where action = 'payment.not-settled' and entity_id = $1`,
    [orderId],
  );
  return { notes: notes.rows as Array<{ text: string }>, audit: audit.rows as Array<{ data: unknown }> };
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
    expect(link.json()).toMatchObject({ testMode: true });
    expect(confirmationUrl).toBe(`http://localhost:3000/payment/test/${paymentId}`);

    const page = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${paymentId}` });
    expect(page.json()).toMatchObject({
      orderNumber: order.number,
      amount: order.amount,
      status: 'pending',
      testMode: true,
    });

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

  it('the outcome page reads the payment from the server: pending, then declined, retry, then paid', async () => {
    const order = await createOrder(ctx, 'outcome@example.ru');
    const paymentId = await createLink(ctx, order, 'outcome@example.ru');
    const outcome = async (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}/payment-outcome?payment=${id}` });

    expect((await outcome(paymentId)).json()).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      isPaid: false,
      canPay: true,
      payment: { id: paymentId, status: 'pending', testMode: true },
    });
    // The test page sends the payer back to the page the link was made on.
    const testView = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${paymentId}` });
    expect(testView.json()).toMatchObject({
      returnUrl: `http://localhost:3000/order/${order.id}/success?payment=${paymentId}`,
    });

    await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/decline` });
    expect((await outcome(paymentId)).json()).toMatchObject({
      isPaid: false,
      canPay: true,
      payment: { id: paymentId, status: 'not_paid' },
    });

    // "Try again" needs no e-mail: the payment the payer came back from stands for it; a new payment is made.
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/retry-payment`,
      payload: { paymentId },
    });
    expect(retry.statusCode).toBe(200);
    const retried = retry.json<{ paymentId: string }>().paymentId;
    expect(retried).not.toBe(paymentId);
    await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${retried}/confirm` });
    expect((await outcome(retried)).json()).toMatchObject({
      isPaid: true,
      canPay: false,
      payment: { id: retried, status: 'paid', reference: retried },
    });
    // The declined payment stays declined; the order is paid.
    expect((await outcome(paymentId)).json()).toMatchObject({
      isPaid: true,
      payment: { status: 'not_paid' },
    });
  });

  it("the outcome of an unknown order or of another order's payment is not found, and changes nothing", async () => {
    const order = await createOrder(ctx, 'outcome-other@example.ru');
    const other = await createOrder(ctx, 'outcome-other2@example.ru');
    const otherPayment = await createLink(ctx, other, 'outcome-other2@example.ru');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/00000000-0000-4000-8000-000000000000/payment-outcome',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.orderNotFound });
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/payment-outcome?payment=${otherPayment}`,
    });
    expect(foreign.statusCode).toBe(404);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/retry-payment`,
      payload: { paymentId: otherPayment },
    });
    expect(retry.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/payment-outcome?payment=x`,
    });
    expect(bad.statusCode).toBe(400);
    const rows = await ctx.database.sql.executeSql(
      'select count(*)::int as n from payments where order_id = $1',
      [order.id],
    );
    expect(rows.rows).toEqual([{ n: 0 }]);
    // Without a payment the page still learns the order exists (and whether it is paid).
    const plain = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}/payment-outcome` });
    expect(plain.json()).toMatchObject({ orderId: order.id, isPaid: false, payment: null });
  });

  it('a link made in the cabinet brings the payer back to the order in the cabinet', async () => {
    const order = await createOrder(ctx, 'cabinet-pay@example.ru');
    const fromCabinet = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'cabinet-pay@example.ru', returnTo: 'cabinet' },
    });
    const cabinetId = fromCabinet.json<{ paymentId: string }>().paymentId;
    const view = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${cabinetId}` });
    expect(view.json()).toMatchObject({
      returnUrl: `http://localhost:3000/cabinet/orders/${order.id}?payment=${cabinetId}`,
    });
    // The pending cabinet link is not reused for the order page (it would bring the payer to the wrong place).
    const fromOrderPage = await createLink(ctx, order, 'cabinet-pay@example.ru');
    expect(fromOrderPage).not.toBe(cabinetId);
    expect(await createLink(ctx, order, 'cabinet-pay@example.ru')).toBe(fromOrderPage);

    // Declined in the cabinet: "try again" brings the payer back to the cabinet as well.
    await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${cabinetId}/decline` });
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/retry-payment`,
      payload: { paymentId: cabinetId },
    });
    const retried = retry.json<{ paymentId: string }>().paymentId;
    expect(retried).not.toBe(fromOrderPage);
    const retriedView = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${retried}` });
    expect(retriedView.json()).toMatchObject({
      returnUrl: `http://localhost:3000/cabinet/orders/${order.id}?payment=${retried}`,
    });
  });

  it('an old link does not pay an order whose amount was raised', async () => {
    const admin = await ctx.staffAuth('admin@demo.local', 'admin-demo-pass');
    const order = await createOrder(ctx, 'raised@example.ru');
    const oldLink = await createLink(ctx, order, 'raised@example.ru');
    const raised = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: admin,
      payload: { id: order.id, amount: 99_999, reason: 'Пересчёт по страницам' },
    });
    expect(raised.statusCode).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${oldLink}` });
    expect(page.json()).toMatchObject({ status: 'superseded' });
    const confirmed = await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${oldLink}/confirm` });
    expect(confirmed.json()).toMatchObject({ status: 'superseded' });
    expect(await orderState(ctx, order.id)).toEqual({ status: 'NEW', is_paid: false, amount: 99_999 });

    // A new link asks for the new amount and pays the order.
    const newLink = await createLink(ctx, order, 'raised@example.ru');
    expect(newLink).not.toBe(oldLink);
    const newPage = await ctx.app.inject({ method: 'GET', url: `/api/payments/test/${newLink}` });
    expect(newPage.json()).toMatchObject({ amount: 99_999, status: 'pending' });
    await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${newLink}/confirm` });
    expect(await orderState(ctx, order.id)).toEqual({ status: 'PAID', is_paid: true, amount: 99_999 });
  });

  it('a paid order changes its amount only with a reason and never below what was paid', async () => {
    const admin = await ctx.staffAuth('admin@demo.local', 'admin-demo-pass');
    const order = await createOrder(ctx, 'paid-amount@example.ru');
    const paymentId = await createLink(ctx, order, 'paid-amount@example.ru');
    await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` });
    const patch = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/amount',
        headers: admin,
        payload: { id: order.id, ...payload },
      });

    const noReason = await patch({ amount: order.amount + 500 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: MESSAGES.amountChangeReasonMissing });
    const blankReason = await patch({ amount: order.amount + 500, reason: '   ' });
    expect(blankReason.statusCode).toBe(400);

    const below = await patch({ amount: order.amount - 1, reason: 'Скидка постоянному клиенту' });
    expect(below.statusCode).toBe(400);
    expect(below.json<{ message: string }>().message).toMatch(/^Сумма не может быть меньше уже оплаченной/);
    expect(await orderState(ctx, order.id)).toMatchObject({ amount: order.amount, is_paid: true });

    const ok = await patch({ amount: order.amount + 500, reason: 'Добавлена страница' });
    expect(ok.statusCode).toBe(200);
    const audit = await ctx.database.sql.executeSql(
      `select data->>'reason' as reason from audit_log where action = 'order.amount' and entity_id = $1`,
      [order.id],
    );
    expect(audit.rows).toEqual([{ reason: 'Добавлена страница' }]);
  });

  it('a confirmation racing an amount change: never paid at an amount nobody paid', async () => {
    const admin = await ctx.staffAuth('admin@demo.local', 'admin-demo-pass');
    for (let round = 0; round < 5; round += 1) {
      const order = await createOrder(ctx, `race${round}@example.ru`);
      const paymentId = await createLink(ctx, order, `race${round}@example.ru`);
      const [confirm, change] = await Promise.all([
        ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` }),
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/order/amount',
          headers: admin,
          // Lowered (with the reason every change needs): a paid order may not go below what was paid.
          payload: { id: order.id, amount: order.amount - 1, reason: 'Скидка' },
        }),
      ]);
      expect(confirm.statusCode).toBe(200);
      const state = await orderState(ctx, order.id);
      if (change.statusCode === 200) {
        // The change came first: the link was superseded and pays nothing.
        expect(confirm.json()).toMatchObject({ status: 'superseded' });
        expect(state).toEqual({ status: 'NEW', is_paid: false, amount: order.amount - 1 });
      } else {
        // The payment came first: the order is paid, and a paid order never goes below what was paid.
        expect(change.statusCode).toBe(400);
        expect(change.json<{ message: string }>().message).toMatch(
          /^Сумма не может быть меньше уже оплаченной/,
        );
        expect(state).toEqual({ status: 'PAID', is_paid: true, amount: order.amount });
      }
    }
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
    // The payer comes back to a page naming the payment, never its outcome (decision 035).
    expect(body.confirmation).toEqual({
      type: 'redirect',
      return_url: `http://localhost:3000/order/${order.id}/success?payment=${link.json<{ paymentId: string }>().paymentId}`,
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

  it('the outcome page asks YooKassa about a pending payment: succeeded with its receipt, declined, or still pending', async () => {
    const outcomeOf = async (orderId: string, paymentId: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/order/${orderId}/payment-outcome?payment=${paymentId}`,
        })
      ).json<{
        isPaid: boolean;
        payment: { status: string; reference: string | null; receiptRegistration: string | null };
      }>();
    const providerIdOf = (orderNumber: number) =>
      [...yookassa.payments.values()].find((p) => p.metadata.orderNumber === String(orderNumber))!.id;

    // Paid at the bank, no notification yet: the page's read settles the order and shows the receipt reference.
    const paid = await createOrder(ctx, 'yoo-outcome-paid@example.ru');
    const paidPayment = await createLink(ctx, paid, 'yoo-outcome-paid@example.ru');
    expect((await outcomeOf(paid.id, paidPayment)).payment.status).toBe('pending');
    yookassa.succeed(providerIdOf(paid.number));
    expect(await outcomeOf(paid.id, paidPayment)).toMatchObject({
      isPaid: true,
      payment: { status: 'paid', reference: providerIdOf(paid.number), receiptRegistration: 'succeeded' },
    });
    expect(await orderState(ctx, paid.id)).toMatchObject({ status: 'PAID', is_paid: true });
    // Read again (settled in the database): still paid, with the receipt state from YooKassa.
    expect(await outcomeOf(paid.id, paidPayment)).toMatchObject({
      payment: { status: 'paid', receiptRegistration: 'succeeded' },
    });

    // Declined by the bank.
    const declined = await createOrder(ctx, 'yoo-outcome-declined@example.ru');
    const declinedPayment = await createLink(ctx, declined, 'yoo-outcome-declined@example.ru');
    yookassa.cancel(providerIdOf(declined.number));
    expect(await outcomeOf(declined.id, declinedPayment)).toMatchObject({
      isPaid: false,
      payment: { status: 'not_paid', reference: providerIdOf(declined.number) },
    });
    expect(await orderState(ctx, declined.id)).toMatchObject({ status: 'NEW', is_paid: false });

    // Still waiting at the bank: pending, and nothing changes.
    const waiting = await createOrder(ctx, 'yoo-outcome-waiting@example.ru');
    const waitingPayment = await createLink(ctx, waiting, 'yoo-outcome-waiting@example.ru');
    expect(await outcomeOf(waiting.id, waitingPayment)).toMatchObject({
      isPaid: false,
      payment: { status: 'pending', receiptRegistration: null },
    });
  });

  it('money paid through a link made before the amount changed is recorded and flagged, not settled', async () => {
    const admin = await ctx.staffAuth('admin@demo.local', 'admin-demo-pass');
    const order = await createOrder(ctx, 'yoo-raised@example.ru');
    const paymentId = await createLink(ctx, order, 'yoo-raised@example.ru');
    const providerId = [...yookassa.payments.values()].find((p) => p.metadata.paymentId === paymentId)!.id;
    const raised = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: admin,
      payload: { id: order.id, amount: 99_999, reason: 'Пересчёт по страницам' },
    });
    expect(raised.statusCode).toBe(200);

    yookassa.succeed(providerId);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/webhook',
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: providerId } },
    });
    expect(await orderState(ctx, order.id)).toEqual({ status: 'NEW', is_paid: false, amount: 99_999 });
    const payment = await ctx.database.sql.executeSql('select status from payments where id = $1', [
      paymentId,
    ]);
    expect(payment.rows).toEqual([{ status: 'succeeded' }]);
    const flags = await notSettledFlags(ctx, order.id);
    expect(flags.notes).toHaveLength(1);
    expect(flags.notes[0]!.text).toContain('заказ не отмечен оплаченным');
    expect(flags.audit).toHaveLength(1);
    expect((await ctx.outbox('yoo-raised@example.ru')).filter((m) => m.subject.includes('Оплата'))).toEqual(
      [],
    );
  });

  it('the status check (reconcile job) follows the same rule', async () => {
    const admin = await ctx.staffAuth('admin@demo.local', 'admin-demo-pass');
    const order = await createOrder(ctx, 'yoo-reconcile@example.ru');
    const paymentId = await createLink(ctx, order, 'yoo-reconcile@example.ru');
    const providerId = [...yookassa.payments.values()].find((p) => p.metadata.paymentId === paymentId)!.id;
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: admin,
      payload: { id: order.id, amount: 99_999, reason: 'Пересчёт по страницам' },
    });
    yookassa.succeed(providerId);
    await ctx.services.payments.reconcilePending();
    expect(await orderState(ctx, order.id)).toEqual({ status: 'NEW', is_paid: false, amount: 99_999 });
    expect((await notSettledFlags(ctx, order.id)).audit).toHaveLength(1);

    // A payment at the right amount still settles through the status check.
    const fresh = await createOrder(ctx, 'yoo-reconcile2@example.ru');
    const freshId = await createLink(ctx, fresh, 'yoo-reconcile2@example.ru');
    yookassa.succeed([...yookassa.payments.values()].find((p) => p.metadata.paymentId === freshId)!.id);
    await ctx.services.payments.reconcilePending();
    expect(await orderState(ctx, fresh.id)).toMatchObject({ status: 'PAID', is_paid: true });
  });
});

/** Issue 16: the payer returns to the site they paid from when it is one of ours (SITE_ORIGINS), never elsewhere. */
describe('the return address of a payment link', () => {
  let ctx: TestContext;
  let yookassa: Awaited<ReturnType<typeof startFakeYooKassa>>;
  beforeAll(async () => {
    yookassa = await startFakeYooKassa({ shopId: '123456', secretKey: 'test_secret' });
    ctx = await createTestContext({
      env: {
        PUBLIC_URL: 'http://perevod.example.test',
        SITE_ORIGINS: 'http://www.perevod.example.test',
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

  async function returnUrlFor(host: string): Promise<string | undefined> {
    const email = `return.${host.replace(/\W/g, '')}@example.ru`;
    const order = await createOrder(ctx, email);
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      headers: { host },
      payload: { email },
    });
    expect(link.statusCode).toBe(200);
    const sent = [...yookassa.payments.values()].find(
      (payment) => payment.metadata.orderNumber === String(order.number),
    );
    expect(sent, host).toBeDefined();
    return sent?.confirmation.return_url;
  }

  it('is the allowed host the link was asked from, PUBLIC_URL for any other Host', async () => {
    expect(await returnUrlFor('www.perevod.example.test')).toMatch(
      /^http:\/\/www\.perevod\.example\.test\/order\/[\w-]+\/success\?payment=[\w-]+$/,
    );
    expect(await returnUrlFor('perevod.example.test')).toMatch(/^http:\/\/perevod\.example\.test\/order\//);
    expect(await returnUrlFor('evil.example')).toMatch(/^http:\/\/perevod\.example\.test\/order\//);
  });
});
