import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BURST = 6;

/**
 * A payment recorded outside the system (decision 043) under concurrent clicks, on a real PostgreSQL server
 * (PGlite runs one query at a time): the order is marked paid once, with one manual payment and one audit row.
 */
describe('manual payments under concurrent status changes (PostgreSQL)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 2 });
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx?.close());

  it('of concurrent "paid outside the system" moves of one order exactly one wins', async () => {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Клиент',
          phoneNumber: '+79160000088',
          email: 'race@example.ru',
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        ctx.app.inject({
          method: 'PATCH',
          url: '/api/order/status',
          headers: manager,
          payload: {
            id: order.id,
            status: 'IN_PROGRESS',
            manualPayment: { method: 'cash', paidOn: '2026-01-15', comment: `клик ${index}` },
          },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200,
      ...Array<number>(BURST - 1).fill(409),
    ]);
    const counts = await ctx.database.sql.executeSql(
      `select (select count(*)::int from payments where order_id = $1 and provider = 'manual') as payments,
              (select count(*)::int from audit_log where entity_id = $1::text) as audits,
              (select count(*)::int from order_status_history where order_id = $1 and to_status = 'IN_PROGRESS')
                as moves`,
      [order.id],
    );
    expect(counts.rows).toEqual([{ payments: 1, audits: 1, moves: 1 }]);
  });
});
