import { z } from './zod.ts';
import { DeliveryTypeSchema } from './enums.ts';
import { TariffRuleSchema } from './tariffs.ts';

export const DocumentTypeSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  price: z.number(),
  /** Working days a translation of this document takes. */
  processingDays: z.number().int(),
});
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const AssuranceSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  price: z.number(),
  extraDays: z.number().int(),
});
export type Assurance = z.infer<typeof AssuranceSchema>;

export const DeliverySchema = z.object({
  id: z.string(),
  type: DeliveryTypeSchema,
  name: z.string(),
  price: z.number(),
  description: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const LanguageSchema = z.object({ code: z.string(), name: z.string() });
export type Language = z.infer<typeof LanguageSchema>;

export const OfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  schedule: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type Office = z.infer<typeof OfficeSchema>;

/** Non-working days (holidays, moved days off) and weekend days that are working, from today on. */
export const WorkCalendarSchema = z.object({
  nonWorkingDays: z.array(z.string()),
  workingWeekendDays: z.array(z.string()),
});
export type WorkCalendar = z.infer<typeof WorkCalendarSchema>;

export const FormParamsResponseSchema = z.object({
  documents: z.array(DocumentTypeSchema),
  assurances: z.array(AssuranceSchema),
  deliveries: z.array(DeliverySchema),
  languages: z.array(LanguageSchema),
  offices: z.array(OfficeSchema),
  calendar: WorkCalendarSchema,
  /** Active price rules; the form prices each document line with them exactly as the server does. */
  tariffs: z.array(TariffRuleSchema),
});
export type FormParamsResponse = z.infer<typeof FormParamsResponseSchema>;

export const PointSchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  schedule: z.string().nullable(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  partnerId: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photos: z.array(z.string()),
  isActive: z.boolean(),
  type: z.string(),
  metro: z.string().nullable(),
  metroColor: z.string().nullable(),
});
export type Point = z.infer<typeof PointSchema>;

/** POST /api/order/yandex-delivery/check-price: coordinates as [lat, lon]. */
export const CheckDeliveryPriceRequestSchema = z.object({
  from: z
    .tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)])
    .nullable()
    .optional(),
  to: z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
  officeId: z.string().uuid().nullable().optional(),
});
export type CheckDeliveryPriceRequest = z.infer<typeof CheckDeliveryPriceRequestSchema>;

export const DeliveryOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  /** Working days from dispatch to the door. */
  days: z.number().int(),
  provider: z.enum(['yandex', 'tariffs']),
});
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

export const CheckDeliveryPriceResponseSchema = z.object({ options: z.array(DeliveryOptionSchema) });
export type CheckDeliveryPriceResponse = z.infer<typeof CheckDeliveryPriceResponseSchema>;
