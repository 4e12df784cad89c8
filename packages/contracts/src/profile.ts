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

export const UpdateOrganizationRequestSchema = OrganizationSchema;
export type UpdateOrganizationRequest = z.infer<typeof UpdateOrganizationRequestSchema>;

export const EmailChangeRequestSchema = z.object({ email: EmailSchema });
