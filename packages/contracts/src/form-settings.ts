import { z } from './zod.ts';
import { DeliveryTypeSchema } from './enums.ts';
import {
  CataloguePriceSchema,
  daysField,
  idField,
  isInCalendar,
  nameField,
  optionalText,
  sortOrderField,
  typeCodeField,
} from './fields.ts';
import { MESSAGES } from './messages.ts';
import { OfficeSchema } from './offices.ts';
import { TariffRuleSchema } from './tariffs.ts';

// Module form-settings: the order form's parameters (GET /api/order/form-params) and their back office
// (/crm/form-settings: documents, assurances, deliveries, promo codes).

/** Body of every DELETE that names its target by id. */
export const DeleteByIdRequestSchema = z.object({ id: idField(MESSAGES.formSettingNotFound) });
export type DeleteByIdRequest = z.infer<typeof DeleteByIdRequestSchema>;

// ---- form settings: documents, assurances, deliveries ----

export const DocumentTypeInputSchema = z.object({
  type: typeCodeField,
  name: nameField,
  price: CataloguePriceSchema,
  processingDays: daysField.min(1, { message: MESSAGES.daysInvalid }),
  sortOrder: sortOrderField,
});
export type DocumentTypeInput = z.infer<typeof DocumentTypeInputSchema>;
export const UpdateDocumentTypeRequestSchema = DocumentTypeInputSchema.extend({
  id: idField(MESSAGES.formSettingNotFound),
});
export type UpdateDocumentTypeRequest = z.infer<typeof UpdateDocumentTypeRequestSchema>;
export const AdminDocumentTypeSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  price: z.number(),
  processingDays: z.number().int(),
  sortOrder: z.number().int(),
});
export type AdminDocumentType = z.infer<typeof AdminDocumentTypeSchema>;

export const AssuranceInputSchema = z.object({
  type: typeCodeField,
  name: nameField,
  price: CataloguePriceSchema,
  extraDays: daysField,
  sortOrder: sortOrderField,
});
export type AssuranceInput = z.infer<typeof AssuranceInputSchema>;
export const UpdateAssuranceRequestSchema = AssuranceInputSchema.extend({
  id: idField(MESSAGES.formSettingNotFound),
});
export type UpdateAssuranceRequest = z.infer<typeof UpdateAssuranceRequestSchema>;
export const AdminAssuranceSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  price: z.number(),
  extraDays: z.number().int(),
  sortOrder: z.number().int(),
});
export type AdminAssurance = z.infer<typeof AdminAssuranceSchema>;

export const DeliveryInputSchema = z.object({
  type: DeliveryTypeSchema,
  name: nameField,
  price: CataloguePriceSchema,
  description: optionalText(1000, { multiline: true }),
  sortOrder: sortOrderField,
});
export type DeliveryInput = z.infer<typeof DeliveryInputSchema>;
export const UpdateDeliveryRequestSchema = DeliveryInputSchema.extend({
  id: idField(MESSAGES.formSettingNotFound),
});
export type UpdateDeliveryRequest = z.infer<typeof UpdateDeliveryRequestSchema>;
export const AdminDeliverySchema = z.object({
  id: z.string(),
  type: DeliveryTypeSchema,
  name: z.string(),
  price: z.number(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type AdminDelivery = z.infer<typeof AdminDeliverySchema>;

// ---- promo codes ----

const promoCodeField = z
  .string({ message: MESSAGES.promoCodeFormatInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{2,50}$/, { message: MESSAGES.promoCodeFormatInvalid });
const moment = z.iso
  .datetime({ offset: true, message: MESSAGES.dateInvalid })
  .refine(isInCalendar, { message: MESSAGES.dateOutOfCalendar })
  .nullish();

export const PromoCodeInputSchema = z
  .object({
    code: promoCodeField,
    discountPercent: z
      .number({ message: MESSAGES.promoPercentInvalid })
      .int({ message: MESSAGES.promoPercentInvalid })
      .min(1, { message: MESSAGES.promoPercentInvalid })
      .max(100, { message: MESSAGES.promoPercentInvalid }),
    isActive: z.boolean().default(true),
    validFrom: moment.transform((value) => value ?? null),
    validTo: moment.transform((value) => value ?? null),
    maxUses: z
      .number({ message: MESSAGES.promoMaxUsesInvalid })
      .int({ message: MESSAGES.promoMaxUsesInvalid })
      .min(1, { message: MESSAGES.promoMaxUsesInvalid })
      .max(100_000_000, { message: MESSAGES.promoMaxUsesInvalid })
      .nullish()
      .transform((value) => value ?? null),
    description: optionalText(500, { multiline: true }),
  })
  .refine((value) => !value.validFrom || !value.validTo || value.validFrom < value.validTo, {
    message: MESSAGES.promoPeriodInvalid,
    path: ['validTo'],
  });
export type PromoCodeInput = z.infer<typeof PromoCodeInputSchema>;
export const DeletePromoCodeRequestSchema = z.object({ code: promoCodeField });

/** Whether a promo code can be used now, and why not (decision 048): the list shows it, orders follow it. */
export const PROMO_CODE_STATUSES = ['ACTIVE', 'DISABLED', 'NOT_STARTED', 'EXPIRED', 'USED_UP'] as const;
export const PromoCodeStatusSchema = z.enum(PROMO_CODE_STATUSES);
export type PromoCodeStatus = z.infer<typeof PromoCodeStatusSchema>;
export const PROMO_CODE_STATUS_LABELS: Record<PromoCodeStatus, string> = {
  ACTIVE: 'Активен',
  DISABLED: 'Выключен',
  NOT_STARTED: 'Не начался',
  EXPIRED: 'Истёк',
  USED_UP: 'Исчерпан',
};

/**
 * The one rule of a code's status at `now`: switched off, then its period (the bounds count as valid), then its
 * use limit. The order form takes a code only when it is ACTIVE (the reservation re-checks it in the database).
 */
export function promoCodeStatus(
  promo: {
    isActive: boolean;
    validFrom: Date | null;
    validTo: Date | null;
    maxUses: number | null;
    usedCount: number;
  },
  now: Date,
): PromoCodeStatus {
  if (!promo.isActive) return 'DISABLED';
  if (promo.validFrom && promo.validFrom.getTime() > now.getTime()) return 'NOT_STARTED';
  if (promo.validTo && promo.validTo.getTime() < now.getTime()) return 'EXPIRED';
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return 'USED_UP';
  return 'ACTIVE';
}

export const PromoCodeSchema = z.object({
  code: z.string(),
  discountPercent: z.number().int(),
  isActive: z.boolean(),
  /** Computed by the server at the time of the request. */
  status: PromoCodeStatusSchema,
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof PromoCodeSchema>;

// ---- the order form's parameters (GET /api/order/form-params) ----

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
