/**
 * Fault benchmark: the product's API (child process) on a scratch PostgreSQL database while things go wrong.
 * Run with `npm run bench:faults`. Env: BENCH_FAULTS_DATABASE_URL (else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres: a server where a database may be created and dropped),
 * BENCH_FAULTS_DURATION (s of load per section, 10), BENCH_FAULTS_CLIENTS (concurrent clients, 4),
 * BENCH_FAULTS_ONLY (a section name), BENCH_FAULTS_FUZZ_RUNS (generated requests per operation and identity, 30),
 * BENCH_FAULTS_SEED (the fuzz's fast-check seed, 1).
 *
 * Each section is one function in SECTIONS: it gets the running API and the database, prints its numbers and says
 * whether it met its targets: `connection-kill` (decision 023), `races` (concurrent code checks and promo code
 * uses, decision 019) and `contract-fuzz` (generated and hostile requests against every OpenAPI operation,
 * decision 025).
 */
import pg from 'pg';
import { operationsOf, runContractFuzz, type FuzzFailure } from '../apps/api/test/contract-fuzz.ts';
import {
  auditJobs,
  auditOrders,
  retryUnanswered,
  runOrderLoadWithKills,
  runPromoBurst,
  runVerifyBursts,
  staffToken,
  startApiProcess,
  summarize,
  type ApiProcess,
} from '../apps/api/test/fault-scenarios.ts';
import { runMain } from './run-main.ts';
import { CODE_MAX_ATTEMPTS } from '../apps/api/src/modules/auth/auth.service.ts';

type BenchContext = {
  api: ApiProcess;
  /** The scratch database the API runs on, and a pool on it for checks. */
  databaseName: string;
  database: pg.Pool;
  /** A connection string to another database of the same server (kills and checks come from there). */
  adminUrl: string;
  durationMs: number;
  clients: number;
};

type SectionResult = { passed: boolean };
type Section = {
  name: string;
  description: string;
  /** Settings of the API process for this section, over the defaults of `startApiProcess`. */
  env?: Record<string, string>;
  run(ctx: BenchContext): Promise<SectionResult>;
};

const SERVER_URL =
  process.env.BENCH_FAULTS_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_MS = Number(process.env.BENCH_FAULTS_DURATION ?? 10) * 1000;
const CLIENTS = Number(process.env.BENCH_FAULTS_CLIENTS ?? 4);
const FUZZ_RUNS = Math.min(Math.max(Number(process.env.BENCH_FAULTS_FUZZ_RUNS ?? 30), 1), 500);
const SEED = Number(process.env.BENCH_FAULTS_SEED ?? 1);
const ADMIN = { login: 'admin@demo.local', password: 'admin-demo-pass' };

const fmt = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'never');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/**
 * Order creations from several clients while the API's backends are terminated: once, then again and again for
 * 1.5 s (an outage), then once more. Targets: no 5xx but 503, no answer slower than 3 s, recovery within 3 s of
 * each fault, no order lost or doubled (503s are repeated with their Idempotency-Key), every confirmation job
 * completed once, the process alive.
 */
async function connectionKill(ctx: BenchContext): Promise<SectionResult> {
  const at = (share: number) => Math.round(ctx.durationMs * share);
  const result = await runOrderLoadWithKills({
    base: ctx.api.base,
    adminUrl: ctx.adminUrl,
    database: ctx.databaseName,
    durationMs: ctx.durationMs,
    clients: ctx.clients,
    faults: [
      { atMs: at(0.2), kind: 'kill' },
      { atMs: at(0.4), kind: 'outage', durationMs: 1500 },
      { atMs: at(0.75), kind: 'kill' },
    ],
    requestTimeoutMs: 10_000,
  });
  const summary = summarize(result);
  const alive = ctx.api.alive();
  const retried = alive ? await retryUnanswered(ctx.api.base, result.requests) : [];
  const answers = [...result.requests, ...retried];
  const orders = await auditOrders(ctx.database, answers);
  const orderIds = [...new Set(answers.flatMap((answer) => (answer.orderId ? [answer.orderId] : [])))];
  const jobs = await auditJobs(ctx.database, orderIds, 30_000);
  const recovery = Math.max(...summary.recoveryMs);
  const noAnswer = summary.unexpected.filter((request) => request.status === 0).length;
  const status4xx = summary.unexpected.length - noAnswer;

  console.log(
    `load: ${summary.total} order requests from ${ctx.clients} clients in ${ctx.durationMs / 1000} s; ` +
      `${result.backendsKilled} backends terminated in ${result.windows.length} faults`,
  );
  const rows: Array<[string, string, string, boolean]> = [
    ['process alive', String(alive), 'true', alive],
    ['5xx other than 503', String(summary.status5xx), '0', summary.status5xx === 0],
    ['503 (retry later)', String(summary.status503), '> 0 expected', true],
    ['4xx', String(status4xx), '0', status4xx === 0],
    ['no answer', String(noAnswer), '0', noAnswer === 0],
    ['slowest answer', fmt(summary.slowest), '< 3000 ms', summary.slowest < 3000],
    ['recovery after fault', summary.recoveryMs.map(fmt).join(' / '), '< 3000 ms each', recovery < 3000],
    ['orders lost', String(orders.lost.length), '0', orders.lost.length === 0],
    ['orders doubled', String(orders.doubled.length), '0', orders.doubled.length === 0],
    [
      'retried 503s answered',
      `${retried.filter((r) => r.status >= 200 && r.status < 300).length}/${retried.length}`,
      'all',
      retried.every((r) => r.status >= 200 && r.status < 300),
    ],
    ['jobs not completed', String(jobs.pending), '0 (after 30 s)', jobs.pending === 0],
    ['mails without exactly one job', String(jobs.mismatched.length), '0', jobs.mismatched.length === 0],
    ['mails sent twice', String(jobs.sentTwice), '0', jobs.sentTwice === 0],
  ];
  printTable(rows);
  if (!alive) console.log(`\nAPI stderr:\n${ctx.api.stderr().slice(-3000)}`);
  return { passed: rows.every(([, , , ok]) => ok) };
}

