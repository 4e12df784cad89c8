/**
 * Messages of the partner programme (issue 18: the portal, its CRM pages, payment details, fraud monitoring). Kept
 * apart from MESSAGES so the order funnel's first load (decision 041) does not carry them: MESSAGES is one object
 * and goes whole into every page that uses one of its texts.
 */
export const PARTNER_MESSAGES = {
  widgetNameRequired: 'Укажите название виджета (до 100 символов)',
  widgetDomainInvalid: 'Домен — имя сайта без http:// и пути, например example.ru или *.example.ru',
  widgetDomainsRequired: 'Укажите хотя бы один домен, на котором будет виджет',
  widgetDomainsTooMany: 'Не больше 20 доменов',
  widgetColorInvalid: 'Цвет — в формате #RRGGBB',
  widgetSelectionInvalid: 'Выберите от 1 до 20 документов, от 1 до 99 экземпляров каждого',
  widgetNotFound: 'Виджет не найден',
  widgetTooMany: 'Не больше 20 действующих виджетов — отключите ненужный',
  widgetDomainNotAllowed: 'Виджет не разрешён на этом сайте. Добавьте домен в настройках виджета',
  partnerTypeForbidden: 'Этот раздел — для партнёров другого типа (см. тип в профиле партнёра)',
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
} as const;
