import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationListResponse,
  OrderDetail,
  OrderResultListResponse,
  OrderSummary,
} from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(700, 0x20), Buffer.from('\n%%EOF\n')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 0)]);

function multipart(files: Array<{ name: string; type: string; content: Buffer }>) {
  const boundary = `----results${Date.now()}`;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('order results: staff attach and send, the owner downloads', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  let admin: { authorization: string };
  let partner: { authorization: string };
  let owner: { authorization: string };
  let stranger: { authorization: string };

  async function placeOrder(
    email: string,
    deliveryType: 'ELECTRONIC' | 'PICKUP_POINT',
  ): Promise<OrderSummary> {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
      points?: unknown;
    }>();
    const points = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string }>;
    }>();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Клиент Результатов',
        phoneNumber: '+79160000042',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === deliveryType)!.id,
        ...(deliveryType === 'PICKUP_POINT' ? { pickupPointId: points.items[0]!.id } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }

  const attach = (
    orderId: string,
    headers: { authorization: string },
    content = PDF,
    name = 'перевод.pdf',
  ) => {
    const body = multipart([{ name, type: 'application/pdf', content }]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/order/${orderId}/results`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const list = (orderId: string, headers: { authorization: string }) =>
    ctx.app.inject({ method: 'GET', url: `/api/order/${orderId}/results`, headers });
  const send = (orderId: string, headers: { authorization: string }) =>
    ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/results/send`, headers });
  const moveTo = async (orderId: string, status: string) => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      // Unpaid test orders: taken into work with a payment recorded outside the system (decision 043).
      payload: {
        id: orderId,
        status,
        ...(status === 'IN_PROGRESS' ? { manualPayment: { method: 'cash', paidOn: '2026-01-15' } } : {}),
      },
    });
    expect(response.statusCode).toBe(200);
  };
  const pushJobs = async (orderId: string) => {
    const result = await ctx.database.sql.executeSql(
      `select count(*)::int as n from pgboss.job where data->>'name' = 'send-push' and data->>'orderId' = $1`,
      [orderId],
    );
    return (result.rows[0] as { n: number }).n;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    manager = await ctx.staffAuth(...DEMO.manager);
    admin = await ctx.staffAuth(...DEMO.admin);
    partner = await ctx.staffAuth(...DEMO.partner);
    owner = { authorization: (await ctx.customerAuth('result-owner@example.ru')).authorization };
    stranger = { authorization: (await ctx.customerAuth('result-stranger@example.ru')).authorization };
  });
  afterAll(() => ctx.close());

  it('only ADMIN and MANAGER attach; a PARTNER or the customer gets 403 and nothing is attached', async () => {
    const order = await placeOrder('result-owner@example.ru', 'ELECTRONIC');
    expect((await attach(order.id, partner)).statusCode).toBe(403);
    expect((await attach(order.id, owner)).statusCode).toBe(403);
    expect((await list(order.id, admin)).json<OrderResultListResponse>().items).toEqual([]);
    const attached = await attach(order.id, admin);
    expect(attached.statusCode).toBe(201);
    expect(attached.json<OrderResultListResponse>().items).toMatchObject([
      { name: 'перевод.pdf', size: PDF.length, mimeType: 'application/pdf', sentAt: null },
    ]);
  });

  it('an unknown or cancelled order takes no files', async () => {
    const unknown = await attach('00000000-0000-4000-8000-000000000000', manager);
    expect(unknown.statusCode).toBe(404);
    const order = await placeOrder('result-owner@example.ru', 'ELECTRONIC');
    await moveTo(order.id, 'CANCELED');
    const refused = await attach(order.id, manager);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.orderResultsOrderCanceled });
    expect((await list(order.id, manager)).json<OrderResultListResponse>().items).toEqual([]);
  });

  it('follows the upload rules: a program renamed to .pdf is refused', async () => {
    const order = await placeOrder('result-owner@example.ru', 'ELECTRONIC');
    const refused = await attach(order.id, manager, EXE, 'setup.pdf');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.fileTypeNotAllowed });
    expect((await list(order.id, manager)).json<OrderResultListResponse>().items).toEqual([]);
  });

  it('an electronic order: the owner sees nothing until sent; send completes it, mails and pushes once', async () => {
    const order = await placeOrder('result-owner@example.ru', 'ELECTRONIC');
    await moveTo(order.id, 'IN_PROGRESS');
    const wrong = (await attach(order.id, manager, PDF, 'чужой.pdf')).json<OrderResultListResponse>()
      .items[0]!;
    const right = (await attach(order.id, manager)).json<OrderResultListResponse>().items[0]!;

    // Not sent yet: hidden from the owner, and a wrong file can still be removed.
    expect((await list(order.id, owner)).json<OrderResultListResponse>().items).toEqual([]);
    const early = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/results/${right.id}`,
      headers: owner,
    });
    expect(early.statusCode).toBe(404);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/order/${order.id}/results/${wrong.id}`,
      headers: manager,
    });
    expect(removed.statusCode).toBe(200);
    const mailsBefore = (await ctx.outbox('result-owner@example.ru')).length;
    const pushesBefore = await pushJobs(order.id);

    const sent = await send(order.id, manager);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: 1, status: 'COMPLETED' });

    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: owner })
    ).json<OrderDetail>();
    expect(detail.status).toBe('COMPLETED');
    expect(detail.history.map((entry) => entry.toStatus)).toEqual([
      'NEW',
      'IN_PROGRESS',
      'READY',
      'COMPLETED',
    ]);

    // One mail (the results, not two status mails) and one push.
    const mails = (await ctx.outbox('result-owner@example.ru')).slice(0, -mailsBefore || undefined);
    expect(mails.map((mail) => mail.subject)).toEqual([`Заказ №${order.number}: перевод готов`]);
    expect(mails[0]!.text).toContain('— перевод.pdf');
    expect(mails[0]!.text).toContain(`/cabinet/orders/${order.id}`);
    expect((await pushJobs(order.id)) - pushesBefore).toBe(1);
    const notifications = (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: owner })
    ).json<NotificationListResponse>();
    expect(notifications.items[0]).toMatchObject({
      title: `Заказ №${order.number}: перевод готов`,
      orderId: order.id,
    });

    // The owner downloads; another customer and a PARTNER are told it does not exist.
    const items = (await list(order.id, owner)).json<OrderResultListResponse>().items;
    expect(items).toMatchObject([{ id: right.id, name: 'перевод.pdf' }]);
    expect(items[0]!.sentAt).not.toBeNull();
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/results/${right.id}`,
      headers: owner,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('перевод.pdf'));
    for (const other of [stranger, partner]) {
      expect((await list(order.id, other)).statusCode).toBe(404);
      const refused = await ctx.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}/results/${right.id}`,
        headers: other,
      });
      expect(refused.statusCode).toBe(404);
    }
    const staffDownload = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}/results/${right.id}`,
      headers: admin,
    });
    expect(staffDownload.statusCode).toBe(200);

    // Sent files stay; pressing send again with nothing new sends nothing.
    const late = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/order/${order.id}/results/${right.id}`,
      headers: manager,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: MESSAGES.orderResultAlreadySent });
    const again = await send(order.id, manager);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: MESSAGES.orderResultsNothingToSend });
    expect((await pushJobs(order.id)) - pushesBefore).toBe(1);
  });

  it('an electronic order not taken into work is not completed by a send, and its file stays unsent', async () => {
    const order = await placeOrder('result-owner@example.ru', 'ELECTRONIC');
    await attach(order.id, manager);
    const refused = await send(order.id, manager);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.orderResultsNotInWork });
    expect((await list(order.id, manager)).json<OrderResultListResponse>().items[0]!.sentAt).toBeNull();
    expect((await list(order.id, owner)).json<OrderResultListResponse>().items).toEqual([]);
  });

  it('a pickup order (scans of notarised copies): send notifies and leaves the status to staff', async () => {
    const order = await placeOrder('result-owner@example.ru', 'PICKUP_POINT');
    await moveTo(order.id, 'IN_PROGRESS');
    await attach(order.id, manager, PDF, 'скан.pdf');
    const sent = await send(order.id, admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: 1, status: 'IN_PROGRESS' });
    expect((await list(order.id, owner)).json<OrderResultListResponse>().items).toHaveLength(1);
  });
});
