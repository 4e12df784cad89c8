import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { createBrowserKeys, decryptPush, startFakePushService } from '#test/fakes/push-service.ts';
import { waitFor } from '#test/wait-for.ts';

describe('web push', () => {
  let ctx: TestContext;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    pushService = await startFakePushService();
    ctx = await createTestContext({
      workers: true,
      // The fake push service listens on 127.0.0.1 over http: allowed through test configuration only.
      env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0', PUSH_ALLOW_INSECURE_HOSTS: '127.0.0.1:*' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await pushService.close();
  });

  it('generates VAPID keys once and serves the public key', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    expect(first.json<{ publicKey: string }>().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(second.json()).toEqual(first.json());
  });

  it('rejects a malformed subscription', async () => {
    const customer = { authorization: (await ctx.customerAuth('push-bad@example.ru')).authorization };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      headers: customer,
      payload: { endpoint: 'not a url', keys: {} },
    });
    expect(response.statusCode).toBe(400);
  });

  it('pushes an encrypted status change that the browser can decrypt, and drops expired subscriptions', async () => {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Пуш Пушкин',
          phoneNumber: '+79160001122',
          email: 'push@example.ru',
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();
    const customer = { authorization: (await ctx.customerAuth('push@example.ru')).authorization };
    const browser = createBrowserKeys();
    const stale = createBrowserKeys();
    for (const [path, keys] of [
      ['/push/live', browser],
      ['/push/stale', stale],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/subscribe',
        headers: customer,
        payload: {
          endpoint: `${pushService.url}${path}`,
          expirationTime: null,
          keys: { p256dh: keys.p256dh, auth: keys.authB64 },
        },
      });
      expect(response.statusCode).toBe(200);
    }
    pushService.expire('/push/stale');

    const manager = await ctx.staffAuth(...DEMO.manager);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: manager,
      payload: {
        id: order.id,
        status: 'IN_PROGRESS',
        comment: 'Переводчик приступил',
        manualPayment: { method: 'cash', paidOn: '2026-01-15' },
      },
    });

    const delivered = await waitFor(() =>
      pushService.received.find((request) => request.path === '/push/live'),
    );
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivered.headers.authorization)).toMatch(/^vapid t=.+, k=.+$/);
    const message = JSON.parse(decryptPush(delivered.body, browser)) as {
      title: string;
      body: string;
      url: string;
    };
    expect(message.title).toBe(`Заказ №${order.number}: в работе`);
    expect(message.body).toContain('Переводчик приступил');
    expect(message.url).toBe(`/cabinet/orders/${order.id}`);

    await waitFor(async () => {
      const rows = await ctx.database.sql.executeSql(
        `select count(*)::int as n from push_subscriptions where endpoint like '%/push/stale'`,
        [],
      );
      return (rows.rows[0] as { n: number }).n === 0 ? true : undefined;
    });
  });
});
