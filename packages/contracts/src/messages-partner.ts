/**
 * Messages of the partner programme (issue 18: the portal, its CRM pages, payment details, fraud monitoring). Kept
 * apart from MESSAGES so the order funnel's first load (decision 041) does not carry them: MESSAGES is one object
 * and goes whole into every page that uses one of its texts.
 */
export const PARTNER_MESSAGES = {
  partnerCurrentPasswordRequired: 'Введите текущий пароль',
  partnerCurrentPasswordWrong: 'Текущий пароль указан неверно',
  partnerPasswordTooLong: 'Пароль не длиннее 200 символов',
  partnerWebsiteInvalid: 'Укажите адрес сайта, например https://example.ru',
  partnerPromotionRequired: 'Расскажите, как вы будете рекомендовать сервис (от 10 до 2000 символов)',
  partnerConsentRequired: 'Подтвердите согласие на обработку персональных данных',
  partnerTypeRequired: 'Выберите тип партнёрства',
  partnerApplicationPending:
    'Заявка с этим e-mail уже на рассмотрении. Мы ответим письмом — отправлять её ещё раз не нужно',
  partnerApplicationAccountExists:
    'Партнёр с этим e-mail уже зарегистрирован. Войдите в кабинет партнёра или восстановите пароль',
  partnerApplicationNotFound: 'Заявка не найдена',
  partnerApplicationDecided: 'Заявка уже рассмотрена',
  partnerRefusalReasonRequired: 'Укажите причину отказа (от 3 до 1000 символов)',
  partnerPasswordLinkInvalid:
    'Ссылка для установки пароля недействительна или устарела. Запросите новую на странице входа («Забыли пароль?»)',
  partnerPasswordSet: 'Пароль установлен',
  partnerPasswordResetSent:
    'Если партнёр с таким e-mail зарегистрирован, мы отправили на него ссылку для установки пароля',
  partnerStatusReasonRequired: 'Укажите причину (от 3 до 1000 символов)',
  partnerStatusUnchanged: 'У партнёра уже этот статус',
  partnerStatusChangedMeanwhile: 'Статус партнёра изменился — обновите страницу',
  partnerPercentInvalid: 'Процент — от 0 до 50 с точностью до сотых',
  partnerDaysInvalid: 'Число дней — целое от 0 до 365',
  partnerWindowDaysInvalid: 'Окно атрибуции — целое число дней от 1 до 365',
  partnerMinPayoutInvalid: 'Минимальная выплата — от 0 до 1 000 000 ₽',
  partnerDiscountInvalid: 'Скидка — целое число процентов от 0 до 50',
  partnerOrderFullDetailForbidden:
    'Партнёр открывает заказ своего пункта выдачи на странице «Заказы» партнёра (только просмотр)',
  payeeInnPerson: 'ИНН физического лица, самозанятого или ИП — 12 цифр с верными контрольными цифрами',
  payeeInnCompany: 'ИНН организации — 10 цифр с верной контрольной цифрой',
  payeeKppRequired: 'Укажите КПП организации',
  payeeKppOnlyCompany: 'КПП указывается только для организации',
  invalidBik: 'БИК — 9 цифр',
  invalidSettlementAccount: 'Расчётный счёт не сходится с БИК: проверьте 20 цифр счёта и БИК банка',
  invalidCorrespondentAccount:
    'Корреспондентский счёт не сходится с БИК: проверьте 20 цифр счёта и БИК банка',
  paymentDetailsLinkInvalid: 'Ссылка подтверждения недействительна, устарела или уже использована',
  paymentDetailsConfirmed: 'Реквизиты подтверждены и будут использоваться для выплат',
  paymentDetailsPending:
    'Мы отправили письмо со ссылкой подтверждения на ваш e-mail. До подтверждения выплаты идут по прежним реквизитам.',
  fraudNoteRequired: 'Напишите, почему принято решение',
  fraudEventNotOpen: 'Это событие уже рассмотрено',
  fraudEventNotFound: 'Событие не найдено',
  referralLinkNameRequired: 'Укажите название ссылки',
  referralLinkNameTooLong: 'Название ссылки — до 100 символов',
  referralTargetInvalid:
    'Страница — адрес на нашем сайте, начинающийся с «/» (до 500 символов, без пробелов)',
  referralLinkNotFound: 'Ссылка не найдена',
  referralSubIdInvalid: 'Sub-ID — латинские буквы, цифры, «_», «-» и «.» (до 100 символов)',
  partnerPromoDiscountTooHigh: 'Скидка по промокоду партнёра — не больше {max} %',
  partnerPromoCodeTaken: 'Такой промокод уже занят — придумайте другой',
  partnerPromoNotAllowed: 'Промокоды может создавать только активный партнёр',
  partnerAccountNotFound: 'Партнёр не найден',
  referralPeriodTooLong: 'Период — не больше 366 дней',
  // The partner API and its keys (issue 20, decision 070).
  integratorOnly: 'Этот раздел доступен только партнёрам-интеграторам',
  apiKeyNameRequired: 'Укажите название ключа (до 100 символов)',
  apiKeyScopesRequired: 'Выберите хотя бы одно право ключа',
  apiKeyIpInvalid: 'Укажите IP-адрес или диапазон CIDR, например 203.0.113.10 или 203.0.113.0/24',
  apiKeyTooManyIps: 'Не больше 20 адресов в списке',
  apiKeyLimitReached: 'Активных ключей может быть не больше {max}. Отзовите ненужный ключ и создайте новый',
  apiKeyNotFound: 'Ключ не найден или уже отозван',
  apiKeyRequired: 'Передайте API-ключ в заголовке Authorization: Bearer pk_live_… или X-Api-Key',
  apiKeyInvalid: 'API-ключ недействителен или отозван',
  apiKeyPartnerInactive: 'Партнёр не активен: доступ к API приостановлен',
  apiKeyIpNotAllowed: 'Запросы с этого IP-адреса для ключа не разрешены',
  apiKeyScopeMissing: 'У ключа нет права «{scope}»',
  apiRateLimited:
    'Слишком много запросов с этим ключом: не больше {max} в минуту. Повторите через {seconds} с',
  apiIdempotencyKeyRequired: 'Передайте заголовок Idempotency-Key: до 200 печатных символов без пробелов',
  webhookUrlInvalid:
    'Адрес — полный URL с https://, например https://example.ru/webhooks (до 2000 символов, без логина и пароля)',
  webhookUrlNotHttps: 'Адрес вебхука должен начинаться с https://',
  webhookUrlPrivate:
    'Адрес ведёт во внутреннюю сеть (локальный, частный или служебный IP-адрес) — укажите публичный адрес',
  webhookUrlUnresolvable: 'Не удалось найти сервер по этому адресу — проверьте имя хоста',
  webhookDescriptionTooLong: 'Описание — до 200 символов',
  webhookEventsRequired: 'Выберите хотя бы одно событие',
  webhookEndpointsLimit: 'Можно добавить не больше {max} адресов вебхуков — удалите ненужный',
  webhookEndpointNotFound: 'Адрес вебхука не найден',
  webhookDeliveryNotFound: 'Отправка не найдена',
  webhookIntegratorOnly: 'Вебхуки доступны только партнёрам-интеграторам',
  webhookErrorTimeout: 'Нет ответа за {seconds} с',
  webhookErrorRedirect: 'Ответ {code}: перенаправления не выполняются — укажите конечный адрес',
  webhookErrorStatus: 'Ответ {code} вместо 2xx',
  webhookErrorConnection: 'Не удалось соединиться: {code}',
  webhookErrorEndpointDisabled: 'Адрес отключён — событие не отправлялось',
  webhookEndpointDisabledByFailures: 'Отключён автоматически: {count} отправок подряд не доставлены',
} as const;
