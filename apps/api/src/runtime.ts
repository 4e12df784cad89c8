import { mkdirSync } from 'node:fs';
import pino from 'pino';
import type { Config } from './config.ts';
import { createJobHandlers, createServices, type Services } from './container.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { createJobs, type Jobs } from './jobs/jobs.ts';
import { initializeSchedules } from './jobs/schedules.ts';
import { systemClock } from './lib/clock.ts';
import { createSmtpTransport, outboxTransport, type MailTransport } from './providers/mail.ts';

export type Runtime = {
  config: Config;
  database: Database;
  jobs: Jobs;
  services: Services;
  mailTransport: MailTransport;
  logger: pino.Logger;
  startWorkers(): Promise<void>;
  close(options?: { timeoutMs?: number }): Promise<void>;
};

export async function openDatabase(config: Config, logger?: pino.Logger): Promise<Database> {
  if (config.database.kind === 'postgres') {
    return openPostgres(config.database.url, {
      max: config.database.poolSize,
      connectTimeoutMs: config.database.connectTimeoutMs,
      statementTimeoutMs: config.database.statementTimeoutMs,
      // A lost connection is logged, never thrown: the pool opens a new one for the next query.
      onConnectionError: (error) => logger?.warn({ err: error }, 'database connection lost'),
    });
  }
  mkdirSync(config.database.dataDir, { recursive: true });
  return openPglite({ dataDir: config.database.dataDir });
}

export function createLogger(config: Config): pino.Logger {
  return pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
}

/** Opens the database, applies migrations, seeds demo data where configured, and wires services and jobs. */
export async function startRuntime(
  config: Config,
  options: { database?: Database; logger?: pino.Logger } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config);
  const database = options.database ?? (await openDatabase(config, logger));
  await database.migrate();
  if (config.seedDemoData) {
    const { seeded } = await seedDemoData(database.db);
    if (seeded) logger.info('demo data seeded');
  }
  const jobs = createJobs({ database, onError: (error) => logger.error({ err: error }, 'pg-boss error') });
  await jobs.start();
  const mailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : outboxTransport;
  const services = createServices({ config, database, jobs, mailTransport, clock: systemClock });
  return {
    config,
    database,
    jobs,
    services,
    mailTransport,
    logger,
    async startWorkers() {
      await jobs.work(createJobHandlers(services));
      // Schedules are upserts by name: every worker process may do this at start without duplicating them.
      if (config.automation.cronAutoInitialize) {
        const count = await initializeSchedules(jobs.boss);
        logger.info({ count }, 'schedules initialized');
      }
    },
    /** Running jobs get `timeoutMs` to finish; then pg-boss stops and the pool closes. */
    async close(closeOptions: { timeoutMs?: number } = {}) {
      await jobs.stop({ timeoutMs: closeOptions.timeoutMs });
      mailTransport.close();
      await database.close();
    },
  };
}
