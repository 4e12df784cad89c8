import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { ConfigError, loadConfig } from '../../config.ts';
import { isAllowedPushEndpoint } from '../../providers/push.ts';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { createBrowserKeys, startFakePushService } from '#test/fakes/push-service.ts';

const keys = createBrowserKeys();

describe('push endpoints: known push services only (decision 021)', () => {
  let ctx: TestContext;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  let customer: { authorization: string; userId: string };

  const subscribe = (endpoint: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      headers: { authorization: customer.authorization },
      payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } },
    });
  const stored = async () =>
    (
      await ctx.database.sql.executeSql('select endpoint from push_subscriptions where user_id = $1', [
        customer.userId,
      ])
    ).rows.map((row) => (row as { endpoint: string }).endpoint);

  beforeAll(async () => {
    pushService = await startFakePushService();
    // The production default: no PUSH_ALLOWED_HOSTS, no PUSH_ALLOW_INSECURE_HOSTS.
    ctx = await createTestContext();
    const signedIn = await ctx.customerAuth('push-hosts@example.ru');
    customer = { authorization: signedIn.authorization, userId: signedIn.body.user.id };
  });
  afterAll(async () => {
    await ctx.close();
    await pushService.close();
  });

  it('refuses endpoints that are not a known push service with 400 and stores nothing', async () => {
    for (const endpoint of [
      `${pushService.url}/push/ssrf`,
      'http://127.0.0.1:5432/',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://fcm.googleapis.com@127.0.0.1/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/x',
    ]) {
      const response = await subscribe(endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: MESSAGES.pushEndpointNotAllowed,
        details: [{ path: 'body.endpoint', message: MESSAGES.pushEndpointNotAllowed }],
      });
    }
    expect(await stored()).toEqual([]);
  });

  it('takes the push services of the browsers in use', async () => {
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGZ3',
      'https://api.push.apple.com/3/device/x',
    ];
    for (const endpoint of endpoints) expect((await subscribe(endpoint)).statusCode, endpoint).toBe(200);
    expect((await stored()).sort()).toEqual([...endpoints].sort());
  });

  it('checks again at send time: a stored endpoint that is not allowed gets no request', async () => {
    await ctx.database.sql.executeSql(
      'insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)',
      [customer.userId, `${pushService.url}/push/legacy-row`, keys.p256dh, keys.authB64],
    );
    await ctx.database.sql.executeSql(
      `delete from push_subscriptions where user_id = $1 and endpoint not like '%legacy-row'`,
      [customer.userId],
    );
    const result = await ctx.services.push.sendToUsers([customer.userId], {
      title: 'Т',
      body: 'Т',
      url: '/cabinet',
    });
    expect(result).toEqual({ delivered: 0, failed: 1, removed: 0 });
    expect(pushService.received).toEqual([]);
  });
});

describe('push host configuration', () => {
  const policy = (allowed: string, insecure = '') => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PUSH_ALLOWED_HOSTS: allowed,
      PUSH_ALLOW_INSECURE_HOSTS: insecure,
    });
    return config.push;
  };

  it('matches exact hosts, *.domain subdomains and ports as configured', () => {
    const local = policy('push.example.test,*.push.example.org', '127.0.0.1:8080,localhost:*');
    expect(isAllowedPushEndpoint('https://push.example.test/x', local)).toBe(true);
    expect(isAllowedPushEndpoint('https://a.push.example.org/x', local)).toBe(true);
    expect(isAllowedPushEndpoint('https://push.example.org/x', local)).toBe(false);
    expect(isAllowedPushEndpoint('http://push.example.test/x', local)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8080/x', local)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8081/x', local)).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost:1234/x', local)).toBe(true);
    expect(isAllowedPushEndpoint('ftp://push.example.test/x', local)).toBe(false);
  });

  it('refuses a malformed list and insecure hosts in production', () => {
    expect(() => policy('https://fcm.googleapis.com')).toThrow(/PUSH_ALLOWED_HOSTS/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://perevod.example.ru',
        SMTP_URL: 'smtp://mail.example.ru',
        PUSH_ALLOW_INSECURE_HOSTS: '127.0.0.1:*',
      }),
    ).toThrow(ConfigError);
  });
});
