import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString } from 'pino';

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * The request's logger (Fastify's `childLoggerFactory`, decision 040): Fastify makes a pino child per request to
 * bind the request id, ~4 µs even when nothing is logged (at LOG_LEVEL=warn a good request logs nothing). This
 * one makes that child on the first line that is actually written, so each line is the same as before (same
 * bindings, same options, same level); a line below the level is dropped as pino would drop it.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent as ParentLogger;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  #write(method: LogMethod, args: LogArgs) {
    if (this.#child) return (this.#child[method] as (...a: LogArgs) => void)(...args);
    if (!this.#parent.isLevelEnabled(method)) return;
    (this.#real()[method] as (...a: LogArgs) => void)(...args);
  }

  get level(): LevelWithSilentOrString {
    return this.#child ? this.#child.level : this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#real().level = level;
  }

  fatal(...args: LogArgs) {
    this.#write('fatal', args);
  }
  error(...args: LogArgs) {
    this.#write('error', args);
  }
  warn(...args: LogArgs) {
    this.#write('warn', args);
  }
  info(...args: LogArgs) {
    this.#write('info', args);
  }
  debug(...args: LogArgs) {
    this.#write('debug', args);
  }
  trace(...args: LogArgs) {
    this.#write('trace', args);
  }
  silent(...args: LogArgs) {
    this.#real().silent(...args);
  }

  isLevelEnabled(level: Level | string): boolean {
    return (this.#real() as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level);
  }

  bindings(): Bindings {
    return (this.#real() as unknown as { bindings(): Bindings }).bindings();
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * For Fastify's `childLoggerFactory`: a child with its own level (a route's `logLevel`) is made at once, and so is
 * the child of Fastify's null logger (LOG_LEVEL=silent), which is that logger itself.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || typeof (logger as Partial<ParentLogger>).isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(logger, bindings, options);
}
