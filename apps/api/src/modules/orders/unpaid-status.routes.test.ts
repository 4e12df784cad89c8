import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { formatMessage, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';

// Decision 043: an unpaid order goes past PAID only with a payment recorded (staff), never by a partner.
describe('status changes of unpaid orders', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let partner: { authorization: string };
  let params: { documents: Array<{ id: string }>; deliveries: Array<{ id: string; type: string }> };
  let pointId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.staffAuth(...DEMO.manager);
    partner = await ctx.staffAuth(...DEMO.partner);
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    pointId = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string }>;
    }>().items[0]!.id;
  });
  afterAll(() => ctx.close());

  const createOrder = async (email: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Клиент',
          phoneNumber: '+79160000077',
          email,
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'PICKUP_POINT')!.id,
          pickupPointId: pointId,
        },
      })
    ).json<OrderSummary>();
  const move = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/order/status', headers, payload });
  const state = async (id: string) =>
    (
      await ctx.database.sql.executeSql(
        `select status, is_paid,
           (select count(*)::int from order_status_history h where h.order_id = o.id) as history,
           (select count(*)::int from payments p where p.order_id = o.id) as payments,
           (select count(*)::int from audit_log a where a.entity_id = o.id::text) as audits
         from orders o where id = $1`,
        [id],
      )
    ).rows[0];

  it('refuses to move an unpaid order past PAID without a payment record, and changes nothing', async () => {
    const order = await createOrder('unpaid1@example.ru');
    const before = await state(order.id);
    const refused = await move(manager, { id: order.id, status: 'IN_PROGRESS' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      formatMessage(MESSAGES.orderNotPaidForStatus, { to: 'В работе' }),
    );
    expect(await state(order.id)).toEqual(before);
    expect(before).toMatchObject({ status: 'NEW', is_paid: false, payments: 0 });
  });

  it('moves it with a "paid outside the system" record: paid, stored as a manual payment, audited', async () => {
    const order = await createOrder('unpaid2@example.ru');
    const moved = await move(manager, {
      id: order.id,
      status: 'IN_PROGRESS',
      manualPayment: { method: 'cash', paidOn: '2026-01-15', comment: 'Оплатил в офисе' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'IN_PROGRESS', isPaid: true });
    const payment = await ctx.database.sql.executeSql(
      `select p.provider, p.status, p.amount::int as amount, p.manual_method, p.manual_paid_on::text as paid_on,
              u.email as recorded_by, p.manual_comment
         from payments p join users u on u.id = p.recorded_by_user_id where p.order_id = $1`,
      [order.id],
    );
    expect(payment.rows).toEqual([
      {
        provider: 'manual',
        status: 'succeeded',
        amount: order.amount,
        manual_method: 'cash',
        paid_on: '2026-01-15',
        recorded_by: DEMO.manager[0],
        manual_comment: 'Оплатил в офисе',
      },
    ]);
    const audit = await ctx.database.sql.executeSql(`select action from audit_log where entity_id = $1`, [
      order.id,
    ]);
    expect(audit.rows).toEqual([{ action: 'order.payment.manual' }]);
    // Paid now: the next step needs no record.
    expect((await move(manager, { id: order.id, status: 'READY' })).statusCode).toBe(200);
  });

  it('refuses a payment dated in the future and an unknown method, changing nothing', async () => {
    const order = await createOrder('unpaid3@example.ru');
    const before = await state(order.id);
    const future = await move(manager, {
      id: order.id,
      status: 'IN_PROGRESS',
      manualPayment: { method: 'cash', paidOn: '2099-01-01' },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json<{ message: string }>().message).toBe(MESSAGES.manualPaymentDateInvalid);
    const method = await move(manager, {
      id: order.id,
      status: 'IN_PROGRESS',
      manualPayment: { method: 'barter', paidOn: '2026-01-15' },
    });
    expect(method.statusCode).toBe(400);
    expect(await state(order.id)).toEqual(before);
  });

  it('a partner cannot hand over an unpaid order, nor record a payment', async () => {
    const order = await createOrder('unpaid4@example.ru');
    // An order left READY unpaid before this rule (or by hand in the database).
    await ctx.database.sql.executeSql(`update orders set status = 'READY' where id = $1`, [order.id]);
    const before = await state(order.id);
    const refused = await move(partner, { id: order.id, status: 'COMPLETED' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.partnerOrderNotPaid);
    const recorded = await move(partner, {
      id: order.id,
      status: 'COMPLETED',
      manualPayment: { method: 'cash', paidOn: '2026-01-15' },
    });
    expect(recorded.statusCode).toBe(403);
    expect(await state(order.id)).toEqual(before);
  });

  it('a paid order moves on as before', async () => {
    const order = await createOrder('paid5@example.ru');
    await payOnTestPage(ctx, order, 'paid5@example.ru');
    expect((await move(manager, { id: order.id, status: 'IN_PROGRESS' })).statusCode).toBe(200);
    expect((await move(manager, { id: order.id, status: 'READY' })).statusCode).toBe(200);
    expect((await move(partner, { id: order.id, status: 'COMPLETED' })).statusCode).toBe(200);
  });

  it('ADMIN corrects a COMPLETED-by-mistake order back with a reason, audited; nobody else, no reason, no NEW', async () => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    const order = await createOrder('mistake@example.ru');
    await ctx.database.sql.executeSql(`update orders set status = 'COMPLETED' where id = $1`, [order.id]);
    const before = await state(order.id);
    const byManager = await move(manager, { id: order.id, status: 'READY', comment: 'Ошибка' });
    expect(byManager.statusCode).toBe(400);
    const noReason = await move(admin, { id: order.id, status: 'READY', comment: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe(MESSAGES.completedCorrectionReasonRequired);
    expect((await move(admin, { id: order.id, status: 'NEW', comment: 'Ошибка' })).statusCode).toBe(400);
    expect(await state(order.id)).toEqual(before);

    const corrected = await move(admin, {
      id: order.id,
      status: 'READY',
      comment: 'Закрыт по ошибке: клиент не забрал и не оплатил',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ status: 'READY', isPaid: false });
    const audit = await ctx.database.sql.executeSql(
      `select action, data from audit_log where entity_id = $1`,
      [order.id],
    );
    expect(audit.rows).toEqual([
      {
        action: 'order.status.correct',
        data: { from: 'COMPLETED', to: 'READY', reason: 'Закрыт по ошибке: клиент не забрал и не оплатил' },
      },
    ]);
    // Still unpaid: it goes on only with its payment recorded, or is cancelled.
    expect((await move(admin, { id: order.id, status: 'COMPLETED' })).statusCode).toBe(400);
    expect((await move(admin, { id: order.id, status: 'CANCELED' })).statusCode).toBe(200);
  });
});
