import type { ErrorCode } from '@app/contracts';
import { hasForbiddenCharacters, MESSAGES } from '@app/contracts';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
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

/** A control character (or a line break in a single-line field) in request text (decision 021). */
export const forbiddenCharacters = (path: string) =>
  new AppError('VALIDATION_ERROR', MESSAGES.forbiddenCharacters, {
    details: [{ path, message: MESSAGES.forbiddenCharacters }],
  });

/** For text that reaches the database outside the route contracts (multipart file names). */
export function assertCleanText(value: string, path: string): void {
  if (hasForbiddenCharacters(value)) throw forbiddenCharacters(path);
}
