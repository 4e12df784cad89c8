import type { Logger } from 'pino';

/**
 * Last resort (decision 023): a rejected promise nobody awaited is logged as the bug it is, and the process goes
 * on serving. Lost database connections are handled where they happen (db/client.ts, jobs/jobs.ts); this only
 * catches what a library or a future change lets through.
 */
export function logUnhandledRejections(logger: Logger): void {
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (it should have been awaited)');
  });
}

/**
 * SIGTERM and SIGINT run `drain` once (stop accepting, finish requests and jobs, close the pool), then exit 0.
 * A second signal, or a drain longer than `timeoutMs` + 5 s, exits at once with 1.
 */
export function onShutdownSignal(
  logger: Logger,
  timeoutMs: number,
  drain: (signal: NodeJS.Signals) => Promise<void>,
): void {
  let closing = false;
  const handle = (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting without finishing');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests and jobs');
    const force = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, timeoutMs + 5000);
    force.unref();
    drain(signal).then(
      () => {
        logger.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
