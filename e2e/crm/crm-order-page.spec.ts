import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, staffToken, uniqueEmail } from '../support/api';
import { bearer, signInStaff } from '../support/fixtures';

/**
 * Back office order page and list (issue 5): internal notes and the act mark, the partner → point filter
 * with a CSV export of exactly the filtered set, and a pickup point partner handing an order over.
 */

type FormParams = {
  documents: Array<{ id: string; type: string }>;
  deliveries: Array<{ id: string; type: string }>;
};
type Order = { id: string; number: number; email: string };

function uniquePhone(): string {
  return `+7915${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

async function activePointId(request: APIRequestContext, name: string): Promise<string> {
  const { items } = (await (await request.get('/api/point/active')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const point = items.find((item) => item.name === name);
  if (!point) throw new Error(`no active point ${name}`);
  return point.id;
}

async function placeOrder(
  request: APIRequestContext,
  fields: {
    phone: string;
    delivery: 'PICKUP_POINT' | 'ELECTRONIC';
    pointId?: string;
    organization?: boolean;
  },
): Promise<Order> {
  const params = (await (await request.get('/api/order/form-params')).json()) as FormParams;
  const email = uniqueEmail('crm-page');
  const response = await request.post('/api/order', {
    data: {
      name: fields.organization ? 'Ольга Бухгалтерова' : 'Пётр Получатель',
      email,
      phoneNumber: fields.phone,
      documentsWithQuantity: [
        { documentId: params.documents.find((d) => d.type === 'passport')!.id, quantity: 1 },
      ],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((delivery) => delivery.type === fields.delivery)!.id,
      ...(fields.pointId ? { pickupPointId: fields.pointId } : {}),
      ...(fields.organization
        ? {
            payerType: 'ORGANIZATION',
            organizationInn: '7707083893',
            organizationKpp: '773601001',
            organizationName: 'ООО «Акт и Ко»',
            organizationAddress: 'Москва, ул. Вавилова, д. 19',
          }
        : { payerType: 'INDIVIDUAL' }),
    },
  });
  expect(response.status(), 'create order').toBe(201);
  return { ...((await response.json()) as Omit<Order, 'email'>), email };
}

test('MANAGER leaves an internal note with Ctrl+Enter and marks the signed act of an organization', async ({
  page,
  request,
}) => {
  const order = await placeOrder(request, {
    phone: uniquePhone(),
    delivery: 'ELECTRONIC',
    organization: true,
  });
  await signInStaff(page, request, 'MANAGER');
  await page.goto(`/crm/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Заказ № ${order.number}` })).toBeVisible();

  const notes = page.getByTestId('order-note');
  await expect(page.getByText('Заметок пока нет')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Новая заметка' });
  await field.fill('Бухгалтерия просит акт\nв двух экземплярах');
  await field.press('Control+Enter');
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText('Бухгалтерия просит акт');
  await expect(notes.first()).toContainText(DEMO.manager.email);
  await expect(field).toHaveValue('');
  await field.fill('Акт отправлен курьером');
  await field.press('Control+Enter');
  await expect(notes.first()).toContainText('Акт отправлен курьером');

  const act = page.getByTestId('act-exchange');
  await expect(act).toContainText('Подписанный акт не получен');
  await act.getByRole('button', { name: 'Акт получен' }).click();
  await expect(act).toContainText('Подписанный акт получен');

  // Both survive a reload (newest note first); the customer's view of the order carries neither.
  await page.reload();
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText('Акт отправлен курьером');
  await expect(page.getByTestId('act-exchange')).toContainText('Подписанный акт получен');
});

test('the partner → point filter lives in the URL and the CSV export holds exactly the filtered rows', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const atTaganskaya = await placeOrder(request, {
    phone,
    delivery: 'PICKUP_POINT',
    pointId: await activePointId(request, 'ПВЗ «Таганская»'),
  });
  const atBelorusskaya = await placeOrder(request, {
    phone,
    delivery: 'PICKUP_POINT',
    pointId: await activePointId(request, 'ПВЗ «Белорусская»'),
  });
  const electronic = await placeOrder(request, { phone, delivery: 'ELECTRONIC' });
  await signInStaff(page, request, 'MANAGER');

  await page.goto(`/crm/orders?search=${encodeURIComponent(phone)}`);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(3);

  await page.getByRole('combobox', { name: 'Партнёр', exact: true }).click();
  await page.getByRole('option', { name: 'ПВЗ-Сервис', exact: true }).click();
  await expect(page).toHaveURL(/partnerId=/);
  await expect(rows).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Пункт выдачи', exact: true }).click();
  await page.getByRole('option', { name: 'ПВЗ «Таганская»', exact: true }).click();
  await expect(page).toHaveURL(/pointId=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(String(atTaganskaya.number));

  // A shared link restores the same view.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Пункт выдачи', exact: true })).toHaveValue(
    'ПВЗ «Таганская»',
  );
  await expect(rows).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспорт CSV' }).click();
  const download = await downloading;
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toContain('Номер;Дата (МСК);Статус');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(atTaganskaya.email);
  expect(csv).not.toContain(atBelorusskaya.email);
  expect(csv).not.toContain(electronic.email);
});

test('a PARTNER marks a READY order of its point as handed over on /crm/orders', async ({
  page,
  request,
}) => {
  const order = await placeOrder(request, {
    phone: uniquePhone(),
    delivery: 'PICKUP_POINT',
    pointId: await activePointId(request, 'ПВЗ «Проспект Мира»'),
  });
  const manager = await staffToken(request, DEMO.manager.email, DEMO.manager.password);
  for (const status of ['IN_PROGRESS', 'READY']) {
    const moved = await request.patch('/api/order/status', {
      headers: bearer(manager),
      // Taken into work with the payment recorded outside the system (decision 043).
      data: {
        id: order.id,
        status,
        ...(status === 'IN_PROGRESS' ? { manualPayment: { method: 'cash', paidOn: '2026-01-15' } } : {}),
      },
    });
    expect(moved.status(), status).toBe(200);
  }

  await signInStaff(page, request, 'PARTNER');
  await page.goto('/crm/orders');
  const row = page.getByTestId('order-row').filter({ hasText: String(order.number) });
  await expect(row.getByTestId('order-status')).toHaveText('Готов');
  await expect(row.getByTestId('order-paid')).toHaveText('Оплачен');
  await row.getByRole('button', { name: 'Выдан' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отметить заказ выданным?' });
  await dialog.getByRole('button', { name: 'Выдан' }).click();
  await expect(row.getByTestId('order-status')).toHaveText('Выполнен');
  await expect(row.getByRole('button', { name: 'Выдан' })).toHaveCount(0);

  const detail = await request.get(`/api/order/${order.id}`, { headers: bearer(manager) });
  expect(((await detail.json()) as { status: string }).status).toBe('COMPLETED');
});
