// The marketing analytics messages (issue 19) and the partner programme part 2 messages (issue 20), apart from
// MESSAGES so the order funnel's first load (decision 041) does not carry them.

export const MARKETING_MESSAGES = {
  reportPeriodInvalid: 'Начало периода позже конца',
  reportPeriodTooLong: 'Период отчёта — не больше 3 лет',
  reportFilterTooLong: 'Фильтр — не больше 200 символов',
  analyticsIdInvalid: 'Идентификатор: от 8 до 100 латинских букв, цифр, дефисов или подчёркиваний',
  analyticsStageInvalid: 'Неизвестный этап воронки (этапы «Заказ создан» и «Оплачен» записывает сервер)',
  analyticsBatchTooLarge: 'Не больше 50 событий в одном пакете',
  analyticsSessionTooMany: 'Слишком много событий от одной сессии. Попробуйте позже.',
  analyticsIpRangeInvalid: 'Диапазон IP: адрес или подсеть, например 10.0.0.0/8 или 2001:db8::/32',
  analyticsConfigSaved: 'Настройки аналитики сохранены',
} as const;
