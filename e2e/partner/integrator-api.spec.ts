import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signInPartnerPortal } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/layout';

/** The demo INTEGRATOR partner (seeded, issue 20). */
const INTEGRATOR = { email: 'integrator@demo.local', password: 'integrator-demo-pass' };

type FormParams = {
  documents: Array<{ id: string; type: string }>;
  deliveries: Array<{ id: string; type: string }>;
};

/** Decision 070: an integrator makes a key (shown once), orders through the partner API with it and reads it back. */
test('an integrator creates an API key, places an order with it and sees it; the docs list the endpoints', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInPartnerPortal(page, request, INTEGRATOR);
  const name = `Сайт клиники ${Date.now()}`;

  await page.goto('/partner/integrator/api-keys');
  await expect(page.getByRole('heading', { name: 'API-ключи' })).toBeVisible();
  await page.getByLabel('Название').fill(name);
  await page.getByRole('button', { name: 'Создать ключ' }).click();

  const dialog = page.getByRole('dialog', { name: 'Ключ создан' });
  await expect(dialog.getByText(/показывается только один раз/)).toBeVisible();
  await expectAccessible(page, '/partner/integrator/api-keys (the key window)');
  await dialog.getByRole('button', { name: 'Копировать ключ' }).click();
  await expect(dialog.getByRole('button', { name: 'Скопировано' })).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^pk_live_[a-z0-9]{8}_[A-Za-z0-9]{40}$/);
  await expect(dialog.getByTestId('api-key-secret')).toHaveText(key);
  await dialog.getByRole('button', { name: 'Я сохранил ключ' }).click();
  await expect(dialog).toBeHidden();

  // The list shows the key's prefix only; the whole key is gone from the page.
  const row = page.getByTestId('api-keys-table').getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${key.split('_').slice(0, 3).join('_')}_…`);
  await expect(page.locator('body')).not.toContainText(key);

  // The integrator's server: the key, not a session.
  const auth = { authorization: `Bearer ${key}` };
  const paramsResponse = await request.get('/api/v1/partner/form-params', { headers: auth });
  expect(paramsResponse.status()).toBe(200);
  const params = (await paramsResponse.json()) as FormParams;
  const points = (await (await request.get('/api/point/active')).json()) as { items: Array<{ id: string }> };
  const body = {
    name: 'Анна Интеграторова',
    phoneNumber: '+79160001133',
    email: `api.${Date.now()}@example.ru`,
    documentsWithQuantity: [
      { documentId: params.documents.find((item) => item.type === 'passport')!.id, quantity: 1 },
    ],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
    pickupPointId: points.items[0]!.id,
  };
  const idempotencyKey = `e2e-${Date.now()}`;
  const created = await request.post('/api/v1/partner/orders', {
    headers: { ...auth, 'idempotency-key': idempotencyKey },
    data: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; number: number; status: string };
  const retried = await request.post('/api/v1/partner/orders', {
    headers: { ...auth, 'idempotency-key': idempotencyKey },
    data: body,
  });
  expect(retried.status()).toBe(200);
  expect(((await retried.json()) as { id: string }).id).toBe(order.id);

  const read = await request.get(`/api/v1/partner/orders/${order.id}`, { headers: auth });
  expect(await read.json()).toMatchObject({ id: order.id, status: 'NEW', statusLabel: 'Новый' });
  const list = (await (await request.get('/api/v1/partner/orders', { headers: auth })).json()) as {
    items: Array<{ id: string }>;
  };
  expect(list.items.map((item) => item.id)).toContain(order.id);

  // The key's last use is on the page now.
  await page.reload();
  await expect(row).not.toContainText('Не использовался');

  await page.goto('/partner/integrator/docs');
  await expect(page.getByRole('heading', { name: 'Документация для интеграции' })).toBeVisible();
  const endpoints = page.getByTestId('api-operation');
  await expect(endpoints).toHaveCount(5);
  for (const operation of [
    'GET /api/v1/partner/form-params',
    'POST /api/v1/partner/quote',
    'POST /api/v1/partner/orders',
    'GET /api/v1/partner/orders',
    'GET /api/v1/partner/orders/{id}',
  ])
    await expect(page.getByRole('heading', { name: operation, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Вебхуки' })).toBeVisible();
  // The webhooks section is the webhooks feature's own signature docs.
  await expect(page.getByRole('heading', { name: 'Как проверить подпись' })).toBeVisible();
  await expectAccessible(page, '/partner/integrator/docs');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
});
