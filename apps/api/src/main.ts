import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { logUnhandledRejections, onShutdownSignal } from './lib/lifecycle.ts';
import { createLogger, startRuntime } from './runtime.ts';

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
  const logger = createLogger(config);
  logUnhandledRejections(logger);
  const runtime = await startRuntime(config, { logger });
  const app = await buildApp({
    config,
    database: runtime.database,
    services: runtime.services,
    jobs: runtime.jobs,
  });
  if (config.workers === 'inline') await runtime.startWorkers();
  if (config.env !== 'production' && config.jwtSecret.startsWith('development-only')) {
    app.log.warn('JWT_SECRET is not set: using the development secret (set it in production)');
  }
  await app.listen({ port: config.port, host: config.host });

  // Decision 023: stop accepting connections and let the requests in flight finish (Fastify answers 503 to new
  // requests on kept-alive connections meanwhile), then the jobs, then pg-boss and the pool.
  onShutdownSignal(logger, config.shutdownTimeoutMs, async () => {
    const begin = Date.now();
    const closing = app.close();
    // A kept-alive connection whose last request finished after close() began would hold close() open until the
    // client hangs up: close such connections as soon as they are idle.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await closing;
    } finally {
      clearInterval(sweeper);
    }
    await runtime.close({ timeoutMs: Math.max(1000, config.shutdownTimeoutMs - (Date.now() - begin)) });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
