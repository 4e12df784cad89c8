import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, uniqueEmail } from '../support/api';
import { bearer, signInStaff } from '../support/fixtures';

/** Monitoring (issue 6, spec 2): the three tabs as ADMIN, only Orders as MANAGER. */

type Order = { id: string; number: number };

async function createOrder(request: APIRequestContext): Promise<Order> {
  const params = (await (await request.get('/api/order/form-params')).json()) as {
    documents: Array<{ id: string }>;
    deliveries: Array<{ id: string; type: string }>;
  };
  const response = await request.post('/api/order', {
    data: {
      name: 'Мария Мониторинг',
      email: uniqueEmail('monitoring'),
      phoneNumber: '+79160001122',
      payerType: 'INDIVIDUAL',
      documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((delivery) => delivery.type === 'ELECTRONIC')!.id,
    },
  });
  expect(response.ok(), 'create order').toBe(true);
  return (await response.json()) as Order;
}

/** A seeded demo order that has no background jobs (seeded rows never went through the queue). */
async function findOrderWithoutJobs(request: APIRequestContext, token: string): Promise<Order> {
  const list = await request.get(`/api/order?search=${encodeURIComponent(DEMO.customer.email)}&limit=50`, {
    headers: bearer(token),
  });
  const { items } = (await list.json()) as { items: Order[] };
  for (const order of items) {
    const jobs = await request.get(`/api/admin/queue/order/${order.id}`, { headers: bearer(token) });
    if (((await jobs.json()) as { data: unknown[] }).data.length === 0) return order;
  }
  throw new Error('every demo order has jobs');
}

test("ADMIN: the Orders tab shows its counters and opens an order's monitoring page by number", async ({
  page,
  request,
}) => {
  const order = await createOrder(request);
  await signInStaff(page, request, 'ADMIN');

  await page.goto('/crm/monitoring');
  await expect(page.getByRole('tab')).toHaveText(['Заказы', 'Автоматизация', 'Периодические задачи']);
  const counters = page.getByTestId('order-counters').getByTestId('stat-card');
  await expect(counters).toHaveCount(4);
  await expect(page.getByLabel(/^Всего заказов: \d+$/)).toBeVisible();

  // Lookup by number opens the order's monitoring page with its jobs (the confirmation e-mail).
  const lookup = page.getByRole('search', { name: 'Поиск заказа' });
  await lookup.getByRole('button', { name: 'Открыть' }).click();
  await expect(lookup.getByText('Введите номер заказа')).toBeVisible();
  await lookup.getByRole('textbox', { name: 'Номер или ID заказа' }).fill(String(order.number));
  await lookup.getByRole('button', { name: 'Открыть' }).click();
  await expect(page).toHaveURL(`/crm/monitoring/order/${order.id}`);
  await expect(page.getByRole('heading', { name: `Мониторинг заказа № ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('jobs-table').getByTestId('job-row').first()).toBeVisible();
});

test('ADMIN: automation counts open a job list; the search by order number refuses an empty number', async ({
  page,
  request,
}) => {
  const order = await createOrder(request);
  const token = await signInStaff(page, request, 'ADMIN');
  const quiet = await findOrderWithoutJobs(request, token);

  // Automation: online, five counters; "completed" opens the list of completed jobs (this order's e-mail at least).
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/admin/queue/order/${order.id}`, { headers: bearer(token) });
      return ((await answer.json()) as { data: Array<{ state: string }> }).data.map((job) => job.state);
    })
    .toContain('completed');
  await page.goto('/crm/monitoring');
  await page.getByRole('tab', { name: 'Автоматизация' }).click();
  await expect(page).toHaveURL('/crm/monitoring/queue');
  await expect(page.getByTestId('queue-connection')).toHaveText('Очередь онлайн');
  await expect(page.getByTestId('queue-counters').getByRole('button')).toHaveCount(5);
  await page.getByRole('button', { name: /^Выполнено за 24\sч: [1-9]\d*$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Выполненные задачи за 24 часа' });
  await expect(modal.getByTestId('job-row').first()).toBeVisible();
  await expect(modal.getByTestId('task-status').first()).toHaveText('Выполнена');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // Search by order number: empty refused, an order without jobs, an order with jobs.
  const search = page.getByRole('search', { name: 'Поиск задач заказа' });
  await search.getByRole('button', { name: 'Найти задачи' }).click();
  await expect(search.getByText('Введите номер заказа')).toBeVisible();
  await search.getByRole('textbox', { name: 'Номер заказа' }).fill(String(quiet.number));
  await search.getByRole('button', { name: 'Найти задачи' }).click();
  await expect(page.getByText('Задач для данного заказа не найдено')).toBeVisible();
  await search.getByRole('textbox', { name: 'Номер заказа' }).fill(String(order.number));
  await search.getByRole('button', { name: 'Найти задачи' }).click();
  const result = page.getByTestId('order-jobs-result');
  await expect(result.getByRole('link', { name: `Заказ № ${order.number}` })).toBeVisible();
  await expect(result.getByTestId('job-row').first()).toBeVisible();
});

test('ADMIN: periodic tasks are cleared after a confirmation and initialized again', async ({
  page,
  request,
}) => {
  await signInStaff(page, request, 'ADMIN');
  await page.goto('/crm/monitoring/cron');
  await expect(page.getByRole('tab', { name: 'Периодические задачи' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('checkbox', { name: 'Автообновление (30 с)' })).toBeChecked();
  await expect(page.getByTestId('cron-queue')).toHaveCount(3);

  await page.getByRole('button', { name: 'Инициализировать' }).click();
  const jobs = page.getByTestId('cron-job');
  await expect(jobs).toHaveCount(11);
  await expect(jobs.filter({ hasText: 'check-new-paid-orders' })).toBeVisible();
  await expect(jobs.filter({ hasText: 'remove-unattached-uploads' })).toBeVisible();
  await expect(jobs.filter({ hasText: 'approve-partner-commissions' })).toBeVisible();

  await page.getByRole('button', { name: 'Очистить все' }).click();
  const dialog = page.getByRole('dialog', { name: 'Очистить все периодические задачи?' });
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  await expect(jobs).toHaveCount(11);
  await page.getByRole('button', { name: 'Очистить все' }).click();
  await dialog.getByRole('button', { name: 'Очистить все' }).click();
  await expect(jobs).toHaveCount(0);
  await expect(page.getByText('Периодические задачи не настроены')).toBeVisible();

  await page.getByRole('button', { name: 'Инициализировать' }).click();
  await expect(jobs).toHaveCount(11);
});

test('MANAGER sees only the Orders tab and cannot open automation', async ({ page, request }) => {
  const token = await signInStaff(page, request, 'MANAGER');
  await page.goto('/crm/monitoring');
  await expect(page.getByRole('tab')).toHaveText(['Заказы']);
  await expect(page.getByTestId('order-counters').getByTestId('stat-card')).toHaveCount(4);

  await page.goto('/crm/monitoring/queue');
  await expect(page).toHaveURL('/no-access');
  const refused = await request.get('/api/admin/queue/info', { headers: bearer(token) });
  expect(refused.status()).toBe(403);
});
