/**
 * Fault scenarios against a real API process on PostgreSQL: used by `*.pg.test.ts` files (assertions) and by
 * `npm run bench:faults` (numbers). Nothing here asserts; each function returns what happened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ApiProcess = {
  base: string;
  child: ChildProcess;
  /** What the process wrote to stderr (a crash's stack is there). */
  stderr(): string;
  alive(): boolean;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts `apps/api/src/main.ts` on `databaseUrl` and waits until GET /api/ready answers 200. */
export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { readyTimeoutMs?: number } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      ...(process.env.FAULTS_DEBUG ? { LOG_LEVEL: 'warn' } : {}),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '8',
      DEMO_DATA: 'false',
      SERVE_WEB: 'false',
      WORKERS: 'inline',
      CRON_AUTO_INITIALIZE: 'false',
      JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
      // One load generator on one address: the per-IP order limit would answer 429.
      RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', process.env.FAULTS_DEBUG ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const api: ApiProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    stderr: () => stderr,
    alive,
    exited,
    async stop(graceMs = 10_000) {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`API exited before it was ready:\n${stderr}`);
    const ok = await fetch(`${api.base}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return api;
    await sleep(200);
  }
  await api.stop();
  throw new Error(`API did not answer GET /api/ready with 200 in time:\n${stderr}`);
}

/** A realistic public order (two documents, an assurance, pickup) built from the live form parameters. */
export async function orderPayload(base: string, email = 'faults@example.ru'): Promise<string> {
  type Params = {
    documents: Array<{ id: string }>;
    assurances: Array<{ id: string }>;
    deliveries: Array<{ id: string; type: string }>;
  };
  const params = (await (await fetch(`${base}/api/order/form-params`)).json()) as Params;
  const points = (await (await fetch(`${base}/api/point/active`)).json()) as { items: Array<{ id: string }> };
  const [first, second] = params.documents;
  return JSON.stringify({
    name: 'Нагрузочный Тест',
    phoneNumber: '+79160000000',
    email,
    documentsWithQuantity: [
      { documentId: first!.id, quantity: 2 },
      { documentId: second!.id, quantity: 1 },
    ],
    documentsAssurances: [{ documentId: first!.id, assuranceId: params.assurances[0]!.id }],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    deliveryId: params.deliveries.find((delivery) => delivery.type === 'PICKUP_POINT')!.id,
    pickupPointId: points.items[0]!.id,
  });
}

/** One order request: its Idempotency-Key, what came back and when (ms from the start of the load). */
export type OrderRequest = {
  key: string;
  /** HTTP status; 0 when no answer came (connection refused, reset, or the client's own timeout). */
  status: number;
  startedAt: number;
  endedAt: number;
  orderId?: string;
  code?: string;
  message?: string;
  error?: string;
};

export async function createOrder(
  base: string,
  payload: string,
  key: string,
  timeoutMs: number,
  startedOrigin = performance.now(),
): Promise<OrderRequest> {
  const startedAt = performance.now() - startedOrigin;
  try {
    const response = await fetch(`${base}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      id?: string;
      code?: string;
      message?: string;
    };
    return {
      key,
      status: response.status,
      startedAt,
      endedAt: performance.now() - startedOrigin,
      ...(body.id ? { orderId: body.id } : {}),
      ...(body.code ? { code: body.code, message: body.message } : {}),
    };
  } catch (error) {
    return {
      key,
      status: 0,
      startedAt,
      endedAt: performance.now() - startedOrigin,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/** Terminates every backend of `database` (as `pg_terminate_backend` from an operator's session would). */
export async function terminateBackends(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Faults, by time from the start of the load: a single kill of all backends, or an outage — backends killed
 * again and again for `durationMs`, so the pool's fresh connections die as well.
 */
export type Fault = { atMs: number; kind: 'kill' } | { atMs: number; kind: 'outage'; durationMs: number };

export type KillLoadResult = {
  requests: OrderRequest[];
  /** The faults as they happened: [start, end] in ms from the start of the load. */
  windows: Array<{ kind: Fault['kind']; start: number; end: number }>;
  backendsKilled: number;
};

/**
 * `clients` loops each create orders with fresh Idempotency-Keys for `durationMs` while the faults are applied
 * through `adminUrl` (a connection to another database of the same server).
 */
export async function runOrderLoadWithKills(options: {
  base: string;
  adminUrl: string;
  database: string;
  durationMs: number;
  clients: number;
  faults: Fault[];
  requestTimeoutMs: number;
}): Promise<KillLoadResult> {
  const payload = await orderPayload(options.base);
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  const origin = performance.now();
  const now = () => performance.now() - origin;
  const requests: OrderRequest[] = [];
  const windows: KillLoadResult['windows'] = [];
  let backendsKilled = 0;
  try {
    const clients = Array.from({ length: options.clients }, async () => {
      while (now() < options.durationMs) {
        requests.push(
          await createOrder(
            options.base,
            payload,
            `faults-${randomUUID()}`,
            options.requestTimeoutMs,
            origin,
          ),
        );
      }
    });
    const faults = (async () => {
      for (const fault of [...options.faults].sort((a, b) => a.atMs - b.atMs)) {
        await sleep(Math.max(0, fault.atMs - now()));
        const start = now();
        backendsKilled += await terminateBackends(admin, options.database);
        if (fault.kind === 'outage') {
          while (now() - start < fault.durationMs) {
            await sleep(25);
            backendsKilled += await terminateBackends(admin, options.database);
          }
        }
        windows.push({ kind: fault.kind, start, end: now() });
      }
    })();
    await Promise.all([...clients, faults]);
  } finally {
    await admin.end();
  }
  return { requests, windows, backendsKilled };
}

export type KillLoadSummary = {
  total: number;
  ok: number;
  status503: number;
  /** 5xx other than 503 (target 0). */
  status5xx: number;
  /** Neither 2xx nor 503: 4xx, or no answer at all. */
  unexpected: OrderRequest[];
  slowest: number;
  /** Per fault: ms from its end to the end of the first successful request started after it. */
  recoveryMs: number[];
};

export function summarize(result: KillLoadResult): KillLoadSummary {
  const { requests } = result;
  const ok = requests.filter((request) => request.status >= 200 && request.status < 300);
  return {
    total: requests.length,
    ok: ok.length,
    status503: requests.filter((request) => request.status === 503).length,
    status5xx: requests.filter((request) => request.status >= 500 && request.status !== 503).length,
    unexpected: requests.filter(
      (request) => !(request.status >= 200 && request.status < 300) && request.status !== 503,
    ),
    slowest: Math.max(0, ...requests.map((request) => request.endedAt - request.startedAt)),
    recoveryMs: result.windows.map((window) => {
      const first = ok
        .filter((request) => request.startedAt >= window.end)
        .sort((a, b) => a.endedAt - b.endedAt)[0];
      return first ? first.endedAt - window.end : Number.POSITIVE_INFINITY;
    }),
  };
}

/** What a client does with a 503: the same request with the same Idempotency-Key, until it is answered. */
export async function retryUnanswered(
  base: string,
  requests: OrderRequest[],
  options: { attempts?: number; timeoutMs?: number } = {},
): Promise<OrderRequest[]> {
  const payload = await orderPayload(base);
  const settled: OrderRequest[] = [];
  for (const request of requests.filter((r) => !(r.status >= 200 && r.status < 300))) {
    let last = request;
    for (let attempt = 0; attempt < (options.attempts ?? 5); attempt += 1) {
      last = await createOrder(base, payload, request.key, options.timeoutMs ?? 5000);
      if (last.status >= 200 && last.status < 300) break;
      await sleep(200);
    }
    settled.push(last);
  }
  return settled;
}

export type OrderAudit = {
  /** Keys answered 2xx whose order is not in the database (target 0). */
  lost: string[];
  /** Keys with more than one order, or a 2xx whose id differs from the stored order (target 0). */
  doubled: string[];
  /** Orders stored for keys that never got a 2xx (a 503 that did commit; a retry resolves it). */
  unacknowledged: number;
};

/** Every 2xx answer's order exists exactly once under its Idempotency-Key. */
export async function auditOrders(db: pg.Client | pg.Pool, answers: OrderRequest[]): Promise<OrderAudit> {
  const keys = [...new Set(answers.map((answer) => answer.key))];
  const { rows } = await db.query<{ key: string; ids: string[] }>(
    `SELECT idempotency_key AS key, array_agg(id::text) AS ids FROM orders
      WHERE idempotency_key = ANY($1::text[]) GROUP BY idempotency_key`,
    [keys],
  );
  const stored = new Map(rows.map((row) => [row.key, row.ids]));
  const acknowledged = new Map<string, string>();
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300 && answer.orderId)
      acknowledged.set(answer.key, answer.orderId);
  }
  const lost: string[] = [];
  const doubled: string[] = [];
  for (const [key, ids] of stored) if (ids.length > 1) doubled.push(key);
  for (const [key, id] of acknowledged) {
    const ids = stored.get(key);
    if (!ids) lost.push(key);
    else if (!ids.includes(id)) doubled.push(key);
  }
  const unacknowledged = [...stored.keys()].filter((key) => !acknowledged.has(key)).length;
  return { lost, doubled: [...new Set(doubled)], unacknowledged };
}

export type JobAudit = {
  orders: number;
  /** Orders whose confirmation is not exactly one mail with exactly one send-email job. */
  mismatched: string[];
  /** Jobs not completed (yet). */
  pending: number;
  /** The pg-boss states of the jobs not completed, when there are any (for the failure message). */
  pendingStates?: Record<string, number>;
  /** Mails sent more than once (two successful `email_sent` events). */
  sentTwice: number;
};

/**
 * Each order's confirmation mail has one send-email job, and every job completes. A job that failed while the
 * database was away waits for its retry (10 s, then 20 s: QUEUE_RETRY); what is checked is that it completes,
 * not pg-boss's backoff clock, so each round makes the retries of these mails due now. `waitMs` bounds the wait;
 * `pendingStates` says what the unfinished jobs were doing when it ran out.
 */
export async function auditJobs(
  db: pg.Client | pg.Pool,
  orderIds: string[],
  waitMs: number,
): Promise<JobAudit> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await db.query<{
      order_id: string;
      mails: number;
      jobs: number;
      completed: number;
      sent: number;
    }>(
      `SELECT m.order_id::text AS order_id, count(DISTINCT m.id)::int AS mails, count(j.id)::int AS jobs,
              count(j.id) FILTER (WHERE j.state = 'completed')::int AS completed,
              (SELECT count(*) FROM order_events e WHERE e.order_id = m.order_id AND e.type = 'email_sent'
                  AND e.is_success)::int AS sent
         FROM mail_outbox m
         LEFT JOIN pgboss.job j ON j.name = 'notification-tasks' AND j.data->>'mailId' = m.id::text
        WHERE m.order_id = ANY($1::uuid[])
        GROUP BY m.order_id`,
      [orderIds],
    );
    const byOrder = new Map(rows.map((row) => [row.order_id, row]));
    const mismatched = orderIds.filter((id) => {
      const row = byOrder.get(id);
      return !row || row.mails !== 1 || row.jobs !== 1;
    });
    const pending = rows.reduce((sum, row) => sum + (row.jobs - row.completed), 0);
    const sentTwice = rows.filter((row) => row.sent > 1).length;
    if (pending === 0) return { orders: orderIds.length, mismatched, pending, sentTwice };
    if (Date.now() > deadline) {
      const { rows: states } = await db.query<{ state: string; n: number }>(
        `SELECT j.state, count(*)::int AS n FROM pgboss.job j JOIN mail_outbox m ON j.data->>'mailId' = m.id::text
          WHERE j.name = 'notification-tasks' AND j.state <> 'completed' AND m.order_id = ANY($1::uuid[])
          GROUP BY j.state`,
        [orderIds],
      );
      const pendingStates = Object.fromEntries(states.map((row) => [row.state, row.n]));
      return { orders: orderIds.length, mismatched, pending, pendingStates, sentTwice };
    }
    // A run whose connection was killed after claiming its mail leaves it SENDING; the retry waits until that
    // claim is stale (MAIL_CLAIM_STALE_MS, minutes). Its only job is waiting to retry, so nobody is sending it:
    // age the claim as the passing minutes would, then make the retry due.
    await db.query(
      `UPDATE mail_outbox m SET claimed_at = m.claimed_at - interval '1 day' FROM pgboss.job j
        WHERE j.name = 'notification-tasks' AND j.state = 'retry' AND j.data->>'mailId' = m.id::text
          AND m.status = 'SENDING' AND m.order_id = ANY($1::uuid[])`,
      [orderIds],
    );
    await db.query(
      `UPDATE pgboss.job j SET start_after = now() FROM mail_outbox m
        WHERE j.name = 'notification-tasks' AND j.state = 'retry' AND j.start_after > now()
          AND j.data->>'mailId' = m.id::text AND m.order_id = ANY($1::uuid[])`,
      [orderIds],
    );
    await sleep(500);
  }
}

