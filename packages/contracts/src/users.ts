import { z } from './zod.ts';
import { RoleSchema } from './enums.ts';

// Module users: the user directory and roles (ADMIN).

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
