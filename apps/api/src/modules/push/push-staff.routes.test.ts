import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { createBrowserKeys, decryptPush, startFakePushService } from '#test/fakes/push-service.ts';

describe('staff push (back office)', () => {
  let ctx: TestContext;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  let manager: { authorization: string };
  let customer: { authorization: string; userId: string };
  const browser = createBrowserKeys();

  const count = async (query: string) => {
    const result = await ctx.database.sql.executeSql(query, []);
    return (result.rows[0] as { n: number }).n;
  };
  const send = (payload: object, headers = manager) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/push', headers, payload });

  beforeAll(async () => {
    pushService = await startFakePushService();
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    manager = await ctx.staffAuth(...DEMO.manager);
    const signedIn = await ctx.customerAuth('push-staff@example.ru');
    customer = { authorization: signedIn.authorization, userId: signedIn.body.user.id };
    const stale = createBrowserKeys();
    for (const [path, keys] of [
      ['/push/customer-live', browser],
      ['/push/customer-stale', stale],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/subscribe',
        headers: { authorization: customer.authorization },
        payload: {
          endpoint: `${pushService.url}${path}`,
          keys: { p256dh: keys.p256dh, auth: keys.authB64 },
        },
      });
      expect(response.statusCode).toBe(200);
    }
    pushService.expire('/push/customer-stale');
  });
  afterAll(async () => {
    await ctx.close();
    await pushService.close();
  });

  it('sends to one user: a push the browser decrypts, an in-app message, expired subscriptions removed', async () => {
    const response = await send({
      audience: 'user',
      userId: customer.userId,
      title: 'Скидка на апостиль',
      body: 'До конца недели апостиль со скидкой 20 %.',
      url: '/order?promo=APOSTILLE',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recipients: 1, delivered: 1, failed: 0, removed: 1 });

    const received = pushService.received.filter((request) => request.path === '/push/customer-live');
    expect(received).toHaveLength(1);
    expect(JSON.parse(decryptPush(received[0]!.body, browser))).toEqual({
      title: 'Скидка на апостиль',
      body: 'До конца недели апостиль со скидкой 20 %.',
      url: '/order?promo=APOSTILLE',
    });
    expect(
      await count(`select count(*)::int as n from push_subscriptions where endpoint like '%customer-stale'`),
    ).toBe(0);
    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: customer.authorization },
    });
    expect(inbox.json<NotificationListResponse>().items[0]).toMatchObject({
      type: 'message',
      title: 'Скидка на апостиль',
      orderId: null,
      isRead: false,
    });
  });

  it('sends to all customers or all staff, with an in-app message for each', async () => {
    const customers = await count(`select count(*)::int as n from users where role = 'USER'`);
    const all = await send({ audience: 'customers', title: 'Новости', body: 'Мы открыли новый офис.' });
    expect(all.json()).toEqual({ recipients: customers, delivered: 1, failed: 0, removed: 0 });
    expect(
      await count(
        `select count(*)::int as n from notifications where type = 'message' and title = 'Новости'`,
      ),
    ).toBe(customers);

    const staff = await count(`select count(*)::int as n from users where role in ('ADMIN', 'MANAGER')`);
    const before = pushService.received.length;
    const toStaff = await send({ audience: 'staff', title: 'Планёрка', body: 'В 10:00 в переговорной.' });
    expect(toStaff.json()).toEqual({ recipients: staff, delivered: 0, failed: 0, removed: 0 });
    expect(pushService.received.length).toBe(before);
    const customerInbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: customer.authorization },
    });
    expect(customerInbox.body).not.toContain('Планёрка');
  });

  it('refuses bad input with Russian messages, and an unknown user', async () => {
    for (const [payload, message] of [
      [{ audience: 'user', title: 'Т', body: 'Т' }, MESSAGES.pushUserRequired],
      [{ audience: 'customers', title: '', body: 'Т' }, MESSAGES.pushTitleInvalid],
      [{ audience: 'customers', title: 'Т', body: 'x'.repeat(501) }, MESSAGES.pushBodyInvalid],
      [
        { audience: 'customers', title: 'Т', body: 'Т', url: 'https://evil.example' },
        MESSAGES.pushUrlInvalid,
      ],
      [{ audience: 'customers', title: 'Т', body: 'Т', url: '//evil.example' }, MESSAGES.pushUrlInvalid],
    ] as const) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const unknown = await send({
      audience: 'user',
      userId: '00000000-0000-4000-8000-000000000000',
      title: 'Т',
      body: 'Т',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.pushRecipientNotFound });
    const byCustomer = await send(
      { audience: 'customers', title: 'Т', body: 'Т' },
      {
        authorization: customer.authorization,
      },
    );
    expect(byCustomer.statusCode).toBe(403);
  });
});
