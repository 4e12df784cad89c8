import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { AppError, STATUS_BY_CODE } from '../lib/errors.ts';

/** Seconds a client is told to wait before repeating a request the database could not serve. */
const RETRY_AFTER_SECONDS = '2';

function body(code: ErrorCode, message: string, details?: ErrorBody['details']): ErrorBody {
  return { statusCode: STATUS_BY_CODE[code], code, message, ...(details ? { details } : {}) };
}

/** The request as logged: method and path, never the query string (it carries searches, e-mails, promo codes). */
export const requestSerializer = (request: { method: string; url: string; ip?: string }) => ({
  method: request.method,
  path: request.url.split('?')[0],
  remoteAddress: request.ip,
});

type LoggableError = {
  name?: unknown;
  code?: unknown;
  statusCode?: unknown;
  stack?: unknown;
  cause?: unknown;
  constructor?: { name?: string };
};

function errorClass(error: LoggableError): string | undefined {
  const name = error.constructor?.name;
  return name && name !== 'Object' ? name : typeof error.name === 'string' ? error.name : undefined;
}

/**
 * What the log keeps of an error (decision 021): the request's method and route pattern (never its URL with the
 * query, its body or its values), the error's class, code and stack frames. Never the message: a failed query's
 * message lists its parameters — the customer's name, e-mail, phone — and a constraint error names the value.
 */
export function safeErrorLog(error: unknown, request?: FastifyRequest) {
  const value = (error ?? {}) as LoggableError;
  const frames =
    typeof value.stack === 'string'
      ? value.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : undefined;
  const cause = value.cause && typeof value.cause === 'object' ? (value.cause as LoggableError) : undefined;
  return {
    method: request?.method,
    route: request?.routeOptions?.url,
    errorClass: errorClass(value),
    code: typeof value.code === 'string' ? value.code : undefined,
    statusCode: typeof value.statusCode === 'number' ? value.statusCode : undefined,
    stack: frames,
    ...(cause
      ? {
          cause: {
            errorClass: errorClass(cause),
            code: typeof cause.code === 'string' ? cause.code : undefined,
          },
        }
      : {}),
  };
}

/**
 * Errors Fastify raises before a route is found (Fastify's `frameworkErrors` option): a URL that does not decode
 * (it would be echoed back in English) and a path parameter over `maxParamLength`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ error: safeErrorLog(error, request) }, 'framework error');
  const [status, payload] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, body('URI_TOO_LONG', MESSAGES.urlTooLong)]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, body('BAD_REQUEST', MESSAGES.badUrl)]
        : [400, body('BAD_REQUEST', MESSAGES.badRequest)];
  // send() writes the answer; the reply is thenable only for handlers that await it, and Fastify wants void here.
  void reply.status(status).send(payload);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler` option): headers
 * or a request line over the size limit (431; an overlong URL lands here), a malformed request (400), a request
 * that took too long to arrive (408). Same error body as everything else, nothing of the request echoed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, payload] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', body('HEADERS_TOO_LARGE', MESSAGES.headersTooLarge)]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { ...body('BAD_REQUEST', MESSAGES.requestTimedOut), statusCode: 408 }]
        : [400, 'Bad Request', body('BAD_REQUEST', MESSAGES.badRequest)];
  const text = JSON.stringify(payload);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

/** Maps every error to the one error body; nothing internal (stack, SQL) and nothing of the input reaches the client. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      // The error body is JSON even where the route had already named a file (a CSV export whose stream failed
      // before its first byte): Fastify refuses an object under text/csv, and the client would save the error.
      reply.removeHeader('content-type').removeHeader('content-disposition');
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
            .filter(Boolean)
            .join('.'),
          message: issue.message ?? MESSAGES.validationFailed,
        }));
        return reply
          .status(400)
          .send(body('VALIDATION_ERROR', details[0]?.message ?? MESSAGES.validationFailed, details));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ error: safeErrorLog(error, request) }, 'response does not match its contract');
        return reply.status(500).send(body('INTERNAL_ERROR', MESSAGES.internalError));
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode === 429) {
        return reply.status(429).send(body('TOO_MANY_REQUESTS', MESSAGES.tooManyRequests));
      }
      if (error.code === 'FST_FILES_LIMIT') {
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', MESSAGES.tooManyFiles));
      }
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge));
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge));
      }
      if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        (error instanceof SyntaxError && statusCode === 400)
      ) {
        return reply.status(400).send(body('BAD_REQUEST', MESSAGES.malformedJson));
      }
      if (statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedMediaType));
      }
      if (statusCode === 414) return reply.status(414).send(body('URI_TOO_LONG', MESSAGES.urlTooLong));
      if (statusCode >= 400 && statusCode < 500) {
        request.log.info({ error: safeErrorLog(error, request) }, 'client error');
        const code: ErrorCode =
          statusCode === 404
            ? 'NOT_FOUND'
            : statusCode === 401
              ? 'UNAUTHORIZED'
              : statusCode === 403
                ? 'FORBIDDEN'
                : 'BAD_REQUEST';
        const message =
          statusCode === 404
            ? MESSAGES.notFound
            : statusCode === 401
              ? MESSAGES.authRequired
              : statusCode === 403
                ? MESSAGES.forbidden
                : MESSAGES.badRequest;
        return reply.status(statusCode).send({ ...body(code, message), statusCode });
      }
      if (isDatabaseUnavailable(error)) {
        // The connection was lost or refused: a short outage, not a bug. The pool reconnects by itself.
        request.log.warn({ error: safeErrorLog(error, request) }, 'database unavailable');
        reply.header('retry-after', RETRY_AFTER_SECONDS);
        return reply.status(503).send(body('SERVICE_UNAVAILABLE', MESSAGES.databaseUnavailable));
      }
      request.log.error({ error: safeErrorLog(error, request) }, 'unhandled error');
      return reply.status(500).send(body('INTERNAL_ERROR', MESSAGES.internalError));
    });
  },
  { name: 'error-handler' },
);
