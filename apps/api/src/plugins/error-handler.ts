import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Maps every error to the one error body; nothing internal (stack, SQL) reaches the client. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
        request.log.error({ err: error }, 'response does not match its contract');
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
        return reply.status(400).send(body('BAD_REQUEST', 'Неподдерживаемый тип содержимого запроса'));
      }
      if (statusCode >= 400 && statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        const code: ErrorCode =
          statusCode === 404 ? 'NOT_FOUND' : statusCode === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST';
        const message =
          statusCode === 404
            ? MESSAGES.notFound
            : statusCode === 401
              ? MESSAGES.authRequired
              : MESSAGES.validationFailed;
        return reply.status(statusCode).send({ ...body(code, message), statusCode });
      }
      if (isDatabaseUnavailable(error)) {
        // The connection was lost or refused: a short outage, not a bug. The pool reconnects by itself.
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', RETRY_AFTER_SECONDS);
        return reply.status(503).send(body('SERVICE_UNAVAILABLE', MESSAGES.databaseUnavailable));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(body('INTERNAL_ERROR', MESSAGES.internalError));
    });
  },
  { name: 'error-handler' },
);
