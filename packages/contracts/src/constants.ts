// Plain values without zod — enumerations and limits. The browser's first load needs some of them (roles for
// the route guards, order limits on step 1) and must not pull zod in with them (decision 013): a bundle
// splits by file, so a constant next to a schema drags the schema and zod along. Schemas and types that
// use these values live in enums.ts, order.ts, ...

export const ROLES = ['USER', 'ADMIN', 'MANAGER', 'PARTNER'] as const;
/** Roles that may enter the back office (CRM context). */
export const CRM_ROLES = ['ADMIN', 'MANAGER', 'PARTNER'] as const satisfies ReadonlyArray<
  (typeof ROLES)[number]
>;
/** Roles with the full back-office view (CRM route guard). */
export const STAFF_ROLES = ['ADMIN', 'MANAGER'] as const satisfies ReadonlyArray<(typeof ROLES)[number]>;
/** Roles of the administrator-only pages and routes. */
export const ADMIN_ROLES = ['ADMIN'] as const satisfies ReadonlyArray<(typeof ROLES)[number]>;
/** The partner's own back-office role (its orders page). */
export const PARTNER_ROLES = ['PARTNER'] as const satisfies ReadonlyArray<(typeof ROLES)[number]>;
export type CrmRole = (typeof CRM_ROLES)[number];
/** How a role reads in Russian: the back office, and the mail that grants it (decision 048). */
export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  USER: 'Клиент',
  ADMIN: 'Администратор',
  MANAGER: 'Менеджер',
  PARTNER: 'Партнёр',
};
export const PARTNER_TYPES = ['AFFILIATE', 'CORPORATE_REFERRAL', 'INTEGRATOR'] as const;

export const PARTNER_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED', 'BANNED'] as const;
export const PAYER_TYPES = ['INDIVIDUAL', 'ORGANIZATION'] as const;
/** How a payer type reads in Russian: the CRM filters and the CSV export. */
export const PAYER_TYPE_LABELS = {
  INDIVIDUAL: 'Физическое лицо',
  ORGANIZATION: 'Организация',
} as const satisfies Record<(typeof PAYER_TYPES)[number], string>;

export const DELIVERY_TYPES = ['PICKUP_POINT', 'OFFICE', 'COURIER', 'ELECTRONIC'] as const;
/** How a delivery type reads in Russian, wherever the UI names one. */
export const DELIVERY_TYPE_LABELS = {
  PICKUP_POINT: 'Пункт выдачи',
  OFFICE: 'Офис',
  COURIER: 'Курьер',
  ELECTRONIC: 'Электронно',
} as const satisfies Record<(typeof DELIVERY_TYPES)[number], string>;

export const ORDER_STATUSES = [
  'NEW',
  'PAID',
  'IN_PROGRESS',
  'READY',
  'DELIVERING',
  'COMPLETED',
  'CANCELED',
] as const;

export const QUEUE_NAMES = ['order-processing', 'notification-tasks', 'sync-tasks'] as const;

/** Russian names of the queues, shown on every monitoring view. */
export const QUEUE_TITLES = {
  'order-processing': 'Обработка заказов',
  'notification-tasks': 'Уведомления',
  'sync-tasks': 'Синхронизация',
} as const satisfies Record<(typeof QUEUE_NAMES)[number], string>;

/**
 * Every background job name (`data.name` of a pg-boss job; the API's registry `apps/api/src/jobs/registry.ts` must
 * have exactly these keys, or it does not compile) and its Russian title, the one display map of every monitoring
 * view (issue 17: `send-push` and `send-staff-push` were shown raw).
 */
export const JOB_TITLES = {
  'send-email': 'Отправка письма',
  'send-push': 'Отправка push-уведомления',
  'change-status': 'Смена статуса заказа',
  'create-delivery': 'Создание курьерской доставки',
  'send-staff-push': 'Рассылка push-уведомлений сотрудникам',
  'check-new-paid-orders': 'Проверка новых оплат',
  'send-payment-reminders': 'Напоминания об оплате',
  'send-act-exchange-reminders': 'Напоминания об обмене актами',
  'sync-yandex-pickup-points': 'Синхронизация пунктов выдачи',
  'check-yandex-delivery-statuses': 'Проверка статусов доставки',
  'remove-unattached-uploads': 'Удаление файлов без заказа',
  'scan-partner-fraud': 'Проверка партнёров на фрод',
  'approve-partner-commissions': 'Подтверждение партнёрских комиссий',
  'deliver-webhook': 'Отправка вебхука партнёру',
  'purge-analytics': 'Удаление старых данных аналитики',
  'close-analytics-days': 'Подсчёт сессий и атрибуции за прошедшие дни',
  'close-lead-score-days': 'Оценка лидов за прошедшие дни',
} as const;
export const JOB_NAMES = Object.keys(JOB_TITLES) as Array<keyof typeof JOB_TITLES>;

export const CRM_ACCESS_REQUEST_STATUSES = ['PENDING', 'GRANTED', 'REFUSED'] as const;

export const ORDER_LIMITS = {
  maxDocuments: 20,
  maxQuantity: 100,
  maxFiles: 20,
  maxFileBytes: 20 * 1024 * 1024,
  maxOrderFilesBytes: 60 * 1024 * 1024,
} as const;
