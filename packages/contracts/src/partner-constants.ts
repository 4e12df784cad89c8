import type { PARTNER_STATUSES, PARTNER_TYPES } from './constants.ts';

// The partner programme's enumerations and labels (issue 18, decision 059), apart from constants.ts: that module
// is in the order funnel's first load (decision 041) and goes into it whole.

/**
 * How a partner-portal type and status read in Russian (the application form, CRM lists, analytics, exports, the
 * profile card).
 */
export const PARTNER_TYPE_LABELS = {
  AFFILIATE: 'Аффилиат',
  CORPORATE_REFERRAL: 'Корпоративные рекомендации',
  INTEGRATOR: 'Интегратор',
} as const satisfies Record<(typeof PARTNER_TYPES)[number], string>;
export const PARTNER_STATUS_LABELS = {
  ACTIVE: 'Активен',
  PENDING: 'Ожидает',
  SUSPENDED: 'Приостановлен',
  BANNED: 'Заблокирован',
} as const satisfies Record<(typeof PARTNER_STATUSES)[number], string>;
export const PARTNER_APPLICATION_STATUS_LABELS = {
  PENDING: 'На рассмотрении',
  APPROVED: 'Одобрена',
  REFUSED: 'Отклонена',
} as const;

/** Partner programme (issue 18, decision 059). */
export const PARTNER_APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REFUSED'] as const;
export const COMMISSION_KINDS = ['ORDER', 'ADJUSTMENT', 'CLAWBACK'] as const;
export const COMMISSION_STATUSES = ['PENDING', 'APPROVED', 'PAID', 'REVERSED'] as const;
export const PAYOUT_STATUSES = ['DRAFT', 'PAID', 'CANCELLED'] as const;
export const PAYEE_TYPES = ['INDIVIDUAL', 'SELF_EMPLOYED', 'SOLE_TRADER', 'COMPANY'] as const;
/** COUPON: a corporate referrer's single-use coupon; API: created through the partner API with an integrator's key;
 * WIDGET: handed over to the order form by an integrator's embedded widget (issue 20). */
export const ATTRIBUTION_SOURCES = ['PROMO_CODE', 'LINK', 'PARTNER_ID', 'COUPON', 'API', 'WIDGET'] as const;
/** Corporate coupon batches (issue 20): requested by the partner, approved by the programme's limits or staff. */
export const COUPON_BATCH_STATUSES = ['PENDING', 'APPROVED', 'REFUSED'] as const;
/** What a partner API key may do (issue 20). */
export const API_KEY_SCOPES = ['quote', 'orders:create', 'orders:read'] as const;
/** Events an integrator's webhook endpoint can subscribe to (issue 20). */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'commission.created',
  'commission.paid',
] as const;
export const WEBHOOK_ENDPOINT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export const FRAUD_RULES = [
  'SELF_REFERRAL',
  'OWN_SIGN_IN',
  'DISPOSABLE_EMAIL',
  'CLICK_SPIKE',
  'MANY_CANCELLATIONS',
  'SHARED_CUSTOMER',
] as const;
export const FRAUD_EVENT_STATUSES = ['OPEN', 'RELEASED', 'REVERSED', 'BANNED'] as const;

/**
 * The partner types of the corporate referrer's and the integrator's portal pages and API routes (decisions 069,
 * 072); the referral pages (links, promo codes) and the money pages open to every type. The API's access
 * declarations and the portal's menu and guard read these same lists.
 */
export const CORPORATE_PORTAL_TYPES = ['CORPORATE_REFERRAL'] as const satisfies ReadonlyArray<
  (typeof PARTNER_TYPES)[number]
>;
export const INTEGRATOR_PORTAL_TYPES = ['INTEGRATOR'] as const satisfies ReadonlyArray<
  (typeof PARTNER_TYPES)[number]
>;
