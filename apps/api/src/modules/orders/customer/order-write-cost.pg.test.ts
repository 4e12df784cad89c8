import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

type Sent = { text: string; name: string | null };
type QueryFn = (...args: unknown[]) => unknown;

/**
 * What one order costs the database on PostgreSQL (decisions 031, 040 and 064): the round trips node-postgres makes
 * for one POST /api/order of a returning customer with a pickup point, as `npm run bench` counts them. Each one
 * wakes a backend and costs the API a socket write, the largest share of its CPU per order; a statement built by
 * Drizzle per order is the next. The count here is the bench's order, so a change that adds a round trip or an
 * unprepared statement to the hot path fails here, not only in a benchmark nobody reads.
 */
describe('the cost of one order (PostgreSQL)', () => {
  let ctx: TestContext;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const params: FormParamsResponse = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json();
    const points: { items: Array<{ id: string }> } = (
      await ctx.app.inject({ method: 'GET', url: '/api/point/active' })
    ).json();
    const [first, second] = params.documents;
    body = {
      name: 'Нагрузочный Тест',
      phoneNumber: '+79160000000',
      email: 'cost@example.ru',
      documentsWithQuantity: [
        { documentId: first!.id, quantity: 2 },
        { documentId: second!.id, quantity: 1 },
      ],
      documentsAssurances: [{ documentId: first!.id, assuranceId: params.assurances[0]!.id }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((delivery) => delivery.type === 'PICKUP_POINT')!.id,
      pickupPointId: points.items[0]!.id,
    };
  });
  afterAll(() => ctx?.close());

  /** Every query one order sends (text and prepared-statement name), in order. */
  async function recordOrder(
    extra: Record<string, unknown> = {},
  ): Promise<{ sent: Sent[]; orderId: string }> {
    const prototype = pg.Client.prototype as unknown as { query: QueryFn };
    const original = prototype.query;
    const sent: Sent[] = [];
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      sent.push(
        typeof first === 'string'
          ? { text: first, name: null }
          : {
              text: String((first as { text?: unknown }).text ?? ''),
              name: ((first as { name?: string }).name ?? null) || null,
            },
      );
      return original.apply(this, args);
    };
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: { ...body, ...extra },
      });
      expect(response.statusCode).toBe(201);
      return { sent, orderId: response.json<{ id: string }>().id };
    } finally {
      prototype.query = original;
    }
  }

  it('a returning customer’s order is 6 round trips, each statement but BEGIN and COMMIT prepared', async () => {
    // The first order makes the customer and prepares the statements on the connections it uses.
    await recordOrder();
    const { sent, orderId } = await recordOrder();

    expect(sent.map((query) => query.text.trim().split(/\s+/)[0]!.toLowerCase())).toEqual([
      'begin',
      'select', // the pickup point: its check and its share lock (decisions 019, 064)
      'with', // the customer: inserted, or the existing row read (one statement, issue 15)
      'with', // the order, its lines and its first history row
      'with', // the confirmation e-mail, its send-email job and its sign-in link (the address's open links end)
      'commit',
    ]);
    const unprepared = sent.filter((query) => query.name === null && !/^(begin|commit)$/i.test(query.text));
    expect(unprepared.map((query) => query.text.slice(0, 80))).toEqual([]);

    // The e-mail's job is pg-boss's own, queued with the message: it points at the message and will send it.
    const [job] = (
      await ctx.database.sql.executeSql(
        `select j.name, j.state, j.data, m.id as mail_id
           from mail_outbox m join pgboss.job j on j.data->>'mailId' = m.id::text
          where m.order_id = $1`,
        [orderId],
      )
    ).rows as Array<{ name: string; state: string; data: Record<string, unknown>; mail_id: string }>;
    expect(job).toMatchObject({
      name: 'notification-tasks',
      state: 'created',
      data: { name: 'send-email', orderId },
    });
  });

  it('a new customer’s order costs the same 6 round trips: the customer is inserted by the same statement', async () => {
    await recordOrder();
    const { sent, orderId } = await recordOrder({ email: 'cost-new@example.ru' });
    expect(sent.map((query) => query.text.trim().split(/\s+/)[0]!.toLowerCase())).toEqual([
      'begin',
      'select',
      'with',
      'with',
      'with',
      'commit',
    ]);
    expect(sent[2]!.name).toBe('upsert_user_by_email');
    const owner = await ctx.database.sql.executeSql(
      `select u.email, u.first_name, u.phone_number from orders o join users u on u.id = o.user_id where o.id = $1`,
      [orderId],
    );
    expect(owner.rows).toEqual([
      { email: 'cost-new@example.ru', first_name: 'Нагрузочный Тест', phone_number: '+79160000000' },
    ]);
  });

  it('the confirmation mail is stored lz4-compressed, not with pglz (migration 0051), and reads back whole', async () => {
    const { orderId } = await recordOrder();
    const [mail] = (
      await ctx.database.sql.executeSql(
        `select pg_column_compression(html) as html, pg_column_compression(text) as text,
                octet_length(html) as length, html like '%</html>%' as whole
           from mail_outbox where order_id = $1`,
        [orderId],
      )
    ).rows as Array<{ html: string; text: string | null; length: number; whole: boolean }>;
    // The HTML is well over the 2 KB at which a row's values are compressed.
    expect(mail!.length).toBeGreaterThan(4000);
    expect(mail).toMatchObject({ html: 'lz4', whole: true });
    expect([null, 'lz4']).toContain(mail!.text);
  });

  it('an order placed in an analytics session costs one statement more: its order_created stage (decision 066)', async () => {
    await recordOrder();
    const { sent, orderId } = await recordOrder({
      analyticsSessionId: 'cost-session-1',
      analyticsVisitorId: 'cost-visitor-1',
    });
    const verbs = sent.map((query) => query.text.trim().split(/\s+/)[0]!.toLowerCase());
    expect(verbs).toEqual([
      'begin',
      'select',
      'with',
      'with',
      'insert', // the funnel stage order_created
      'with',
      'commit',
    ]);
    const stage = sent[4]!;
    expect(stage.text).toContain('funnel_stages');
    expect(stage.name).toBe('analytics_order_stage');
    const stored = await ctx.database.sql.executeSql(
      'select stage, session_id from funnel_stages where order_id = $1',
      [orderId],
    );
    expect(stored.rows).toEqual([{ stage: 'order_created', session_id: 'cost-session-1' }]);
  });
});
