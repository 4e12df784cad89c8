import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/seed.ts';
import { createJobs } from '../src/jobs/jobs.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDb: string;
  }
}

export const POSTGRES_TEMPLATE_DB = 'app_test_template';

/**
 * Migrates and seeds one database per run (plus pg-boss's schema) and keeps it as a template:
 * a PGlite data-dir dump, or a PostgreSQL template database. Each test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches the test workers only; this runs in the main process, so read it from the config.
  const driver = project.config.env?.TEST_DB_DRIVER ?? process.env.TEST_DB_DRIVER ?? 'pglite';
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
    // One template per run: runs started side by side on one server must not drop each other's template.
    const templateDb = `${POSTGRES_TEMPLATE_DB}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateDb}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateDb}`;
    const database = await openPostgres(templateUrl.toString(), { max: 2 });
    await prepare(database);
    await database.close();
    await admin.end();
    project.provide('postgresTemplateDb', templateDb);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
      await cleaner.end();
    };
  }
  const database = await openPglite();
  await prepare(database);
  // Every test file opens a copy, so the copy is made cheap to open (≈ half the CPU of a gzipped dump taken
  // without a checkpoint): a checkpoint first, so the copy starts without replaying the migrations and the seed
  // from the write-ahead log, and a plain tar, so no copy is gunzipped.
  await database.sql.executeSql('CHECKPOINT', []);
  const dump = await database.pglite!.dumpDataDir('none');
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplateDb', '');
  return () => rmSync(file, { force: true });
}

async function prepare(database: Awaited<ReturnType<typeof openPglite>>) {
  await database.migrate();
  // Without the demo's visits: every analytics figure a test reads is the test's own (demo-analytics.test.ts
  // checks the visits on a copy of its own).
  await seedDemoData(database.db, { analytics: false });
  const jobs = createJobs({ database, supervise: false, schedule: false });
  await jobs.start();
  await jobs.stop();
}
