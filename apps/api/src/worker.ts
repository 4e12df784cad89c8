import { ConfigError, loadConfig } from './config.ts';
import { logUnhandledRejections, onShutdownSignal } from './lib/lifecycle.ts';
import { createLogger, startRuntime } from './runtime.ts';

/** `npm run worker`: job workers without the HTTP server (scale them separately on PostgreSQL). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.database.kind === 'pglite') {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database serves one process, and `npm start` already runs the workers.',
    );
    process.exit(1);
  }
  const logger = createLogger(config);
  logUnhandledRejections(logger);
  const runtime = await startRuntime(config, { logger });
  await runtime.startWorkers();
  logger.info('workers started');
  // Decision 023: stop fetching, let running jobs finish, stop pg-boss, close the pool.
  onShutdownSignal(logger, config.shutdownTimeoutMs, () =>
    runtime.close({ timeoutMs: config.shutdownTimeoutMs }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
