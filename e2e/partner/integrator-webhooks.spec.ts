import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { staffToken, DEMO } from '../support/api';
import { expectAccessible } from '../support/axe';
import { bearer, signInPartnerPortal } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';

const INTEGRATOR = { email: 'integrator@demo.local', password: 'integrator-demo-pass' };
type Received = { headers: IncomingHttpHeaders; body: string };

/** The receiver's own check (the documented scheme): `v1=` + hex HMAC-SHA256 of `${timestamp}.${body}`. */
function isSigned(secret: string, request: Received): boolean {
  const timestamp = String(request.headers['webhook-timestamp']);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex');
  return request.headers['webhook-signature'] === `v1=${expected}`;
}

/** Decision 071: an integrator's webhook from its creation to a real order event in the log. */
test.describe('integrator webhooks', () => {
  let server: Server;
  let port = 0;
  const received: Received[] = [];

  test.beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('creates an endpoint, sends a test event, then sees its API order and the order’s status change delivered', async ({
    page,
    request,
  }) => {
    const token = await signInPartnerPortal(page, request, INTEGRATOR);
    await page.goto('/partner/integrator/webhooks');
    await page.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.1:${port}/hook`);
    await page.getByRole('textbox', { name: 'Описание' }).fill('CRM интегратора');
    await page.getByRole('button', { name: 'Добавить адрес' }).click();

    // The secret, once.
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Я сохранил секрет' }).click();
    await expect(page.getByTestId('webhook-secret')).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint).toContainText(`127.0.0.1:${port}/hook`);
    await endpoint.getByRole('button', { name: 'Отправить тестовое событие' }).click();
    const log = endpoint.getByTestId(/^delivery-log-/);
    const testRow = log.getByTestId('delivery-row').filter({ hasText: 'webhook.test' });
    await expect(testRow).toContainText('Доставлено');
    await expect(testRow).toContainText('200');
    // Only the test event so far (other specs' orders for the same integrator may arrive at any time).
    const tests = received.filter((request) => request.body.includes('"webhook.test"'));
    expect(tests).toHaveLength(1);
    expect(isSigned(secret, tests[0]!)).toBe(true);
    await testRow.getByRole('button', { name: 'Подробнее' }).click();
    await expect(log.getByTestId('delivery-payload')).toContainText('"type": "webhook.test"');
    await expectAccessible(page, '/partner/integrator/webhooks');

    // A real event: the integrator's own server places an order through the partner API with a key (issue 20:
    // key → order → delivery in the log), then staff cancel it.
    const created = await request.post('/api/partner/integrator/api-keys', {
      headers: bearer(token),
      data: { name: `Вебхуки ${Date.now()}`, scopes: ['orders:create', 'orders:read'], allowedIps: [] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const apiKey = ((await created.json()) as { secret: string }).secret;
    const params = (await (await request.get('/api/order/form-params')).json()) as {
      documents: Array<{ id: string; type: string }>;
      deliveries: Array<{ id: string; type: string }>;
    };
    const points = (await (await request.get('/api/point/active')).json()) as {
      items: Array<{ id: string }>;
    };
    const placed = await request.post('/api/v1/partner/orders', {
      headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': `webhooks-${Date.now()}` },
      data: {
        name: 'Анна Интеграторова',
        phoneNumber: '+79160001144',
        email: `webhook.${Date.now()}@example.ru`,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
        pickupPointId: points.items[0]!.id,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: string };
    const admin = await staffToken(request, DEMO.admin.email, DEMO.admin.password);
    const changed = await request.patch('/api/order/status', {
      headers: bearer(admin),
      data: { id: order.id, status: 'CANCELED', comment: null },
    });
    expect(changed.status()).toBe(200);
    // The queue delivers both events of our order; the open log refreshes by itself. Specs running beside this
    // one may place orders for the same demo integrator, whose events come to this endpoint too: the received
    // bodies say which order each was, and the log has a delivered row of each type.
    const events = () =>
      received.map(
        (request) => JSON.parse(request.body) as { type: string; data: { id: string; status: string } },
      );
    await expect
      .poll(() => events().some((body) => body.type === 'order.created' && body.data.id === order.id))
      .toBe(true);
    await expect
      .poll(
        () =>
          events().find((body) => body.type === 'order.status_changed' && body.data.id === order.id)?.data,
      )
      .toMatchObject({ id: order.id, status: 'CANCELED' });
    for (const type of ['order.created', 'order.status_changed']) {
      await expect(log.getByTestId('delivery-row').filter({ hasText: type }).first()).toContainText(
        'Доставлено',
      );
    }
    expect(received.every((request) => isSigned(secret, request))).toBe(true);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
  });
});
