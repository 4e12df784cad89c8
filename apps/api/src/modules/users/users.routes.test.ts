import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, UserListItem } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('users (ADMIN)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let adminId: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: DEMO.admin[0], password: DEMO.admin[1] },
    });
    admin = { authorization: `Bearer ${login.json<AuthResponse>().token}` };
    adminId = login.json<AuthResponse>().user.id;
  });
  afterAll(() => ctx.close());

  it('lists users filtered by role and search', async () => {
    const managers = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/list?role=MANAGER',
      headers: admin,
    });
    expect(managers.json<{ items: UserListItem[] }>().items.map((user) => user.email)).toEqual([
      'manager@demo.local',
    ]);
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/list?search=клиентова',
      headers: admin,
    });
    expect(search.json<{ items: UserListItem[] }>().items.map((user) => user.email)).toEqual([
      'customer@demo.local',
    ]);
    // A phone by any 4+ of its digits however typed (issue 17): the demo customer's is +79161234567.
    for (const phone of ['916 123-45-67', '8 (916) 123-45-67', '1234567']) {
      const byPhone = await ctx.app.inject({
        method: 'GET',
        url: `/api/user/list?search=${encodeURIComponent(phone)}`,
        headers: admin,
      });
      expect(
        byPhone.json<{ items: UserListItem[] }>().items.map((user) => user.email),
        phone,
      ).toContain('customer@demo.local');
    }
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/user/list?role=GOD', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('changes a role (effective at once) but never its own', async () => {
    const user = await ctx.customerAuth('promoted@example.ru');
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.body.user.id}/role`,
      headers: admin,
      payload: { role: 'MANAGER' },
    });
    expect(changed.json()).toMatchObject({ role: 'MANAGER' });
    const staffOnly = await ctx.app.inject({
      method: 'GET',
      url: '/api/order',
      headers: { authorization: user.authorization },
    });
    expect(staffOnly.statusCode).toBe(200);
    const own = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user/${adminId}/role`,
      headers: admin,
      payload: { role: 'USER' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: MESSAGES.cannotChangeOwnRole });
  });

  it('deletes a user (their sessions end), never oneself', async () => {
    const user = await ctx.customerAuth('leaving@example.ru');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${user.body.user.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: user.authorization },
    });
    expect(after.statusCode).toBe(401);
    const self = await ctx.app.inject({ method: 'DELETE', url: `/api/user/${adminId}`, headers: admin });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: MESSAGES.cannotDeleteSelf });
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${user.body.user.id}`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(404);
  });
});
