/**
 * Load benchmark: the product's API against a bare Fastify route, each a child process of this one.
 * Run with `npm run bench`. Env: BENCH_DURATION (s, 10), BENCH_CONNECTIONS (50), BENCH_WORKERS (1),
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test; PGlite when unreachable),
 * BENCH_ONLY=web (only the initial JavaScript and Lighthouse, no load tests), orders (only order creation), numbers
 * (the order-number designs of decision 064 on the bare transaction) or get
 * (only the GET targets and the form-params goal with its CPU per request), redirect (the bare baseline and the
 * referral redirect GET /r/{code} only), analytics (the bare baseline and the analytics ingestion only),
 * BENCH_ANALYTICS_CONNECTIONS (4, the saturation run), BENCH_ANALYTICS_BATCH (25 events a request),
 * BENCH_ANALYTICS_RATE (2000 events/s offered in the open-loop run), BENCH_ANALYTICS_OPEN_ROUNDS (3) ×
 * BENCH_ANALYTICS_OPEN_SECONDS (10),
 * BENCH_ORDER_DURATION (s, 20), BENCH_ORDER_CONNECTIONS (8), BENCH_ORDER_ROUNDS (4: API and bare transaction
 * alternate), BENCH_GOAL_ROUNDS (6) × BENCH_GOAL_ROUND_SECONDS (3), BENCH_VERBOSE (list one order's statements),
 * BENCH_LIGHTHOUSE=false,
 * BENCH_LIGHTHOUSE_RUNS (3; the median of the recorded runs is reported), BENCH_LIGHTHOUSE_REPORTS (a folder for each run's full
 * report), BENCH_CPU_RUNS (5 loads for the main-thread CPU time of step 1, `scripts/first-load-cpu.ts`; 0 skips it),
 * WEB_DIST_DIR (apps/web/dist), BENCH_JOB_WORKERS=separate (the API with WORKERS=off and `npm run worker` beside it,
 * PostgreSQL only), BENCH_API_NODE_ARGS (node flags for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { orderPayload } from '../apps/api/test/fault-scenarios.ts';
import { benchBareTransaction, countOrderStatements, countRequestStatements } from './bench-order-cost.ts';
import { openLoop, percentile, type OpenLoopResult } from './open-loop.ts';
import { runMain } from './run-main.ts';
import {
  INITIAL_JS_BUDGET_KB,
  INITIAL_JS_TARGET_KB,
  measureInitialJs,
  type InitialJs,
} from './initial-js.ts';
import { measureFirstLoadCpu, median as medianOf } from './first-load-cpu.ts';
import { runLighthouse, type LighthouseScores } from './lighthouse.ts';

type Target = {
  name: string;
  server: 'bare' | 'api';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  ratio: number;
};

/** Add new targets here; the first one is the baseline the ratios are computed against. */
const TARGETS: Target[] = [
  { name: 'bare', server: 'bare', method: 'GET', path: '/bare' },
  { name: 'health', server: 'api', method: 'GET', path: '/api/health' },
  { name: 'form-params', server: 'api', method: 'GET', path: '/api/order/form-params' },
];
/** The goal: this target reaches at least `ratio` × the baseline's req/s. */
const GOAL = { name: 'form-params', ratio: 0.9 };
/** The goal's ratio is also measured in short alternating rounds (bare, goal, bare, ...): load on a shared machine
 * drifts within seconds, and one long run of each compares two different machines. The median round decides. */
