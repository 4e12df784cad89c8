import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushRecipientListResponse, UserListItem } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// Decision 048: customers the order form creates carry the order's name and phone (issue 17).
describe('customer contacts from the order form', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let form: { documentId: string; deliveryId: string };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    admin = await ctx.staffAuth(...DEMO.admin);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    form = {
      documentId: params.documents[0]!.id,
      deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
    };
  });
  afterAll(() => ctx.close());

  const placeOrder = async (email: string, name: string, phoneNumber: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name,
        email,
        phoneNumber,
        payerType: 'INDIVIDUAL',
        documentsWithQuantity: [{ documentId: form.documentId, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: form.deliveryId,
      },
    });
    expect(response.statusCode).toBe(201);
  };
  const searchUsers = async (search: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/list?search=${encodeURIComponent(search)}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: UserListItem[] }>().items;
  };
  const searchRecipients = async (search: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/push/recipients?search=${encodeURIComponent(search)}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return response.json<PushRecipientListResponse>().items;
  };

  it('a new customer gets the order name and phone; user and push-recipient search find them by name', async () => {
    await placeOrder('glafira@example.ru', 'Глафира Старцева', '8 (916) 555-12-34');

    expect(await searchUsers('Глафира')).toEqual([
      expect.objectContaining({
        email: 'glafira@example.ru',
        firstName: 'Глафира Старцева',
        phoneNumber: '+79165551234',
      }),
    ]);
    expect(await searchRecipients('Старцева')).toEqual([
      expect.objectContaining({ email: 'glafira@example.ru', name: 'Глафира Старцева' }),
    ]);
    expect((await searchRecipients('5551234')).map((user) => user.email)).toEqual(['glafira@example.ru']);
  });

  it('fills only what an existing account lacks: a name the user set stays', async () => {
    const { authorization } = await ctx.customerAuth('named@example.ru');
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { authorization },
      payload: { firstName: 'Тимофей' },
    });
    expect(saved.statusCode).toBe(200);

    await placeOrder('named@example.ru', 'Кто-то Другой', '+79165550000');
    expect(await searchUsers('named@example.ru')).toEqual([
      expect.objectContaining({ firstName: 'Тимофей', lastName: null, phoneNumber: '+79165550000' }),
    ]);
    // A later order with another phone changes nothing either.
    await placeOrder('named@example.ru', 'Ещё Кто-то', '+79165550001');
    expect(await searchUsers('named@example.ru')).toEqual([
      expect.objectContaining({ firstName: 'Тимофей', phoneNumber: '+79165550000' }),
    ]);
  });

  it('the migration fills accounts from their latest order and keeps what the user set', async () => {
    await placeOrder('backfill@example.ru', 'Старое Имя', '+79165550010');
    await placeOrder('backfill@example.ru', 'Новое Имя', '+79165550011');
    await placeOrder('kept@example.ru', 'Заказ Кепт', '+79165550012');
    // As before the fix: the order form left the accounts without name and phone; one user named themselves.
    await ctx.database.sql.executeSql(
      `update users set first_name = null, last_name = null, phone_number = null
        where email in ('backfill@example.ru', 'kept@example.ru')`,
    );
    await ctx.database.sql.executeSql(
      `update users set last_name = 'Кептов' where email = 'kept@example.ru'`,
    );

    const migration = readFileSync(
      new URL('../../../drizzle/0030_staff_notes_document_codes.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('UPDATE "users"');
    await ctx.database.sql.executeSql(backfill);

    expect(await searchUsers('backfill@example.ru')).toEqual([
      expect.objectContaining({ firstName: 'Новое Имя', phoneNumber: '+79165550011' }),
    ]);
    expect(await searchUsers('kept@example.ru')).toEqual([
      expect.objectContaining({ firstName: null, lastName: 'Кептов', phoneNumber: '+79165550012' }),
    ]);
  });
});
