/**
 * Fault benchmark: the product's API (child process) on a scratch PostgreSQL database while things go wrong.
 * Run with `npm run bench:faults`. Env: BENCH_FAULTS_DATABASE_URL (else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres: a server where a database may be created and dropped),
 * BENCH_FAULTS_DURATION (s of load per section, 10), BENCH_FAULTS_CLIENTS (concurrent clients, 4),
 * BENCH_FAULTS_ONLY (a section name).
 *
 * Each section is one function in SECTIONS: it gets the running API and the database, prints its numbers and says
 * whether it met its targets. Today: `connection-kill` (decision 023). Meant to come: race bursts (many clients
 * on the same order or payment at once) and a contract fuzz (malformed and boundary requests against every route).
 */
import pg from 'pg';
import {
  auditJobs,
  auditOrders,
  retryUnanswered,
  runOrderLoadWithKills,
  startApiProcess,
  summarize,
  type ApiProcess,
} from '../apps/api/test/fault-scenarios.ts';

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
type Section = { name: string; description: string; run(ctx: BenchContext): Promise<SectionResult> };

const SERVER_URL =
  process.env.BENCH_FAULTS_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_MS = Number(process.env.BENCH_FAULTS_DURATION ?? 10) * 1000;
const CLIENTS = Number(process.env.BENCH_FAULTS_CLIENTS ?? 4);

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

/** Add new sections here (race bursts, contract fuzz, ...): each reports its own targets. */
const SECTIONS: Section[] = [
  {
    name: 'connection-kill',
    description: 'pg_terminate_backend on the API under order load',
    run: connectionKill,
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
    const api = await startApiProcess(scratch.url, { NODE_ENV: 'development', DEMO_DATA: 'true' });
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

process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void cleanup().finally(() => process.exit(130));
});

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error('bench failed:', error instanceof Error ? error.message : error);
} finally {
  await cleanup();
}
process.exit(exitCode);
