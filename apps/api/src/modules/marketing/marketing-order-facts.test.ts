import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary } from '@app/contracts';
import { ORDER_DAILY_SUMS_SQL } from '#test/order-daily.ts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import {
  BY_CAMPAIGN,
  BY_CHANNEL,
  BY_DAY,
  BY_SOURCE_MEDIUM,
  BY_UTM_TAGS,
  readFigures,
  TOTAL,
  type Dimension,
  type ReportFilters,
  type Scope,
} from './marketing-figures.ts';
import { orderMoneySql } from './order-money.ts';

// The orders side of the marketing reports reads marketing_order_daily and marketing_order_facts (decision 078),
// kept by triggers on orders, order_lines and refunds. Each step below writes orders the way the product or an
// operator does; then every dimension, filter and scope must give what the reports computed from the raw rows
// before (the statement below, kept here as the reference), and the kept tables must equal a rebuild.

const RANGE = { from: '2032-05-18', to: '2032-05-21' };
const START = '2032-05-17T21:00:00Z';
const END = '2032-05-21T21:00:00Z';

/** The orders statement of readFigures before decision 078: every order of the period with its money and probe. */
function rawOrdersSql(dimension: SQL, filters: ReportFilters, scope: Scope): SQL {
  const equals = (column: SQL, value: string | undefined) =>
    value === undefined ? sql`` : sql` and lower(coalesce(${column}, '')) = lower(${value})`;
  return sql`
    select ${dimension} as key,
           count(*)::int as orders,
           count(m.order_id)::int as paid_orders,
           coalesce(sum(m.revenue_kopecks), 0)::text as revenue,
           coalesce(sum(m.margin_kopecks), 0)::text as margin,
           count(*) filter (where m.order_id is not null and not exists (
             select 1 from orders p
              where lower(p.email) = lower(o.email)
                and p.is_paid and p.deleted_at is null and p.status <> 'CANCELED'
                and (p.created_at, p.id) < (o.created_at, o.id)))::int as new_customers
      from (select o.*, (o.created_at at time zone 'Europe/Moscow')::date as day from orders o) o
      left join ${orderMoneySql()} m on m.order_id = o.id
     where o.deleted_at is null
       and o.created_at >= ${START}::timestamptz and o.created_at < ${END}::timestamptz
       and lower(o.email) not in (
         select lower(t.value) from analytics_config c, jsonb_array_elements_text(c.test_emails) t(value))
       ${equals(sql`o.acquisition_channel`, filters.channel)}
       ${equals(sql`o.utm_source`, filters.source)}
       ${equals(sql`o.utm_campaign`, filters.campaign)}
       ${scope.orders ? sql` and ${scope.orders}` : sql``}
     group by 1`;
}

const DIMENSIONS: Record<string, Dimension> = {
  TOTAL,
  BY_CHANNEL,
  BY_CAMPAIGN,
  BY_SOURCE_MEDIUM,
  BY_DAY,
  BY_UTM_TAGS,
};
const FILTERS: ReportFilters[] = [{}, { channel: 'PAID' }, { source: 'yandex' }, { campaign: 'Spring' }];
const SCOPES: Scope[] = [{}, { orders: sql`lower(o.utm_campaign) in ('spring', 'autumn')` }];

