import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary, OrderTimelineResponse } from '@app/contracts';
import { formatRub, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

/** «Отправить подтверждение повторно» and «Отправить ссылку на оплату» on the CRM order page (decision 057). */
describe('staff resend the order confirmation and a payment link', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let catalogue: {
    documents: Array<{ id: string; name: string }>;
    deliveries: Array<{ id: string; type: string }>;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    catalogue = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
  });
  afterAll(() => ctx.close());

  async function createOrder(email: string) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Вера Лаптева',
        email,
        phoneNumber: '+79161234567',
        documentsWithQuantity: [{ documentId: catalogue.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: catalogue.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }
  const resend = (id: string, mail: unknown, headers = manager) =>
    ctx.app.inject({ method: 'POST', url: `/api/order/${id}/resend`, headers, payload: { mail } });
  /** The cooldown is the database clock's: the test moves the last resend back instead of waiting. */
  const ageResends = (id: string) =>
    ctx.database.sql.executeSql(
      `update audit_log set created_at = created_at - interval '61 seconds'
        where entity_id = $1 and action like 'order.resend.%'`,
      [id],
    );
  const timelineTexts = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/order/${id}/timeline`, headers: manager }))
      .json<OrderTimelineResponse>()
      .items.map((entry) => entry.text);

  it('sends the confirmation again with a fresh sign-in link, once a minute, in the timeline and the audit', async () => {
    const email = 'resend-confirm@example.ru';
    const order = await createOrder(email);
    const first = (await ctx.outbox(email)).filter((mail) => mail.subject.includes('принят'));
    expect(first).toHaveLength(1);

    const sent = await resend(order.id, 'confirmation');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ mail: 'confirmation', to: email });
    const confirmations = (await ctx.outbox(email)).filter((mail) => mail.subject.includes('принят'));
    expect(confirmations).toHaveLength(2);
    const linkOf = (text: string) => /hash=([^&\s]+)/.exec(text)?.[1];
    expect(linkOf(confirmations[0]!.text)).toBeTruthy();
    expect(linkOf(confirmations[0]!.text)).not.toBe(linkOf(confirmations[1]!.text));
    expect(confirmations[0]!.subject).toBe(`Заказ №${order.number} принят`);

    // Again within the minute: refused, nothing sent.
    const again = await resend(order.id, 'confirmation', admin);
    expect(again.statusCode).toBe(429);
    expect(again.json<{ message: string }>().message).toMatch(
      /^Это письмо уже отправлено меньше минуты назад\. Повторите через \d+ с$/,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.outbox(email)).filter((mail) => mail.subject.includes('принят'))).toHaveLength(2);

    // The other kind has its own minute; a minute later the confirmation goes again.
    await ageResends(order.id);
    expect((await resend(order.id, 'confirmation', admin)).statusCode).toBe(200);
    expect((await ctx.outbox(email)).filter((mail) => mail.subject.includes('принят'))).toHaveLength(3);

    const texts = await timelineTexts(order.id);
    expect(
      texts.filter((text) => text === `Письмо отправлено повторно: подтверждение заказа → ${email}`),
    ).toHaveLength(2);
    const audit = await ctx.database.sql.executeSql(
      `select count(*)::int as n from audit_log where entity_id = $1 and action = 'order.resend.confirmation'`,
      [order.id],
    );
    expect(audit.rows).toEqual([{ n: 2 }]);
  });

  it('mails a payment link for the unpaid amount that opens the payment page, and refuses paid orders', async () => {
    const email = 'resend-pay@example.ru';
    const order = await createOrder(email);
    const sent = await resend(order.id, 'payment-link', admin);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = (await ctx.outbox(email)).filter((item) => item.subject.startsWith('Ссылка на оплату'));
    expect(mail?.subject).toBe(`Ссылка на оплату заказа №${order.number}`);
    expect(mail?.text).toContain(`на сумму ${formatRub(order.amount)}`);
    const paymentId = /\/payment\/test\/([0-9a-f-]{36})/.exec(mail!.text)?.[1];
    expect(paymentId).toBeTruthy();
    // The mailed link really pays the order.
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` });
    expect(paid.json<{ status: string }>().status).toBe('succeeded');
    expect(
      (await timelineTexts(order.id)).some(
        (text) =>
          text === `Письмо отправлено повторно: ссылка на оплату ${formatRub(order.amount)} → ${email}`,
      ),
    ).toBe(true);

    await ageResends(order.id);
    const refused = await resend(order.id, 'payment-link');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.orderAlreadyPaid);
    expect(
      (await ctx.outbox(email)).filter((item) => item.subject.startsWith('Ссылка на оплату')),
    ).toHaveLength(1);
  });

  it('refuses a cancelled order, a bad mail kind, an unknown order and anyone but staff', async () => {
    const email = 'resend-bad@example.ru';
    const order = await createOrder(email);
    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: { id: order.id, status: 'CANCELED' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const link = await resend(order.id, 'payment-link');
    expect(link.statusCode).toBe(409);
    expect(link.json<{ message: string }>().message).toBe(MESSAGES.orderNotPayable);

    const bad = await resend(order.id, 'sms');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MESSAGES.orderResendMailUnknown);
    const unknown = await resend('00000000-0000-4000-8000-000000000000', 'confirmation');
    expect(unknown.statusCode).toBe(404);
    const customer = await ctx.customerAuth(email);
    expect((await resend(order.id, 'confirmation', customer)).statusCode).toBe(403);
    const partner = await ctx.staffAuth(...DEMO.partner);
    expect((await resend(order.id, 'confirmation', partner)).statusCode).toBe(403);
    expect((await ctx.outbox(email)).filter((item) => item.subject.startsWith('Ссылка на оплату'))).toEqual(
      [],
    );
  });
});
