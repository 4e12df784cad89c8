import { z } from 'zod';
import { DeliveryTypeSchema } from './enums.ts';

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

export const FormParamsResponseSchema = z.object({
  documents: z.array(DocumentTypeSchema),
  assurances: z.array(AssuranceSchema),
  deliveries: z.array(DeliverySchema),
  languages: z.array(LanguageSchema),
});
export type FormParamsResponse = z.infer<typeof FormParamsResponseSchema>;
