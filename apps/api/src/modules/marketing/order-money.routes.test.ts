import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary, UnitEconomicsResponse } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { orderMoneySql } from './order-money.ts';

// 1–5 June 2031 in Moscow, one order a day: the unit economics round per day, orderMoneySql per order.
let now = new Date('2031-06-01T07:00:00Z');

/**
 * orderMoneySql (each paid order's revenue and margin for the marketing reports) against the CRM unit economics
 * (decision 016) for the same orders: paid online, at a partner's pickup point (commission), by courier paid by
 * invoice (no acquiring fee), with an other-document cost; unpaid and cancelled orders are in neither.
 */
describe('orderMoneySql reconciles with the unit economics', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let admin: { authorization: string };
  let params: FormParamsResponse;

  const createOrder = async (
    at: string,
    delivery: 'ELECTRONIC' | 'PICKUP_POINT' | 'COURIER',
    pointId?: string,
  ) => {
    now = new Date(at);
    const [passport, diploma] = ['passport', 'diploma'].map((type) =>
      params.documents.find((item) => item.type === type)!,
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Пётр Лавров',
        email: 'money@example.ru',
        phoneNumber: '+79161112266',
        documentsWithQuantity: [
          { documentId: passport!.id, quantity: 2 },
          { documentId: diploma!.id, quantity: 1 },
        ],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === delivery)!.id,
        ...(pointId ? { pickupPointId: pointId } : {}),
        ...(delivery === 'COURIER' ? { address: 'Москва, ул. Тверская, д. 1' } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OrderSummary>();
  };
  const move = async (order: OrderSummary, status: string, manualPayment = false) => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: {
        id: order.id,
        status,
        ...(manualPayment
          ? { manualPayment: { method: 'bank_transfer', paidOn: now.toISOString().slice(0, 10) } }
          : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    manager = await ctx.staffAuth(...DEMO.manager);
    admin = await ctx.staffAuth(...DEMO.admin);
    params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const point = await ctx.database.sql.executeSql(
      `select p.id from points p join partners pa on pa.id = p.partner_id
        where p.is_active and pa.commission > 0 order by p.name limit 1`,
      [],
    );
    const pointId = (point.rows[0] as { id: string }).id;

    const online = await createOrder('2031-06-01T07:00:00Z', 'ELECTRONIC');
    await payOnTestPage(ctx, online, 'money@example.ru');
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/other-document-amount',
      headers: manager,
      payload: { orderId: online.id, otherPrice: 1000, otherCost: 300.5 },
    });
    expect(other.statusCode).toBe(200);
    await move(online, 'IN_PROGRESS');
    const atPoint = await createOrder('2031-06-02T07:00:00Z', 'PICKUP_POINT', pointId);
    await payOnTestPage(ctx, atPoint, 'money@example.ru');
    const courier = await createOrder('2031-06-03T07:00:00Z', 'COURIER');
    await move(courier, 'IN_PROGRESS', true);
    await createOrder('2031-06-04T07:00:00Z', 'ELECTRONIC');
    // Paid and then cancelled: no revenue in either.
    const cancelled = await createOrder('2031-06-05T07:00:00Z', 'ELECTRONIC');
    await payOnTestPage(ctx, cancelled, 'money@example.ru');
    await move(cancelled, 'CANCELED');
  }, 120_000);
  afterAll(() => ctx?.close());

  it('gives the same revenue and margin as the unit economics of the paid orders in work', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/stats/unit-economics?startDate=2031-06-01&endDate=2031-06-05&includeInProgress=true',
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<UnitEconomicsResponse>();
    expect(stats.orders).toBe(3);

    const { rows } = (await ctx.database.db.execute(sql`
      select count(*)::int as orders, sum(m.revenue_kopecks)::text as revenue, sum(m.margin_kopecks)::text as margin
        from ${orderMoneySql()} m
       where m.created_at >= '2031-05-31T21:00:00Z' and m.created_at < '2031-06-05T21:00:00Z'`)) as unknown as {
      rows: Array<{ orders: number; revenue: string; margin: string }>;
    };
    const money = rows[0]!;
    expect(Number(money.orders)).toBe(stats.orders);
    expect(stats.refunds).toBe(0);
    expect(Number(money.revenue) / 100).toBe(stats.revenue);
    expect(Number(money.margin) / 100).toBe(stats.grossProfit);
    expect(stats.costBreakdown.partnerCommission).toBeGreaterThan(0);
    expect(stats.costBreakdown.otherDocuments).toBe(300.5);
  });
});