describe('marketing order facts', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let params: FormParamsResponse;
  let now = new Date('2032-05-20T07:00:00Z');

  const run = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.sql.executeSql(text, values)).rows as T[];

  /** Every dimension × filter × scope: the rollup's answer equals the raw statement's. */
  const expectSameAsRaw = async () => {
    let groups = 0;
    for (const [name, dimension] of Object.entries(DIMENSIONS)) {
      for (const filters of FILTERS) {
        for (const scope of SCOPES) {
          const ordersOnly = { sessions: null, orders: dimension.orders, spend: null };
          const kept = await readFigures(ctx.database.db, RANGE, filters, ordersOnly, scope);
          const raw = (await ctx.database.db.execute(
            rawOrdersSql(dimension.orders!, filters, scope),
          )) as unknown as {
            rows: Array<Record<string, string | number>>;
          };
          const expected = new Map(
            raw.rows.map((row) => [
              String(row.key),
              {
                orders: Number(row.orders),
                paidOrders: Number(row.paid_orders),
                revenueKopecks: Number(row.revenue),
                marginKopecks: Number(row.margin),
                newCustomers: Number(row.new_customers),
              },
            ]),
          );
          const actual = new Map(
            [...kept].map(([key, figures]) => [
              key,
              {
                orders: figures.orders,
                paidOrders: figures.paidOrders,
                revenueKopecks: figures.revenueKopecks,
                marginKopecks: figures.marginKopecks,
                newCustomers: figures.newCustomers,
              },
            ]),
          );
          expect({ name, filters, scope: Boolean(scope.orders), rows: actual }).toEqual({
            name,
            filters,
            scope: Boolean(scope.orders),
            rows: expected,
          });
          groups += expected.size;
        }
      }
    }
    return groups;
  };
  const tables = async () => ({
    facts: await run(`select * from marketing_order_facts order by order_id`),
    daily: await run(ORDER_DAILY_SUMS_SQL),
  });
  /** Both checks after a step: the reports' numbers and the kept tables against a rebuild. */
  const expectExact = async () => {
    const groups = await expectSameAsRaw();
    const kept = await tables();
    await run('select marketing_order_facts_rebuild()');
    expect(kept).toEqual(await tables());
    return groups;
  };

  const createOrder = async (email: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Анна Сизова',
        email,
        phoneNumber: '+79161113344',
        documentsWithQuantity: [
          { documentId: params.documents.find((item) => item.type === 'passport')!.id, quantity: 2 },
        ],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  };
  const tag = (
    order: OrderSummary,
    channel: string | null,
    source: string | null,
    medium: string | null,
    campaign: string | null,
    content: string | null = null,
    term: string | null = null,
  ) =>
    run(
      `update orders set acquisition_channel = $2, utm_source = $3, utm_medium = $4, utm_campaign = $5,
              utm_content = $6, utm_term = $7 where id = $1`,
      [order.id, channel, source, medium, campaign, content, term],
    );
  const refund = (order: OrderSummary, kopecks: number, status: string) =>
    run(
      `insert into refunds (order_id, payment_id, amount_kopecks, reason, status)
       select order_id, id, $2, 'тест', $3 from payments where order_id = $1 order by created_at limit 1
       returning id`,
      [order.id, kopecks, status],
    );

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    admin = await ctx.staffAuth(...DEMO.admin);
    params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('equals the raw computation through payments, refunds, cancels, deletions, edits and a config change', async () => {
    // Orders over three Moscow days, two of them of one e-mail (first paid order), tags in mixed case.
    const anna = await createOrder('anna@example.ru');
    const boris = await createOrder('boris@example.ru');
    now = new Date('2032-05-18T22:30:00Z'); // 19 May, 01:30 in Moscow
    const annaEarlier = await createOrder('Anna@Example.ru');
    const tester = await createOrder('tester@example.ru');
    now = new Date('2032-05-21T20:59:00Z'); // 21 May, 23:59 in Moscow: the period's last minute
    const late = await createOrder('vera@example.ru');
    await tag(anna, 'paid', 'Yandex', 'cpc', 'Spring', 'banner', 'перевод');
    await tag(annaEarlier, 'paid', 'yandex', 'CPC', 'spring');
    await tag(boris, 'organic', 'google', 'organic', null);
    await tag(tester, 'paid', 'Yandex', 'cpc', 'Autumn');
    expect(await expectExact()).toBeGreaterThan(0);

    // Paid: the later order first (the e-mail's first paid so far), then the earlier one takes the flag.
    await payOnTestPage(ctx, anna, 'anna@example.ru');
    await payOnTestPage(ctx, boris, 'boris@example.ru');
    await payOnTestPage(ctx, tester, 'tester@example.ru');
    await payOnTestPage(ctx, late, 'vera@example.ru');
    await expectExact();
    await payOnTestPage(ctx, annaEarlier, 'Anna@Example.ru');
    await expectExact();
    expect(
      await run(
        `select order_id from marketing_order_facts where first_paid and email_lower = 'anna@example.ru'`,
      ),
    ).toEqual([{ order_id: annaEarlier.id }]);

    // Refunds: one succeeded, one pending that succeeds later, one canceled.
    await refund(anna, 150_00, 'succeeded');
    const [pending] = await refund(boris, 99_50, 'pending');
    await refund(late, 10_00, 'canceled');
    await expectExact();
    await run(`update refunds set status = 'succeeded' where id = $1`, [(pending as { id: string }).id]);
    await expectExact();

    // Costs and lines: other documents, a document line's total, a partner rate, paid outside.
    await run(`update orders set other_cost = 300.5, paid_outside = true where id = $1`, [boris.id]);
    await run(`update order_lines set total = total + 111.11 where order_id = $1 and kind = 'document'`, [
      anna.id,
    ]);
    await run(`update orders set partner_commission_percent = 7.5 where id = $1`, [anna.id]);
    await expectExact();

    // The earlier order cancelled: the flag goes back to the later one; then deleted by staff, restored.
    await run(`update orders set status = 'CANCELED' where id = $1`, [annaEarlier.id]);
    await expectExact();
    expect(
      await run(
        `select order_id from marketing_order_facts where first_paid and email_lower = 'anna@example.ru'`,
      ),
    ).toEqual([{ order_id: anna.id }]);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order',
      headers: admin,
      payload: { id: boris.id },
    });
    expect(deleted.statusCode).toBe(200);
    await expectExact();
    await run(`update orders set deleted_at = null where id = $1`, [boris.id]);

    // An operator moves an order to another e-mail (joining Anna's) and to the day before; retags one.
    await run(
      `update orders set email = 'ANNA@example.ru', created_at = created_at - interval '2 days' where id = $1`,
      [boris.id],
    );
    await tag(late, 'email', 'Newsletter', 'email', 'spring');
    await expectExact();

    // The analytics configuration names a test e-mail: no rebuild, the next read leaves its orders out.
    await run(`update analytics_config set test_emails = '["TESTER@example.ru", "anna@example.ru"]'::jsonb`);
    await expectExact();
    await run(`update analytics_config set test_emails = '[]'::jsonb`);

    // Removed for good: the order, its lines and refunds cascade.
    await run('delete from orders where id = $1', [anna.id]);
    await expectExact();
    expect(
      await run(
        `select order_id from marketing_order_facts where first_paid and email_lower = 'anna@example.ru'`,
      ),
    ).toEqual([{ order_id: boris.id }]);
  });

  it('orders inserted with their tags in one statement: unpaid ones by the fast path, a paid one by the refresh', async () => {
    // Decision 082: an insert of unpaid orders writes their facts from the inserted rows; a statement with a paid
    // order recomputes them all (money, first paid order).
    const insert = (rows: string) =>
      run(
        `insert into orders (email, name, phone_number, original_language, target_language, delivery_type,
                             delivery_name, amount, price_breakdown, created_at, acquisition_channel, utm_source,
                             utm_medium, utm_campaign, utm_content, utm_term, is_paid, deleted_at)
         select v.email, 'Вставка', '+79160000000', 'ru', 'en', 'ELECTRONIC', 'Электронно', v.amount, '{}'::jsonb,
                v.created_at::timestamptz, v.channel, v.source, v.medium, v.campaign, v.content, v.term, v.paid,
                v.deleted_at::timestamptz
           from (values ${rows}) as v(email, amount, created_at, channel, source, medium, campaign, content, term,
                                      paid, deleted_at)`,
      );
    await insert(
      `('Gleb@Example.ru', 1500, '2032-05-19T21:30:00Z', 'paid', 'Yandex', 'cpc', 'Autumn', 'banner', 'нотариус',
        false, null),
       ('gleb@example.ru', 900, '2032-05-20T09:00:00Z', null, null, null, null, null, null, false, null),
       ('dina@example.ru', 700, '2032-05-20T10:00:00Z', 'social', 'vk', null, 'Autumn', null, null, false,
        '2032-05-20T11:00:00Z')`,
    );
    expect(await expectExact()).toBeGreaterThan(0);
    await insert(
      `('gleb@example.ru', 2500, '2032-05-20T12:00:00Z', 'paid', 'Yandex', 'cpc', 'Autumn', null, null, true, null),
       ('lev@example.ru', 1100, '2032-05-20T13:00:00Z', 'paid', 'Yandex', 'cpc', 'Autumn', null, null, false,
        null)`,
    );
    await expectExact();
    expect(
      await run(
        `select order_id from marketing_order_facts where first_paid and email_lower = 'gleb@example.ru'`,
      ),
    ).toHaveLength(1);
  });
});