const GOAL_ROUNDS = Number(process.env.BENCH_GOAL_ROUNDS ?? 6);
const GOAL_ROUND_SECONDS = Number(process.env.BENCH_GOAL_ROUND_SECONDS ?? 3);

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The load generator runs in worker threads so it does not share the event loop with the bare server.
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const WARMUP_SECONDS = 2;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const cleanups: Array<() => Promise<void>> = [];
async function cleanup() {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** A fresh PostgreSQL database when the server is reachable, else a temporary PGlite directory. */
async function prepareDatabase(): Promise<Record<string, string>> {
  const admin = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    await admin.end().catch(() => undefined);
    const dir = await mkdtemp(join(tmpdir(), 'bench-pglite-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    console.log(`database: PGlite in ${dir}`);
    return { DATA_DIR: dir };
  }
  const name = `bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
  });
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  console.log(`database: PostgreSQL ${url.host}/${name}`);
  return { DATABASE_URL: url.toString(), DEMO_DATA: 'true' };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function startApi(port: number, dbEnv: Record<string, string>): Promise<string> {
  // One load generator on one address: the per-IP order limit would otherwise answer 429.
  const env = {
    ...process.env,
    ...dbEnv,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // The built SPA is served too, for Lighthouse on /order/step-1 (run `npm run build` first).
    SERVE_WEB: 'true',
    RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
    // One load generator plays many visitors from one address (the analytics ingestion scenario).
    RATE_LIMIT_ANALYTICS_PER_IP: '10000000',
    RATE_LIMIT_ANALYTICS_PER_SESSION: '10000000',
  };
  // BENCH_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": flags for the API process only (a profile).
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_JOB_WORKERS=separate: the deployment README describes for more load, the API with WORKERS=off and the job
  // workers (the order's confirmation e-mail) in a process of their own (`npm run worker`, PostgreSQL only).
  const separate = process.env.BENCH_JOB_WORKERS === 'separate' && Boolean(dbEnv.DATABASE_URL);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/main.ts'], {
    env: { ...env, NODE_ENV: 'development', ...(separate ? { WORKERS: 'off' } : {}) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => stopChild(child));
  pids.api = child.pid ?? 0;
  console.log(`job workers: ${separate ? 'a process of their own (npm run worker)' : 'in the API process'}`);
  // After the API has migrated the database (two processes migrating at once collide).
  const startWorker = () => {
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
      env: { ...env, NODE_ENV: 'development' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    cleanups.push(() => stopChild(worker));
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`API exited with code ${child.exitCode} before it was ready`);
    const ok = await fetch(`${base}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) {
      if (separate) startWorker();
      return base;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('API did not answer GET /api/ready with 200 within 60 s');
}

/**
 * The baseline: a bare Fastify route (no plugins, hooks or headers of ours) serving the same bytes as
 * form-params, so the ratio measures what our stack adds, not the size of the answer. In its own process, like
 * the API, so each one's CPU time can be read (the load generator runs in this one).
 */
async function startBare(
  port: number,
  payload: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    // Bytes encoded once, as our route sends them (decision 082): the baseline gets the same head start.
    const payload = Buffer.from(process.env.BARE_PAYLOAD);
    const headers = JSON.parse(process.env.BARE_HEADERS);
    app.get('/bare', (_request, reply) => {
      reply.headers(headers).header('content-type', 'application/json; charset=utf-8').send(payload);
    });
    await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
    console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      BARE_PORT: String(port),
      BARE_PAYLOAD: payload,
      BARE_HEADERS: JSON.stringify(headers),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => stopChild(child));
  // Its first line says it listens; an exit before that is a failure, not a wait.
  const started = await Promise.race([
    once(child.stdout!, 'data').then(([chunk]) => String(chunk).includes('ready')),
    once(child, 'exit').then(() => false),
  ]);
  if (!started) throw new Error('the bare server did not start');
  if (Object.keys(headers).length > 0) pids.bareWithHeaders = child.pid ?? 0;
  else pids.bare = child.pid ?? 0;
  return `http://127.0.0.1:${port}`;
}

/** Process ids of the two servers, for their CPU time. */
const pids: Record<'bare' | 'api' | 'bareWithHeaders', number> = { bare: 0, api: 0, bareWithHeaders: 0 };

/** CPU time (user + system, ms) a process has used so far; 0 where /proc is missing. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

async function load(
  target: Target,
  base: string,
  seconds: number,
  connections = CONNECTIONS,
): Promise<autocannon.Result> {
  const { method, path, body, headers } = target;
  return autocannon({
    url: base + path,
    method,
    body,
    headers,
    duration: seconds,
    connections,
    workers: WORKERS > 0 ? WORKERS : undefined,
  });
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

function printTable(rows: Row[]) {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'vs bare'];
  const cells = rows.map((r) => [
    r.name,
    fmt(r.rps),
    fmt(r.p50, 1),
    fmt(r.p99, 1),
    String(r.non2xx),
    String(r.errors),
    fmt(r.ratio, 2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0)));
  console.log(`\n${line(header).join('  ')}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c).join('  '));
}

/** The referral redirect (decision 061): GET /r/{code} logs a click and answers 302, on this 2-core machine. */
const REDIRECT_GOAL = { rps: 3000, p99: 20 };
/**
 * Clients at once for the redirect: a rate at a latency is read with the load that reaches the rate, not more. With
 * 50 on this 2-core machine the requests queue in the API (measured: 3,858 req/s, p50 12 ms, p99 23 ms), with 16–24
 * the same code serves more and sooner (4,776 req/s, p99 7 ms; 4,654 req/s, p99 13 ms).
 */
const REDIRECT_CONNECTIONS = Number(process.env.BENCH_REDIRECT_CONNECTIONS ?? 20);
const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/**
 * GET /r/{code} of the demo affiliate's link under load, beside the bare route measured in the same run. Every
 * answer must be the 302 with the cookie (autocannon counts a 302 as non-2xx: here the 302s are the successes).
 */
async function benchReferralRedirect(api: string, bare: Row | undefined): Promise<Row> {
  const login = await fetch(`${api}/api/partner/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'affiliate@demo.local', password: 'affiliate-demo-pass' }),
  });
  if (!login.ok) throw new Error(`affiliate login: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${api}/api/partner/affiliate/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Нагрузка', targetPath: '/order/step-1' }),
  });
  if (created.status !== 201) throw new Error(`create link: ${created.status}`);
  const { code } = (await created.json()) as { code: string };
  const target: Target = {
    name: 'referral-redirect',
    server: 'api',
    method: 'GET',
    path: `/r/${code}?sub=bench`,
    headers: { 'user-agent': BROWSER_AGENT },
  };
  await load(target, api, WARMUP_SECONDS, REDIRECT_CONNECTIONS);
  const cpuBefore = cpuMs(pids.api);
  const result = await load(target, api, DURATION, REDIRECT_CONNECTIONS);
  // CPU per redirect, steadier than req/s on a shared machine (the database's share is not in it).
  const cpuPerRequestUs = ((cpuMs(pids.api) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  const redirects = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats?.['302']?.count;
  const row: Row = {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.requests.total - (redirects ?? 0) - result.errors,
    errors: result.errors,
    ratio: bare ? result.requests.average / bare.rps : 0,
  };
  const verdict = row.rps >= REDIRECT_GOAL.rps && row.p99 < REDIRECT_GOAL.p99 ? 'PASS' : 'FAIL';
  console.log(
    `\n${verdict}: referral redirect GET /r/{code}, ${REDIRECT_CONNECTIONS} clients: ${fmt(row.rps)} req/s, p50 ${fmt(row.p50, 1)} ms, p99 ` +
      `${fmt(row.p99, 1)} ms, ${redirects ?? 0} × 302, other ${row.non2xx}, errors ${row.errors} ` +
      `(target >= ${REDIRECT_GOAL.rps}/s, p99 < ${REDIRECT_GOAL.p99} ms); baseline bare ${bare ? fmt(bare.rps) : '?'} req/s, ` +
      `p99 ${bare ? fmt(bare.p99, 1) : '?'} ms in this run (${fmt(row.ratio, 2)} × bare); API CPU per redirect ` +
      `${fmt(cpuPerRequestUs)} µs (one core caps the API at ${fmt(1_000_000 / Math.max(cpuPerRequestUs, 1))} redirects/s)`,
  );
  return row;
}

/** Issue 19: the tracker's ingestion on this 2-core machine, on PostgreSQL: this rate of events at this p99. */
const ANALYTICS_GOAL = { eventsPerSecond: 2000, p99: 50 };
// The saturation run: 4 clients reach the most events/s; more only queue in the API on 2 cores (10: p50 44 ms,
// p99 184 ms for the same events/s), as with the redirect (REDIRECT_CONNECTIONS).
const ANALYTICS_CONNECTIONS = Number(process.env.BENCH_ANALYTICS_CONNECTIONS ?? 4);
const ANALYTICS_BATCH = Number(process.env.BENCH_ANALYTICS_BATCH ?? 25);
/** The open-loop run (decision 074): this many events a second offered, in batches of ANALYTICS_BATCH. */
const ANALYTICS_RATE = Number(process.env.BENCH_ANALYTICS_RATE ?? ANALYTICS_GOAL.eventsPerSecond);
const ANALYTICS_OPEN_ROUNDS = Math.max(1, Number(process.env.BENCH_ANALYTICS_OPEN_ROUNDS ?? 3));
const ANALYTICS_OPEN_SECONDS = Number(process.env.BENCH_ANALYTICS_OPEN_SECONDS ?? 10);

/**
 * POST /api/analytics/batch as the tracker sends it: 25 events a request (page views, clicks, a funnel stage),
 * each with its own client id, over 2,000 sessions, one request in ten carrying its session (the first batch of a
 * page). Every request is new data: nothing is skipped as a retry. Measured two ways, beside the bare route:
 * - saturation (closed loop, ANALYTICS_CONNECTIONS clients back to back): the most events/s, and the latency at
 *   that load — informative;
 * - the issue's target (decision 074): an open loop offering ANALYTICS_RATE events/s (batches at a fixed pace,
 *   whatever the answers take), in alternating rounds with the bare route offered the same requests/s (what this
 *   machine's own noise does to a p99 at that pace). PASS when the achieved events/s reach the goal and the p99
 *   of all rounds' answers is under it.
 */
async function benchAnalyticsIngestion(
  api: string,
  bareBase: string,
  bare: Row | undefined,
  databaseUrl: string | undefined,
): Promise<Row[]> {
  let sequence = 0;
  const body = () => {
    sequence += 1;
    const sessionId = `bench-session-${sequence % 2000}`;
    const items = Array.from({ length: ANALYTICS_BATCH }, (_, index) =>
      index === 0
        ? { kind: 'funnel_stage', clientEventId: `bench-${sequence}-${index}`, stage: 'step_1' }
        : {
            kind: 'event',
            clientEventId: `bench-${sequence}-${index}`,
            eventType: index % 5 === 1 ? 'page_view' : 'click',
            pagePath: '/order/step-1',
            pageTitle: 'Шаг 1. Документы и языки',
            eventLabel: `button-${index}`,
          },
    );
    const session =
      sequence % 10 === 0
        ? {
            visitorId: `bench-visitor-${sequence % 5000}`,
            landingPage:
              'https://example.ru/order/step-1?utm_source=yandex&utm_medium=cpc&utm_campaign=bench',
            referer: 'https://yandex.ru/',
            utmSource: 'yandex',
            utmMedium: 'cpc',
            utmCampaign: 'bench',
          }
        : null;
    return JSON.stringify({ sessionId, session, items });
  };
  const headers = { 'content-type': 'application/json', 'user-agent': BROWSER_AGENT };
  const run = (seconds: number) =>
    autocannon({
      url: `${api}/api/analytics/batch`,
      method: 'POST',
      headers,
      duration: seconds,
      connections: ANALYTICS_CONNECTIONS,
      // A new body per request (autocannon's workers cannot take a function): the load runs in this process.
      requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
    });

  // What one batch costs the database: counted on the API built in this process (a batch with its session, the
  // costlier kind), as for an order.
  if (databaseUrl) {
    const cost = await countRequestStatements(
      databaseUrl,
      () => {
        // Every tenth body carries its session: the next one is such.
        sequence = Math.floor(sequence / 10) * 10 + 9;
        return { method: 'POST', url: '/api/analytics/batch', payload: body(), headers };
      },
      { RATE_LIMIT_ANALYTICS_PER_IP: '1000000', RATE_LIMIT_ANALYTICS_PER_SESSION: '1000000' },
    );
    if (cost.statusCode !== 200) throw new Error(`POST /api/analytics/batch answered ${cost.statusCode}`);
    console.log(
      `\none analytics batch (${ANALYTICS_BATCH} items and its session): ${cost.roundTrips} round trip(s), ` +
        `${cost.statements} SQL statement(s), ${cost.writes} table writes (insert CTEs, whatever the batch holds)`,
    );
    if (process.env.BENCH_VERBOSE) {
      cost.texts.forEach((text, i) => console.log(`  ${i + 1}. ${text.replace(/\s+/g, ' ').slice(0, 400)}`));
    }
  } else {
    console.log('\nstatements per analytics batch: PostgreSQL only');
  }

  await run(WARMUP_SECONDS);
  const cpuBefore = cpuMs(pids.api);
  const result = await run(DURATION);
  const cpuPerEventUs =
    ((cpuMs(pids.api) - cpuBefore) * 1000) / Math.max(1, result.requests.total * ANALYTICS_BATCH);
  const saturation: Row = {
    name: 'analytics-batch (saturation)',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ratio: bare ? result.requests.average / bare.rps : 0,
  };
  console.log(
    `\ninfo: analytics ingestion at saturation (closed loop, ${ANALYTICS_CONNECTIONS} clients back to back, ` +
      `${ANALYTICS_BATCH} events a request): ${fmt(saturation.rps * ANALYTICS_BATCH)} events/s ` +
      `(${fmt(saturation.rps)} req/s), p50 ${fmt(saturation.p50, 1)} ms, p99 ${fmt(saturation.p99, 1)} ms — the ` +
      `latency at the most load, not at the target rate; non-2xx ${saturation.non2xx}, errors ${saturation.errors}; ` +
      `baseline bare ${bare ? fmt(bare.rps) : '?'} req/s, p99 ${bare ? fmt(bare.p99, 1) : '?'} ms in this run ` +
      `(${fmt(saturation.ratio, 2)} × bare req/s); API CPU per event ${fmt(cpuPerEventUs, 1)} µs`,
  );

  // The target: a fixed offered rate, in rounds alternating with the bare route at the same requests/s.
  const batchesPerSecond = ANALYTICS_RATE / ANALYTICS_BATCH;
  await openLoop({
    url: `${api}/api/analytics/batch`,
    method: 'POST',
    headers,
    body,
    rate: batchesPerSecond,
    seconds: WARMUP_SECONDS,
  });
  const ours: OpenLoopResult[] = [];
  const bareRounds: OpenLoopResult[] = [];
  const openCpu = { ms: 0, batches: 0 };
  for (let round = 0; round < ANALYTICS_OPEN_ROUNDS; round += 1) {
    bareRounds.push(
      await openLoop({
        url: `${bareBase}/bare`,
        method: 'GET',
        rate: batchesPerSecond,
        seconds: ANALYTICS_OPEN_SECONDS,
      }),
    );
    const before = cpuMs(pids.api);
    ours.push(
      await openLoop({
        url: `${api}/api/analytics/batch`,
        method: 'POST',
        headers,
        body,
        rate: batchesPerSecond,
        seconds: ANALYTICS_OPEN_SECONDS,
      }),
    );
    openCpu.ms += cpuMs(pids.api) - before;
    openCpu.batches += ours.at(-1)!.ok;
  }
  const pooled = (runs: OpenLoopResult[]) => {
    const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
    return {
      p50: percentile(all, 0.5),
      p99: percentile(all, 0.99),
      rps: runs.reduce((sum, r) => sum + r.achievedRps, 0) / runs.length,
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      lag: Math.max(...runs.map((r) => r.maxSendLagMs)),
    };
  };
  const mine = pooled(ours);
  const floor = pooled(bareRounds);
  const achievedEvents = mine.rps * ANALYTICS_BATCH;
  const verdict =
    achievedEvents >= ANALYTICS_GOAL.eventsPerSecond &&
    mine.p99 < ANALYTICS_GOAL.p99 &&
    mine.non2xx === 0 &&
    mine.errors === 0
      ? 'PASS'
      : 'FAIL';
  const perRound = (runs: OpenLoopResult[]) =>
    runs.map((r) => `${fmt(r.p50, 1)}/${fmt(r.p99, 1)}`).join(', ');
  console.log(
    `\n${verdict}: analytics ingestion POST /api/analytics/batch, open loop at ${fmt(ANALYTICS_RATE)} events/s ` +
      `offered (${fmt(batchesPerSecond, 1)} batches/s of ${ANALYTICS_BATCH}), ${ANALYTICS_OPEN_ROUNDS} × ` +
      `${ANALYTICS_OPEN_SECONDS} s: ${fmt(achievedEvents)} events/s achieved, p50 ${fmt(mine.p50, 1)} ms, ` +
      `p99 ${fmt(mine.p99, 1)} ms (all rounds' answers; per round p50/p99: ${perRound(ours)} ms), non-2xx ` +
      `${mine.non2xx}, errors ${mine.errors} (target >= ${ANALYTICS_GOAL.eventsPerSecond} events/s, p99 < ` +
      `${ANALYTICS_GOAL.p99} ms)\n  bare route offered the same ${fmt(batchesPerSecond, 1)} req/s in alternating ` +
      `rounds: p50 ${fmt(floor.p50, 1)} ms, p99 ${fmt(floor.p99, 1)} ms (per round: ${perRound(bareRounds)} ms) — ` +
      `this machine's own noise at that pace; API CPU per event ${fmt((openCpu.ms * 1000) / Math.max(1, openCpu.batches * ANALYTICS_BATCH), 1)} µs; ` +
      `generator's worst send delay ${fmt(Math.max(mine.lag, floor.lag), 1)} ms (counted in the latencies); ` +
      `load average ${loadAverage()}`,
  );
  const open: Row = {
    name: `analytics-batch (${fmt(batchesPerSecond)}/s)`,
    rps: mine.rps,
    p50: mine.p50,
    p99: mine.p99,
    non2xx: mine.non2xx,
    errors: mine.errors,
    ratio: bare ? mine.rps / bare.rps : 0,
  };
  return [saturation, open];
}

/** The order-creation target (issue 15): on this 2-core machine, 8 connections, PostgreSQL. */
const ORDER_GOAL = { rps: 300, p99: 60 };

/**
 * ANALYZE of the bench database after the warm-up, as autovacuum does on a server where it is on: this machine's
 * server runs with `autovacuum = off`, so a fresh database never gets statistics and the plans cached by the
 * trigger functions stay those of a table of a few dozen rows (sequential scans, and an unrelated partial index
 * scanned whole per order line), which grow with every order placed and made the rounds slower one after another
 * (decision 082).
 */
async function analyzeLikeAutovacuum(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
    await client.query('ANALYZE');
    console.log(`ANALYZE after the warm-up (the server's autovacuum is ${rows[0]!.autovacuum})`);
  } finally {
    await client.end();
  }
}

/**
 * Order creation sustained for 20 s, then what one order costs (statements and round trips, counted on the API
 * built in this process) and the limit: one bare transaction inserting the same rows, same concurrency, same
 * run (decision 031). The ratio to it is the figure to read on a machine whose speed varies.
 */
async function benchOrderCreation(api: string, databaseUrl: string | undefined): Promise<Row> {
  // Each order from a new customer (autocannon puts a fresh id in `[<id>]` per request), as orders arrive on the
  // site. One e-mail for all of them measured one customer ordering hundreds of times a second: each order ends
  // that e-mail's open sign-in link, which the previous, uncommitted order had just written, so every order queued
  // on the last one's commit, and the link index filled with dead entries (decision 082).
  const body = await orderPayload(api, 'bench+[<id>]@example.ru');
  let counted = 0;
  const oneBody = () => body.replace('[<id>]', `count-${(counted += 1)}`);
  const seconds = Number(process.env.BENCH_ORDER_DURATION ?? 20);
  const connections = Number(process.env.BENCH_ORDER_CONNECTIONS ?? 8);
  // The API and the bare transaction alternate in rounds, so both see the same machine (its load drifts).
  const rounds = databaseUrl ? Math.max(1, Number(process.env.BENCH_ORDER_ROUNDS ?? 4)) : 1;
  const cost = databaseUrl ? await countOrderStatements(databaseUrl, oneBody) : null;
  // Warm-up (JIT, pool, caches), as for the GET targets: the first round would otherwise measure a cold process.
  await autocannon({
    url: `${api}/api/order`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    duration: WARMUP_SECONDS,
    connections,
    idReplacement: true,
  });
  if (databaseUrl) await analyzeLikeAutovacuum(databaseUrl);
  const ours: autocannon.Result[] = [];
  const bare: Array<Awaited<ReturnType<typeof benchBareTransaction>>> = [];
  // CPU per order, steadier than orders/s on a shared machine: the API process's (from /proc) over its rounds, and
  // this process's over the bare transaction's rounds (its pg client does the client side of the same rows).
  const cpu = { api: 0, apiOrders: 0, bare: 0, bareOrders: 0 };
  for (let round = 0; round < rounds; round += 1) {
    const apiBefore = cpuMs(pids.api);
    ours.push(
      await autocannon({
        url: `${api}/api/order`,
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        duration: seconds / rounds,
        connections,
        workers: WORKERS > 0 ? WORKERS : undefined,
        idReplacement: true,
      }),
    );
    cpu.api += cpuMs(pids.api) - apiBefore;
    cpu.apiOrders += ours.at(-1)!.requests.total;
    if (databaseUrl && cost) {
      const bareBefore = process.cpuUsage();
      bare.push(await benchBareTransaction(databaseUrl, cost.orderId, connections, seconds / rounds));
      const used = process.cpuUsage(bareBefore);
      cpu.bare += (used.user + used.system) / 1000;
      cpu.bareOrders += bare.at(-1)!.count;
    }
  }
  const apiCpuPerOrder = cpu.api / Math.max(1, cpu.apiOrders);
  const mean = (values: number[]) =>
    values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const row: Row = {
    name: 'create-order',
    rps: mean(ours.map((r) => r.requests.average)),
    p50: mean(ours.map((r) => r.latency.p50)),
    p99: mean(ours.map((r) => r.latency.p99)),
    non2xx: ours.reduce((sum, r) => sum + r.non2xx, 0),
    errors: ours.reduce((sum, r) => sum + r.errors, 0),
    ratio: 0,
  };
  const verdict = row.rps >= ORDER_GOAL.rps && row.p99 < ORDER_GOAL.p99 ? 'PASS' : 'FAIL';
  console.log(
    `\n${verdict}: create-order ${fmt(row.rps)} orders/s, p50 ${fmt(row.p50, 1)} ms, p99 ${fmt(row.p99, 1)} ms ` +
      `over ${seconds} s × ${connections} connections (target >= ${ORDER_GOAL.rps}/s, p99 < ${ORDER_GOAL.p99} ms)`,
  );
  // The job each order queues (the confirmation e-mail) runs in the API process too, partly after a round ends:
  // its CPU falls in whichever API round is running, so the mean over all rounds is the figure.
  console.log(
    `API CPU per order: ${fmt(apiCpuPerOrder, 2)} ms (${fmt(cpu.api)} ms over ${cpu.apiOrders} orders; ` +
      `one core caps the API at ${fmt(1000 / Math.max(apiCpuPerOrder, 0.001))} orders/s)`,
  );
  if (!cost) {
    console.log('statements per order and the bare-transaction baseline: PostgreSQL only');
    return row;
  }
  console.log(
    `one order: ${cost.roundTrips} round trips, ${cost.statements} SQL statements, ${cost.writes} table writes`,
  );
  if (process.env.BENCH_VERBOSE) {
    cost.texts.forEach((text, i) => console.log(`  ${i + 1}. ${text.replace(/\s+/g, ' ').slice(0, 160)}`));
  }
  const limit = {
    rps: mean(bare.map((b) => b.rps)),
    p50: mean(bare.map((b) => b.p50)),
    p99: mean(bare.map((b) => b.p99)),
    errors: bare.reduce((sum, b) => sum + b.errors, 0),
  };
  row.ratio = row.rps / limit.rps;
  console.log(
    `bare transaction (plain pg, the same rows, ${bare[0]!.roundTrips} round trips): ${fmt(limit.rps)} orders/s, ` +
      `p50 ${fmt(limit.p50, 1)} ms, p99 ${fmt(limit.p99, 1)} ms, errors ${limit.errors}\n` +
      `create-order = ${fmt(row.ratio, 2)} × the bare transaction's orders/s, p99 ` +
      `${fmt(row.p99 / Math.max(limit.p99, 0.1), 1)} × its p99 (${rounds} alternating rounds, means; per round: ` +
      `${ours.map((r, i) => `${fmt(r.requests.average)}/${fmt(bare[i]!.rps)}`).join(', ')} orders/s)\n` +
      `CPU per order: API ${fmt(apiCpuPerOrder, 2)} ms vs the bare transaction's client ` +
      `${fmt(cpu.bare / Math.max(1, cpu.bareOrders), 2)} ms ` +
      `(${fmt(cpu.bare / Math.max(1, cpu.bareOrders) / Math.max(apiCpuPerOrder, 0.001), 2)} × ours)`,
  );
  return row;
}

/**
 * The order-number designs (decision 064), compared on the bare transaction (the same rows as one real order, plain
 * pg, 8 connections), each installed in turn as the `orders` trigger of the bench database, in alternating rounds:
 * - `lock at insert`: migration 0020 — max(number) + 1 under one advisory lock from the INSERT to the COMMIT;
 * - `lock before commit`: strict gap-free with the shortest span the app can use: the row is inserted with a
 *   provisional number, and the last statement before COMMIT takes the lock and sets max(number) + 1 (one more
 *   round trip, unless merged with the last statement of the order);
 * - `lock at commit`: the floor of any strict gap-free design: a deferred trigger numbers the row at COMMIT (the
 *   app would not know the number before the commit — it needs it for the answer and the mail — so not usable as
 *   is; measured as the bound);
 * - `sequence`: migration 0033 — nextval() in the BEFORE INSERT trigger, no lock shared by all orders.
 */
const NUMBER_OPTIONS: Array<{ name: string; install: string; beforeCommit?: string }> = [
  {
    name: 'lock at insert (0020)',
    install: `
      DROP TRIGGER IF EXISTS bench_number_at_commit ON orders;
      CREATE OR REPLACE FUNCTION orders_assign_number() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('orders.number'));
        SELECT coalesce(max(number), 100000) + 1 INTO NEW.number FROM orders;
        RETURN NEW;
      END $$;`,
  },
  {
    name: 'lock before commit',
    install: `
      DROP TRIGGER IF EXISTS bench_number_at_commit ON orders;
      CREATE SEQUENCE IF NOT EXISTS bench_provisional_number;
      CREATE OR REPLACE FUNCTION orders_assign_number() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        NEW.number := -nextval('bench_provisional_number');
        RETURN NEW;
      END $$;
      CREATE OR REPLACE FUNCTION bench_number_before_commit(order_id uuid) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
      DECLARE taken bigint;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('orders.number'));
        UPDATE orders SET number = (SELECT coalesce(max(number), 100000) + 1 FROM orders)
         WHERE id = order_id RETURNING number INTO taken;
        RETURN taken;
      END $$;`,
    beforeCommit: 'SELECT bench_number_before_commit($1::uuid)',
  },
  {
    name: 'lock at commit (bound)',
    install: `
      CREATE SEQUENCE IF NOT EXISTS bench_provisional_number;
      CREATE OR REPLACE FUNCTION orders_assign_number() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        NEW.number := -nextval('bench_provisional_number');
        RETURN NEW;
      END $$;
      CREATE OR REPLACE FUNCTION bench_number_at_commit() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('orders.number'));
        UPDATE orders SET number = (SELECT coalesce(max(number), 100000) + 1 FROM orders) WHERE id = NEW.id;
        RETURN NULL;
      END $$;
      DROP TRIGGER IF EXISTS bench_number_at_commit ON orders;
      CREATE CONSTRAINT TRIGGER bench_number_at_commit AFTER INSERT ON orders
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bench_number_at_commit();`,
  },
  {
    name: 'sequence (0033)',
    install: `
      DROP TRIGGER IF EXISTS bench_number_at_commit ON orders;
      CREATE SEQUENCE IF NOT EXISTS orders_number_seq;
      SELECT setval('orders_number_seq', greatest((SELECT max(number) FROM orders), 100000));
      CREATE OR REPLACE FUNCTION orders_assign_number() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        NEW.number := nextval('orders_number_seq');
        RETURN NEW;
      END $$;`,
  },
];

/** `BENCH_ONLY=numbers`: the order-number designs on the bare transaction (decision 064). */
async function benchNumberOptions(api: string, databaseUrl: string): Promise<void> {
  const body = await orderPayload(api, 'bench@example.ru');
  const cost = await countOrderStatements(databaseUrl, () => body);
  const connections = Number(process.env.BENCH_ORDER_CONNECTIONS ?? 8);
  const rounds = Math.max(1, Number(process.env.BENCH_ORDER_ROUNDS ?? 3));
  const seconds = Number(process.env.BENCH_ORDER_DURATION ?? 15) / rounds;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  // The original trigger function is put back afterwards, whatever the branch's migrations installed.
  const { rows } = await admin.query<{ def: string }>(
    `SELECT pg_get_functiondef('orders_assign_number'::regproc) AS def`,
  );
  const results = NUMBER_OPTIONS.map(() => [] as Array<Awaited<ReturnType<typeof benchBareTransaction>>>);
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, option] of NUMBER_OPTIONS.entries()) {
        await admin.query(option.install);
        results[index]!.push(
          await benchBareTransaction(databaseUrl, cost.orderId, connections, seconds, option.beforeCommit),
        );
      }
    }
  } finally {
    await admin.query(`DROP TRIGGER IF EXISTS bench_number_at_commit ON orders; ${rows[0]!.def}`);
    await admin.end();
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `\norder-number designs on the bare transaction (${connections} connections, ${rounds} alternating rounds of ` +
      `${fmt(seconds, 1)} s, means):`,
  );
  for (const [index, option] of NUMBER_OPTIONS.entries()) {
    const runs = results[index]!;
    console.log(
      `  ${option.name.padEnd(24)} ${fmt(mean(runs.map((r) => r.rps))).padStart(5)} orders/s, p50 ` +
        `${fmt(mean(runs.map((r) => r.p50)), 1)} ms, p99 ${fmt(mean(runs.map((r) => r.p99)), 1)} ms, ` +
        `${runs[0]!.roundTrips} round trips, errors ${runs.reduce((sum, r) => sum + r.errors, 0)} ` +
        `(per round: ${runs.map((r) => fmt(r.rps)).join(', ')})`,
    );
  }
}

