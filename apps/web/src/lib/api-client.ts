import { ERROR_CODES, formatMessage, CORE_MESSAGES, type ErrorBody, type ErrorCode } from '@app/contracts';
import { buildLoginRedirect, getAreaByPath, getCurrentArea, LOGIN_PATH_BY_AREA, type Area } from './area';
import { clearCredentials, getToken } from './session/credentials';

/**
 * - `required` (default): the area's bearer token is sent; without one the call is cancelled locally.
 * - `optional`: the token is sent when there is one (public pages that know a signed-in user).
 * - `none`: no token, and a 401 is an ordinary error (sign-in calls, promo-code validation, public config).
 */
export type AuthMode = 'required' | 'optional' | 'none';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'unauthorized';

export type ApiErrorDetail = NonNullable<ErrorBody['details']>[number];

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: ErrorCode | null;
  readonly details: ApiErrorDetail[];

  constructor(
    message: string,
    options: { kind: ApiErrorKind; status?: number; code?: ErrorCode; details?: ApiErrorDetail[] },
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status ?? null;
    this.code = options.code ?? null;
    this.details = options.details ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  auth?: AuthMode;
  /** Overrides the area derived from the current path (e.g. token renewal of a known area). */
  area?: Area;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** `blob`: the answer is a file (`DownloadedFile`), read with the same token and error model. */
  responseType?: 'json' | 'blob';
};

/** A file answered by the API (PDF, an order's upload), with the name from Content-Disposition. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/** `attachment; filename*=UTF-8''%D0%A1...` or `filename="a.pdf"` → the decoded name. */
export function parseContentDispositionName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      return extended.trim();
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

export const API_BASE = '/api';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 300;
const LOGOUT_PATHS = ['/auth/logout', '/partner/auth/logout'];
const LOGIN_PATHS: readonly string[] = Object.values(LOGIN_PATH_BY_AREA);

type ApiClientConfig = {
  fetch: typeof fetch;
  /** Navigates after a 401; the app passes the router's navigate, the default reloads the page. */
  navigate: (to: string) => void;
};

const config: ApiClientConfig = {
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (to) => window.location.assign(to),
};

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  Object.assign(config, overrides);
}

let redirectTimer: ReturnType<typeof setTimeout> | null = null;

function handleUnauthorized(area: Area): void {
  clearCredentials(area);
  // Only the page's own area leads to a sign-in page: a CRM page also asks for the staff member's cabinet
  // profile, and whichever 401 answered first used to decide between /login and /cabinet-login.
  if (area !== getCurrentArea() || redirectTimer) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = null;
    const { pathname, search } = window.location;
    // Already on a sign-in page (of any area: /login restores the cabinet session of a staff user, whose
    // revoked token 401s there too): nothing to send the user to.
    if (LOGIN_PATHS.includes(pathname)) return;
    config.navigate(buildLoginRedirect(area, `${pathname}${search}`));
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The shape of ErrorBodySchema, checked by hand: zod's runtime is about 25 KB gzip, and every page needs this
 * check, so it stays out of the first load (api-client.test.ts compares it with the schema).
 */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (!isRecord(body)) return false;
  const { statusCode, code, message, details } = body;
  return (
    Number.isInteger(statusCode) &&
    typeof code === 'string' &&
    (ERROR_CODES as readonly string[]).includes(code) &&
    typeof message === 'string' &&
    (details === undefined ||
      (Array.isArray(details) &&
        details.every(
          (detail) =>
            isRecord(detail) && typeof detail.path === 'string' && typeof detail.message === 'string',
        )))
  );
}

function toHttpError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(body.message, { kind: 'http', status, code: body.code, details: body.details });
  }
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : formatMessage(CORE_MESSAGES.requestFailedWithStatus, { status });
  return new ApiError(message, { kind: 'http', status });
}

/** One fetch wrapper for every call: base /api, credentials, the area's bearer token, one error model. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    headers = {},
    auth = 'required',
    signal,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    responseType = 'json',
  } = options;
  const area = options.area ?? getAreaByPath(window.location.pathname);
  const token = auth === 'none' ? null : getToken(area);
  if (auth === 'required' && !token) {
    throw new ApiError(CORE_MESSAGES.authRequired, { kind: 'unauthorized', status: 401 });
  }

  const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    requestHeaders['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }
  if (token) requestHeaders.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  try {
    response = await config.fetch(buildUrl(path, query), {
      method,
      headers: requestHeaders,
      body: requestBody,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (error) {
    if (isTimedOut) throw new ApiError(CORE_MESSAGES.requestTimeout, { kind: 'timeout' });
    if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
      throw new ApiError(CORE_MESSAGES.requestAborted, { kind: 'aborted' });
    }
    throw new ApiError(CORE_MESSAGES.networkError, { kind: 'network' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  if (response.ok && responseType === 'blob') {
    const file: DownloadedFile = {
      blob: await response.blob(),
      fileName: parseContentDispositionName(response.headers.get('content-disposition')),
    };
    return file as T;
  }
  const payload = await readBody(response).catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token && !LOGOUT_PATHS.includes(path)) handleUnauthorized(area);
    throw toHttpError(response.status, payload);
  }
  return payload as T;
}

/**
 * A list answer, the shape of the contracts' `listResponse()`: the items, and the next page's cursor when the list
 * is paged. Every list call reads this one shape.
 */
export type ListAnswer<T> = { items: T[]; nextCursor?: string | null; total?: number };

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
