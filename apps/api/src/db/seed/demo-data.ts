/** Demo catalogue: realistic Moscow prices and places. Credentials are fixed by the contract decisions. */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@demo.local',
    password: 'admin-demo-pass',
    role: 'ADMIN',
    firstName: 'Анна',
    lastName: 'Админова',
  },
  manager: {
    email: 'manager@demo.local',
    password: 'manager-demo-pass',
    role: 'MANAGER',
    firstName: 'Михаил',
    lastName: 'Менеджеров',
  },
  partner: {
    email: 'partner@demo.local',
    password: 'partner-demo-pass',
    role: 'PARTNER',
    firstName: 'Павел',
    lastName: 'Партнёров',
  },
  customer: {
    email: 'customer@demo.local',
    role: 'USER',
    firstName: 'Ксения',
    lastName: 'Клиентова',
    phoneNumber: '+79161234567',
  },
  affiliate: { email: 'affiliate@demo.local', password: 'affiliate-demo-pass' },
  /** A corporate referral partner with confirmed payment details: payout runs pay them out of the box. */
  payee: { email: 'payee@demo.local', password: 'payee-demo-pass' },
  /** An INTEGRATOR partner (issue 20): API keys, webhooks, the widget. */
  integrator: { email: 'integrator@demo.local', password: 'integrator-demo-pass' },
} as const;

export const DEMO_DOCUMENTS = [
  { type: 'passport', name: 'Паспорт', price: 1500, processingDays: 1 },
  { type: 'diploma', name: 'Диплом', price: 2500, processingDays: 2 },
  { type: 'diploma_supplement', name: 'Приложение к диплому', price: 3200, processingDays: 3 },
  { type: 'birth_certificate', name: 'Свидетельство о рождении', price: 1200, processingDays: 1 },
  { type: 'marriage_certificate', name: 'Свидетельство о браке', price: 1200, processingDays: 1 },
  { type: 'driver_license', name: 'Водительское удостоверение', price: 1300, processingDays: 1 },
  { type: 'criminal_record', name: 'Справка о несудимости', price: 1400, processingDays: 1 },
  { type: 'bank_statement', name: 'Банковская выписка', price: 1800, processingDays: 2 },
  // Priced per page (PER_PAGE_DOCUMENT_TYPE, decision 039): the instant quote from files sets its quantity.
  { type: 'free_form', name: 'Документ свободной формы, за страницу', price: 900, processingDays: 2 },
];

export const DEMO_ASSURANCES = [
  { type: 'notarization', name: 'Нотариальное заверение', price: 1200, extraDays: 1 },
  { type: 'translator_certification', name: 'Заверение печатью бюро переводов', price: 500, extraDays: 0 },
  { type: 'apostille', name: 'Апостиль', price: 3500, extraDays: 5 },
];

export const DEMO_DELIVERIES = [
  {
    type: 'PICKUP_POINT',
    name: 'Пункт выдачи',
    price: 0,
    description: 'Заберите готовый перевод в удобном пункте выдачи',
  },
  { type: 'OFFICE', name: 'Самовывоз из офиса', price: 0, description: 'Офис бюро переводов, без доплаты' },
  { type: 'COURIER', name: 'Курьер по Москве', price: 500, description: 'Доставка курьером до двери' },
  { type: 'ELECTRONIC', name: 'Электронная копия', price: 0, description: 'Скан перевода на e-mail' },
] as const;

export const DEMO_LANGUAGES = [
  ['ru', 'Русский'],
  ['en', 'Английский'],
  ['de', 'Немецкий'],
  ['fr', 'Французский'],
  ['es', 'Испанский'],
  ['it', 'Итальянский'],
  ['zh', 'Китайский'],
  ['uk', 'Украинский'],
  ['kk', 'Казахский'],
  ['uz', 'Узбекский'],
  ['tr', 'Турецкий'],
  ['ar', 'Арабский'],
] as const;

export const DEMO_OFFICES = [
  {
    name: 'Офис на Тверской',
    address: 'Москва, ул. Тверская, д. 12, стр. 1, офис 305',
    phone: '+74951234501',
    email: 'tverskaya@perevod.local',
    schedule: 'Пн–Пт 9:00–20:00, Сб 10:00–16:00',
    lat: 55.7627,
    lon: 37.6075,
  },
  {
    name: 'Офис у Курского вокзала',
    address: 'Москва, ул. Земляной Вал, д. 33, офис 12',
    phone: '+74951234502',
    email: 'kurskaya@perevod.local',
    schedule: 'Пн–Пт 9:00–19:00',
    lat: 55.7566,
    lon: 37.6594,
  },
];