/** Signs a staff member in with login and password; returns the bearer token. */
export async function staffToken(base: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  if (response.status !== 200) throw new Error(`login ${login}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

const postJson = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

export type VerifyBurst = {
  /** Statuses of the burst, the right code last. */
  statuses: number[];
  /** The right code (sent last) signed in. */
  signedIn: boolean;
  /** Tries counted on the code row after the burst. */
  attempts: number;
  /** Sessions of the address after the burst. */
  sessions: number;
};

/**
 * `bursts` times: a fresh e-mail code (read from the outbox table), then `size` concurrent verifications, all wrong
 * but the last, which carries the right code. The API must run with the per-IP and per-address code limits off.
 */
export async function runVerifyBursts(
  base: string,
  db: pg.Client | pg.Pool,
  options: { bursts: number; size: number; email: string },
): Promise<VerifyBurst[]> {
  const results: VerifyBurst[] = [];
  for (let burst = 0; burst < options.bursts; burst += 1) {
    const requested = await postJson(base, '/api/auth/email/request-code', { email: options.email });
    if (requested.status !== 200)
      throw new Error(`request-code: ${requested.status} ${await requested.text()}`);
    const { rows: mails } = await db.query<{ subject: string }>(
      `SELECT subject FROM mail_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
      [options.email],
    );
    const code = /(\d{6})/.exec(mails[0]?.subject ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${options.email}`);
    const wrong = code === '000000' ? '111111' : '000000';
    const { rows: codes } = await db.query<{ id: string }>(
      `SELECT id FROM email_codes WHERE email = $1 AND used_at IS NULL`,
      [options.email],
    );
    const sessionsBefore = await sessionsOf(db, options.email);
    const statuses = await Promise.all(
      Array.from({ length: options.size }, (_, index) =>
        postJson(base, '/api/auth/email/verify', {
          email: options.email,
          verificationCode: index === options.size - 1 ? code : wrong,
        }).then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        ),
      ),
    );
    const { rows: attempts } = await db.query<{ attempts: number }>(
      `SELECT max(attempts)::int AS attempts FROM email_codes WHERE id = ANY($1::uuid[])`,
      [codes.map((row) => row.id)],
    );
    const sessions = await sessionsOf(db, options.email);
    results.push({
      statuses,
      signedIn: statuses.at(-1) === 200 || sessions > sessionsBefore,
      attempts: attempts[0]?.attempts ?? 0,
      sessions,
    });
  }
  return results;
}

async function sessionsOf(db: pg.Client | pg.Pool, email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
    [email],
  );
  return rows[0]?.n ?? 0;
}

export type PromoBurst = {
  code: string;
  statuses: number[];
  /** used_count of the promo code after the burst. */
  used: number;
  /** Orders stored with the promo code. */
  orders: number;
};

/**
 * A promo code with `maxUses` created as ADMIN through the API, then `size` concurrent orders with it (each its own
 * customer and Idempotency-Key).
 */
export async function runPromoBurst(
  base: string,
  db: pg.Client | pg.Pool,
  options: { adminToken: string; code: string; maxUses: number; size: number },
): Promise<PromoBurst> {
  const created = await postJson(
    base,
    '/api/form-settings/promocode',
    { code: options.code, discountPercent: 10, maxUses: options.maxUses },
    { authorization: `Bearer ${options.adminToken}` },
  );
  if (created.status !== 201) throw new Error(`promo code: ${created.status} ${await created.text()}`);
  const order = JSON.parse(await orderPayload(base)) as Record<string, unknown>;
  const statuses = await Promise.all(
    Array.from({ length: options.size }, (_, index) =>
      postJson(
        base,
        '/api/order',
        {
          ...order,
          email: `promo.${options.code.toLowerCase()}.${index}@example.ru`,
          promoCode: options.code,
        },
        { 'idempotency-key': `promo-${randomUUID()}` },
      ).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 0,
      ),
    ),
  );
  const { rows } = await db.query<{ used: number; orders: number }>(
    `SELECT (SELECT used_count FROM promo_codes WHERE code = $1)::int AS used,
            (SELECT count(*) FROM orders WHERE promo_code = $1)::int AS orders`,
    [options.code],
  );
  return { code: options.code, statuses, used: rows[0]?.used ?? 0, orders: rows[0]?.orders ?? 0 };
}
