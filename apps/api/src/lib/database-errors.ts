/**
 * Errors that mean "the database is not reachable right now" rather than "this request is wrong": the connection
 * was lost or refused, the server is shutting down or starting, or a connection/statement took too long. The API
 * answers them with 503 (the client may retry with the same Idempotency-Key); everything else stays a 500.
 */

/** SQLSTATEs: class 08 (connection exception) is matched by prefix. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or the server stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
]);

/** Node socket errors on the way to the server. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** node-postgres and pg-pool raise these as plain Errors without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_ERRNOS.has(code)) {
    return true;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/** Looks through `cause` (Drizzle wraps driver errors in DrizzleQueryError) and AggregateError members. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (isUnavailable(candidate)) return true;
  if (
    Array.isArray(candidate.errors) &&
    candidate.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}

/**
 * A unique index refused the row (SQLSTATE 23505), on PostgreSQL and PGlite alike, looking through Drizzle's
 * wrapper; with `constraint`, only that index's refusal.
 */
export function isUniqueViolation(error: unknown, constraint?: string, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
  if (candidate.code === '23505') {
    if (!constraint) return true;
    if (candidate.constraint === constraint) return true;
    if (typeof candidate.message === 'string' && candidate.message.includes(`"${constraint}"`)) return true;
  }
  return isUniqueViolation(candidate.cause, constraint, depth + 1);
}
