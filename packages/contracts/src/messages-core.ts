/**
 * The messages of the site's shell, shown on any page's first load: the API client's network and HTTP errors,
 * the session, the error toast's title, and the order form's file checks on step 1. The order funnel's first
 * load takes only these; MESSAGES (messages.ts) spreads them into the one catalogue everything else reads, so
 * `MESSAGES.networkError` and `CORE_MESSAGES.networkError` are the same text (decision 065). A text the funnel's
 * first screen needs moves here; nothing else does.
 */
export const CORE_MESSAGES = {
  // spec 8 / 5 (client side)
  networkError: 'Сервер недоступен. Проверьте подключение к интернету.',
  authRequired: 'Требуется авторизация',
  errorTitle: 'Ошибка',
  verifyEmailMissing: 'Не найден email для проверки. Начните процесс авторизации заново.',
  requestFailedWithStatus: 'Запрос завершился с ошибкой (код {status})',
  requestTimeout: 'Превышено время ожидания ответа сервера',
  requestAborted: 'Запрос отменён',
  internalError: 'Внутренняя ошибка сервера. Попробуйте позже.',
  // the order form's files (step 1)
  fileTypeNotAllowed: 'Можно загрузить только PDF, изображения (JPG, PNG, HEIC) и документы Word',
  fileTooLarge: 'Файл больше 20 МБ',
  filesTooLarge: 'Суммарный размер файлов заказа больше 60 МБ',
  fileEmpty: 'Файл пустой — выберите другой файл',
} as const;

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'UNPROCESSABLE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Substitutes `{name}` placeholders. */
export function formatMessage(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? `{${key}}`));
}
