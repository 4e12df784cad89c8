import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerCard, FormParamsResponse, OrderDetail, OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

/** Issue 17: a customer page linked from the CRM order — contacts, organizations, all orders, totals. */
describe('customer page (ADMIN, MANAGER)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let customerId: string;
  const placed: OrderSummary[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.staffAuth(...DEMO.manager);
    const customer = await ctx.customerAuth('card@customer-page.example');
    customerId = customer.body.user.id;
    const params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const base = {
      name: 'Карина Карточкина',
      email: 'card@customer-page.example',
      phoneNumber: '+79031112233',
      documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
    };
    for (const extra of [
      {},
      {
        payerType: 'ORGANIZATION',
        organizationInn: '7707083893',
        organizationKpp: '773601001',
        organizationName: 'ООО «Карточка»',
        organizationAddress: 'Москва, ул. Вавилова, 19',
      },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { authorization: customer.authorization },
        payload: { ...base, ...extra },
      });
      expect(response.statusCode, response.body).toBe(201);
      placed.push(response.json<OrderSummary>());
    }
    await ctx.database.sql.executeSql(`update orders set is_paid = true, paid_at = now() where id = $1`, [
      placed[1]!.id,
    ]);
  });
  afterAll(() => ctx.close());

  it('shows contacts, organizations, every order and the totals, and is linked from the order', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/customer/${customerId}`,
      headers: manager,
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json<CustomerCard>();
    expect(card.email).toBe('card@customer-page.example');
    expect(card.organizations).toEqual([{ inn: '7707083893', kpp: '773601001', name: 'ООО «Карточка»' }]);
    expect(card.orders.map((order) => order.number).sort()).toEqual(
      placed.map((order) => order.number).sort(),
    );
    expect(card.totals).toEqual({ orders: 2, paidOrders: 1, paidAmount: placed[1]!.amount });

    const order = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${placed[0]!.id}`,
      headers: manager,
    });
    expect(order.json<OrderDetail>().staff?.customerId).toBe(customerId);
  });

  it('is staff only and answers «not found» for an unknown customer', async () => {
    const partner = await ctx.staffAuth(...DEMO.partner);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/customer/${customerId}`, headers: partner }))
        .statusCode,
    ).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/00000000-0000-4000-8000-000000000000',
      headers: manager,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('Пользователь не найден');
  });
});
