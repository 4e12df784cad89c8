import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse, OrderDetail, OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// Decision 048: the note to the customer and the internal note are two fields of a status change.
describe('status change: note to the customer and internal note', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let order: OrderSummary;
  const email = 'internal.note@example.ru';
  const customerNote = 'Перевод отменён по вашей просьбе';
  const internalNote = 'Клиент грубил по телефону, больше не берём';

  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.staffAuth(...DEMO.manager);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Вера Заметкина',
        email,
        phoneNumber: '+79161114455',
        payerType: 'INDIVIDUAL',
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
      },
    });
    expect(created.statusCode).toBe(201);
    order = created.json<OrderSummary>();
  });
  afterAll(() => ctx.close());

  it('mails and shows the customer the comment only; staff see the internal note in the history', async () => {
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: {
        id: order.id,
        status: 'CANCELED',
        comment: customerNote,
        internalNote: `  ${internalNote} `,
      },
    });
    expect(changed.statusCode).toBe(200);

    const staffView = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}`,
      headers: manager,
    });
    expect(staffView.json<OrderDetail>().history.at(-1)).toMatchObject({
      toStatus: 'CANCELED',
      comment: customerNote,
      internalNote,
    });

    const mails = (await ctx.outbox(email)).filter((mail) => mail.subject.includes('отмен'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(customerNote);
    expect(mails[0]!.text).not.toContain(internalNote);
    expect(mails[0]!.html ?? '').not.toContain('грубил');

    const { authorization } = await ctx.customerAuth(email);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}`,
      headers: { authorization },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('грубил');
    expect(own.json<OrderDetail>().history.every((entry) => entry.internalNote === null)).toBe(true);
    const notifications = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization },
    });
    expect(notifications.statusCode).toBe(200);
    expect(notifications.json<NotificationListResponse>().items.length).toBeGreaterThan(0);
    expect(notifications.body).not.toContain('грубил');
  });

  it('refuses an internal note over 2000 characters with a Russian message and changes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: { id: order.id, status: 'CANCELED', internalNote: 'я'.repeat(2001) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: Array<{ path: string; message: string }> }>().details).toEqual([
      { path: 'body.internalNote', message: expect.stringMatching(/[а-я]/i) },
    ]);
  });
});