/** The initial JavaScript of /order/step-1 (`scripts/initial-js.ts`), printed next to its target and budget. */
async function printInitialBundle(): Promise<number | null> {
  const dist = process.env.WEB_DIST_DIR ?? 'apps/web/dist';
  let measured: InitialJs;
  try {
    measured = await measureInitialJs(dist);
  } catch (error) {
    console.log(
      `\ninitial JS: ${dist} cannot be read (run npm run build): ${error instanceof Error ? error.message : error}`,
    );
    return null;
  }
  // Proof that the sum is of the order pages' app: react-router belongs to the rest of the site.
  const router = measured.files.filter(({ file }) => /\/router-[^/]+\.js$/.test(file));
  if (router.length > 0)
    console.log(`warning: /order/step-1 loads react-router (${router.map((r) => r.file).join(', ')})`);
  const kb = measured.gzipBytes / 1024;
  console.log(
    `\n${kb <= INITIAL_JS_TARGET_KB ? 'PASS' : 'FAIL'}: initial JS for /order/step-1 ${kb.toFixed(1)} KB gzip in ` +
      `${measured.files.length} file(s) (target <= ${INITIAL_JS_TARGET_KB} KB, suite budget ${INITIAL_JS_BUDGET_KB} KB); ` +
      `render-blocking CSS ${(measured.cssGzipBytes / 1024).toFixed(1)} KB gzip\n  largest: ` +
      measured.files
        .slice(0, 5)
        .map(({ file, gzipBytes }) => `${file.replace(/^assets\//, '')} ${(gzipBytes / 1024).toFixed(1)}`)
        .join(', '),
  );
  return kb;
}

