import { ConfigError, loadConfig } from './config.ts';
import { startRuntime } from './runtime.ts';

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
  const runtime = await startRuntime(config);
  await runtime.startWorkers();
  runtime.logger.info('workers started');
  const shutdown = async () => {
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