const VERIFY_BURSTS = 5;
const VERIFY_BURST_SIZE = 30;
const PROMO_BURSTS = 3;
const PROMO_BURST_SIZE = 10;

/**
 * Race bursts through real concurrent HTTP requests: (a) 30 e-mail code checks at once, 29 wrong and the right one
 * last, 5 times: the right one must never sign in past the limit, and no more tries than the limit are counted;
 * (b) 10 orders at once with a promo code of one use, 3 times: one order gets it, it is counted once.
 */
async function races(ctx: BenchContext): Promise<SectionResult> {
  const verify = await runVerifyBursts(ctx.api.base, ctx.database, {
    bursts: VERIFY_BURSTS,
    size: VERIFY_BURST_SIZE,
    email: 'bench.races@example.ru',
  });
  const admin = await staffToken(ctx.api.base, ADMIN.login, ADMIN.password);
  const promos = [];
  for (let burst = 0; burst < PROMO_BURSTS; burst += 1) {
    promos.push(
      await runPromoBurst(ctx.api.base, ctx.database, {
        adminToken: admin,
        code: `BENCH_ONCE_${burst}`,
        maxUses: 1,
        size: PROMO_BURST_SIZE,
      }),
    );
  }
  const signedIn = verify.filter((burst) => burst.signedIn).length;
  const maxAttempts = Math.max(...verify.map((burst) => burst.attempts));
  const statuses = [
    ...verify.flatMap((burst) => burst.statuses),
    ...promos.flatMap((burst) => burst.statuses),
  ];
  const status5xx = statuses.filter((status) => status >= 500).length;
  const noAnswer = statuses.filter((status) => status === 0).length;
  const created = promos.map((burst) => burst.statuses.filter((status) => status === 201).length);
  const alive = ctx.api.alive();

  console.log(
    `verify: ${VERIFY_BURSTS} bursts of ${VERIFY_BURST_SIZE} concurrent checks (right code last); ` +
      `promo: ${PROMO_BURSTS} bursts of ${PROMO_BURST_SIZE} concurrent orders on a code with maxUses 1`,
  );
  const rows: Array<[string, string, string, boolean]> = [
    ['process alive', String(alive), 'true', alive],
    ['bursts signed in after the limit', `${signedIn}/${VERIFY_BURSTS}`, '0', signedIn === 0],
    [
      'tries counted per code (max)',
      `${verify.map((burst) => burst.attempts).join(' / ')} (max ${maxAttempts})`,
      `<= ${CODE_MAX_ATTEMPTS}`,
      maxAttempts <= CODE_MAX_ATTEMPTS,
    ],
    [
      'promo uses counted',
      promos.map((burst) => burst.used).join(' / '),
      '1 each',
      promos.every((burst) => burst.used === 1),
    ],
    [
      'orders stored with the promo',
      promos.map((burst) => burst.orders).join(' / '),
      '1 each',
      promos.every((burst) => burst.orders === 1),
    ],
    ['orders answered 201', created.join(' / '), '1 each', created.every((count) => count === 1)],
    ['5xx', String(status5xx), '0', status5xx === 0],
    ['no answer', String(noAnswer), '0', noAnswer === 0],
  ];
  printTable(rows);
  if (!alive) console.log(`\nAPI stderr:\n${ctx.api.stderr().slice(-3000)}`);
  return { passed: rows.every(([, , , ok]) => ok) };
}

/**
 * Every operation of /api/openapi.json: FUZZ_RUNS generated requests (schema-derived values, one field made
 * hostile, or hostile throughout; malformed path params and bodies), each sent anonymously and as ADMIN.
 * Targets: no 5xx, every request answered, the process alive.
 */
