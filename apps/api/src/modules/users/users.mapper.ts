import type { UserListItem } from '@app/contracts';
import type { UserRow } from '../auth/auth.repository.ts';

export function toUserListItem(row: UserRow): UserListItem {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
  };
}
