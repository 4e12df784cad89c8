import { z } from './zod.ts';
import { EmailSchema } from './common.ts';
import { PartnerStatusSchema, PartnerTypeSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';

export const PartnerLoginRequestSchema = z.object({
  email: EmailSchema,
  password: z.string({ message: MESSAGES.required }).min(1, { message: MESSAGES.required }).max(200),
});
export type PartnerLoginRequest = z.infer<typeof PartnerLoginRequestSchema>;

export const PartnerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  type: PartnerTypeSchema,
  status: PartnerStatusSchema,
  commission: z.number(),
});
export type PartnerProfile = z.infer<typeof PartnerProfileSchema>;

export const PartnerAuthResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  partner: PartnerProfileSchema,
});
export type PartnerAuthResponse = z.infer<typeof PartnerAuthResponseSchema>;

export const PartnerProfileResponseSchema = z.object({
  success: z.literal(true),
  data: PartnerProfileSchema,
});
export type PartnerProfileResponse = z.infer<typeof PartnerProfileResponseSchema>;
