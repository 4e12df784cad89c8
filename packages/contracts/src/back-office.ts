import { z } from './zod.ts';
import { EmailSchema, listResponse, PhoneSchema } from './common.ts';
import { DeliveryTypeSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

// ---- shared pieces ----

const idField = (message: string) => z.uuid({ message });
const nameField = z
  .string({ message: MESSAGES.itemNameRequired })
  .trim()
  .min(1, { message: MESSAGES.itemNameRequired })
  .max(200, { message: MESSAGES.itemNameRequired });
const typeCodeField = z
  .string({ message: MESSAGES.itemTypeInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,50}$/, { message: MESSAGES.itemTypeInvalid });
/** Catalogue prices: rubles with kopecks, 0 to 1 000 000. */
export const CataloguePriceSchema = z
  .number({ message: MESSAGES.priceInvalid })
  .multipleOf(0.01, { message: MESSAGES.priceInvalid })
  .min(0, { message: MESSAGES.priceInvalid })
  .max(1_000_000, { message: MESSAGES.priceInvalid });
const daysField = z
  .number({ message: MESSAGES.daysInvalid })
  .int({ message: MESSAGES.daysInvalid })
  .min(0, { message: MESSAGES.daysInvalid })
  .max(365, { message: MESSAGES.daysInvalid });
const sortOrderField = z
  .number({ message: MESSAGES.sortOrderInvalid })
  .int({ message: MESSAGES.sortOrderInvalid })
  .min(0, { message: MESSAGES.sortOrderInvalid })
  .max(10_000, { message: MESSAGES.sortOrderInvalid })
  .default(0);
const optionalText = (max: number, options: { multiline?: boolean } = {}) => {
  const text = z.string().trim().max(max);
  return (options.multiline ? multiline(text) : text).nullish().transform((value) => (value ? value : null));
};

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
const moment = z.iso.datetime({ offset: true, message: MESSAGES.dateInvalid }).nullish();

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
export const PromoCodeSchema = z.object({
  code: z.string(),
  discountPercent: z.number().int(),
  isActive: z.boolean(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof PromoCodeSchema>;

// ---- offices ----

export const OfficeInputSchema = z.object({
  name: nameField,
  address: z
    .string({ message: MESSAGES.officeAddressRequired })
    .trim()
    .min(1, { message: MESSAGES.officeAddressRequired })
    .max(500, { message: MESSAGES.officeAddressRequired }),
  phone: PhoneSchema.nullish().transform((value) => value ?? null),
  email: EmailSchema.nullish().transform((value) => value ?? null),
  schedule: optionalText(500, { multiline: true }),
  lat: z
    .number({ message: MESSAGES.latitudeInvalid })
    .min(-90, { message: MESSAGES.latitudeInvalid })
    .max(90, { message: MESSAGES.latitudeInvalid })
    .nullish()
    .transform((value) => value ?? null),
  lon: z
    .number({ message: MESSAGES.longitudeInvalid })
    .min(-180, { message: MESSAGES.longitudeInvalid })
    .max(180, { message: MESSAGES.longitudeInvalid })
    .nullish()
    .transform((value) => value ?? null),
  isActive: z.boolean().default(true),
});
export type OfficeInput = z.infer<typeof OfficeInputSchema>;
export const UpdateOfficeRequestSchema = OfficeInputSchema.extend({ id: idField(MESSAGES.officeNotFound) });
export type UpdateOfficeRequest = z.infer<typeof UpdateOfficeRequestSchema>;
export const DeleteOfficeRequestSchema = z.object({ id: idField(MESSAGES.officeNotFound) });
export const AdminOfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  schedule: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  isActive: z.boolean(),
});
export type AdminOffice = z.infer<typeof AdminOfficeSchema>;
/** `deactivated`: orders point at the office, so its row stays (inactive) instead of being removed. */
export const DeleteOfficeResponseSchema = z.object({
  id: z.string(),
  result: z.enum(['deleted', 'deactivated']),
});
export type DeleteOfficeResponse = z.infer<typeof DeleteOfficeResponseSchema>;

// ---- holidays (work calendar) ----

/** A missing or empty date is asked for ('Укажите дату'); anything else that is not YYYY-MM-DD is a wrong format. */
const isoDateField = z.iso.date({
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? MESSAGES.dateRequired : MESSAGES.dateInvalid,
});

export const HolidayListQuerySchema = z.object({
  year: z.coerce
    .number({ message: MESSAGES.yearInvalid })
    .int({ message: MESSAGES.yearInvalid })
    .min(2000, { message: MESSAGES.yearInvalid })
    .max(2100, { message: MESSAGES.yearInvalid })
    .optional(),
});
export type HolidayListQuery = z.infer<typeof HolidayListQuerySchema>;
export const HolidaySchema = z.object({
  date: isoDateField,
  name: nameField,
  /** A weekend made working (перенос); otherwise the date is a day off. */
  isWorkingDay: z.boolean().default(false),
});
export type Holiday = z.infer<typeof HolidaySchema>;
export const HolidayDateParamsSchema = z.object({ date: isoDateField });

// ---- unit economics ----

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The widest period one request may cover (the year-long report of the spec fits with room). */
export const UNIT_ECONOMICS_MAX_DAYS = 3 * 366;

export const UnitEconomicsQuerySchema = z
  .object({
    startDate: isoDateField,
    endDate: isoDateField,
    includeInProgress: booleanQuery.default(false),
  })
  .refine((value) => value.startDate <= value.endDate, {
    message: MESSAGES.periodInvalid,
    path: ['endDate'],
  })
  .refine(
    (value) =>
      (Date.parse(value.endDate) - Date.parse(value.startDate)) / 86_400_000 < UNIT_ECONOMICS_MAX_DAYS,
    { message: MESSAGES.periodTooLong, path: ['endDate'] },
  );
export type UnitEconomicsQuery = z.infer<typeof UnitEconomicsQuerySchema>;

const moneyTotal = z.number();

export const UnitEconomicsResponseSchema = z.object({
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  includeInProgress: z.boolean(),
  orders: z.number().int(),
  revenue: moneyTotal,
  averageCheck: moneyTotal,
  costs: moneyTotal,
  /** The parts of `costs`; they add up to it exactly (kopecks). */
  costBreakdown: z.object({
    otherDocuments: moneyTotal,
    translators: moneyTotal,
    delivery: moneyTotal,
    partnerCommission: moneyTotal,
    paymentFees: moneyTotal,
  }),
  /** Revenue minus costs (the margin in rubles). */
  grossProfit: moneyTotal,
  marginPercent: z.number(),
  /** The rates the costs were computed with. */
  rates: z.object({ translatorCostPercent: z.number(), paymentFeePercent: z.number() }),
  /** Every day of the period, empty days as zeros; the rows add up to the totals. */
  byDay: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      revenue: moneyTotal,
      costs: moneyTotal,
      grossProfit: moneyTotal,
    }),
  ),
  /** Document lines by document type: list-price revenue and the translators' share (direct costs only). */
  byDocument: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      orders: z.number().int(),
      quantity: z.number().int(),
      revenue: moneyTotal,
      costs: moneyTotal,
      grossProfit: moneyTotal,
      marginPercent: z.number(),
    }),
  ),
  /** The counting rules in words, shown under the report. */
  assumptions: z.array(z.string()),
});
export type UnitEconomicsResponse = z.infer<typeof UnitEconomicsResponseSchema>;

