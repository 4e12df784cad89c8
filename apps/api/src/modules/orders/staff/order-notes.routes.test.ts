import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderNote, OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

type Headers = { authorization: string };

describe('internal notes on an order', () => {
  let ctx: TestContext;
  let admin: Headers;
  let manager: Headers;
  let partner: Headers;
  let customer: Headers;
  let order: OrderSummary;
  const customerEmail = 'notes-customer@example.ru';

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    partner = await ctx.staffAuth(...DEMO.partner);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const pointId = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string }>;
    }>().items[0]!.id;
    // To the demo partner's pickup point, so the PARTNER may read the order itself but still not its notes.
    order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Вера Заметкина',
          email: customerEmail,
          phoneNumber: '+79161113301',
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((delivery) => delivery.type === 'PICKUP_POINT')!.id,
          pickupPointId: pointId,
        },
      })
    ).json<OrderSummary>();
    customer = { authorization: (await ctx.customerAuth(customerEmail)).authorization };
  });
  afterAll(() => ctx.close());

  const addNote = (headers: Headers, text: unknown, orderId = order.id) =>
    ctx.app.inject({ method: 'POST', url: `/api/order/${orderId}/notes`, headers, payload: { text } });
  const listNotes = async (headers: Headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}/notes`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: OrderNote[] }>().items;
  };

  it('staff add notes with author and time, and read them newest first', async () => {
    const first = await addNote(manager, '  Клиент просил позвонить после 18:00  ');
    expect(first.statusCode).toBe(201);
    expect(first.json<OrderNote>()).toMatchObject({
      text: 'Клиент просил позвонить после 18:00',
      author: { email: DEMO.manager[0] },
      canDelete: true,
    });
    expect(Date.parse(first.json<OrderNote>().createdAt)).not.toBeNaN();
    const second = await addNote(admin, 'Оригинал диплома у нас в офисе');
    expect(second.statusCode).toBe(201);

    const asManager = await listNotes(manager);
    expect(asManager.map((note) => note.text)).toEqual([
      'Оригинал диплома у нас в офисе',
      'Клиент просил позвонить после 18:00',
    ]);
    expect(asManager[0]!.author?.email).toBe(DEMO.admin[0]);
    expect(asManager[0]!.author?.name).toBeTruthy();
    // A MANAGER may delete only their own note; an ADMIN any.
    expect(asManager.map((note) => note.canDelete)).toEqual([false, true]);
    expect((await listNotes(admin)).map((note) => note.canDelete)).toEqual([true, true]);
  });

  it('refuses an empty or too long note and an unknown order with Russian messages', async () => {
    const empty = await addNote(manager, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MESSAGES.noteTextRequired });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/notes`,
      headers: manager,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: MESSAGES.noteTextRequired });
    const long = await addNote(manager, 'я'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: MESSAGES.noteTextTooLong });
    expect((await addNote(manager, 'я'.repeat(2000))).statusCode).toBe(201);
    const unknown = await addNote(manager, 'Куда?', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.orderNotFound });
  });

  it('never shows notes to the customer or the pickup point partner', async () => {
    for (const headers of [customer, partner]) {
      const notes = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}/notes`, headers });
      expect(notes.statusCode).toBe(403);
      expect((await addNote(headers, 'Можно и мне?')).statusCode).toBe(403);
      // The partner reads its point's order on its own read-only page (decision 057: the full detail is 403).
      const url = headers === partner ? `/api/order/partner/${order.id}` : `/api/order/${order.id}`;
      const detail = await ctx.app.inject({ method: 'GET', url, headers });
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toContain('Клиент просил позвонить');
      expect(detail.body).not.toContain('Оригинал диплома');
      if (headers === customer) expect(detail.json()).toMatchObject({ staff: null });
    }
    // The staff view of the order itself does not carry them either: they live behind their own route.
    const staffDetail = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${order.id}`,
      headers: admin,
    });
    expect(staffDetail.body).not.toContain('Клиент просил позвонить');
  });

  it('the author deletes their own note, another manager cannot, an ADMIN can; deletions are audited', async () => {
    const [adminNote, managerNote] = (await listNotes(manager)).filter((note) => note.text.length < 100);
    const remove = (headers: Headers, noteId: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/order/${order.id}/notes/${noteId}`, headers });

    const refused = await remove(manager, adminNote!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MESSAGES.noteDeleteNotYours });

    expect((await remove(manager, managerNote!.id)).statusCode).toBe(200);
    expect((await remove(manager, managerNote!.id)).statusCode).toBe(404);
    expect((await remove(admin, adminNote!.id)).statusCode).toBe(200);
    expect((await listNotes(manager)).map((note) => note.text)).toEqual(['я'.repeat(2000)]);

    const audit = await ctx.database.sql.executeSql(
      `select data->>'text' as text from audit_log where action = 'order.note.delete' and entity_id = $1 order by created_at`,
      [order.id],
    );
    expect(audit.rows).toEqual([
      { text: 'Клиент просил позвонить после 18:00' },
      { text: 'Оригинал диплома у нас в офисе' },
    ]);
  });
});
