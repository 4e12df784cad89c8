import type { Profile } from '@app/contracts';
import type { UserRow } from '../auth/auth.repository.ts';

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    phoneNumber: user.phoneNumber,
    telegramId: user.telegramId,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    photoUrl: user.photoUrl,
    role: user.role,
    organization:
      user.orgInn && user.orgName && user.orgAddress
        ? { inn: user.orgInn, kpp: user.orgKpp, name: user.orgName, address: user.orgAddress }
        : null,
  };
}
