import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Column, is, SQL, Subquery, type ExtractTablesWithRelations, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { skipRowTemplateForArrayResults } from './pg-array-rows.ts';

skipRowTemplateForArrayResults();

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

/** A raw SQL executor in the shape pg-boss expects for its `db` option. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw executor on the shared connection (pg-boss uses it). */
  sql: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, for tests that snapshot the data dir. */
  pglite?: PGlite;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

type QueryClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<Array<{ rows: unknown[] }>>;
};

/** pg-boss sends multi-statement SQL without values; PGlite runs those only through exec(). */
function executorFor(client: QueryClient): SqlExecutor {
  return {
    async executeSql(text, values) {
      if ((!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      }
      return client.query(text, values);
    },
  };
}

/** The raw client under a Drizzle transaction, so pg-boss jobs commit with the business rows. */
export function sqlExecutorOf(tx: Tx): SqlExecutor {
  const client = (tx as unknown as { session: { client: QueryClient } }).session.client;
  return executorFor(client);
}

/**
 * Runs a prepared Drizzle query on the connection of `dbOrTx` (decision 031). A prepared query is built once
 * (no query building per call; on PostgreSQL a named statement, parsed and planned once per connection) but is
 * bound to the session it was prepared on: this runs it on the given transaction's (or pool's) client instead.
 */
export function runPrepared<T extends { execute(values?: Record<string, unknown>): Promise<unknown> }>(
  dbOrTx: DbOrTx,
  prepared: T,
  values: Record<string, unknown>,
): ReturnType<T['execute']> {
  const client = (dbOrTx as unknown as { session: { client: unknown } }).session.client;
  const bound = Object.create(prepared, { client: { value: client } }) as T;
  return bound.execute(values) as ReturnType<T['execute']>;
}

/**
 * A statement built and prepared once, on first use (decision 031): the hot path of order creation pays no
 * Drizzle query building per call, and on PostgreSQL each connection parses and plans it once. `build` gets the
 * database of that first call; every call runs it on its own `dbOrTx` (runPrepared). Per repository instance,
 * so one app's statement never runs on another app's database.
 */
export function preparedOnce<T extends { execute(values?: Record<string, unknown>): Promise<unknown> }>(
  build: (db: DbOrTx) => T,
): (dbOrTx: DbOrTx, values: Record<string, unknown>) => ReturnType<T['execute']> {
  let prepared: T | undefined;
  return (dbOrTx, values) => {
    prepared ??= withFlatRowMapper(build(dbOrTx));
    return runPrepared(dbOrTx, prepared, values);
  };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type PreparedInternals = {
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** The decoder Drizzle's `mapResultRow` picks for a selected field (drizzle-orm 0.45, utils.js). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  type WithDecoder = { decoder: Decoder };
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

/**
 * A statement prepared once also gets its rows mapped by a mapper made once (issue 15, decision 077): Drizzle's
 * `mapResultRow` looks up every column's decoder again for every row (an `instanceof` on a proxy per column, a
 * path walk) — for the order's 70 columns a noticeable share of the order's CPU. Only a flat selection (every field
 * a top-level key, as `select()` of one table or `returning()` gives): there the result is the same object, the
 * same keys in the same order, a null stays null, every other value goes through the column's own decoder.
 * Nested selections (joins) keep Drizzle's mapper.
 */
function withFlatRowMapper<T>(prepared: T): T {
  const internals = prepared as PreparedInternals;
  const fields = internals.fields;
  if (!fields || internals.customResultMapper || fields.some(({ path }) => path.length !== 1))
    return prepared;
  const keys = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  const count = keys.length;
  internals.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let index = 0; index < count; index += 1) {
        const raw = row[index];
        result[keys[index]!] = raw === null ? null : decoders[index]!.mapFromDriverValue(raw);
      }
      return result;
    });
  return prepared;
}

