import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/axe';
import { signInStaff } from '../support/fixtures';

/**
 * The job page (issue 17, decision 056): a failed job shows its error with the stack and its attempts, and ADMIN
 * retries it after a confirmation. A job fails for real only when a provider is down, and the shared e2e server's
 * mail goes to the outbox; so this spec runs its own server on PostgreSQL with SMTP pointing at a closed port:
 * the order's confirmation e-mail really fails (ECONNREFUSED). Its eight attempts would take twenty minutes, so
 * after the first real failure the job is marked failed in pg-boss's table (decision 032: tests may set up states
 * that are slow to reach); the retry itself goes through the page and pg-boss.
 */

const PG_URL =
  process.env.E2E_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

let server: ChildProcess | undefined;
let baseURL = '';
let databaseUrl = '';
let databaseName = '';
let api: APIRequestContext;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  databaseName = `e2e_jobs_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  const port = await freePort();
  const smtpPort = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn('node', ['--import', 'tsx', 'apps/api/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'true',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMIT_AUTH_PER_IP: '10000',
    },
    stdio: 'ignore',
  });
  api = await playwrightRequest.newContext({ baseURL });
  await expect
    .poll(async () => (await api.get('/api/ready').catch(() => null))?.status() ?? 0, { timeout: 180_000 })
    .toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

test('ADMIN opens a failed job, sees its error and attempts, and retries it after a confirmation', async ({
  page,
}) => {
  const token = await signInStaff(page, api, 'ADMIN');
  const headers = { authorization: `Bearer ${token}` };

  const params = (await (await api.get('/api/order/form-params')).json()) as {
    documents: Array<{ id: string }>;
    deliveries: Array<{ id: string; type: string }>;
  };
  const created = await api.post('/api/order', {
    data: {
      name: 'Задача С Ошибкой',
      email: uniqueEmail('job-detail'),
      phoneNumber: '+79160003344',
      payerType: 'INDIVIDUAL',
      documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((delivery) => delivery.type === 'ELECTRONIC')!.id,
    },
  });
  expect(created.ok(), 'create order').toBe(true);
  const order = (await created.json()) as { id: string; number: number };

  // The confirmation e-mail's first attempt fails for real: SMTP is down.
  let jobId = '';
  await expect
    .poll(
      async () => {
        const answer = await api.get(`/api/admin/queue/jobs?order=${order.id}&name=send-email`, { headers });
        const job = ((await answer.json()) as { data: Array<{ id: string; failedReason: string | null }> })
          .data[0];
        jobId = job?.id ?? '';
        return job?.failedReason ?? null;
      },
      { timeout: 60_000 },
    )
    .toMatch(/ECONNREFUSED|connect/i);
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  await database.query(
    `update pgboss.job set state = 'failed', completed_on = now(), retry_limit = retry_count
      where id = $1 and state = 'retry'`,
    [jobId],
  );
  const [{ retry_limit: limitBefore }] = (
    await database.query<{ retry_limit: number }>('select retry_limit from pgboss.job where id = $1', [jobId])
  ).rows as [{ retry_limit: number }];
  await database.end();

  await page.goto(`${baseURL}/crm/monitoring/queue`);
  await page.getByRole('button', { name: /^Ошибки за 24\sч: [1-9]\d*$/ }).click();
  const list = page.getByRole('dialog', { name: 'Задачи с ошибкой за 24 часа' });
  await list.getByRole('textbox', { name: 'Заказ' }).fill(`№${order.number}`);
  await expect(list.getByTestId('job-row')).toHaveCount(1);
  await list.getByRole('link', { name: 'Отправка письма' }).click();

  await expect(page).toHaveURL(`${baseURL}/crm/monitoring/job/${jobId}`);
  await expect(page.getByRole('heading', { name: 'Отправка письма' })).toBeVisible();
  await expect(page.getByTestId('job-state')).toHaveText('Ошибка');
  await expect(page.getByTestId('job-error')).toContainText(/ECONNREFUSED|connect/i);
  await expect(page.getByTestId('job-stack')).toContainText(/at /);
  await expect(page.getByTestId('job-attempts')).toHaveText(/^(\d+) из \1 повторов$/);
  await expect(page.getByTestId('job-data')).toContainText(`"orderId": "${order.id}"`);
  await expect(page.getByRole('link', { name: `№ ${order.number}` })).toBeVisible();
  await expectAccessible(page, 'job page');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/queues-job-detail-375.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Повторить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Повторить задачу?' });
  await expect(dialog).toContainText('Задача «Отправка письма» будет запущена снова');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByTestId('job-state')).toHaveText('Ошибка');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Повторить' }).click();
  await dialog.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByText('Поставлено на повторный запуск задач: 1')).toBeVisible();
  // pg-boss took it back with one more attempt allowed (it then waits, runs, and — SMTP still down — fails again).
  await expect(page.getByTestId('job-attempts')).toHaveText(/^\d+ из \d+ повторов$/);
  const after = await api.get(`/api/admin/queue/job/${jobId}`, { headers });
  const detail = ((await after.json()) as { data: { retryLimit: number; retryCount: number; state: string } })
    .data;
  expect(detail.retryLimit).toBe(limitBefore + 1);
  await page.screenshot({ path: '/tmp/queues-job-detail.png', fullPage: true });
});
