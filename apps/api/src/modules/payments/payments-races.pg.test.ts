import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

const BURST = 10;

/**
 * Payments and cancellations under concurrent requests on a real PostgreSQL server (PGlite runs one query at a
 * time and hides races), so only the api-postgres project runs this file. Decision 019.
 */
describe('payments under concurrent requests (PostgreSQL)', () => {
  let ctx: TestContext;
  let params: FormParamsResponse;
  let other: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 4 });
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await ctx?.close();
  });

  async function createOrder(email: string): Promise<OrderSummary> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Ольга Смирнова',
        phoneNumber: '+79161112233',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        documentsAssurances: [],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }

  const createLink = (order: OrderSummary) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: order.email },
    });

  it('10 concurrent payment links for one order create one pending payment, and all get that one', async () => {
    for (let burst = 0; burst < 3; burst += 1) {
      const order = await createOrder(`link.${burst}@example.ru`);
      const responses = await Promise.all(Array.from({ length: BURST }, () => createLink(order)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(BURST).fill(200));
      const links = responses.map((response) =>
        response.json<{ paymentId: string; confirmationUrl: string }>(),
      );
      expect(new Set(links.map((link) => link.paymentId)).size).toBe(1);
      expect(new Set(links.map((link) => link.confirmationUrl)).size).toBe(1);
      const { rows } = await other.query<{ id: string }>(
        `select id from payments where order_id = $1 and status = 'pending'`,
        [order.id],
      );
      expect(rows.map((row) => row.id)).toEqual([links[0]!.paymentId]);
    }
  });
});
