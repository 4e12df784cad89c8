/**
 * What one order costs the database, for `npm run bench` (decision 031):
 * - `countOrderStatements`: the API built in this process on the bench database, one POST /api/order injected
 *   with every statement the pg clients send recorded (round trips, SQL statements, table writes);
 * - `benchBareTransaction`: the limit — one bare transaction (plain pg, no HTTP, no validation) inserting the
 *   same rows as one real order, at the same concurrency, so the API's figure reads as a ratio to it.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createServices } from '../apps/api/src/container.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { createJobs } from '../apps/api/src/jobs/jobs.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { outboxTransport } from '../apps/api/src/providers/mail.ts';

export type StatementCount = {
  /** Messages the client waited for: one per `query()` call (BEGIN and COMMIT included). */
  roundTrips: number;
  /** SQL commands: a multi-statement text counts each command. */
  statements: number;
  /** INSERT/UPDATE/DELETE commands, also those inside one statement's CTEs (each writes a table). */
  writes: number;
  orderId: string;
  texts: string[];
};

type QueryFn = (...args: unknown[]) => unknown;

const textOf = (args: unknown[]): string => {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return '';
};

const commands = (text: string) =>
  text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0).length;

const writesIn = (text: string) =>
  (text.match(/\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/gi) ?? []).length;

/** Every statement one order sends, from the API built in this process (no workers, no maintenance). */
/** `body` gives each request's payload: a new customer's order each time, as in the load. */
export async function countOrderStatements(databaseUrl: string, body: () => string): Promise<StatementCount> {
  const counted = await countRequestStatements(databaseUrl, () => ({
    method: 'POST',
    url: '/api/order',
    payload: body(),
    headers: { 'content-type': 'application/json' },
  }));
  if (counted.statusCode !== 201) throw new Error(`POST /api/order answered ${counted.statusCode}`);
  return { ...counted, orderId: (JSON.parse(counted.body) as { id: string }).id };
}

/**
 * Every statement one request sends (the second of two: the first loads the caches and warms the pool), from the
 * API built in this process on the bench database, workers, maintenance and schedules off. `request` is called
 * for each of the two (a request that must not repeat, e.g. new analytics ids, builds a new one).
 */
export async function countRequestStatements(
  databaseUrl: string,
  request: () => { method: 'POST' | 'GET'; url: string; payload?: string; headers: Record<string, string> },
  env: Record<string, string> = {},
): Promise<Omit<StatementCount, 'orderId'> & { statusCode: number; body: string }> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WORKERS: 'off',
    RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
    ...env,
  });
  // Workers, maintenance and schedules stay off: the count is of the request alone.
  const database = await openPostgres(databaseUrl, { max: 2 });
  const jobs = createJobs({ database, supervise: false, schedule: false });
  await jobs.start();
  const clock = systemClock;
  const app = await buildApp({
    config,
    database,
    jobs,
    services: createServices({ config, database, jobs, clock, mailTransport: outboxTransport }),
  });
  const send = () => app.inject(request());
  const prototype = pg.Client.prototype as unknown as { query: QueryFn };
  const original = prototype.query;
  const texts: string[] = [];
  try {
    // The first call loads the caches and warms the pool: the count is of a steady-state request.
    await send();
    prototype.query = function (this: unknown, ...args: unknown[]) {
      texts.push(textOf(args));
      return original.apply(this, args);
    };
    const response = await send();
    prototype.query = original;
    return {
      roundTrips: texts.length,
      statements: texts.reduce((sum, text) => sum + commands(text), 0),
      writes: texts.reduce((sum, text) => sum + writesIn(text), 0),
      texts,
      statusCode: response.statusCode,
      body: response.body,
    };
  } finally {
    prototype.query = original;
    await app.close();
    await jobs.stop({ timeoutMs: 1000 });
    await database.close();
  }
}

/** The tables one order writes rows into, with the column that points at the order (null: none). */
const ORDER_TABLES: Array<{ table: string; orderColumn: string | null; rows: string }> = [
  { table: 'orders', orderColumn: null, rows: 'id = $1' },
  { table: 'order_lines', orderColumn: 'order_id', rows: 'order_id = $1' },
  { table: 'order_status_history', orderColumn: 'order_id', rows: 'order_id = $1' },
  { table: 'mail_outbox', orderColumn: 'order_id', rows: 'order_id = $1' },
  {
    table: 'login_links',
    orderColumn: null,
    rows: `id = (SELECT id FROM login_links WHERE email = (SELECT email FROM orders WHERE id = $1) ORDER BY created_at DESC LIMIT 1)`,
  },
  // One job: the copies keep the template's data, so a wider match would grow with every round.
  {
    table: 'pgboss.job',
    orderColumn: null,
    rows: `id = (SELECT id FROM pgboss.job WHERE data->>'orderId' = $1::text LIMIT 1)`,
  },
];

export type LoadFigures = { rps: number; p50: number; p99: number; count: number; errors: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;

/**
 * One bare transaction per order: BEGIN, one INSERT per table with the rows of a real order (copied from
 * `orderId`; its id, number and unique status-link token left to their defaults), COMMIT — plain pg, no validation, no HTTP, `connections` clients in a loop for `seconds`.
 */
export async function benchBareTransaction(
  databaseUrl: string,
  orderId: string,
  connections: number,
  seconds: number,
  /** A statement run with the new order's id as $1 just before COMMIT (the order-number options, decision 064). */
  beforeCommit?: string,
): Promise<LoadFigures & { roundTrips: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: '-c jit=off' });
  try {
    const inserts: Array<{ text: string; rows: string; withOrderId: boolean }> = [];
    for (const { table, orderColumn, rows } of ORDER_TABLES) {
      const [schema, name] = table.includes('.') ? table.split('.') : ['public', table];
      const columns = await pool.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = $1 AND table_name = $2 AND column_name NOT IN ('id', 'number', 'status_token')
            AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [schema, name],
      );
      const list = columns.rows.map((row) => `"${row.column_name}"`);
      const values = list.map((column) => (column === `"${orderColumn}"` ? '$2::uuid' : column));
      const template = await pool.query<{ rows: unknown }>(
        `SELECT coalesce(json_agg(t), '[]') AS rows FROM ${table} t WHERE ${rows}`,
        [orderId],
      );
      inserts.push({
        text:
          `INSERT INTO ${table} (${list.join(', ')}) SELECT ${values.join(', ')} ` +
          `FROM json_populate_recordset(NULL::${table}, $1) RETURNING id`,
        rows: JSON.stringify(template.rows[0]!.rows),
        withOrderId: orderColumn !== null,
      });
    }
    const latencies: number[] = [];
    let errors = 0;
    const began = performance.now();
    const deadline = began + seconds * 1000;
    const loop = async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const start = performance.now();
          try {
            await client.query('BEGIN');
            let newOrderId = '';
            for (const insert of inserts) {
              const result = await client.query<{ id: string }>(
                insert.text,
                insert.withOrderId ? [insert.rows, newOrderId] : [insert.rows],
              );
              if (!newOrderId) newOrderId = result.rows[0]!.id;
            }
            if (beforeCommit) await client.query(beforeCommit, [newOrderId]);
            await client.query('COMMIT');
            latencies.push(performance.now() - start);
          } catch {
            errors += 1;
            await client.query('ROLLBACK').catch(() => undefined);
          }
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
    const elapsed = (performance.now() - began) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    return {
      rps: latencies.length / elapsed,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      count: latencies.length,
      errors,
      roundTrips: inserts.length + 2 + (beforeCommit ? 1 : 0),
    };
  } finally {
    await pool.end();
  }
}