/**
 * Lighthouse is noisy on a shared machine: several runs, the one with the median performance score. Every number
 * is printed with the run's benchmarkIndex (Lighthouse's CPU measure; issue 16's targets are for ≈ 2000): on a busy
 * machine it drops, and the simulated 4× slow-down makes the same page score lower.
 * `BENCH_LIGHTHOUSE_REPORTS` (a folder): each run's full report is written there as JSON.
 */
async function printLighthouse(api: string, initialJsKb: number | null): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  const results: LighthouseScores[] = [];
  for (let run = 0; run < runs; run += 1) {
    try {
      const scores = await runLighthouse(
        `${api}/order/step-1`,
        reports ? `${reports}/lighthouse-${run + 1}.json` : undefined,
      );
      results.push(scores);
      console.log(
        `lighthouse run ${run + 1}/${runs}: performance ${scores.performance}, accessibility ` +
          `${scores.accessibility}, LCP ${scores.lcpMs} ms, TBT ${scores.tbtMs} ms, benchmarkIndex ${scores.benchmarkIndex}` +
          (scores.error ? ` (not measured: ${scores.error})` : ''),
      );
    } catch (error) {
      console.log(
        `lighthouse run ${run + 1}/${runs} failed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  // A run Lighthouse could not record (NO_NAVSTART) scores 0 everywhere: it is left out, not counted as a fast one.
  const measured = results.filter((r) => !r.error);
  if (measured.length === 0) {
    console.log('\nLighthouse did not run');
    return;
  }
  // Of an even number of runs, the worse of the two middle ones: the lower performance, the higher TBT.
  const median = <T>(values: T[], by: (value: T) => number, worse: 'low' | 'high'): T =>
    [...values].sort((a, b) => by(a) - by(b))[
      worse === 'low' ? Math.floor((values.length - 1) / 2) : Math.ceil((values.length - 1) / 2)
    ]!;
  const run = median(measured, (r) => r.performance, 'low');
  const tbt = median(measured, (r) => r.tbtMs, 'high').tbtMs;
  const index = median(measured, (r) => r.benchmarkIndex, 'low').benchmarkIndex;
  const verdict =
    run.performance >= TARGETS_WEB.performance &&
    tbt < TARGETS_WEB.tbtMs &&
    run.accessibility >= TARGETS_WEB.accessibility
      ? 'PASS'
      : 'FAIL';
  console.log(
    `\n${verdict}: Lighthouse (mobile) /order/step-1, median of ${measured.length} recorded run(s): performance ` +
      `${run.performance}, accessibility ${run.accessibility}, LCP ${run.lcpMs} ms, TBT ${tbt} ms (median of TBTs), ` +
      `benchmarkIndex ${index} (median; runs: ${measured.map((r) => r.benchmarkIndex).join(', ')}), initial JS ` +
      `${initialJsKb === null ? '?' : initialJsKb.toFixed(1)} KB gzip ` +
      `(performance: ${measured.map((r) => r.performance).join(', ')}; TBT: ${measured.map((r) => r.tbtMs).join(', ')}; ` +
      `targets on a machine of benchmarkIndex ≈ 2000: performance >= ${TARGETS_WEB.performance}, TBT < ${TARGETS_WEB.tbtMs} ms, ` +
      `accessibility ${TARGETS_WEB.accessibility})`,
  );
}

/**
 * Step 1's main-thread CPU time after its first paint (`scripts/first-load-cpu.ts`, decision 065): thread time, so
 * what the neighbours take is not counted, × 4 like Lighthouse's phone. Printed beside Lighthouse to compare builds
 * on a busy machine; the targets stay Lighthouse's.
 */
async function printFirstLoadCpu(api: string): Promise<void> {
  const runs = Number(process.env.BENCH_CPU_RUNS ?? 5);
  if (runs <= 0) return;
  try {
    const results = await measureFirstLoadCpu(`${api}/order/step-1`, runs);
    const list = (values: number[]) => values.map((value) => fmt(value)).join(', ');
    const cpu = results.map((r) => r.cpuMs);
    const tbt = results.map((r) => r.tbtEstimateMs);
    const longest = results.map((r) => r.longestTaskMs);
    console.log(
      `
/order/step-1 main thread after the first paint, CPU time (not affected by neighbours), median of ${runs}: ` +
        `${fmt(medianOf(cpu))} ms (${list(cpu)}); TBT estimate at 4× ${fmt(medianOf(tbt))} ms (${list(tbt)}); ` +
        `longest task ${fmt(medianOf(longest))} ms (${list(longest)}); load average ${loadAverage()}`,
    );
  } catch (error) {
    console.log(`
first-load CPU not measured: ${error instanceof Error ? error.message : error}`);
  }
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

/** Issue 16: what /order/step-1 must reach in Lighthouse (mobile) on a machine of benchmarkIndex ≈ 2000. */
const TARGETS_WEB = { performance: 90, tbtMs: 200, accessibility: 100 };

async function main(): Promise<number> {
  const dbEnv = await prepareDatabase();
  const api = await startApi(await freePort(), dbEnv);
  if (process.env.BENCH_ONLY === 'web') {
    const initialJsKb = await printInitialBundle();
    if (process.env.BENCH_LIGHTHOUSE !== 'false') await printLighthouse(api, initialJsKb);
    await printFirstLoadCpu(api);
    return 0;
  }
  if (process.env.BENCH_ONLY === 'numbers') {
    if (!dbEnv.DATABASE_URL) throw new Error('BENCH_ONLY=numbers needs PostgreSQL');
    await benchNumberOptions(api, dbEnv.DATABASE_URL);
    return 0;
  }
  if (process.env.BENCH_ONLY === 'orders') {
    const row = await benchOrderCreation(api, dbEnv.DATABASE_URL);
    return row.non2xx > 0 || row.errors > 0 ? 1 : 0;
  }
  const onlyGet = process.env.BENCH_ONLY === 'get' || process.env.BENCH_ONLY === 'redirect';
  const formParams = await fetch(`${api}/api/order/form-params`);
  const payload = await formParams.text();
  // The headers every API answer must carry (security headers, cache-control), for a second, informative baseline:
  // the bare route sending them too, so the figure shows what is left of our stack beyond those header lines.
  const sentHeaders = Object.fromEntries(
    [...formParams.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name),
    ),
  );
  const bases = {
    bare: await startBare(await freePort(), payload),
    api,
    bareWithHeaders: await startBare(await freePort(), payload, sentHeaders),
  };
  console.log(
    `load: ${DURATION} s × ${CONNECTIONS} connections, ${WORKERS} worker(s), ${WARMUP_SECONDS} s warm-up`,
  );

  const rows: Row[] = [];
  const baselineOnly = process.env.BENCH_ONLY === 'redirect' || process.env.BENCH_ONLY === 'analytics';
  for (const target of baselineOnly ? TARGETS.slice(0, 1) : TARGETS) {
    const base = bases[target.server];
    await load(target, base, WARMUP_SECONDS);
    const result = await load(target, base, DURATION);
    const rps = result.requests.average;
    const baseline = rows[0]?.rps ?? rps;
    const row: Row = {
      name: target.name,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      ratio: rps / baseline,
    };
    rows.push(row);
    console.log(
      `${row.name}: ${fmt(rps)} req/s, p50 ${fmt(row.p50, 1)} ms, p99 ${fmt(row.p99, 1)} ms, ` +
        `non-2xx ${row.non2xx}, errors ${row.errors}, ${fmt(row.ratio, 2)} × bare`,
    );
  }

  if (process.env.BENCH_ONLY === 'analytics') {
    rows.push(...(await benchAnalyticsIngestion(bases.api, bases.bare, rows[0], dbEnv.DATABASE_URL)));
    printTable(rows);
    return rows.some((r) => r.non2xx > 0 || r.errors > 0) ? 1 : 0;
  }
  if (process.env.BENCH_ONLY !== 'get') {
    rows.push(await benchReferralRedirect(bases.api, rows[0]));
    if (process.env.BENCH_ONLY !== 'redirect')
      rows.push(...(await benchAnalyticsIngestion(bases.api, bases.bare, rows[0], dbEnv.DATABASE_URL)));
  }
  printTable(rows);
  const goalTarget = TARGETS.find((t) => t.name === GOAL.name);
  if (goalTarget && TARGETS[0] && process.env.BENCH_ONLY !== 'redirect') {
    const ratios: number[] = [];
    const cpu = { bare: 0, ours: 0, bareRequests: 0, ourRequests: 0, withHeaders: 0, withHeadersRequests: 0 };
    const withHeaders: Target = { ...TARGETS[0], name: 'bare-with-headers' };
    for (let round = 0; round < GOAL_ROUNDS; round += 1) {
      let before = cpuMs(pids[TARGETS[0].server]);
      const bare = await load(TARGETS[0], bases[TARGETS[0].server], GOAL_ROUND_SECONDS);
      cpu.bare += cpuMs(pids[TARGETS[0].server]) - before;
      before = cpuMs(pids[goalTarget.server]);
      const ours = await load(goalTarget, bases[goalTarget.server], GOAL_ROUND_SECONDS);
      cpu.ours += cpuMs(pids[goalTarget.server]) - before;
      cpu.bareRequests += bare.requests.total;
      cpu.ourRequests += ours.requests.total;
      before = cpuMs(pids.bareWithHeaders);
      const headersRound = await load(withHeaders, bases.bareWithHeaders, GOAL_ROUND_SECONDS);
      cpu.withHeaders += cpuMs(pids.bareWithHeaders) - before;
      cpu.withHeadersRequests += headersRound.requests.total;
      ratios.push(ours.requests.average / bare.requests.average);
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    // CPU per request is what the stack adds and does not depend on the neighbours' load as req/s does: both
    // servers are one process each, so on a quiet machine req/s follows it.
    const bareCpu = (cpu.bare * 1000) / Math.max(1, cpu.bareRequests);
    const ourCpu = (cpu.ours * 1000) / Math.max(1, cpu.ourRequests);
    const cpuRatio = ourCpu > 0 ? bareCpu / ourCpu : 0;
    const verdict = (cpuRatio > 0 ? cpuRatio : median) >= GOAL.ratio ? 'PASS' : 'FAIL';
    console.log(
      `\n${verdict}: ${GOAL.name} ${fmt(cpuRatio, 2)} × bare by CPU per request (${fmt(ourCpu)} µs vs ${fmt(bareCpu)} µs ` +
        `over ${GOAL_ROUNDS} alternating ${GOAL_ROUND_SECONDS} s rounds; req/s ratio median ${fmt(median, 2)}: ` +
        `${ratios.map((r) => fmt(r, 2)).join(', ')}; target >= ${GOAL.ratio} × bare)`,
    );
    // The same answer, byte for byte: the bare route sending our header lines too. Those lines are part of the
    // answer (security headers every API answer must carry, the cache policy), not of our stack's overhead.
    const withHeadersCpu = (cpu.withHeaders * 1000) / Math.max(1, cpu.withHeadersRequests);
    const sameBytesRatio = ourCpu > 0 ? withHeadersCpu / ourCpu : 0;
    console.log(
      `${sameBytesRatio >= GOAL.ratio ? 'PASS' : 'FAIL'}: ${GOAL.name} ${fmt(sameBytesRatio, 2)} × the bare route ` +
        `sending the same ${Object.keys(sentHeaders).length} headers (${Object.keys(sentHeaders).join(', ')}) by ` +
        `CPU per request (${fmt(ourCpu)} µs vs ${fmt(withHeadersCpu)} µs; the header lines alone cost the bare ` +
        `route ${fmt(withHeadersCpu - bareCpu)} µs of the ${fmt(ourCpu - bareCpu)} µs between ${GOAL.name} and ` +
        `bare; target >= ${GOAL.ratio} ×)`,
    );
  }
  if (!onlyGet) {
    rows.push(await benchOrderCreation(bases.api, dbEnv.DATABASE_URL));
    const initialJsKb = await printInitialBundle();
    if (process.env.BENCH_LIGHTHOUSE !== 'false') await printLighthouse(bases.api, initialJsKb);
    await printFirstLoadCpu(bases.api);
  }
  const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  for (const r of failed) console.error(`error: ${r.name} had ${r.non2xx} non-2xx and ${r.errors} errors`);
  return failed.length > 0 ? 1 : 0;
}

await runMain('bench', main, cleanup);
