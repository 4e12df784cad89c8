import { z } from './zod.ts';
import {
  ROLES,
  PARTNER_TYPES,
  PARTNER_STATUSES,
  PAYER_TYPES,
  DELIVERY_TYPES,
  ORDER_STATUSES,
  QUEUE_NAMES,
  JOB_TITLES,
  CRM_ACCESS_REQUEST_STATUSES,
} from './constants.ts';

export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const PartnerTypeSchema = z.enum(PARTNER_TYPES);
export type PartnerType = z.infer<typeof PartnerTypeSchema>;

export const PartnerStatusSchema = z.enum(PARTNER_STATUSES);
export type PartnerStatus = z.infer<typeof PartnerStatusSchema>;

export const PayerTypeSchema = z.enum(PAYER_TYPES);
export type PayerType = z.infer<typeof PayerTypeSchema>;

export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES);
export type DeliveryType = z.infer<typeof DeliveryTypeSchema>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export type QueueName = (typeof QUEUE_NAMES)[number];
/** A background job's name (`data.name`), one of `JOB_TITLES`. */
export type JobName = keyof typeof JOB_TITLES;

export const CrmAccessRequestStatusSchema = z.enum(CRM_ACCESS_REQUEST_STATUSES);
export type CrmAccessRequestStatus = z.infer<typeof CrmAccessRequestStatusSchema>;