export const DEMO_POINTS = [
  {
    code: 'MSK-001',
    name: 'ПВЗ «Белорусская»',
    address: 'Москва, ул. Лесная, д. 5',
    schedule: 'Ежедневно 10:00–21:00',
    lat: 55.7767,
    lon: 37.5846,
    metro: 'Белорусская',
    metroColor: '#4FB04F',
    phone: '+74951110001',
  },
  {
    code: 'MSK-002',
    name: 'ПВЗ «Таганская»',
    address: 'Москва, ул. Марксистская, д. 3, стр. 1',
    schedule: 'Пн–Сб 10:00–20:00',
    lat: 55.7409,
    lon: 37.6566,
    metro: 'Таганская',
    metroColor: '#943E90',
    phone: '+74951110002',
  },
  {
    code: 'MSK-003',
    name: 'ПВЗ «Проспект Мира»',
    address: 'Москва, проспект Мира, д. 40',
    schedule: 'Ежедневно 9:00–21:00',
    lat: 55.7797,
    lon: 37.6334,
    metro: 'Проспект Мира',
    metroColor: '#F07E24',
    phone: '+74951110003',
  },
  {
    code: 'MSK-004',
    name: 'ПВЗ «Университет»',
    address: 'Москва, Ломоносовский проспект, д. 23',
    schedule: 'Пн–Пт 11:00–20:00',
    lat: 55.6927,
    lon: 37.5349,
    metro: 'Университет',
    metroColor: '#EF161E',
    phone: '+74951110004',
  },
];

/** Non-working days (production calendar of the Russian Federation); staff edit them at /crm/holidays. */
export const DEMO_HOLIDAYS: Array<[string, string]> = [
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((day): [string, string] => [
    `2026-01-${day}`,
    'Новогодние каникулы',
  ]),
  ['2026-02-23', 'День защитника Отечества'],
  ['2026-03-09', 'Международный женский день (перенос)'],
  ['2026-05-01', 'Праздник Весны и Труда'],
  ['2026-05-11', 'День Победы (перенос)'],
  ['2026-06-12', 'День России'],
  ['2026-11-04', 'День народного единства'],
  ['2026-12-31', 'Новогодние каникулы (перенос)'],
  ...['01', '02', '03', '04', '05', '06', '07', '08'].map((day): [string, string] => [
    `2027-01-${day}`,
    'Новогодние каникулы',
  ]),
  ['2027-02-23', 'День защитника Отечества'],
  ['2027-03-08', 'Международный женский день'],
  ['2027-05-03', 'Праздник Весны и Труда (перенос)'],
  ['2027-05-10', 'День Победы (перенос)'],
  ['2027-06-14', 'День России (перенос)'],
  ['2027-11-04', 'День народного единства'],
];

export const DEMO_PROMO_CODES = [
  { code: 'WELCOME10', discountPercent: 10, description: 'Скидка 10% на первый заказ' },
  { code: 'STUDENT15', discountPercent: 15, description: 'Скидка 15% для студентов' },
  {
    code: 'SUMMER2025',
    discountPercent: 20,
    description: 'Летняя акция 2025 (завершена)',
    validTo: new Date('2025-09-01T00:00:00+03:00'),
  },
];

/**
 * Demo price rules (/crm/tariffs) on pairs the demo orders and tests do not use: a rare language, an Asian pair
 * that takes longer, and a more specific rule for diplomas on that pair (it wins over the pair rule).
 */
export const DEMO_TARIFFS: Array<{
  name: string;
  originalLanguage?: string;
  targetLanguage?: string;
  /** Document type code (`document_types.type`); absent: any document. */
  documentType?: string;
  pricePercent: number;
  surcharge?: number;
  extraDays: number;
  sortOrder: number;
}> = [
  { name: 'Перевод на арабский', targetLanguage: 'ar', pricePercent: 150, extraDays: 1, sortOrder: 10 },
  {
    name: 'Русский → китайский',
    originalLanguage: 'ru',
    targetLanguage: 'zh',
    pricePercent: 140,
    extraDays: 2,
    sortOrder: 20,
  },
  {
    name: 'Диплом на китайский: сверка терминологии',
    originalLanguage: 'ru',
    targetLanguage: 'zh',
    documentType: 'diploma',
    pricePercent: 160,
    surcharge: 300,
    extraDays: 3,
    sortOrder: 30,
  },
];
