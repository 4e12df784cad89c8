import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startRuntime } from './runtime.ts';

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
  const runtime = await startRuntime(config);
  const app = await buildApp({ config, database: runtime.database, services: runtime.services });
  if (config.workers === 'inline') await runtime.startWorkers();
  if (config.env !== 'production' && config.jwtSecret.startsWith('development-only')) {
    app.log.warn('JWT_SECRET is not set: using the development secret (set it in production)');
  }
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
