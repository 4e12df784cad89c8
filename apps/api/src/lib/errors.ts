import type { ErrorCode } from '@app/contracts';
import { MESSAGES } from '@app/contracts';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The one error type services throw; the error-handler plugin turns it into the shared error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Array<{ path: string; message: string }>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { details?: Array<{ path: string; message: string }>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = extra.details;
    this.headers = extra.headers;
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const unauthorized = (message: string = MESSAGES.authRequired) =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
