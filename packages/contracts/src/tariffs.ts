import { z } from './zod.ts';
import { MESSAGES } from './messages.ts';

/** Bounds of a price rule (/crm/tariffs); the catalogue stays small enough to ship whole to the order form. */
export const TARIFF_LIMITS = {
  minPercent: 1,
  maxPercent: 1000,
  maxSurcharge: 100_000,
  maxExtraDays: 60,
  maxTariffs: 200,
} as const;

const languageField = z
  .string({ message: MESSAGES.unknownLanguage })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, { message: MESSAGES.unknownLanguage })
  .nullish()
  .transform((value) => value ?? null);

/**
 * Create and update body of a tariff. Null criteria match any language or document; the service also checks
 * that the languages are in the language list and the document type exists.
 */
export const TariffInputSchema = z
  .object({
    name: z
      .string({ message: MESSAGES.itemNameRequired })
      .trim()
      .min(1, { message: MESSAGES.itemNameRequired })
      .max(200, { message: MESSAGES.itemNameRequired }),
    originalLanguage: languageField,
    targetLanguage: languageField,
    documentTypeId: z
      .uuid({ message: MESSAGES.unknownDocument })
      .nullish()
      .transform((value) => value ?? null),
    pricePercent: z
      .number({ message: MESSAGES.tariffPercentInvalid })
      .int({ message: MESSAGES.tariffPercentInvalid })
      .min(TARIFF_LIMITS.minPercent, { message: MESSAGES.tariffPercentInvalid })
      .max(TARIFF_LIMITS.maxPercent, { message: MESSAGES.tariffPercentInvalid }),
    surcharge: z
      .number({ message: MESSAGES.tariffSurchargeInvalid })
      .multipleOf(0.01, { message: MESSAGES.tariffSurchargeInvalid })
      .min(0, { message: MESSAGES.tariffSurchargeInvalid })
      .max(TARIFF_LIMITS.maxSurcharge, { message: MESSAGES.tariffSurchargeInvalid })
      .default(0),
    extraDays: z
      .number({ message: MESSAGES.tariffExtraDaysInvalid })
      .int({ message: MESSAGES.tariffExtraDaysInvalid })
      .min(0, { message: MESSAGES.tariffExtraDaysInvalid })
      .max(TARIFF_LIMITS.maxExtraDays, { message: MESSAGES.tariffExtraDaysInvalid })
      .default(0),
    isActive: z.boolean({ message: MESSAGES.required }).default(true),
    sortOrder: z
      .number({ message: MESSAGES.sortOrderInvalid })
      .int({ message: MESSAGES.sortOrderInvalid })
      .min(0, { message: MESSAGES.sortOrderInvalid })
      .max(10_000, { message: MESSAGES.sortOrderInvalid })
      .default(0),
  })
  .refine(
    (value) =>
      value.originalLanguage === null ||
      value.targetLanguage === null ||
      value.originalLanguage !== value.targetLanguage,
    { message: MESSAGES.sameLanguages, path: ['targetLanguage'] },
  );
export type TariffInput = z.infer<typeof TariffInputSchema>;
export type TariffInputRequest = z.input<typeof TariffInputSchema>;

/**
 * What the price engine (`pricing/`: `findTariff`, `applyTariff`) needs of a tariff; the order form receives the
 * active ones with its parameters.
 */
export const TariffRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  originalLanguage: z.string().nullable(),
  targetLanguage: z.string().nullable(),
  documentTypeId: z.string().nullable(),
  pricePercent: z.number().int(),
  surcharge: z.number(),
  extraDays: z.number().int(),
  sortOrder: z.number().int(),
});
export type TariffRule = z.infer<typeof TariffRuleSchema>;

/** A tariff as the back office sees it (GET /api/tariffs, /api/tariffs/:id). */
export const TariffSchema = TariffRuleSchema.extend({
  isActive: z.boolean(),
  /** Name of the document type the rule is limited to (null: any document). */
  documentTypeName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffListResponseSchema = z.object({
  items: z.array(TariffSchema),
  total: z.number().int(),
});
export type TariffListResponse = z.infer<typeof TariffListResponseSchema>;
