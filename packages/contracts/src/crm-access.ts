import { z } from './zod.ts';
import { CRM_ACCESS_REQUEST_STATUSES, CRM_ROLES } from './constants.ts';
import { CrmAccessRequestStatusSchema, RoleSchema } from './enums.ts';
import { multiline } from './text.ts';

// Module crm-access: requests for back-office access and their decisions.

/** The same list as CRM_ACCESS_REQUEST_STATUSES (constants.ts), kept under its old name. */
export const CRM_ACCESS_REQUEST_STATUS_VALUES = CRM_ACCESS_REQUEST_STATUSES;

export const CrmAccessRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  comment: z.string().nullable(),
  status: CrmAccessRequestStatusSchema,
  grantedRole: RoleSchema.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CrmAccessRequest = z.infer<typeof CrmAccessRequestSchema>;

export const CreateCrmAccessRequestSchema = z.object({
  comment: multiline(z.string().trim().max(1000)).optional(),
});
export type CreateCrmAccessRequest = z.infer<typeof CreateCrmAccessRequestSchema>;

export const GrantCrmAccessRequestSchema = z.object({
  role: z.enum(CRM_ROLES),
});
export type GrantCrmAccessRequest = z.infer<typeof GrantCrmAccessRequestSchema>;

/** Refusing a request: the reason, when given, goes to the person in the refusal e-mail (decision 048). */
export const RefuseCrmAccessRequestSchema = z.object({
  reason: multiline(z.string().trim().max(1000)).optional(),
});
export type RefuseCrmAccessRequest = z.infer<typeof RefuseCrmAccessRequestSchema>;
