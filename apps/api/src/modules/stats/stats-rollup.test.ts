import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary, UnitEconomicsResponse } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';

// The daily rollups the report reads (decision 016) are kept by triggers in every transaction that changes an
// order or a document line. Each step below changes orders the way the product (or an operator in SQL) does,
// then compares the rollups with order_stats_rebuild()'s recomputation from the orders themselves.

let now = new Date('2032-05-20T07:00:00Z');

describe('unit economics rollup', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let params: FormParamsResponse;
  let pointId: string;

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];

  /** Both rollups, rows that hold anything, in key order, as text (numeric precision intact). */
  const ours = <T extends { day?: unknown }>(rows: T[]) =>
    rows.filter((row) => String(row.day).startsWith('2032-05'));
  const rollups = async () => ({
    orders: await sql(
      `select day::text, status, coalesce(pickup_point_id::text, '-') as point, orders,
              amount::text, paid_amount::text, other_cost::text, delivery_price::text
         from order_stats_daily
        where orders <> 0 or amount <> 0 or paid_amount <> 0 or other_cost <> 0 or delivery_price <> 0
        order by 1, 2, 3`,
    ),
    lines: await sql(
      `select day::text, status, document_key, lines, quantity, total::text
         from order_line_stats_daily
        where lines <> 0 or quantity <> 0 or total <> 0
        order by 1, 2, 3`,
    ),
  });
  /** The rollups as the triggers left them must equal a recomputation from scratch. */
  const expectRollupsExact = async () => {
    const kept = await rollups();
    await sql('select order_stats_rebuild()');
    expect(kept).toEqual(await rollups());
    return kept;
  };

  const createOrder = async (documents: Array<[string, number]>, delivery = 'ELECTRONIC') => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Анна Сизова',
        email: 'sizova@example.ru',
        phoneNumber: '+79161113344',
        documentsWithQuantity: documents.map(([type, quantity]) => ({
          documentId: params.documents.find((item) => item.type === type)!.id,
          quantity,
        })),
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === delivery)!.id,
        ...(delivery === 'PICKUP_POINT' ? { pickupPointId: pointId } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  };
  const pay = (order: OrderSummary) => payOnTestPage(ctx, order, 'sizova@example.ru');
  const staff = async (method: 'PATCH' | 'DELETE', url: string, payload: object, as = manager) => {
    const response = await ctx.app.inject({ method, url, headers: as, payload });
    expect(response.statusCode).toBe(200);
  };
  const move = async (order: OrderSummary, ...statuses: string[]) => {
    for (const status of statuses) await staff('PATCH', '/api/order/status', { id: order.id, status });
  };
  const report = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/stats/unit-economics?startDate=2032-05-19&endDate=2032-05-21&includeInProgress=true',
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return response.json<UnitEconomicsResponse>();
  };

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const [point] = await sql<{ id: string }>(
      'select id from points where is_active and partner_id is not null order by name limit 1',
    );
    pointId = point!.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('follows payment, status, amount, other cost, deletion, line edits and moves between days', async () => {
    const before = await expectRollupsExact();

    // Creating an order (status NEW) writes nothing to the rollups: order intake pays no rollup cost.
    const first = await createOrder([
      ['passport', 2],
      ['diploma', 1],
    ]);
    const second = await createOrder([['diploma', 3]], 'PICKUP_POINT');
    now = new Date('2032-05-20T21:30:00Z'); // 21 May, 00:30 in Moscow
    const third = await createOrder([['passport', 1]]);
    expect(await rollups()).toEqual(before);

    // Paid online: the orders and their document lines enter the rollups (PAID, paid amount).
    await pay(first);
    await pay(second);
    await pay(third);
    let kept = await expectRollupsExact();
    expect(ours(kept.orders).filter((row) => row.status === 'PAID')).toHaveLength(3);
    expect(ours(kept.lines).filter((row) => row.status === 'PAID')).toHaveLength(3);
    expect((await report()).orders).toBe(3);

    // Status moves, an amount change (ADMIN), other-document cost, deletion.
    await move(first, 'IN_PROGRESS', 'READY', 'COMPLETED');
    await staff(
      'PATCH',
      '/api/order/amount',
      { id: second.id, amount: 12_345.67, reason: 'Добавлены страницы' },
      admin,
    );
    await staff('PATCH', '/api/order/other-document-amount', {
      orderId: first.id,
      otherPrice: 800,
      otherCost: 250.25,
    });
    await move(third, 'IN_PROGRESS');
    await staff('DELETE', '/api/order', { id: third.id }, admin);
    kept = await expectRollupsExact();
    expect(
      ours(kept.orders)
        .map((row) => row.status)
        .sort(),
    ).toEqual(['COMPLETED', 'PAID']);
    const economics = await report();
    expect(economics.orders).toBe(2);
    expect(economics.costBreakdown.otherDocuments).toBe(250.25);

    // Operators' direct edits: a line's quantity, a line added and one removed, an order moved to the previous
    // day and off its pickup point, a kept order's status set back, an order removed for good.
    await sql(
      `update order_lines set quantity = quantity + 1, total = total + unit_price
        where order_id = $1 and kind = 'document' and position = (
          select min(position) from order_lines where order_id = $1 and kind = 'document')`,
      [first.id],
    );
    await sql(
      `insert into order_lines (order_id, position, kind, ref_id, name, unit_price, quantity, total)
       select $1, 99, 'document', null, 'Справка', 700, 2, 1400`,
      [second.id],
    );
    await expectRollupsExact();
    await sql(`delete from order_lines where order_id = $1 and kind = 'document' and ref_id is not null`, [
      second.id,
    ]);
    await sql(
      `update orders set created_at = created_at - interval '1 day', pickup_point_id = null where id = $1`,
      [second.id],
    );
    await expectRollupsExact();
    await sql(`update orders set status = 'CANCELED' where id = $1`, [second.id]);
    await sql(`update orders set deleted_at = null where id = $1`, [third.id]);
    await expectRollupsExact();
    await sql('delete from orders where id = $1', [first.id]);
    kept = await expectRollupsExact();
    expect(
      ours(kept.orders)
        .map((row) => row.status)
        .sort(),
    ).toEqual(['CANCELED', 'IN_PROGRESS']);
  });

  it('stays exact when many orders of one day change at the same time', async () => {
    now = new Date('2032-05-17T09:00:00Z');
    const orders: OrderSummary[] = [];
    for (let index = 0; index < 8; index += 1) {
      orders.push(
        await createOrder([['passport', 1 + (index % 3)]], index % 2 ? 'PICKUP_POINT' : 'ELECTRONIC'),
      );
    }
    await Promise.all(orders.map((order) => pay(order)));
    await Promise.all(
      orders.map((order, index) => move(order, ...(index % 2 ? ['IN_PROGRESS'] : ['CANCELED']))),
    );
    const kept = await expectRollupsExact();
    const day = kept.orders.filter((row) => row.day === '2032-05-17');
    expect(day.reduce((total, row) => total + Number(row.orders), 0)).toBe(8);
  });
});
