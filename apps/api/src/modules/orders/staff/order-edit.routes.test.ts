import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderEditPreview, OrderSummary, OrderTimelineResponse } from '@app/contracts';
import { formatMessage, formatRub, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';

type Catalogue = {
  documents: Array<{ id: string; name: string; price: number }>;
  assurances: Array<{ id: string; name: string; price: number }>;
  deliveries: Array<{ id: string; type: string; price: number }>;
};

describe('staff edit an order before work starts, and read its timeline (decisions 054, 055)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let catalogue: Catalogue;
  let passport: { id: string; price: number };
  let diploma: { id: string; price: number };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    catalogue = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<Catalogue>();
    passport = catalogue.documents.find((document) => document.name === 'Паспорт')!;
    diploma = catalogue.documents.find((document) => document.name === 'Диплом')!;
  });
  afterAll(() => ctx.close());

  async function createOrder(email: string, delivery: 'ELECTRONIC' | 'COURIER' = 'ELECTRONIC') {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Вера Лаптева',
        email,
        phoneNumber: '+79161234567',
        documentsWithQuantity: [{ documentId: passport.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: catalogue.deliveries.find((d) => d.type === delivery)!.id,
        ...(delivery === 'COURIER' ? { address: 'Москва, Тверская, 1', apartment: '5' } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  }

  const content = (email: string, overrides: Record<string, unknown> = {}) => ({
    documentsWithQuantity: [{ documentId: passport.id, quantity: 1 }],
    documentsAssurances: [],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    name: 'Вера Лаптева',
    phoneNumber: '+79161234567',
    email,
    ...overrides,
  });

  const preview = (id: string, body: unknown, headers = manager) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/order/${id}/edit/preview`,
      headers,
      payload: body as object,
    });
  const save = (id: string, body: unknown, headers = manager) =>
    ctx.app.inject({ method: 'PUT', url: `/api/order/${id}/edit`, headers, payload: body as object });
  const detail = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: admin })).json<OrderDetail>();
  const timeline = async (id: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${id}/timeline`,
      headers: manager,
    });
    expect(response.statusCode).toBe(200);
    return response.json<OrderTimelineResponse>();
  };
  const auditRows = async (id: string) =>
    (
      await ctx.database.sql.executeSql(
        `select data from audit_log where entity = 'order' and entity_id = $1 and action = 'order.edit'`,
        [id],
      )
    ).rows as Array<{ data: { from: number; to: number; reason: string; changes: unknown[] } }>;

  it('previews the repriced total and the difference, then saves it atomically with an audit record', async () => {
    const order = await createOrder('edit-lines@example.ru');
    // A payment link made before the edit stops settling the order once the amount changes.
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'edit-lines@example.ru' },
    });
    expect(link.statusCode).toBe(200);
    const body = content('edit-lines@example.ru', {
      documentsWithQuantity: [
        { documentId: passport.id, quantity: 2 },
        { documentId: diploma.id, quantity: 1 },
      ],
    });

    const previewed = await preview(order.id, body);
    expect(previewed.statusCode).toBe(200);
    const expected = 2 * passport.price + diploma.price;
    expect(previewed.json<OrderEditPreview>()).toMatchObject({
      from: passport.price,
      to: expected,
      difference: expected - passport.price,
    });
    expect((await detail(order.id)).amount).toBe(passport.price); // the preview stores nothing

    const saved = await save(order.id, {
      ...body,
      expectedAmount: passport.price,
      reason: 'Клиент донёс диплом',
    });
    expect(saved.statusCode).toBe(200);
    const after = await detail(order.id);
    expect(after.amount).toBe(expected);
    expect(after.documents).toEqual([
      { name: 'Паспорт', quantity: 2 },
      { name: 'Диплом', quantity: 1 },
    ]);
    expect(after.amountChanges).toMatchObject([
      { from: passport.price, to: expected, reason: 'Клиент донёс диплом' },
    ]);
    const [audit] = await auditRows(order.id);
    expect(audit?.data).toMatchObject({ from: passport.price, to: expected, reason: 'Клиент донёс диплом' });
    const mails = await ctx.outbox('edit-lines@example.ru');
    expect(mails.some((mail) => mail.subject.includes('сумма изменена'))).toBe(true);
    const linkStatus = await ctx.database.sql.executeSql(`select status from payments where order_id = $1`, [
      order.id,
    ]);
    expect(linkStatus.rows).toEqual([{ status: 'superseded' }]);
  });

  it('refuses a save whose «было» is not the order amount any more, and changes nothing', async () => {
    const order = await createOrder('edit-stale@example.ru');
    const body = content('edit-stale@example.ru', {
      documentsWithQuantity: [{ documentId: passport.id, quantity: 3 }],
    });
    const refused = await save(order.id, {
      ...body,
      expectedAmount: passport.price + 1,
      reason: 'Три копии',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.orderEditStale);
    expect((await detail(order.id)).amount).toBe(passport.price);
    expect(await auditRows(order.id)).toEqual([]);
  });

  it('refuses edits once the order is in work', async () => {
    const order = await createOrder('edit-late@example.ru');
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: {
        id: order.id,
        status: 'IN_PROGRESS',
        manualPayment: { method: 'cash', paidOn: new Date().toISOString().slice(0, 10) },
      },
    });
    expect(moved.statusCode).toBe(200);
    const body = content('edit-late@example.ru', { name: 'Вера Петровна Лаптева' });
    for (const response of [
      await preview(order.id, body),
      await save(order.id, { ...body, expectedAmount: passport.price, reason: 'Имя' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(MESSAGES.orderEditNotAllowed);
    }
    expect((await detail(order.id)).name).toBe('Вера Лаптева');
  });

  it('a paid order: contact changes are saved, a change of the total is refused', async () => {
    const order = await createOrder('edit-paid@example.ru');
    await payOnTestPage(ctx, order, 'edit-paid@example.ru');
    const higher = content('edit-paid@example.ru', {
      documentsWithQuantity: [{ documentId: passport.id, quantity: 2 }],
    });
    const refused = await save(order.id, { ...higher, expectedAmount: passport.price, reason: 'Ещё копия' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('Заказ уже оплачен');
    expect((await detail(order.id)).amount).toBe(passport.price);

    const contact = content('edit-paid@example.ru', { phoneNumber: '8 (916) 765-43-21' });
    const saved = await save(order.id, {
      ...contact,
      expectedAmount: passport.price,
      reason: 'Новый телефон',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<OrderEditPreview>().changes).toEqual([
      { field: 'Телефон', from: '+79161234567', to: '+79167654321' },
    ]);
    expect((await detail(order.id)).phoneNumber).toBe('+79167654321');
  });

  it('refuses an edit that puts the total below the other document price inside it (decision 044)', async () => {
    const order = await createOrder('edit-other@example.ru');
    const three = content('edit-other@example.ru', {
      documentsWithQuantity: [{ documentId: passport.id, quantity: 3 }],
    });
    const grown = await save(order.id, { ...three, expectedAmount: order.amount, reason: 'Три копии' });
    expect(grown.statusCode).toBe(200);
    const total = grown.json<OrderEditPreview>().to;
    const otherPrice = Math.round(total * 100 - 100) / 100;
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/other-document-amount',
      headers: manager,
      payload: { orderId: order.id, otherPrice, otherCost: 100 },
    });
    expect(other.statusCode).toBe(200);
    const back = content('edit-other@example.ru');
    const message = formatMessage(MESSAGES.amountBelowOtherPrice, { otherPrice: formatRub(otherPrice) });
    for (const response of [
      await preview(order.id, back),
      await save(order.id, { ...back, expectedAmount: total, reason: 'Одна копия' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect((await detail(order.id)).amount).toBe(total);
    expect(await auditRows(order.id)).toHaveLength(1);
  });

  it('validates with the shared contracts and the catalogue: bad input is a 400 and changes nothing', async () => {
    const order = await createOrder('edit-bad@example.ru');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ phoneNumber: '123' }, MESSAGES.invalidPhone],
      [{ email: 'not-an-email' }, MESSAGES.invalidEmail],
      [{ documentsWithQuantity: [] }, MESSAGES.documentsRequired],
      [
        { documentsWithQuantity: [{ documentId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
        MESSAGES.unknownDocument,
      ],
      [{ targetLanguage: 'ru' }, MESSAGES.sameLanguages],
      [{ courierAddress: { address: 'Москва' } }, MESSAGES.orderEditAddressCourierOnly],
      [{}, MESSAGES.orderEditNothingChanged],
    ];
    for (const [overrides, message] of cases) {
      const response = await save(order.id, {
        ...content('edit-bad@example.ru', overrides),
        expectedAmount: passport.price,
        reason: 'Проверка',
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.body).toContain(message);
    }
    const noReason = await save(order.id, {
      ...content('edit-bad@example.ru', { name: 'Иван' }),
      expectedAmount: passport.price,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(MESSAGES.orderEditReasonMissing);
    expect(await auditRows(order.id)).toEqual([]);
    expect((await detail(order.id)).name).toBe('Вера Лаптева');
  });

  it('changes a courier address and the e-mail; the order moves to the new address owner', async () => {
    const order = await createOrder('edit-courier@example.ru', 'COURIER');
    const body = content('edit-new-owner@example.ru', {
      courierAddress: { address: 'Москва, Арбат, 10', apartment: '12', floor: '3' },
    });
    const saved = await save(order.id, { ...body, expectedAmount: order.amount, reason: 'Переехала' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<OrderEditPreview>()).toMatchObject({
      from: order.amount,
      to: order.amount,
      difference: 0,
    });
    const after = await detail(order.id);
    expect(after.email).toBe('edit-new-owner@example.ru');
    expect(after.delivery).toMatchObject({
      address: 'Москва, Арбат, 10',
      apartment: '12',
      floor: '3',
      entrance: null,
    });
    expect(after.amountChanges).toEqual([]);
    const owner = await ctx.database.sql.executeSql(
      `select u.email, o.owner_confirmed_at from orders o join users u on u.id = o.user_id where o.id = $1`,
      [order.id],
    );
    expect(owner.rows).toEqual([{ email: 'edit-new-owner@example.ru', owner_confirmed_at: null }]);
  });

  it('one timeline: create → amount change → payment → status change → mail, in order', async () => {
    const order = await createOrder('timeline@example.ru');
    const amount = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: admin,
      payload: { id: order.id, amount: 2000, reason: 'Две страницы' },
    });
    expect(amount.statusCode).toBe(200);
    await payOnTestPage(ctx, order, 'timeline@example.ru');
    const status = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: { id: order.id, status: 'IN_PROGRESS', comment: 'Взяли в работу' },
    });
    expect(status.statusCode).toBe(200);
    const note = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/notes`,
      headers: manager,
      payload: { text: 'Перезвонить клиенту' },
    });
    expect(note.statusCode).toBe(201);

    const { items, truncated } = await timeline(order.id);
    expect(truncated).toBe(false);
    const at = (predicate: (entry: (typeof items)[number]) => boolean, what: string) => {
      const index = items.findIndex(predicate);
      expect(index, `${what} in ${JSON.stringify(items, null, 1)}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const created = at((e) => e.kind === 'status' && e.text.startsWith('Заказ создан'), 'created');
    const confirmation = at((e) => e.kind === 'mail' && e.text.includes('timeline@example.ru'), 'first mail');
    const changed = at((e) => e.kind === 'amount' && e.text.includes('Две страницы'), 'amount change');
    const paid = at((e) => e.kind === 'payment' && e.text.startsWith('Оплачено'), 'payment');
    const inWork = at((e) => e.kind === 'status' && e.text.includes('В работе'), 'status change');
    const statusMail = at((e) => e.kind === 'mail' && /в работ/i.test(e.text), 'status mail');
    const noted = at((e) => e.kind === 'note', 'note');
    at((e) => e.kind === 'job' && e.text.includes('Отправка письма'), 'mail job');
    expect(created).toBeLessThan(changed);
    expect(confirmation).toBeLessThan(changed);
    expect(changed).toBeLessThan(paid);
    expect(paid).toBeLessThan(inWork);
    expect(paid).toBeLessThan(statusMail);
    expect(inWork).toBeLessThan(noted);
    expect(items[changed]!.actor).toBe(DEMO.admin[0]);
    expect(items[inWork]!.actor).toBe(DEMO.manager[0]);
    expect(items[inWork]!.text).toContain('Взяли в работу');
    const times = items.map((entry) => new Date(entry.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('the timeline is 404 for an unknown order', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/00000000-0000-4000-8000-000000000000/timeline',
      headers: manager,
    });
    expect(response.statusCode).toBe(404);
  });
});