export async function openPglite(
  options: {
    dataDir?: string;
    loadDataDir?: Blob;
    /** Server settings on top of PGlite's own (`-c name=value`), e.g. a smaller buffer pool for the tests. */
    settings?: Record<string, string>;
  } = {},
): Promise<Database> {
  const client = await PGlite.create({
    // The staff search's trigram indexes (decision 050); PostgreSQL has it as a contrib extension.
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.settings
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            ...Object.entries(options.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
          ],
        }
      : {}),
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    sql: executorFor(client as unknown as QueryClient),
    pglite: client,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** How a lost or refused connection is reported (the process must never die of one). */
export type ConnectionErrorListener = (error: Error) => void;

export type PostgresOptions = {
  max?: number;
  logger?: Logger;
  /** A new connection that is not made within this time fails (the request answers 503 instead of hanging). */
  connectTimeoutMs?: number;
  /** The server cancels a statement running longer; the client gives up a little later (lost server). */
  statementTimeoutMs?: number;
  onConnectionError?: ConnectionErrorListener;
};

/**
 * A pool whose checked-out clients go back as soon as their connection dies. drizzle-orm 0.45 takes a client for
 * a transaction and sends BEGIN *before* its try/finally: when BEGIN fails on a killed connection the client is
 * never released, and after `max` such failures every request waits for a connection that never comes. Here a
 * client that emits 'error' while checked out is released with that error (the pool drops it), and a later
 * release by its user is a no-op. Callback-style connect (pool.query) already handles this and is left alone.
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onError = (error: Error) => client.release(error);
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(error);
      };
      client.once('error', onError);
      return client;
    });
  }
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new ReleasingPool({
    connectionString: url,
    max: options.max ?? 10,
    // JIT off (decision 012): it compiles every costly plan again per execution, and measured on the
    // 1M-order report it cost seconds while saving milliseconds.
    options: '-c jit=off',
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    // The server's own timeout answers first; this one is for a server that stopped answering at all.
    query_timeout: statementTimeoutMs + 5000,
    keepAlive: true,
  });
  const report: ConnectionErrorListener = options.onConnectionError ?? (() => undefined);
  // Decision 023. Every client gets its own 'error' listener: a checked-out one (inside a transaction, between
  // two statements) has no pool listener, and its 'error' event (57P01 on pg_terminate_backend) would otherwise
  // be unhandled and end the process. The statement in progress fails on its own (the request answers 503), and
  // the pool drops a client that comes back broken (`_queryable` is false) or dies idle, so nothing caches it.
  pool.on('connect', (client) => client.on('error', report));
  // An idle client's error is also emitted by the pool; the client's listener above has reported it.
  pool.on('error', () => undefined);
  // The logger sees every statement with its parameters (the scale benchmark EXPLAINs exactly those).
  const db = drizzlePg({
    client: pool,
    schema,
    casing: 'snake_case',
    ...(options.logger ? { logger: options.logger } : {}),
  }) as unknown as Db;
  lightTransactions(db, pool);
  return {
    kind: 'postgres',
    db,
    sql: executorFor(pool as unknown as QueryClient),
    async migrate() {
      // Migrations may rewrite big tables: their own connection, without the request statement timeout.
      const migrator = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off' });
      migrator.on('connect', (client) => client.on('error', report));
      migrator.on('error', () => undefined);
      try {
        await migratePg(drizzlePg({ client: migrator, schema, casing: 'snake_case' }) as never, {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await migrator.end();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

type SessionInternals = {
  client: pg.Pool;
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  schema: ConstructorParameters<typeof NodePgTransaction>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (run: (tx: Tx) => Promise<unknown>, config?: unknown) => Promise<unknown>;
};

/**
 * `db.transaction` without Drizzle's per-transaction construction (issue 15, decision 077). drizzle-orm 0.45 builds a
 * new transaction object for every transaction, and its constructor makes one relational query builder per table of
 * the schema (`tx.query.<table>`, ~70 objects) and sends BEGIN and COMMIT as SQL built from a template each time:
 * together about a tenth of the API's own CPU per order. Here each transaction is a copy of one transaction made at
 * start-up with its own session (its own client): `tx.query` is built on first use only, BEGIN/COMMIT/ROLLBACK are
 * sent as plain text. What Drizzle does is kept: BEGIN before the try (a failed BEGIN is not rolled back), ROLLBACK
 * on any error (`tx.rollback()` included) and the error thrown on, the client released in every case, the logger
 * told of each statement. A transaction with a config (isolation level, access mode) is Drizzle's own.
 */
function lightTransactions(db: Db, pool: pg.Pool) {
  const session = (db as unknown as { session: SessionInternals }).session;
  const drizzleTransaction = session.transaction.bind(session);
  const { dialect, schema, options } = session;
  const template = new NodePgTransaction(dialect, session as never, schema);
  const logger = options?.logger;
  const send = async (client: pg.PoolClient, text: 'begin' | 'commit' | 'rollback') => {
    logger?.logQuery(text, []);
    await client.query(text);
  };
  session.transaction = async (run, config) => {
    if (config) return drizzleTransaction(run, config);
    const client = await pool.connect();
    try {
      const txSession = new NodePgSession(client, dialect, schema, options);
      const tx = Object.create(template, {
        session: { value: txSession, writable: true, enumerable: true, configurable: true },
        _: {
          value: { ...template._, session: txSession },
          writable: true,
          enumerable: true,
          configurable: true,
        },
      }) as Tx & { query: unknown };
      let query: unknown;
      Object.defineProperty(tx, 'query', {
        get: () => (query ??= new NodePgTransaction(dialect, txSession, schema).query),
        enumerable: true,
        configurable: true,
      });
      await send(client, 'begin');
      try {
        const result = await run(tx);
        await send(client, 'commit');
        return result;
      } catch (error) {
        await send(client, 'rollback');
        throw error;
      }
    } finally {
      client.release();
    }
  };
}