async function contractFuzz(ctx: BenchContext): Promise<SectionResult> {
  const spec = (await (await fetch(`${ctx.api.base}/api/openapi.json`)).json()) as Parameters<
    typeof operationsOf
  >[0];
  const operations = operationsOf(spec);
  const result = await runContractFuzz({
    base: ctx.api.base,
    operations,
    runs: FUZZ_RUNS,
    seed: SEED,
    concurrency: 6,
    timeoutMs: 15_000,
    login: () => staffToken(ctx.api.base, ADMIN.login, ADMIN.password),
  });
  const alive = ctx.api.alive();
  const status5xx = result.failures.length;
  const covered = new Set(result.failures.map((failure) => failure.operation)).size;
  const classes = Object.entries(result.byClass)
    .sort()
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log(
    `${result.operations} operations x ${FUZZ_RUNS} generated requests x 2 identities (anonymous, ADMIN), ` +
      `seed ${SEED}: ${result.requests} requests in ${fmt(result.elapsedMs)}`,
  );
  const rows: Array<[string, string, string, boolean]> = [
    ['process alive', String(alive), 'true', alive],
    ['operations fuzzed', String(result.operations), 'all in openapi.json', result.operations > 0],
    ['answers by class', classes, '', true],
    ['5xx', `${status5xx} (${covered} operations)`, '0', status5xx === 0],
    ['no answer', String(result.unanswered.length), '0', result.unanswered.length === 0],
    ['ADMIN sign-ins (a fuzzed logout ends one)', String(result.adminLogins), '', true],
  ];
  printTable(rows);
  printFailures('5xx', result.failures);
  printFailures('no answer', result.unanswered);
  if (!alive || status5xx > 0) console.log(`\nAPI stderr (tail):\n${ctx.api.stderr().slice(-3000)}`);
  return { passed: rows.every(([, , , ok]) => ok) };
}

/** One line per operation and status, with a count and the first input that caused it. */
function printFailures(title: string, failures: FuzzFailure[]) {
  if (failures.length === 0) return;
  const groups = new Map<string, FuzzFailure[]>();
  for (const failure of failures) {
    const key = `${failure.operation} -> ${failure.status || 'no answer'}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  console.log(`\n${title}:`);
  for (const [key, group] of groups) {
    const first = group[0]!;
    console.log(`  ${key}  x${group.length}`);
    console.log(`    sample (${first.auth}): ${first.sample}`);
    console.log(`    answer: ${first.answer}`);
  }
}

/** Add new sections here: each reports its own targets. */
const SECTIONS: Section[] = [
  {
    name: 'connection-kill',
    description: 'pg_terminate_backend on the API under order load',
    run: connectionKill,
  },
  {
    name: 'races',
    description: 'concurrent e-mail code checks and promo code uses',
    env: {
      RATE_LIMIT_AUTH_PER_IP: '1000000',
      RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0',
      // Every request of a burst holds its own connection while it waits on the contended row.
      DATABASE_POOL_SIZE: String(VERIFY_BURST_SIZE + 4),
    },
    run: races,
  },
  {
    name: 'contract-fuzz',
    description: 'generated and hostile requests against every OpenAPI operation',
    env: {
      RATE_LIMIT_AUTH_PER_IP: '1000000',
      RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0',
      // Loopback only: should an adapter be reached, it finds nothing listening.
      YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
      YANDEX_DELIVERY_API_URL: 'http://127.0.0.1:9',
    },
    run: contractFuzz,
  },
];

function printTable(rows: Array<[string, string, string, boolean]>) {
  const header = ['measure', 'value', 'target', ''];
  const cells = rows.map(([name, value, target, ok]) => [name, value, target, verdict(ok)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}

const cleanups: Array<() => Promise<void>> = [];
async function cleanup() {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

/** A scratch database on the server; the API migrates and seeds it on start. */
async function scratchDatabase(): Promise<{ name: string; url: string }> {
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
  await admin.connect();
  const name = `bench_faults_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function main(): Promise<number> {
  const sections = SECTIONS.filter(
    (section) => !process.env.BENCH_FAULTS_ONLY || section.name === process.env.BENCH_FAULTS_ONLY,
  );
  if (sections.length === 0) throw new Error(`no section named ${process.env.BENCH_FAULTS_ONLY}`);
  let failed = 0;
  for (const section of sections) {
    // Every section on a fresh database and a fresh process: one section's damage does not skew the next.
    const scratch = await scratchDatabase();
    console.log(`\n== ${section.name}: ${section.description} (database ${scratch.name})`);
    const api = await startApiProcess(scratch.url, {
      NODE_ENV: 'development',
      DEMO_DATA: 'true',
      ...section.env,
    });
    cleanups.push(async () => void (await api.stop()));
    const database = new pg.Pool({ connectionString: scratch.url, max: 2 });
    database.on('error', () => undefined);
    cleanups.push(() => database.end());
    const { passed } = await section.run({
      api,
      databaseName: scratch.name,
      database,
      adminUrl: SERVER_URL,
      durationMs: DURATION_MS,
      clients: CLIENTS,
    });
    console.log(`\n${verdict(passed)}: ${section.name}`);
    if (!passed) failed += 1;
    await cleanup();
  }
  return failed > 0 ? 1 : 0;
}

await runMain('bench', main, cleanup);
