import { randomUUID } from 'node:crypto';
import { expect, test, type CDPSession } from '@playwright/test';
import { createBrowserKeys, decryptPush, startFakePushService } from '../../apps/api/test/fakes/push-service';
import { signInCustomer } from '../support/fixtures';
import { payThroughApi, placeOrder } from '../support/orders';

/**
 * A push from the server to the browser, end to end except for Google's push service, which this machine cannot
 * reach: PushManager answers a subscription whose endpoint is a push service on 127.0.0.1 (with a key pair the
 * test holds, as the browser would); the server encrypts and sends the real Web Push request there; the test
 * decrypts it (RFC 8291) and hands the plaintext to Chromium's push delivery (DevTools ServiceWorker
 * .deliverPushMessage, what the browser does with a message from its push service). The service worker then shows
 * the notification with the order's link. (Clicking an OS notification cannot be driven from a test; the
 * notificationclick handler is the service worker's, in apps/web/public/service-worker.js.)
 */
test.use({ serviceWorkers: 'allow' });

test('a payment reaches the customer as a real Web Push and the service worker shows it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const pushService = await startFakePushService();
  try {
    const keys = createBrowserKeys();
    const endpoint = `${pushService.url}/push/${randomUUID()}`;
    await context.grantPermissions(['notifications']);
    const { email } = await signInCustomer(page, request);
    await page.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const subscription = {
          endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: () => Promise.resolve(true),
        };
        PushManager.prototype.subscribe = () => Promise.resolve(subscription as unknown as PushSubscription);
        PushManager.prototype.getSubscription = () => Promise.resolve(null);
      },
      { endpoint, p256dh: keys.p256dh, auth: keys.authB64 },
    );

    const cdp = await context.newCDPSession(page);
    const registrationId = serviceWorkerRegistration(cdp);
    await cdp.send('ServiceWorker.enable');
    await page.goto('/cabinet/notifications');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.getByRole('switch', { name: 'Включить push-уведомления' }).click();
    await expect(page.getByText('Push-уведомления включены')).toBeVisible();

    const order = await placeOrder(request, email);
    await payThroughApi(request, order, email);

    // The server's send-push jobs deliver encrypted requests; find the one about the payment.
    let payload: { title?: string; body?: string; url?: string } = {};
    await expect
      .poll(
        () => {
          const messages = pushService.received
            .filter((message) => endpoint.endsWith(message.path))
            .map((message) => JSON.parse(decryptPush(message.body, keys)) as typeof payload);
          payload = messages.find((message) => message.title?.endsWith('оплачен')) ?? {};
          return payload.url;
        },
        { timeout: 20_000 },
      )
      .toBe(`/cabinet/orders/${order.id}`);
    const delivered = pushService.received.find((message) => endpoint.endsWith(message.path));
    expect(delivered?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(delivered?.headers.authorization)).toMatch(/^vapid t=/);

    const shown = async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const notifications = await registration.getNotifications();
        return notifications.map((item) => ({
          title: item.title,
          body: item.body,
          data: item.data as unknown,
        }));
      });
    // DevTools hands the message to the worker; on a loaded machine a delivery to a worker that is just being
    // started can be dropped by the browser (seen once in CI), so it is handed over again. The notification's tag
    // makes a repeat replace the first, never add a second.
    await expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(page.url()).origin,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });
      await expect.poll(shown, { timeout: 5_000 }).toContainEqual({
        title: payload.title,
        body: payload.body,
        data: { url: `/cabinet/orders/${order.id}` },
      });
    }).toPass({ timeout: 30_000 });
    expect(await shown()).toHaveLength(1);
  } finally {
    await pushService.close();
  }
});

/** The registration id Chromium gives the app's service worker, from the DevTools ServiceWorker domain. */
function serviceWorkerRegistration(cdp: CDPSession): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
}
