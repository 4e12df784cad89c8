import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FormParamsResponse,
  OrderSummary,
  StaffOrderListItem,
  UnitEconomicsResponse,
} from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { TRANSLATOR_COST_PERCENT } from './stats.service.ts';

// A period in the future no seeded order reaches: 11–12 March 2031 in Moscow.
let now = new Date('2031-03-11T07:00:00Z');

describe('unit economics', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let params: FormParamsResponse;
  let passport: { id: string; name: string; price: number };
  let diploma: { id: string; name: string; price: number };
  const amounts = new Map<string, number>();

  const createOrder = async (lines: Array<[{ id: string }, number]>, at: string) => {
    now = new Date(at);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Пётр Лавров',
        email: 'lavrov@example.ru',
        phoneNumber: '+79161112266',
        documentsWithQuantity: lines.map(([document, quantity]) => ({ documentId: document.id, quantity })),
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<OrderSummary>();
    amounts.set(order.id, order.amount);
    return order;
  };
  const move = async (order: OrderSummary, ...statuses: string[]) => {
    for (const status of statuses) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers: manager,
        payload: { id: order.id, status },
      });
      expect(response.statusCode).toBe(200);
    }
  };
  const complete = (order: OrderSummary) => move(order, 'IN_PROGRESS', 'READY', 'COMPLETED');
  const report = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/stats/unit-economics?${query}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return response.json<UnitEconomicsResponse>();
  };

  let completedA: OrderSummary;
  let completedB: OrderSummary;
  let inProgress: OrderSummary;

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    passport = params.documents.find((item) => item.type === 'passport')!;
    diploma = params.documents.find((item) => item.type === 'diploma')!;

    // 11 March (Moscow): a completed order with an other-document cost, one in progress, one new, one canceled,
    // and a completed one that is then deleted.
    completedA = await createOrder(
      [
        [passport, 2],
        [diploma, 1],
      ],
      '2031-03-11T07:00:00Z',
    );
    await complete(completedA);
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/other-document-amount',
      headers: manager,
      payload: { orderId: completedA.id, otherPrice: 1000, otherCost: 300.5 },
    });
    expect(other.statusCode).toBe(200);
    inProgress = await createOrder([[diploma, 1]], '2031-03-11T08:00:00Z');
    await move(inProgress, 'IN_PROGRESS');
    await createOrder([[passport, 5]], '2031-03-11T09:00:00Z');
    await move(await createOrder([[passport, 3]], '2031-03-11T09:30:00Z'), 'CANCELED');
    const deleted = await createOrder([[passport, 4]], '2031-03-11T10:00:00Z');
    await complete(deleted);
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order',
      headers: admin,
      payload: { id: deleted.id },
    });
    expect(removal.statusCode).toBe(200);
    // 12 March, 23:59 in Moscow: still inside the period.
    completedB = await createOrder([[passport, 1]], '2031-03-12T20:59:00Z');
    await complete(completedB);
    // Just outside on both sides: 13 March 00:00 and 10 March 23:59 in Moscow.
    await complete(await createOrder([[diploma, 3]], '2031-03-12T21:00:00Z'));
    await complete(await createOrder([[diploma, 2]], '2031-03-10T20:59:00Z'));
  });
  afterAll(() => ctx.close());

  it('counts completed orders of the Moscow days of the period, exactly', async () => {
    const result = await report('startDate=2031-03-11&endDate=2031-03-12&includeInProgress=false');
    const revenue = amounts.get(completedA.id)! + amounts.get(completedB.id)!;
    const documentLines = passport.price * 3 + diploma.price;
    const translators = Math.round(documentLines * TRANSLATOR_COST_PERCENT) / 100;
    const costs = 300.5 + translators;
    expect(result).toMatchObject({
      period: { startDate: '2031-03-11', endDate: '2031-03-12' },
      includeInProgress: false,
      orders: 2,
      revenue,
      averageCheck: Math.round((revenue / 2) * 100) / 100,
      costs,
      costBreakdown: { otherDocuments: 300.5, translators },
      grossProfit: Math.round((revenue - costs) * 100) / 100,
      marginPercent: Math.round(((revenue - costs) / revenue) * 10_000) / 100,
      byDay: [
        { date: '2031-03-11', orders: 1, revenue: amounts.get(completedA.id)! },
        { date: '2031-03-12', orders: 1, revenue: amounts.get(completedB.id)! },
      ],
    });
    expect(result.byDocument).toEqual([
      ...[
        { name: passport.name, quantity: 3, revenue: passport.price * 3 },
        { name: diploma.name, quantity: 1, revenue: diploma.price },
      ].sort((a, b) => b.revenue - a.revenue),
    ]);
    expect(result.assumptions.join(' ')).toContain(`${TRANSLATOR_COST_PERCENT} %`);
  });

  it('adds paid orders still in work when asked to', async () => {
    const result = await report('startDate=2031-03-11&endDate=2031-03-11&includeInProgress=true');
    expect(result.orders).toBe(2);
    expect(result.revenue).toBe(amounts.get(completedA.id)! + amounts.get(inProgress.id)!);
    expect(result.byDay).toEqual([{ date: '2031-03-11', orders: 2, revenue: result.revenue }]);
    expect(result.byDocument.find((row) => row.name === diploma.name)).toEqual({
      name: diploma.name,
      quantity: 2,
      revenue: diploma.price * 2,
    });
  });

  it('reconciles with the order list for the same period and statuses', async () => {
    const result = await report('startDate=2031-03-11&endDate=2031-03-12');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/order?dateFrom=2031-03-11&dateTo=2031-03-12&status=COMPLETED&limit=100',
      headers: manager,
    });
    const items = list.json<{ items: StaffOrderListItem[] }>().items;
    expect(items).toHaveLength(result.orders);
    expect(Math.round(items.reduce((total, item) => total + item.amount, 0) * 100) / 100).toBe(
      result.revenue,
    );
  });

  it('reports empty days as zeros and refuses a reversed or malformed period', async () => {
    const empty = await report('startDate=2031-04-01&endDate=2031-04-03');
    expect(empty).toMatchObject({ orders: 0, revenue: 0, averageCheck: 0, costs: 0, marginPercent: 0 });
    expect(empty.byDay.map((day) => day.date)).toEqual(['2031-04-01', '2031-04-02', '2031-04-03']);
    for (const [query, message] of [
      ['startDate=2031-03-12&endDate=2031-03-11', MESSAGES.periodInvalid],
      ['startDate=2031-03-40&endDate=2031-04-11', MESSAGES.dateInvalid],
      ['startDate=2020-01-01&endDate=2031-01-01', MESSAGES.periodTooLong],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/stats/unit-economics?${query}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/stats/unit-economics?startDate=2031-03-11&endDate=2031-03-12',
      headers: manager,
    });
    expect(refused.statusCode).toBe(403);
  });
});
