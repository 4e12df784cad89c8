import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FormParamsResponse,
  OrderSummary,
  StaffOrderListItem,
  UnitEconomicsResponse,
} from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { IN_PROGRESS_STATUSES, PAYMENT_FEE_PERCENT, TRANSLATOR_COST_PERCENT } from './stats.service.ts';

// A period in the future no seeded order reaches: 11–12 March 2031 in Moscow.
let now = new Date('2031-03-11T07:00:00Z');

/** Rubles → kopecks and back, as the report rounds: in whole kopecks (one order per day and point here). */
const k = (rubles: number) => Math.round(rubles * 100);
const r = (kopecks: number) => kopecks / 100;
/** A percentage of a ruble amount, in whole kopecks. */
const share = (rubles: number, percent: number) => Math.round((k(rubles) * percent) / 100);

describe('unit economics', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let params: FormParamsResponse;
  let passport: { id: string; name: string; price: number };
  let diploma: { id: string; name: string; price: number };
  let pointId: string;
  let partnerCommission: number;

  type Delivery = 'ELECTRONIC' | 'PICKUP_POINT' | 'COURIER';
  const createOrder = async (
    lines: Array<[{ id: string }, number]>,
    at: string,
    delivery: Delivery = 'ELECTRONIC',
  ) => {
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
        deliveryId: params.deliveries.find((item) => item.type === delivery)!.id,
        ...(delivery === 'PICKUP_POINT' ? { pickupPointId: pointId } : {}),
        ...(delivery === 'COURIER' ? { address: 'Москва, ул. Тверская, д. 1' } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  };
  const pay = (order: OrderSummary) => payOnTestPage(ctx, order, 'lavrov@example.ru');
  const move = async (order: OrderSummary, ...statuses: string[]) => {
    for (const status of statuses) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers: manager,
        // Orders not paid online are taken into work with their payment recorded: by bank transfer (an
        // invoice), no acquiring fee (decision 043); ignored for an order already paid.
        payload: {
          id: order.id,
          status,
          ...(status === 'IN_PROGRESS'
            ? { manualPayment: { method: 'bank_transfer', paidOn: now.toISOString().slice(0, 10) } }
            : {}),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
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
  const orderList = async (query: string) => {
    const items: StaffOrderListItem[] = [];
    let cursor: string | undefined;
    do {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/order?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: manager,
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<{ items: StaffOrderListItem[]; nextCursor?: string }>();
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  };

  let paidOnline: OrderSummary;
  let inProgress: OrderSummary;
  let courier: OrderSummary;
  let atPoint: OrderSummary;
  let neverPaid: OrderSummary;

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    passport = params.documents.find((item) => item.type === 'passport')!;
    diploma = params.documents.find((item) => item.type === 'diploma')!;
    const point = await ctx.database.sql.executeSql(
      `select p.id, pa.commission::float8 as commission
         from points p join partners pa on pa.id = p.partner_id
        where p.is_active order by p.name limit 1`,
      [],
    );
    ({ id: pointId, commission: partnerCommission } = point.rows[0] as { id: string; commission: number });
    expect(partnerCommission).toBeGreaterThan(0);

    // 11 March (Moscow): paid online and completed, with an other-document cost; paid at a partner's pickup
    // point and still in work; new and unpaid; canceled; completed and then deleted.
    paidOnline = await createOrder(
      [
        [passport, 2],
        [diploma, 1],
      ],
      '2031-03-11T07:00:00Z',
    );
    await pay(paidOnline);
    await complete(paidOnline);
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/other-document-amount',
      headers: manager,
      payload: { orderId: paidOnline.id, otherPrice: 1000, otherCost: 300.5 },
    });
    expect(other.statusCode).toBe(200);
    inProgress = await createOrder([[diploma, 1]], '2031-03-11T08:00:00Z', 'PICKUP_POINT');
    await pay(inProgress);
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
    // Completed and never paid (moved there before decision 043): no revenue, in no figure of the report.
    neverPaid = await createOrder([[passport, 7]], '2031-03-11T11:00:00Z');
    await ctx.database.sql.executeSql(`update orders set status = 'COMPLETED' where id = $1`, [neverPaid.id]);
    // 12 March: a courier order paid by invoice (no online payment) and, at 23:59 Moscow time, a paid order
    // picked up at the partner's point.
    courier = await createOrder([[passport, 1]], '2031-03-12T10:00:00Z', 'COURIER');
    await complete(courier);
    atPoint = await createOrder([[diploma, 2]], '2031-03-12T20:59:00Z', 'PICKUP_POINT');
    await pay(atPoint);
    await complete(atPoint);
    // Just outside on both sides: 13 March 00:00 and 10 March 23:59 in Moscow.
    await complete(await createOrder([[diploma, 3]], '2031-03-12T21:00:00Z'));
    await complete(await createOrder([[diploma, 2]], '2031-03-10T20:59:00Z'));
  });
  afterAll(() => ctx.close());

  it('counts completed orders of the Moscow days of the period with every cost, exactly', async () => {
    const result = await report('startDate=2031-03-11&endDate=2031-03-12&includeInProgress=false');
    const translators = (lines: number) => share(lines, TRANSLATOR_COST_PERCENT);
    const fee = (order: OrderSummary) => share(order.amount, PAYMENT_FEE_PERCENT);
    const day11 = {
      revenue: k(paidOnline.amount),
      costs:
        k(300.5) +
        translators(passport.price * 2 + diploma.price) +
        k(paidOnline.priceBreakdown.deliveryPrice) +
        fee(paidOnline),
    };
    const day12 = {
      revenue: k(courier.amount) + k(atPoint.amount),
      costs:
        translators(passport.price) +
        translators(diploma.price * 2) +
        k(courier.priceBreakdown.deliveryPrice) +
        share(atPoint.amount, partnerCommission) +
        fee(atPoint),
    };
    expect(courier.priceBreakdown.deliveryPrice).toBeGreaterThan(0);
    const revenue = day11.revenue + day12.revenue;
    const costs = day11.costs + day12.costs;
    expect(result).toMatchObject({
      period: { startDate: '2031-03-11', endDate: '2031-03-12' },
      includeInProgress: false,
      orders: 3,
      revenue: r(revenue),
      averageCheck: r(Math.round(revenue / 3)),
      costs: r(costs),
      costBreakdown: {
        otherDocuments: 300.5,
        translators: r(
          translators(passport.price * 2 + diploma.price) +
            translators(passport.price) +
            translators(diploma.price * 2),
        ),
        delivery: courier.priceBreakdown.deliveryPrice,
        partnerCommission: r(share(atPoint.amount, partnerCommission)),
        paymentFees: r(fee(paidOnline) + fee(atPoint)),
      },
      grossProfit: r(revenue - costs),
      marginPercent: Math.round(((revenue - costs) / revenue) * 10_000) / 100,
      rates: { translatorCostPercent: TRANSLATOR_COST_PERCENT, paymentFeePercent: PAYMENT_FEE_PERCENT },
      byDay: [
        {
          date: '2031-03-11',
          orders: 1,
          revenue: r(day11.revenue),
          costs: r(day11.costs),
          grossProfit: r(day11.revenue - day11.costs),
        },
        {
          date: '2031-03-12',
          orders: 2,
          revenue: r(day12.revenue),
          costs: r(day12.costs),
          grossProfit: r(day12.revenue - day12.costs),
        },
      ],
    });
    const parts = Object.values(result.costBreakdown).reduce((total, value) => total + k(value), 0);
    expect(parts).toBe(k(result.costs));

    const documentRow = (document: typeof passport, quantity: number, orders: number) => {
      const lineRevenue = k(document.price * quantity);
      const lineCosts = translators(document.price * quantity);
      return {
        key: document.id,
        name: document.name,
        orders,
        quantity,
        revenue: r(lineRevenue),
        costs: r(lineCosts),
        grossProfit: r(lineRevenue - lineCosts),
        marginPercent: Math.round(((lineRevenue - lineCosts) / lineRevenue) * 10_000) / 100,
      };
    };
    expect(result.byDocument).toEqual(
      [documentRow(passport, 3, 2), documentRow(diploma, 3, 2)].sort(
        (a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key),
      ),
    );
    expect(result.assumptions.join(' ')).toContain(`${TRANSLATOR_COST_PERCENT} %`);
  });

  it('leaves out an order completed without payment until its payment is recorded', async () => {
    const before = await report('startDate=2031-03-11&endDate=2031-03-11&includeInProgress=false');
    expect(before).toMatchObject({ orders: 1, revenue: paidOnline.amount });
    await ctx.database.sql.executeSql(`update orders set is_paid = true, paid_outside = true where id = $1`, [
      neverPaid.id,
    ]);
    const after = await report('startDate=2031-03-11&endDate=2031-03-11&includeInProgress=false');
    expect(after).toMatchObject({ orders: 2, revenue: r(k(paidOnline.amount) + k(neverPaid.amount)) });
    // Paid outside the system: no acquiring fee.
    expect(after.costBreakdown.paymentFees).toBe(before.costBreakdown.paymentFees);
    await ctx.database.sql.executeSql(
      `update orders set is_paid = false, paid_outside = false where id = $1`,
      [neverPaid.id],
    );
  });

  it('adds orders still in work when asked to', async () => {
    const result = await report('startDate=2031-03-11&endDate=2031-03-11&includeInProgress=true');
    expect(result.orders).toBe(2);
    expect(result.revenue).toBe(r(k(paidOnline.amount) + k(inProgress.amount)));
    expect(result.byDay).toEqual([
      expect.objectContaining({ date: '2031-03-11', orders: 2, revenue: result.revenue }),
    ]);
    expect(result.costBreakdown.partnerCommission).toBe(r(share(inProgress.amount, partnerCommission)));
    expect(result.byDocument.find((row) => row.name === diploma.name)).toMatchObject({
      orders: 2,
      quantity: 2,
      revenue: diploma.price * 2,
    });
  });

  it('reconciles with the order list for the same period: counts, revenue, days and documents', async () => {
    for (const [includeInProgress, statuses] of [
      [false, ['COMPLETED']],
      [true, ['COMPLETED', ...IN_PROGRESS_STATUSES]],
    ] as const) {
      const result = await report(
        `startDate=2031-03-10&endDate=2031-03-13&includeInProgress=${String(includeInProgress)}`,
      );
      const items = await orderList(
        `dateFrom=2031-03-10&dateTo=2031-03-13&isPaid=true&status=${statuses.join(',')}`,
      );
      expect(items.length).toBe(result.orders);
      expect(r(items.reduce((total, item) => total + k(item.amount), 0))).toBe(result.revenue);
      // The canceled, the new and the deleted orders of the period are in neither.
      const everything = await orderList('dateFrom=2031-03-10&dateTo=2031-03-13');
      expect(everything.length).toBeGreaterThan(items.length);

      for (const day of result.byDay) {
        const ofDay = await orderList(
          `dateFrom=${day.date}&dateTo=${day.date}&isPaid=true&status=${statuses.join(',')}`,
        );
        expect([day.date, ofDay.length]).toEqual([day.date, day.orders]);
        expect(r(ofDay.reduce((total, item) => total + k(item.amount), 0))).toBe(day.revenue);
      }
      const quantities = new Map<string, number>();
      for (const item of items)
        for (const document of item.documents)
          quantities.set(document.name, (quantities.get(document.name) ?? 0) + document.quantity);
      expect(new Map(result.byDocument.map((row) => [row.name, row.quantity]))).toEqual(quantities);
      expect(result.byDay.map((day) => day.date)).toEqual([
        '2031-03-10',
        '2031-03-11',
        '2031-03-12',
        '2031-03-13',
      ]);
      expect(r(result.byDay.reduce((total, day) => total + k(day.grossProfit), 0))).toBe(result.grossProfit);
    }
  });

  it('reports empty days as zeros and refuses a reversed or malformed period, and MANAGER', async () => {
    const empty = await report('startDate=2031-04-01&endDate=2031-04-03');
    expect(empty).toMatchObject({
      orders: 0,
      revenue: 0,
      averageCheck: 0,
      costs: 0,
      marginPercent: 0,
      byDocument: [],
    });
    expect(empty.byDay.map((day) => day.date)).toEqual(['2031-04-01', '2031-04-02', '2031-04-03']);
    for (const [query, message] of [
      ['startDate=2031-03-12&endDate=2031-03-11', MESSAGES.periodInvalid],
      ['startDate=2031-03-40&endDate=2031-04-11', MESSAGES.dateInvalid],
      ['startDate=2031-03-01', MESSAGES.dateRequired],
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
  it("keeps each order's partner commission at the rate of its day: a new rate applies to new orders only", async () => {
    const partners = (await ctx.app.inject({ method: 'GET', url: '/api/partner', headers: admin })).json<{
      items: Array<{ id: string; name: string; commission: number; userEmail: string | null }>;
    }>();
    const [owner] = (
      await ctx.database.sql.executeSql(`select partner_id from points where id = $1`, [pointId])
    ).rows as Array<{ partner_id: string }>;
    const partner = partners.items.find((item) => item.id === owner!.partner_id)!;
    const setRate = async (commission: number) => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/partner',
        headers: admin,
        payload: { id: partner.id, name: partner.name, commission, userEmail: partner.userEmail },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const before = await report('startDate=2031-03-12&endDate=2031-03-12&includeInProgress=false');
    expect(before.costBreakdown.partnerCommission).toBe(r(share(atPoint.amount, partnerCommission)));

    const newRate = partnerCommission + 5;
    await setRate(newRate);
    try {
      // Past statistics stay as they were: March's orders were placed at the old rate.
      const after = await report('startDate=2031-03-12&endDate=2031-03-12&includeInProgress=false');
      expect(after.costBreakdown.partnerCommission).toBe(before.costBreakdown.partnerCommission);
      expect(after.costs).toBe(before.costs);

      // An order placed after the change is charged the new rate.
      const newer = await createOrder([[diploma, 1]], '2031-03-13T12:00:00Z', 'PICKUP_POINT');
      await pay(newer);
      await complete(newer);
      const later = await report('startDate=2031-03-13&endDate=2031-03-13&includeInProgress=false');
      expect(later.costBreakdown.partnerCommission).toBe(r(share(newer.amount, newRate)));
    } finally {
      await setRate(partnerCommission);
    }
  });
});
