import { z } from 'zod';

export const ROLES = ['USER', 'ADMIN', 'MANAGER', 'PARTNER'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles that may enter the back office (CRM context). */
export const CRM_ROLES = ['ADMIN', 'MANAGER', 'PARTNER'] as const satisfies readonly Role[];
/** Roles with the full back-office view (CRM route guard). */
export const STAFF_ROLES = ['ADMIN', 'MANAGER'] as const satisfies readonly Role[];

export const PARTNER_TYPES = ['AFFILIATE', 'CORPORATE_REFERRAL', 'INTEGRATOR'] as const;
export const PartnerTypeSchema = z.enum(PARTNER_TYPES);
export type PartnerType = z.infer<typeof PartnerTypeSchema>;

export const PARTNER_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED', 'BLOCKED'] as const;
export const PartnerStatusSchema = z.enum(PARTNER_STATUSES);
export type PartnerStatus = z.infer<typeof PartnerStatusSchema>;

export const PAYER_TYPES = ['INDIVIDUAL', 'ORGANIZATION'] as const;
export const PayerTypeSchema = z.enum(PAYER_TYPES);
export type PayerType = z.infer<typeof PayerTypeSchema>;

export const DELIVERY_TYPES = ['PICKUP_POINT', 'OFFICE', 'COURIER', 'ELECTRONIC'] as const;
export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES);
export type DeliveryType = z.infer<typeof DeliveryTypeSchema>;

export const ORDER_STATUSES = [
  'NEW',
  'PAID',
  'IN_PROGRESS',
  'READY',
  'DELIVERING',
  'COMPLETED',
  'CANCELED',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const QUEUE_NAMES = ['order-processing', 'notification-tasks', 'sync-tasks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const JOB_NAMES = ['change-status', 'send-email', 'create-delivery'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const CRON_JOB_NAMES = [
  'check-new-paid-orders',
  'send-payment-reminders',
  'send-act-exchange-reminders',
  'sync-yandex-pickup-points',
  'check-yandex-delivery-statuses',
] as const;
export type CronJobName = (typeof CRON_JOB_NAMES)[number];

export const CRM_ACCESS_REQUEST_STATUSES = ['PENDING', 'GRANTED', 'REFUSED'] as const;
export const CrmAccessRequestStatusSchema = z.enum(CRM_ACCESS_REQUEST_STATUSES);
export type CrmAccessRequestStatus = z.infer<typeof CrmAccessRequestStatusSchema>;
