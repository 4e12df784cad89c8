import { z } from './zod.ts';
import { EmailSchema, PhoneSchema } from './common.ts';
import { idField, nameField, optionalText } from './fields.ts';
import { MESSAGES } from './messages.ts';

// Module offices: our offices (pickup at an office), public and back office.

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
