import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse, OrderDetail, OrderListItem, OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20), Buffer.from('\n%%EOF\n')]);

describe('the cabinet: own orders only', () => {
  let ctx: TestContext;
  let alice: { authorization: string };
  let bob: { authorization: string };
  let aliceOrder: OrderSummary;
  let aliceFileId: string;

  async function order(
    email: string,
    files: string[] = [],
    fileTokens: Record<string, string> = {},
  ): Promise<OrderSummary> {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Клиент',
        phoneNumber: '+79160000001',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        files,
        fileTokens,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    const boundary = 'b0undary';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="скан.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const uploaded = upload.json<{ items: Array<{ id: string; token: string }> }>().items[0]!;
    aliceFileId = uploaded.id;
    aliceOrder = await order('alice@example.ru', [aliceFileId], { [aliceFileId]: uploaded.token });
    await order('alice@example.ru');
    await order('bob@example.ru');
    alice = { authorization: (await ctx.customerAuth('alice@example.ru')).authorization };
    bob = { authorization: (await ctx.customerAuth('bob@example.ru')).authorization };
    // Placed as a guest: Alice confirms it is hers (decision 022) before the cabinet shows its files.
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${aliceOrder.id}/confirm-owner`,
      headers: alice,
    });
    expect(confirmed.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('lists only my orders, newest first', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/order/my', headers: alice });
    const items = response.json<{ items: OrderListItem[] }>().items;
    expect(items).toHaveLength(2);
    expect(items[0]!.createdAt >= items[1]!.createdAt).toBe(true);
    expect(items.map((item) => item.id)).toContain(aliceOrder.id);
    const bobs = (await ctx.app.inject({ method: 'GET', url: '/api/order/my', headers: bob })).json<{
      items: OrderListItem[];
    }>();
    expect(bobs.items.map((item) => item.id)).not.toContain(aliceOrder.id);
  });

  it('shows my order with files, breakdown and history', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${aliceOrder.id}`,
      headers: alice,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<OrderDetail>();
    expect(detail).toMatchObject({ number: aliceOrder.number, canCancel: true, canPay: true, status: 'NEW' });
    expect(detail.files).toEqual([
      {
        id: aliceFileId,
        name: 'скан.pdf',
        size: PDF.length,
        mimeType: 'application/pdf',
        quote: { status: 'uncounted' },
      },
    ]);
    expect(detail.history.map((entry) => entry.toStatus)).toEqual(['NEW']);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${aliceOrder.id}/files/${aliceFileId}`,
      headers: alice,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''");
  });

  it('another customer can neither read nor change nor download my order: 404 with nothing leaked', async () => {
    const read = await ctx.app.inject({ method: 'GET', url: `/api/order/${aliceOrder.id}`, headers: bob });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${aliceOrder.id}/files/${aliceFileId}`,
      headers: bob,
    });
    const cancel = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: bob,
      payload: { id: aliceOrder.id, status: 'CANCELED' },
    });
    for (const response of [read, file, cancel]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: MESSAGES.orderNotFound,
      });
    }
    const still = await ctx.app.inject({ method: 'GET', url: `/api/order/${aliceOrder.id}`, headers: alice });
    expect(still.json<OrderDetail>().status).toBe('NEW');
  });

  it('a customer may only cancel, and only a NEW or PAID order', async () => {
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: alice,
      payload: { id: aliceOrder.id, status: 'COMPLETED' },
    });
    expect(other.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: alice,
      payload: { id: aliceOrder.id, status: 'LOST' },
    });
    expect(unknown.statusCode).toBe(400);

    const cancelled = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: alice,
      payload: { id: aliceOrder.id, status: 'CANCELED', comment: 'Передумала' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<OrderDetail>()).toMatchObject({
      status: 'CANCELED',
      canCancel: false,
      canPay: false,
    });
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: alice,
      payload: { id: aliceOrder.id, status: 'CANCELED' },
    });
    // Issue 16: a second tap on «Да, отменить» is the same cancellation, not «Заказ уже в работе».
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderDetail>()).toMatchObject({ status: 'CANCELED' });
    const history = await ctx.database.sql.executeSql(
      `select count(*)::int as n from order_status_history where order_id = $1 and to_status = 'CANCELED'`,
      [aliceOrder.id],
    );
    expect((history.rows[0] as { n: number }).n).toBe(1);
  });

  it('a customer cannot cancel an order already in work', async () => {
    const mine = await order('alice@example.ru');
    const manager = await ctx.staffAuth(...DEMO.manager);
    const taken = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: {
        id: mine.id,
        status: 'IN_PROGRESS',
        manualPayment: { method: 'cash', paidOn: '2026-01-15' },
      },
    });
    expect(taken.statusCode).toBe(200);
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: alice,
      payload: { id: mine.id, status: 'CANCELED' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.orderNotCancellable });
  });

  it('staff move orders along the documented transitions; a forbidden one is a 400', async () => {
    const manager = await ctx.staffAuth(...DEMO.manager);
    const target = await order('flow@example.ru');
    const step = (status: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers: manager,
        payload: {
          id: target.id,
          status,
          comment: `→ ${status}`,
          // The order is unpaid: taking it into work records a payment made outside the system (decision 043).
          ...(status === 'IN_PROGRESS' ? { manualPayment: { method: 'cash', paidOn: '2026-01-15' } } : {}),
        },
      });
    expect((await step('COMPLETED')).statusCode).toBe(400);
    expect((await step('PAID')).statusCode).toBe(400);
    for (const status of ['IN_PROGRESS', 'READY', 'DELIVERING', 'COMPLETED']) {
      expect((await step(status)).statusCode).toBe(200);
    }
    const forbidden = await step('NEW');
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.json<{ message: string }>().message).toBe(
      'Нельзя перевести заказ из статуса «Выполнен» в «Новый»',
    );

    const customer = { authorization: (await ctx.customerAuth('flow@example.ru')).authorization };
    const notifications = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: customer })
    ).json<NotificationListResponse>();
    expect(notifications.unreadCount).toBe(4);
    expect(notifications.items[0]!.title).toContain('выполнен');
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/${target.id}`, headers: customer })
    ).json<OrderDetail>();
    expect(detail.history.map((entry) => entry.toStatus)).toEqual([
      'NEW',
      'IN_PROGRESS',
      'READY',
      'DELIVERING',
      'COMPLETED',
    ]);
    expect(detail.history[1]!.comment).toBe('→ IN_PROGRESS');
    // The customer does not see who in the back office changed it, nor back-office fields.
    expect(detail.history.every((entry) => entry.actor === null)).toBe(true);
    expect(detail.staff).toBeNull();
    const staffView = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/${target.id}`, headers: manager })
    ).json<OrderDetail>();
    expect(staffView.history[1]!.actor).toBe('manager@demo.local');
    expect(staffView.staff).toMatchObject({ otherPrice: null, otherCost: null });
  });

  it('notifications: mark one and all read; another customer cannot touch mine', async () => {
    const customer = { authorization: (await ctx.customerAuth('flow@example.ru')).authorization };
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: customer })
    ).json<NotificationListResponse>();
    const first = list.items[0]!;
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${first.id}/read`,
      headers: bob,
    });
    expect(foreign.statusCode).toBe(404);
    await ctx.app.inject({ method: 'POST', url: `/api/notifications/${first.id}/read`, headers: customer });
    let after = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: customer })
    ).json<NotificationListResponse>();
    expect(after.unreadCount).toBe(list.unreadCount - 1);
    await ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: customer });
    after = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: customer })
    ).json<NotificationListResponse>();
    expect(after.unreadCount).toBe(0);
    const bobs = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bob })
    ).json<NotificationListResponse>();
    expect(bobs.items.every((item) => item.orderId !== first.orderId)).toBe(true);
  });

  it("an order someone else placed for my e-mail is marked unconfirmed, without the sender's text, until I confirm it", async () => {
    // A stranger (a guest) orders for Carol's address with a message of their own and a file.
    const boundary = 'b0undary2';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="счёт.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const file = upload.json<{ items: Array<{ id: string; token: string }> }>().items[0]!;
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Служба поддержки',
        phoneNumber: '+79160000009',
        email: 'carol@example.ru',
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        comment: 'Переведите 5000 ₽ на карту 1234 5678 для ускорения',
        files: [file.id],
        fileTokens: { [file.id]: file.token },
      },
    });
    expect(placed.statusCode).toBe(201);
    const strangerOrder = placed.json<OrderSummary>();

    const carol = { authorization: (await ctx.customerAuth('carol@example.ru')).authorization };
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/order/my', headers: carol })).json<{
      items: OrderListItem[];
    }>();
    expect(list.items.find((item) => item.id === strangerOrder.id)).toMatchObject({ ownerConfirmed: false });
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/${strangerOrder.id}`, headers: carol })
    ).json<OrderDetail>();
    expect(detail).toMatchObject({ ownerConfirmed: false, comment: null, files: [] });
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${strangerOrder.id}/files/${file.id}`,
      headers: carol,
    });
    expect(download.statusCode).toBe(404);
    // Staff see the order as it was sent.
    const manager = await ctx.staffAuth('manager@demo.local', 'manager-demo-pass');
    const staffView = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/${strangerOrder.id}`, headers: manager })
    ).json<OrderDetail>();
    expect(staffView.comment).toContain('5000');
    // Nobody but the address owner confirms.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${strangerOrder.id}/confirm-owner`,
      headers: bob,
    });
    expect(foreign.statusCode).toBe(404);

    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${strangerOrder.id}/confirm-owner`,
      headers: carol,
    });
    expect(confirm.json()).toEqual({ id: strangerOrder.id, ownerConfirmed: true });
    const after = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/${strangerOrder.id}`, headers: carol })
    ).json<OrderDetail>();
    expect(after.ownerConfirmed).toBe(true);
    expect(after.comment).toContain('5000');
    expect(after.files).toHaveLength(1);
  });

  it('an order placed while signed in as its e-mail is confirmed at once', async () => {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bob,
      payload: {
        name: 'Боб',
        phoneNumber: '+79160000010',
        email: 'bob@example.ru',
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        comment: 'Срочно',
      },
    });
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/order/${placed.json<OrderSummary>().id}`,
        headers: bob,
      })
    ).json<OrderDetail>();
    expect(detail).toMatchObject({ ownerConfirmed: true, comment: 'Срочно' });
  });
});
