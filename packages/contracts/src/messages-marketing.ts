// The marketing analytics messages (issue 19) and the partner programme part 2 messages (issue 20), apart from
// MESSAGES so the order funnel's first load (decision 041) does not carry them.

export const MARKETING_MESSAGES = {
  reportPeriodInvalid: 'Начало периода позже конца',
  reportPeriodTooLong: 'Период отчёта — не больше 3 лет',
  reportFilterTooLong: 'Фильтр — не больше 200 символов',
  textRequired: 'Заполните поле',
  textTooLong: 'Слишком длинное значение',
  utmTagInvalid: 'Метка не может содержать пробелы по краям и символы ? & # =',
  spendInvalid: 'Укажите сумму от 0,01 до 100 000 000 ₽ с точностью до копейки',
  baseUrlInvalid: 'Укажите адрес нашего сайта или адрес, начинающийся с https://',
  notFound: 'Не найдено',
  campaignExists: 'Кампания с такой меткой utm_campaign уже есть',
  campaignArchived: 'Кампания в архиве',
  reportSortInvalid: 'Неизвестная сортировка',
  funnelWindowInvalid: 'Окно конверсии — 1, 3, 7, 14, 30 или 90 дней',
  analyticsIdInvalid: 'Идентификатор: от 8 до 100 латинских букв, цифр, дефисов или подчёркиваний',
  analyticsStageInvalid: 'Неизвестный этап воронки (этапы «Заказ создан» и «Оплачен» записывает сервер)',
  analyticsBatchTooLarge: 'Не больше 50 событий в одном пакете',
  analyticsSessionTooMany: 'Слишком много событий от одной сессии. Попробуйте позже.',
  analyticsIpRangeInvalid: 'Диапазон IP: адрес или подсеть, например 10.0.0.0/8 или 2001:db8::/32',
  analyticsConfigSaved: 'Настройки аналитики сохранены',
} as const;
