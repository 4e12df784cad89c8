import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResultListResponse, OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BURST = 6;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x20), Buffer.from('\n%%EOF\n')]);

/**
 * «Отправить клиенту» pressed at once by several staff members (or twice), and a removal racing a send, on a
 * real PostgreSQL server (decision 019): the files are claimed by one conditional update under the order lock.
 */
describe('order results under concurrent sends (PostgreSQL)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };

  async function electronicOrderInWork(email: string): Promise<OrderSummary> {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Гонка Отправок',
        phoneNumber: '+79160000043',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
      },
    });
    const order = created.json<OrderSummary>();
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: {
        id: order.id,
        status: 'IN_PROGRESS',
        manualPayment: { method: 'cash', paidOn: '2026-01-15' },
      },
    });
    expect(moved.statusCode).toBe(200);
    return order;
  }

  async function attach(orderId: string): Promise<string> {
    const boundary = 'race-boundary';
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/results`,
      headers: { ...manager, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="перевод.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderResultListResponse>().items[0]!.id;
  }

  const send = (orderId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/results/send`, headers: manager });

  async function count(text: string, values: unknown[]): Promise<number> {
    return ((await ctx.database.sql.executeSql(text, values)).rows[0] as { n: number }).n;
  }

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 2 });
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx?.close());

  it(`${BURST} concurrent sends: one succeeds, one mail, one push, the order completed once`, async () => {
    const order = await electronicOrderInWork('race-send@example.ru');
    await attach(order.id);
    const pushes = () =>
      count(
        `select count(*)::int as n from pgboss.job where data->>'name' = 'send-push' and data->>'orderId' = $1`,
        [order.id],
      );
    // The move into work already pushed once.
    const pushesBefore = await pushes();
    const answers = await Promise.all(Array.from({ length: BURST }, () => send(order.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200,
      ...Array<number>(BURST - 1).fill(400),
    ]);
    expect(
      await count(
        `select count(*)::int as n from mail_outbox where order_id = $1 and subject like '%перевод готов'`,
        [order.id],
      ),
    ).toBe(1);
    expect((await pushes()) - pushesBefore).toBe(1);
    expect(
      await count(
        `select count(*)::int as n from order_status_history where order_id = $1 and to_status = 'COMPLETED'`,
        [order.id],
      ),
    ).toBe(1);
  });

  it('a removal racing a send: the file is either removed and nothing is sent, or sent and kept', async () => {
    for (let round = 0; round < 4; round += 1) {
      const order = await electronicOrderInWork(`race-remove-${round}@example.ru`);
      const resultId = await attach(order.id);
      const [sent, removed] = await Promise.all([
        send(order.id),
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/order/${order.id}/results/${resultId}`,
          headers: manager,
        }),
      ]);
      const rows = await count(`select count(*)::int as n from order_results where id = $1`, [resultId]);
      const mails = await count(
        `select count(*)::int as n from mail_outbox where order_id = $1 and subject like '%перевод готов'`,
        [order.id],
      );
      if (sent.statusCode === 200) {
        expect(removed.statusCode).toBe(409);
        expect({ rows, mails }).toEqual({ rows: 1, mails: 1 });
      } else {
        expect([sent.statusCode, removed.statusCode]).toEqual([400, 200]);
        expect({ rows, mails }).toEqual({ rows: 0, mails: 0 });
      }
    }
  });
});
