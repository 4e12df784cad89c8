import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { AuthResponse, MailOutboxItem } from '@app/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createJobHandlers, createServices, type Services } from '../src/container.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { createJobs, type Jobs } from '../src/jobs/jobs.ts';
import type { Clock } from '../src/lib/clock.ts';
import { createSmtpTransport, outboxTransport, type MailTransport } from '../src/providers/mail.ts';

export type TestContext = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The PostgreSQL connection string of this context's database (absent on PGlite), for a second connection. */
  databaseUrl?: string;
  jobs: Jobs;
  services: Services;
  /** Logs in a staff member (demo credentials) and returns the bearer header. */
  staffAuth(email: string, password: string): Promise<{ authorization: string }>;
  /** Signs a customer in by e-mail code read from the outbox. */
  customerAuth(email: string): Promise<{ authorization: string; body: AuthResponse }>;
  partnerAuth(email: string, password: string): Promise<{ authorization: string }>;
  outbox(to?: string): Promise<MailOutboxItem[]>;
  close(): Promise<void>;
};

export const DEMO = {
  admin: ['admin@demo.local', 'admin-demo-pass'],
  manager: ['manager@demo.local', 'manager-demo-pass'],
  partner: ['partner@demo.local', 'partner-demo-pass'],
  affiliate: ['affiliate@demo.local', 'affiliate-demo-pass'],
  payee: ['payee@demo.local', 'payee-demo-pass'],
  integrator: ['integrator@demo.local', 'integrator-demo-pass'],
  customer: 'customer@demo.local',
} as const;

/** The template's dump, read once per worker (the files of a worker share this module, vitest.config.ts). */
let template: { file: string; blob: Blob } | undefined;
function pgliteTemplate(file: string): Blob {
  if (template?.file !== file) template = { file, blob: new Blob([readFileSync(file)]) };
  return template.blob;
}

/** A fresh database copied from the migrated, seeded template (on PostgreSQL a pool of `poolMax`, default 1). */
export async function openTestDatabase(options: { poolMax?: number } = {}): Promise<{
  database: Database;
  /** The PostgreSQL connection string (absent on PGlite), for tests that start other processes on it. */
  url?: string;
  drop(): Promise<void>;
}> {
  const templateDb = inject('postgresTemplateDb');
  if (templateDb) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `app_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openPostgres(dbUrl.toString(), { max: options.poolMax ?? 1 });
    return {
      database,
      url: dbUrl.toString(),
      async drop() {
        await database.close();
        const cleaner = new pg.Client({ connectionString: url });
        await cleaner.connect();
        await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleaner.end();
      },
    };
  }
  const database = await openPglite({
    loadDataDir: pgliteTemplate(inject('pgliteTemplatePath')),
    // PGlite's default buffer pool (128 MB) is set up, and zeroed, by every copy: far more than a test database
    // (a few MB) ever reads.
    settings: { shared_buffers: '16MB' },
  });
  return { database, drop: () => database.close() };
}

export async function createTestContext(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    mailTransport?: MailTransport;
    workers?: boolean;
    retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
    /**
     * PostgreSQL pool size. Default 1, PGlite's one connection (decision 104): a query on a second connection while
     * a transaction holds the first (the pool instead of `tx`, pg-boss without `{ db }`) hangs here as it does on
     * the embedded database. Race tests, whose requests must run at once, give their own.
     */
    poolMax?: number;
    /** Collects the app's log (set LOG_LEVEL in env too: tests are silent by default). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const { database, url, drop } = await openTestDatabase({ poolMax: options.poolMax });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL: 'http://localhost:3000',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'uploads-')),
    ...options.env,
  });
  const jobs = createJobs({
    database,
    supervise: false,
    schedule: false,
    pollingIntervalSeconds: 0.5,
    retry: options.retry,
  });
  await jobs.start();
  const clock = options.clock ?? { now: () => new Date() };
  const services = createServices({
    config,
    database,
    jobs,
    mailTransport:
      options.mailTransport ??
      (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport),
    clock,
  });
  if (options.workers) await jobs.work(createJobHandlers(services));
  const app = await buildApp({ config, database, services, jobs, logStream: options.logStream });
  await app.ready();

  const ctx: TestContext = {
    app,
    config,
    database,
    databaseUrl: url,
    jobs,
    services,
    async staffAuth(email, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
      return { authorization: `Bearer ${response.json<AuthResponse>().token}` };
    },
    async customerAuth(email) {
      const requested = await app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload: { email },
      });
      if (requested.statusCode !== 200)
        throw new Error(`request-code: ${requested.statusCode} ${requested.body}`);
      const [mail] = await ctx.outbox(email);
      const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1];
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        payload: { email, verificationCode: code },
      });
      if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
      const body = verified.json<AuthResponse>();
      return { authorization: `Bearer ${body.token}`, body };
    },
    async partnerAuth(email, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/partner/auth/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`partner login: ${response.statusCode} ${response.body}`);
      return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
    },
    async outbox(to) {
      const result = await services.mail.listOutbox({ limit: 100, to });
      return result.items;
    },
    async close() {
      await app.close();
      await jobs.stop();
      await drop();
    },
  };
  return ctx;
}

/** Pays an order through the embedded test payment page, as a customer confirming there would. */
export async function payOnTestPage(ctx: TestContext, order: { id: string }, email: string): Promise<void> {
  const link = await ctx.app.inject({
    method: 'POST',
    url: `/api/order/${order.id}/create-payment-link`,
    payload: { email },
  });
  if (link.statusCode !== 200) throw new Error(`payment link: ${link.statusCode} ${link.body}`);
  const { paymentId } = link.json<{ paymentId: string }>();
  const paid = await ctx.app.inject({ method: 'POST', url: `/api/payments/test/${paymentId}/confirm` });
  if (paid.statusCode !== 200 || paid.json<{ status: string }>().status !== 'succeeded')
    throw new Error(`test payment: ${paid.statusCode} ${paid.body}`);
}

/**
 * Creates an API key through the integrator's keys page (decision 070) and returns its whole value (shown once).
 * Every scope unless told; `auth` is an INTEGRATOR partner's portal session.
 */
export async function createApiKey(
  ctx: TestContext,
  auth: { authorization: string },
  body: { name?: string; scopes?: string[]; allowedIps?: string[] } = {},
): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/partner/integrator/api-keys',
    headers: auth,
    payload: {
      name: body.name ?? 'Тестовый ключ',
      scopes: body.scopes ?? ['quote', 'orders:create', 'orders:read'],
      allowedIps: body.allowedIps ?? [],
    },
  });
  if (response.statusCode !== 201) throw new Error(`api key: ${response.statusCode} ${response.body}`);
  return response.json<{ secret: string }>().secret;
}
