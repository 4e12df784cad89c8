/**
 * The one catalogue of messages a user can see. Spec section 8 texts are verbatim.
 * The server answers with these in the `message` of the error body; the web app shows them.
 */
export const MESSAGES = {
  // spec 8 / 5 (client side)
  networkError: 'Сервер недоступен. Проверьте подключение к интернету.',
  authRequired: 'Требуется авторизация',
  forbiddenAmount: 'У вас нет прав для выполнения этого действия',
  errorTitle: 'Ошибка',
  orderEmailMissing: 'Не удалось получить email заказа',
  verifyEmailMissing: 'Не найден email для проверки. Начните процесс авторизации заново.',
  passwordsMismatch: 'Пароли не совпадают',
  passwordTooShort: 'Пароль должен содержать минимум 8 символов',
  partnerProfileLoadFailed: 'Не удалось загрузить профиль',
  partnerProfileUpdateError: 'Ошибка обновления профиля',
  partnerProfileSaveFailed: 'Не удалось сохранить профиль',
  partnerPasswordChangeError: 'Ошибка смены пароля',
  partnerPasswordChangeFailed: 'Не удалось изменить пароль',
  partnerProfileUpdated: 'Профиль успешно обновлен',
  partnerPasswordChanged: 'Пароль успешно изменен',
  monitoringLoadError: 'Ошибка загрузки данных мониторинга',
  queueLoadError: 'Ошибка загрузки данных очереди',
  orderJobsSearchError: 'Ошибка поиска задач заказа',
  jobsCancelError: 'Ошибка отмены задач',
  jobListLoadError: 'Ошибка загрузки списка задач',
  orderJobsNotFound: 'Задач для данного заказа не найдено',
  pushSubscribeFailed: 'Ошибка отправки подписки на сервер',
  requestFailedWithStatus: 'Запрос завершился с ошибкой (код {status})',
  requestTimeout: 'Превышено время ожидания ответа сервера',
  requestAborted: 'Запрос отменён',

  // server errors
  validationFailed: 'Проверьте правильность заполнения полей',
  malformedJson: 'Некорректный JSON в теле запроса',
  payloadTooLarge: 'Слишком большой запрос',
  notFound: 'Не найдено',
  routeNotFound: 'Метод API не найден',
  forbidden: 'У вас нет прав для выполнения этого действия',
  internalError: 'Внутренняя ошибка сервера. Попробуйте позже.',
  tooManyRequests: 'Слишком много запросов. Попробуйте позже.',
  invalidCredentials: 'Неверный логин или пароль',
  sessionExpired: 'Сессия истекла. Войдите снова.',
  invalidCode: 'Неверный код подтверждения',
  codeExpired: 'Код подтверждения истёк или использован. Запросите новый код.',
  codeTooManyAttempts: 'Слишком много неверных попыток. Запросите новый код.',
  codeRequestTooSoon: 'Новый код можно запросить через минуту',
  invalidLoginLink: 'Ссылка для входа недействительна или устарела',
  telegramNotConfigured: 'Вход через Telegram не настроен',
  telegramInvalid: 'Не удалось подтвердить данные Telegram',
  telegramStale: 'Данные Telegram устарели. Повторите вход.',
  crmAccessAlreadyGranted: 'У вас уже есть доступ к CRM',
  crmAccessRequestNotFound: 'Заявка на доступ не найдена',
  crmAccessRequestDecided: 'Заявка уже рассмотрена',
  invalidEmail: 'Введите корректный email',
  invalidPhone: 'Введите телефон в формате +7XXXXXXXXXX',
  required: 'Обязательное поле',
  invalidInn: 'Некорректный ИНН',
  invalidKpp: 'КПП должен состоять из 9 цифр',
  invalidUrl: 'Введите корректный адрес сайта',
  partnerNameRequired: 'Укажите имя',

  // order form
  unknownDocument: 'Выбран неизвестный документ',
  unknownAssurance: 'Выбрано неизвестное заверение',
  unknownDelivery: 'Выбран неизвестный способ доставки',
  unknownPoint: 'Выбран неизвестный пункт выдачи',
  unknownOffice: 'Выбран неизвестный офис',
  unknownFile: 'Файл не найден. Загрузите его ещё раз.',
  unknownLanguage: 'Выберите язык из списка',
  sameLanguages: 'Языки оригинала и перевода должны различаться',
  assuranceWithoutDocument: 'Заверение указано для документа, которого нет в заказе',
  quantityInvalid: 'Количество — целое число от 1 до 100',
  documentsRequired: 'Выберите хотя бы один документ',
  documentDuplicated: 'Документ указан дважды — измените количество',
  languageRequired: 'Выберите язык',
  nameRequired: 'Укажите имя',
  organizationNameRequired: 'Укажите название организации',
  organizationAddressRequired: 'Укажите юридический адрес',
  deliveryRequired: 'Выберите способ доставки',
  pickupPointRequired: 'Выберите пункт выдачи',
  officeRequired: 'Выберите офис',
  addressRequired: 'Укажите адрес доставки',
  promoInvalid: 'Промокод не найден или больше не действует',
  promoApplied: 'Промокод применён: скидка {percent}%',
  idempotencyConflict: 'Этот ключ идемпотентности уже использован для другого заказа',
  fileTypeNotAllowed: 'Можно загрузить только PDF, изображения (JPG, PNG, HEIC) и документы Word',
  fileTooLarge: 'Файл больше 20 МБ',
  filesTooLarge: 'Суммарный размер файлов заказа больше 60 МБ',
  tooManyFiles: 'Слишком много файлов',
  noFiles: 'Прикрепите хотя бы один файл',
  orderNotFound: 'Заказ не найден',
  orderAlreadyPaid: 'Заказ уже оплачен',
  orderNotPayable: 'Этот заказ нельзя оплатить',
  paymentNotFound: 'Платёж не найден',

  // UI texts reused in several places
  roleUndefined: 'Роль пользователя не определена',
  noMenuItems: 'Для вашей роли нет доступных пунктов меню',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
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
