import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@app/contracts';
import { formatMessage, MESSAGES, SAVED_VIEWS_MAX } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('saved views of the CRM order list', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let partner: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    partner = await ctx.staffAuth(...DEMO.partner);
  });
  afterAll(() => ctx.close());

  const save = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/order/views', headers, payload });
  const listOf = async (headers: { authorization: string }) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/order/views', headers })).json<{ items: SavedView[] }>()
      .items;

  it('saves the filters under a name per user; each sees and deletes only their own', async () => {
    const created = await save(manager, {
      name: '  Неоплаченные организации ',
      query: { isPaid: 'false', payerType: 'ORGANIZATION', sort: '-amount', status: 'NEW,PAID' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json<SavedView>();
    expect(view).toMatchObject({
      name: 'Неоплаченные организации',
      query: { isPaid: 'false', payerType: 'ORGANIZATION', sort: '-amount', status: 'NEW,PAID' },
    });
    expect((await listOf(manager)).map((item) => item.id)).toEqual([view.id]);
    expect(await listOf(admin)).toEqual([]);

    // Another user's view is not theirs to delete (404, it stays).
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/order/views/${view.id}`,
      headers: admin,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: MESSAGES.savedViewNotFound });
    expect(await listOf(manager)).toHaveLength(1);

    // The same name twice is refused; another user may use it.
    const twice = await save(manager, { name: 'Неоплаченные организации', query: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: MESSAGES.savedViewNameTaken });
    expect((await save(admin, { name: 'Неоплаченные организации', query: {} })).statusCode).toBe(201);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/order/views/${view.id}`,
      headers: manager,
    });
    expect(removed.statusCode).toBe(200);
    expect(await listOf(manager)).toEqual([]);
  });

  it('refuses a view without a name, with unknown or malformed filters, and changes nothing', async () => {
    for (const payload of [
      { name: '   ', query: {} },
      { name: 'x'.repeat(61), query: {} },
      { name: 'Чужой ключ', query: { userId: '1' } },
      { name: 'Плохая сортировка', query: { sort: 'email' } },
      { name: 'Плохая дата', query: { dateFrom: '31.12.2026' } },
      { name: 'Не строка', query: { isPaid: true } },
    ]) {
      const response = await save(manager, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const noName = await save(manager, { name: '', query: {} });
    expect(JSON.stringify(noName.json())).toContain(MESSAGES.savedViewNameRequired);
    const unknownKey = await save(manager, { name: 'Чужой ключ', query: { userId: '1' } });
    expect(JSON.stringify(unknownKey.json())).toContain(MESSAGES.savedViewQueryInvalid);
    expect(await listOf(manager)).toEqual([]);
  });

  it('keeps at most SAVED_VIEWS_MAX views per user', async () => {
    for (let index = 0; index < SAVED_VIEWS_MAX; index += 1) {
      expect((await save(manager, { name: `Вид ${index}`, query: {} })).statusCode).toBe(201);
    }
    const over = await save(manager, { name: 'Лишний', query: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: formatMessage(MESSAGES.savedViewLimit, { max: SAVED_VIEWS_MAX }),
    });
    expect(await listOf(manager)).toHaveLength(SAVED_VIEWS_MAX);
  });

  it('is for ADMIN and MANAGER only', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/order/views', headers: partner })).statusCode,
    ).toBe(403);
    expect((await save(partner, { name: 'Мой', query: {} })).statusCode).toBe(403);
  });
});