// ---- staff push ----

export const PUSH_AUDIENCES = ['customers', 'staff', 'user'] as const;
export const PushAudienceSchema = z.enum(PUSH_AUDIENCES, { message: MESSAGES.pushAudienceInvalid });
export type PushAudience = z.infer<typeof PushAudienceSchema>;

/** A path inside the site (`/order?promo=X`; never `//host`) or an https address. */
export function isPushLink(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (!/^https:\/\/\S+$/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const StaffPushRequestSchema = z
  .object({
    audience: PushAudienceSchema,
    userId: z.uuid({ message: MESSAGES.pushRecipientNotFound }).optional(),
    title: z
      .string({ message: MESSAGES.pushTitleInvalid })
      .trim()
      .min(1, { message: MESSAGES.pushTitleInvalid })
      .max(100, { message: MESSAGES.pushTitleInvalid }),
    body: multiline(
      z
        .string({ message: MESSAGES.pushBodyInvalid })
        .trim()
        .min(1, { message: MESSAGES.pushBodyInvalid })
        .max(500, { message: MESSAGES.pushBodyInvalid }),
    ),
    /** Where a click on the push leads; empty means the audience's default page. */
    url: z
      .string({ message: MESSAGES.pushUrlInvalid })
      .trim()
      .max(500, { message: MESSAGES.pushUrlInvalid })
      .refine((value) => value === '' || isPushLink(value), { message: MESSAGES.pushUrlInvalid })
      .transform((value) => value || undefined)
      .optional(),
  })
  .refine((value) => value.audience !== 'user' || value.userId !== undefined, {
    message: MESSAGES.pushUserRequired,
    path: ['userId'],
  });
export type StaffPushRequest = z.infer<typeof StaffPushRequestSchema>;
export type StaffPushForm = z.input<typeof StaffPushRequestSchema>;

export const PUSH_CAMPAIGN_STATUSES = ['sending', 'done', 'failed'] as const;
export type PushCampaignStatus = (typeof PUSH_CAMPAIGN_STATUSES)[number];

/** One message sent from /crm/push-notifications and what became of it. */
export const PushCampaignSchema = z.object({
  id: z.string(),
  audience: PushAudienceSchema,
  /** The recipient of a message to one user. */
  user: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  /** `sending` until the notification-tasks job has contacted every subscribed browser. */
  status: z.enum(PUSH_CAMPAIGN_STATUSES),
  /** People who got the in-app message. */
  recipients: z.number().int(),
  /** Browser subscriptions: accepted by the push service, refused, and expired (removed). */
  delivered: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
  error: z.string().nullable(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PushCampaign = z.infer<typeof PushCampaignSchema>;
export const PushCampaignListResponseSchema = listResponse(PushCampaignSchema);
export type PushCampaignListResponse = z.infer<typeof PushCampaignListResponseSchema>;
export const PushCampaignParamsSchema = z.object({
  id: z.uuid({ message: MESSAGES.pushCampaignNotFound }),
});

/** The recipient picker of a message to one user (ADMIN only: it is the user directory; decision 021). */
export const PushRecipientQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const PushRecipientSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  /** How many browsers of this user can receive a push. */
  subscriptions: z.number().int(),
});
export type PushRecipient = z.infer<typeof PushRecipientSchema>;
export const PushRecipientListResponseSchema = listResponse(PushRecipientSchema);
export type PushRecipientListResponse = z.infer<typeof PushRecipientListResponseSchema>;
