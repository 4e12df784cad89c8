import { z } from './zod.ts';
import { EmailSchema } from './common.ts';
import { MESSAGES } from './messages.ts';

// Module partners: referral partners (back office).

export const PartnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  commission: z.number(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  pointsCount: z.number().int(),
});
export type Partner = z.infer<typeof PartnerSchema>;

const partnerFields = {
  name: z.string({ message: MESSAGES.required }).trim().min(1, { message: MESSAGES.required }).max(200),
  commission: z
    .number({ message: MESSAGES.commissionInvalid })
    // numeric(5, 2): kopeck-like precision, at most 100.00.
    .multipleOf(0.01, { message: MESSAGES.commissionInvalid })
    .min(0, { message: MESSAGES.commissionInvalid })
    .max(100, { message: MESSAGES.commissionInvalid }),
  /** A PARTNER user account linked to this partner (sees its points' orders in the CRM). */
  userEmail: EmailSchema.nullable().optional(),
};
export const CreatePartnerRequestSchema = z.object(partnerFields);
export const UpdatePartnerRequestSchema = z.object({ id: z.uuid(), ...partnerFields });
export type CreatePartnerRequest = z.infer<typeof CreatePartnerRequestSchema>;
export type UpdatePartnerRequest = z.infer<typeof UpdatePartnerRequestSchema>;
