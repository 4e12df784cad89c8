import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmAccessRequest } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('CRM access requests', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx.close());

  it('a customer asks once, ADMIN grants a role and it applies to the same session at once', async () => {
    const user = await ctx.customerAuth('future.manager@example.ru');
    const headers = { authorization: user.authorization };
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/crm-access-request/my', headers })).json(),
    ).toBeNull();

    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm-access-request',
      headers,
      payload: { comment: 'Новый менеджер офиса на Тверской' },
    });
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm-access-request',
      headers,
      payload: {},
    });
    expect(first.statusCode).toBe(200);
    expect(second.json<CrmAccessRequest>().id).toBe(first.json<CrmAccessRequest>().id);
    expect(first.json()).toMatchObject({ status: 'PENDING', email: 'future.manager@example.ru' });

    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/crm-access-requests?status=PENDING',
      headers: admin,
    });
    const item = pending
      .json<{ items: CrmAccessRequest[] }>()
      .items.find((r) => r.userId === user.body.user.id);
    expect(item).toBeDefined();

    // Before the grant, the customer is refused by staff routes.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers })).statusCode).toBe(
      403,
    );

    const granted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/crm-access-requests/${item!.id}/grant`,
      headers: admin,
      payload: { role: 'MANAGER' },
    });
    expect(granted.json()).toMatchObject({ status: 'GRANTED', grantedRole: 'MANAGER' });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(profile.json()).toMatchObject({ role: 'MANAGER' });

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/crm-access-requests/${item!.id}/refuse`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    const audit = await ctx.database.sql.executeSql(
      `select action from audit_log where entity = 'crm_access_request' and entity_id = $1`,
      [item!.id],
    );
    expect(audit.rows).toEqual([{ action: 'crm_access.grant' }]);
  });

  it('ADMIN refuses a request; the role stays USER', async () => {
    const user = await ctx.customerAuth('curious@example.ru');
    const headers = { authorization: user.authorization };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm-access-request',
      headers,
      payload: {},
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/crm-access-requests/${created.json<CrmAccessRequest>().id}/refuse`,
      headers: admin,
    });
    expect(refused.json()).toMatchObject({ status: 'REFUSED', grantedRole: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers })).json()).toMatchObject({
      role: 'USER',
    });
  });

  it('refuses an unknown request id with 404 and a bad role with 400', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/crm-access-requests/00000000-0000-4000-8000-000000000000/grant',
      headers: admin,
      payload: { role: 'MANAGER' },
    });
    expect(unknown.statusCode).toBe(404);
    const badRole = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/crm-access-requests/00000000-0000-4000-8000-000000000000/grant',
      headers: admin,
      payload: { role: 'USER' },
    });
    expect(badRole.statusCode).toBe(400);
  });

  it('staff do not need to ask', async () => {
    const manager = await ctx.staffAuth(...DEMO.manager);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm-access-request',
      headers: manager,
      payload: {},
    });
    expect(response.statusCode).toBe(409);
  });
});
