import { z } from './zod.ts';
import { EmailSchema } from './common.ts';
import { RoleSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

export const UserListQuerySchema = z.object({
  role: RoleSchema.optional(),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** Spec 3 "User profile (list)" plus what an operator needs to tell people apart. */
export const UserListItemSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const ChangeRoleRequestSchema = z.object({ role: RoleSchema });

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

const coordinate = (min: number, max: number, message: string) =>
  z.number({ message: MESSAGES.coordinatesInvalid }).min(min, { message }).max(max, { message });
const pointFields = {
  code: z.string().trim().max(50).nullable().optional(),
  name: z.string({ message: MESSAGES.required }).trim().min(1, { message: MESSAGES.required }).max(200),
  schedule: z.string().trim().max(300).nullable().optional(),
  address: z.string({ message: MESSAGES.required }).trim().min(1, { message: MESSAGES.required }).max(500),
  lat: coordinate(-90, 90, MESSAGES.latitudeInvalid),
  lon: coordinate(-180, 180, MESSAGES.longitudeInvalid),
  partnerId: z.uuid().nullable().optional(),
  description: multiline(z.string().trim().max(2000)).nullable().optional(),
  email: EmailSchema.nullable().optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  isActive: z.boolean().optional(),
  type: z.string().trim().max(50).optional(),
  metro: z.string().trim().max(100).nullable().optional(),
  metroColor: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, { message: MESSAGES.colorInvalid })
    .nullable()
    .optional(),
};
export const CreatePointRequestSchema = z.object(pointFields);
export const UpdatePointRequestSchema = z.object({ id: z.uuid(), ...pointFields });
export const PointStatusRequestSchema = z.object({ id: z.uuid(), isActive: z.boolean() });
export type CreatePointRequest = z.infer<typeof CreatePointRequestSchema>;
export type UpdatePointRequest = z.infer<typeof UpdatePointRequestSchema>;
export type PointStatusRequest = z.infer<typeof PointStatusRequestSchema>;
