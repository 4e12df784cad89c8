import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema/index.ts';

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

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
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

export async function openPostgres(
  url: string,
  options: { max?: number; logger?: Logger } = {},
): Promise<Database> {
  // JIT off (decision 012): it compiles every costly plan again per execution, and measured on the
  // 1M-order report it cost seconds while saving milliseconds.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, options: '-c jit=off' });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  // The logger sees every statement with its parameters (the scale benchmark EXPLAINs exactly those).
  const db = drizzlePg({
    client: pool,
    schema,
    casing: 'snake_case',
    ...(options.logger ? { logger: options.logger } : {}),
  }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    sql: executorFor(pool as unknown as QueryClient),
    async migrate() {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await pool.end();
    },
  };
}
