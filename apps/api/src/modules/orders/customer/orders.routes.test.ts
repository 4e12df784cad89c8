import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('creating an order', () => {
  let ctx: TestContext;
  let params: FormParamsResponse;
  const doc = (type: string) => params.documents.find((item) => item.type === type)!;
  const assurance = (type: string) => params.assurances.find((item) => item.type === type)!;
  const delivery = (type: string) => params.deliveries.find((item) => item.type === type)!;
  let pointId: string;

  const validOrder = (overrides: Record<string, unknown> = {}) => ({
    name: 'Иван Петров',
    phoneNumber: '+7 916 000-11-22',
    email: 'Ivan.Petrov@example.ru',
    documentsWithQuantity: [
      { documentId: doc('passport').id, quantity: 2 },
      { documentId: doc('diploma').id, quantity: 1 },
    ],
    documentsAssurances: [{ documentId: doc('passport').id, assuranceId: assurance('notarization').id }],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    deliveryId: delivery('PICKUP_POINT').id,
    pickupPointId: pointId,
    payerType: 'INDIVIDUAL',
    ...overrides,
  });

  const countOrders = async () =>
    Number(
      (
        (await ctx.database.sql.executeSql('select count(*)::int as n from orders', [])).rows[0] as {
          n: number;
        }
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    const points = await ctx.app.inject({ method: 'GET', url: '/api/point/active' });
    pointId = points.json<{ items: Array<{ id: string }> }>().items[0]!.id;
  });
  afterAll(() => ctx.close());

  it('prices the order on the server, ignoring the client amount, and links it to the customer', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ amount: 1, deliveryPrice: 0, promoIsValid: true, promoDiscountPercent: 99 }),
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderSummary>();
    // 2 × passport 1500 + 2 × notarisation 1200 + diploma 2500 + pickup 0
    expect(order.amount).toBe(2 * 1500 + 2 * 1200 + 2500);
    expect(order.priceBreakdown.lines.map((line) => [line.kind, line.quantity, line.total])).toEqual([
      ['document', 2, 3000],
      ['assurance', 2, 2400],
      ['document', 1, 2500],
      ['delivery', 1, 0],
    ]);
    expect(order.status).toBe('NEW');
    expect(order.number).toBeGreaterThan(100000);
    expect(order.estimatedReadyDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const owner = await ctx.database.sql.executeSql(
      'select u.email from orders o join users u on u.id = o.user_id where o.id = $1',
      [order.id],
    );
    expect(owner.rows).toEqual([{ email: 'ivan.petrov@example.ru' }]);
  });

  it('queues a confirmation e-mail with the number, the breakdown and a sign-in link into the order', async () => {
    const email = 'confirm@example.ru';
    const order = (
      await ctx.app.inject({ method: 'POST', url: '/api/order', payload: validOrder({ email }) })
    ).json<OrderSummary>();
    const [mail] = await ctx.outbox(email);
    expect(mail?.subject).toContain(`№${order.number}`);
    expect(mail?.text).toContain('Итого: 7\u00a0900\u00a0₽');
    const link = new URL(/(http\S+hash=\S+)/.exec(mail!.text)![1]!);
    expect(link.pathname).toBe(`/cabinet/orders/${order.id}`);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/hash',
      payload: { email: link.searchParams.get('email'), hash: link.searchParams.get('hash') },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('applies a valid promo code to documents and assurances, and refuses an expired one', async () => {
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/form-settings/promocode/validate?code=welcome10',
    });
    expect(check.json()).toMatchObject({ valid: true, code: 'WELCOME10', discountPercent: 10 });
    const expired = await ctx.app.inject({
      method: 'GET',
      url: '/api/form-settings/promocode/validate?code=SUMMER2025',
    });
    expect(expired.json()).toMatchObject({ valid: false, message: MESSAGES.promoInvalid });

    const courier = delivery('COURIER');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({
        promoCode: 'welcome10',
        deliveryId: courier.id,
        pickupPointId: null,
        address: 'Москва, Тверская 1',
      }),
    });
    const order = response.json<OrderSummary>();
    expect(order.priceBreakdown.discount).toBe(790);
    expect(order.amount).toBe(7900 - 790 + courier.price);

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ promoCode: 'SUMMER2025' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.promoInvalid });
  });

  it.each([
    [
      'an unknown document',
      { documentsWithQuantity: [{ documentId: '00000000-0000-4000-8000-000000000001', quantity: 1 }] },
      MESSAGES.unknownDocument,
    ],
    ['a quantity below 1', 'quantity0', MESSAGES.quantityInvalid],
    ['an unknown assurance', 'badAssurance', MESSAGES.unknownAssurance],
    ['an unknown delivery', { deliveryId: '00000000-0000-4000-8000-000000000002' }, MESSAGES.unknownDelivery],
    ['an unknown point', { pickupPointId: '00000000-0000-4000-8000-000000000003' }, MESSAGES.unknownPoint],
    ['a bad e-mail', { email: 'ivan@' }, MESSAGES.invalidEmail],
    ['a bad phone', { phoneNumber: '12345' }, MESSAGES.invalidPhone],
    [
      'a bad INN',
      {
        payerType: 'ORGANIZATION',
        organizationInn: '7707083894',
        organizationName: 'ООО Ромашка',
        organizationAddress: 'Москва',
      },
      MESSAGES.invalidInn,
    ],
    [
      'an organization without a name',
      { payerType: 'ORGANIZATION', organizationInn: '7707083893', organizationAddress: 'Москва' },
      MESSAGES.organizationNameRequired,
    ],
    ['the same languages', { targetLanguage: 'ru' }, MESSAGES.sameLanguages],
    ['an unknown file', { files: ['00000000-0000-4000-8000-000000000004'] }, MESSAGES.unknownFile],
  ])('refuses %s with 400 and stores nothing', async (_name, change, message) => {
    const overrides =
      change === 'quantity0'
        ? { documentsWithQuantity: [{ documentId: doc('passport').id, quantity: 0 }] }
        : change === 'badAssurance'
          ? {
              documentsAssurances: [
                { documentId: doc('passport').id, assuranceId: '00000000-0000-4000-8000-000000000005' },
              ],
            }
          : (change as Record<string, unknown>);
    const before = await countOrders();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(await countOrders()).toBe(before);
  });

  it('accepts an organization payer with a valid INN and KPP', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({
        payerType: 'ORGANIZATION',
        organizationInn: '7707083893',
        organizationKpp: '773601001',
        organizationName: 'ПАО Сбербанк',
        organizationAddress: 'Москва, ул. Вавилова, 19',
      }),
    });
    expect(response.statusCode).toBe(201);
  });

  it('numbers orders without gaps: refused attempts and retries take no number (issue 16)', async () => {
    const post = (payload: Record<string, unknown>, key?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: key ? { 'idempotency-key': key } : {},
        payload,
      });
    const first = await post(validOrder({ email: 'numbers@example.ru' }), 'numbers-0001');
    expect(first.statusCode).toBe(201);
    // Refused inside the order's transaction (after the row was written), retried, reused with another body.
    const unknownFile = '0b7c6d5e-4f3a-4b2c-8d1e-9f8a7b6c5d4e';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await post(
        validOrder({ email: 'numbers@example.ru', files: [unknownFile], fileTokens: { [unknownFile]: 'x' } }),
      );
      expect(refused.statusCode).toBe(400);
    }
    expect((await post(validOrder({ email: 'numbers@example.ru' }), 'numbers-0001')).statusCode).toBe(200);
    expect(
      (await post(validOrder({ email: 'numbers@example.ru', name: 'Другое Имя' }), 'numbers-0001'))
        .statusCode,
    ).toBe(409);
    const next = await post(validOrder({ email: 'numbers@example.ru' }));
    expect(next.statusCode).toBe(201);
    expect(next.json<OrderSummary>().number).toBe(first.json<OrderSummary>().number + 1);
  });

  it('returns the same order for the same Idempotency-Key, also under concurrent retries', async () => {
    const payload = validOrder({ email: 'retry@example.ru' });
    const headers = { 'idempotency-key': 'checkout-7f3a-0001' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/order', headers, payload }),
      ),
    );
    const ids = new Set(responses.map((response) => response.json<OrderSummary>().id));
    expect(ids.size).toBe(1);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const stored = await ctx.database.sql.executeSql(
      `select count(*)::int as n from orders where email = 'retry@example.ru'`,
      [],
    );
    expect(stored.rows).toEqual([{ n: 1 }]);
    expect(await ctx.outbox('retry@example.ru')).toHaveLength(1);

    const different = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers,
      payload: { ...payload, name: 'Другой Человек' },
    });
    expect(different.statusCode).toBe(409);
    expect(different.json()).toMatchObject({ message: MESSAGES.idempotencyConflict });

    // The browser stamps each send with its time (lastTouchAt): a retry a minute later is the same order.
    const stamped = validOrder({ email: 'retry.later@example.ru' });
    const later = { 'idempotency-key': 'checkout-7f3a-0002' };
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: later,
      payload: { ...stamped, lastTouchAt: '2026-03-01T10:00:00.000Z' },
    });
    const retried = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: later,
      payload: { ...stamped, lastTouchAt: '2026-03-01T10:01:00.000Z' },
    });
    expect([first.statusCode, retried.statusCode]).toEqual([201, 200]);
    expect(retried.json<OrderSummary>().id).toBe(first.json<OrderSummary>().id);
  });

  it("never answers with another caller's order for the same key and body", async () => {
    const payload = validOrder({ email: 'first-caller@example.ru', comment: 'Паспорт серии 4510' });
    const headers = { 'idempotency-key': 'shared-key-0001' };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/order', headers, payload });
    expect(first.statusCode).toBe(201);
    const firstId = first.json<OrderSummary>().id;

    // A signed-in stranger replays the key and the body: they get an order of their own, not the first one.
    const stranger = await ctx.customerAuth('stranger-caller@example.ru');
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...headers, authorization: stranger.authorization },
      payload,
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json<OrderSummary>().id).not.toBe(firstId);
    // Their own retry finds their own order.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...headers, authorization: stranger.authorization },
      payload,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderSummary>().id).toBe(replay.json<OrderSummary>().id);

    // A guest with the same key for another e-mail creates their own order too.
    const otherGuest = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers,
      payload: { ...payload, email: 'other-guest@example.ru' },
    });
    expect(otherGuest.statusCode).toBe(201);
    expect(otherGuest.json<OrderSummary>().id).not.toBe(firstId);
    // The first guest's retry still finds the first order.
    const retry = await ctx.app.inject({ method: 'POST', url: '/api/order', headers, payload });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<OrderSummary>().id).toBe(firstId);
  });

  it('requires an office for office pickup and an address for a courier', async () => {
    const office = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ deliveryId: delivery('OFFICE').id, pickupPointId: null }),
    });
    expect(office.json()).toMatchObject({ message: MESSAGES.officeRequired });
    const withOffice = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({
        deliveryId: delivery('OFFICE').id,
        pickupPointId: null,
        deliveryData: { officeId: params.offices[0]!.id },
      }),
    });
    expect(withOffice.statusCode).toBe(201);
    const courier = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: validOrder({ deliveryId: delivery('COURIER').id, pickupPointId: null }),
    });
    expect(courier.json()).toMatchObject({ message: MESSAGES.addressRequired });
  });

  it('the seeded demo customer has orders in several states', async () => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    expect(admin.authorization).toBeTruthy();
    const rows = await ctx.database.sql.executeSql(
      `select o.status from orders o join users u on u.id = o.user_id where u.email = 'customer@demo.local' order by o.created_at`,
      [],
    );
    expect(rows.rows.map((row) => (row as { status: string }).status).sort()).toEqual(
      ['CANCELED', 'COMPLETED', 'IN_PROGRESS', 'NEW'].sort(),
    );
  });
});
