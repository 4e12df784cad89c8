import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationListResponse,
  PushCampaign,
  PushCampaignListResponse,
  PushRecipientListResponse,
} from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { createBrowserKeys, decryptPush, startFakePushService } from '#test/fakes/push-service.ts';

describe('staff push (back office)', () => {
  let ctx: TestContext;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let customer: { authorization: string; userId: string };
  const browser = createBrowserKeys();

  const count = async (query: string) => {
    const result = await ctx.database.sql.executeSql(query, []);
    return (result.rows[0] as { n: number }).n;
  };
  const send = (payload: object, headers = manager) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/push', headers, payload });
  /** The campaign once its notification-tasks job is over (workers poll every 0.5 s). */
  const finished = async (id: string): Promise<PushCampaign> => {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/push/${id}`, headers: admin });
      expect(response.statusCode).toBe(200);
      const campaign = response.json<PushCampaign>();
      if (campaign.status !== 'sending') return campaign;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`campaign ${id} never finished`);
  };
  const subscribe = async (authorization: string, endpoint: string, keys = createBrowserKeys()) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      headers: { authorization },
      payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } },
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    pushService = await startFakePushService();
    ctx = await createTestContext({
      // The fake push service listens on 127.0.0.1 over http: allowed through test configuration only.
      env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0', PUSH_ALLOW_INSECURE_HOSTS: '127.0.0.1:*' },
      workers: true,
    });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    const signedIn = await ctx.customerAuth('push-staff@example.ru');
    customer = { authorization: signedIn.authorization, userId: signedIn.body.user.id };
    await subscribe(customer.authorization, `${pushService.url}/push/customer-live`, browser);
    await subscribe(customer.authorization, `${pushService.url}/push/customer-stale`);
    // A push service nobody listens on: the request fails, the subscription stays.
    await subscribe(customer.authorization, 'http://127.0.0.1:9/push/customer-unreachable');
    pushService.expire('/push/customer-stale');
  });
  afterAll(async () => {
    await ctx.close();
    await pushService.close();
  });

  it('queues a message to one user on notification-tasks and reports delivered, failed and removed', async () => {
    const response = await send(
      {
        audience: 'user',
        userId: customer.userId,
        title: 'Скидка на апостиль',
        body: 'До конца недели апостиль со скидкой 20 %.',
        url: '/order?promo=APOSTILLE',
      },
      admin,
    );
    expect(response.statusCode).toBe(202);
    const queued = response.json<PushCampaign>();
    expect(queued).toMatchObject({
      audience: 'user',
      user: { id: customer.userId, email: 'push-staff@example.ru' },
      status: 'sending',
      recipients: 1,
      sentBy: DEMO.admin[0],
    });
    // The in-app copy is there at once, before the job runs.
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

    const campaign = await finished(queued.id);
    expect(campaign).toMatchObject({
      status: 'done',
      recipients: 1,
      delivered: 1,
      failed: 1,
      removed: 1,
      error: null,
    });
    expect(campaign.finishedAt).not.toBeNull();

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
    expect(
      await count(
        `select count(*)::int as n from push_subscriptions where endpoint like '%customer-unreachable'`,
      ),
    ).toBe(1);
  });

  it('sends to all customers or all staff, with an in-app message for each, and keeps a history', async () => {
    const customers = await count(`select count(*)::int as n from users where role = 'USER'`);
    const all = await send({
      audience: 'customers',
      title: 'Новости',
      body: 'Мы открыли новый офис.',
      url: 'https://perevod.example/news',
    });
    expect(all.statusCode).toBe(202);
    expect(await finished(all.json<PushCampaign>().id)).toMatchObject({
      recipients: customers,
      url: 'https://perevod.example/news',
      delivered: 1,
      failed: 1,
      removed: 0,
    });
    expect(
      await count(
        `select count(*)::int as n from notifications where type = 'message' and title = 'Новости'`,
      ),
    ).toBe(customers);

    const staff = await count(`select count(*)::int as n from users where role in ('ADMIN', 'MANAGER')`);
    const before = pushService.received.length;
    const toStaff = await send(
      { audience: 'staff', title: 'Планёрка', body: 'В 10:00 в переговорной.' },
      admin,
    );
    expect(await finished(toStaff.json<PushCampaign>().id)).toMatchObject({
      status: 'done',
      recipients: staff,
      delivered: 0,
      failed: 0,
      removed: 0,
      sentBy: DEMO.admin[0],
    });
    expect(pushService.received.length).toBe(before);
    const customerInbox = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: customer.authorization },
    });
    expect(customerInbox.body).not.toContain('Планёрка');

    const history = await ctx.app.inject({ method: 'GET', url: '/api/admin/push?limit=2', headers: manager });
    expect(history.statusCode).toBe(200);
    const page = history.json<PushCampaignListResponse>();
    expect(page.items.map((item) => item.title)).toEqual(['Планёрка', 'Новости']);
    expect(page.nextCursor).toBeDefined();
    const rest = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/push?limit=2&cursor=${encodeURIComponent(page.nextCursor!)}`,
      headers: manager,
    });
    expect(rest.json<PushCampaignListResponse>().items.map((item) => item.title)).toEqual([
      'Скидка на апостиль',
    ]);
  });

  it('finds recipients by e-mail, phone or name for ADMIN only (the user directory), with their subscriptions', async () => {
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/push/recipients?search=push-staff',
      headers: manager,
    });
    expect(refused.statusCode).toBe(403);
    const found = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/push/recipients?search=push-staff&limit=100',
      headers: admin,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json<PushRecipientListResponse>().items).toEqual([
      expect.objectContaining({
        id: customer.userId,
        email: 'push-staff@example.ru',
        role: 'USER',
        subscriptions: 2,
      }),
    ]);
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/push/recipients?search=nobody-like-this',
      headers: admin,
    });
    expect(none.json<PushRecipientListResponse>().items).toEqual([]);
    const tooMany = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/push/recipients?limit=101',
      headers: admin,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('MANAGER sends to everyone but not to one picked user: picking one needs the directory', async () => {
    const before = await count(`select count(*)::int as n from notifications`);
    const response = await send({ audience: 'user', userId: customer.userId, title: 'Лично', body: 'Т' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: MESSAGES.pushUserAdminOnly,
    });
    expect(await count(`select count(*)::int as n from notifications`)).toBe(before);
  });

  it('refuses bad input with Russian messages, an unknown user or campaign, and customers', async () => {
    for (const [payload, message] of [
      [{ audience: 'user', title: 'Т', body: 'Т' }, MESSAGES.pushUserRequired],
      [{ audience: 'everyone', title: 'Т', body: 'Т' }, MESSAGES.pushAudienceInvalid],
      [{ audience: 'customers', title: '', body: 'Т' }, MESSAGES.pushTitleInvalid],
      [{ audience: 'customers', title: 'Т', body: 'x'.repeat(501) }, MESSAGES.pushBodyInvalid],
      [{ audience: 'customers', title: 'Т', body: 'Т', url: 'http://evil.example' }, MESSAGES.pushUrlInvalid],
      [{ audience: 'customers', title: 'Т', body: 'Т', url: 'javascript:alert(1)' }, MESSAGES.pushUrlInvalid],
      [{ audience: 'customers', title: 'Т', body: 'Т', url: '//evil.example' }, MESSAGES.pushUrlInvalid],
      [{ audience: 'customers', title: 'Т', body: 'Т', url: 'cabinet' }, MESSAGES.pushUrlInvalid],
    ] as const) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const unknown = await send(
      { audience: 'user', userId: '00000000-0000-4000-8000-000000000000', title: 'Т', body: 'Т' },
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.pushRecipientNotFound });
    expect(await count(`select count(*)::int as n from audit_log where data->>'title' = 'Т'`)).toBe(0);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/push/00000000-0000-4000-8000-000000000000',
      headers: manager,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: MESSAGES.pushCampaignNotFound });
    const byCustomer = await send(
      { audience: 'customers', title: 'Т', body: 'Т' },
      { authorization: customer.authorization },
    );
    expect(byCustomer.statusCode).toBe(403);
  });
});
