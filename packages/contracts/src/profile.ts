import { z } from './zod.ts';
import { EmailSchema, PhoneSchema } from './common.ts';
import { RoleSchema } from './enums.ts';
import { isValidInn, isValidKpp } from './inn.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

export const InnSchema = z
  .string({ message: MESSAGES.invalidInn })
  .trim()
  .refine(isValidInn, { message: MESSAGES.invalidInn });
export const KppSchema = z
  .string({ message: MESSAGES.invalidKpp })
  .trim()
  .toUpperCase()
  .refine(isValidKpp, { message: MESSAGES.invalidKpp });

/**
 * A 12-digit INN is a sole trader's (or a person's): they have no KPP. Shared by the organization profile and
 * the order form, so the browser and the server refuse the pair alike.
 */
export function refuseKppOfSoleTrader(
  inn: string | null | undefined,
  kpp: string | null | undefined,
  ctx: z.RefinementCtx,
  path: string,
): void {
  if (inn?.trim().length === 12 && kpp && kpp.trim() !== '') {
    ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.kppNotForSoleTrader });
  }
}

export const OrganizationSchema = z.object({
  inn: InnSchema,
  kpp: KppSchema.nullable().optional(),
  name: z.string().trim().min(1, { message: MESSAGES.required }).max(300),
  address: multiline(z.string().trim().min(1, { message: MESSAGES.required }).max(500)),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  telegramId: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  photoUrl: z.string().nullable(),
  role: RoleSchema,
  organization: OrganizationSchema.nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const UpdateProfileRequestSchema = z.object({
  firstName: z.string().trim().max(100).nullable().optional(),
  lastName: z.string().trim().max(100).nullable().optional(),
  phoneNumber: PhoneSchema.nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const UserEmailSchema = EmailSchema;

export const UpdateOrganizationRequestSchema = OrganizationSchema.superRefine((value, ctx) =>
  refuseKppOfSoleTrader(value.inn, value.kpp, ctx, 'kpp'),
);
export type UpdateOrganizationRequest = z.infer<typeof UpdateOrganizationRequestSchema>;

export const EmailChangeRequestSchema = z.object({ email: EmailSchema });
