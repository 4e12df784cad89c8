import type { PartnerType, Role } from '@app/contracts';

/** The acting principal, first argument of every service call that acts on someone's behalf. */
export type UserPrincipal = {
  kind: 'user';
  userId: string;
  role: Role;
  email: string | null;
  sessionId: string;
};
export type PartnerPrincipal = {
  kind: 'partner';
  partnerAccountId: string;
  partnerType: PartnerType;
  sessionId: string;
};
export type Principal = UserPrincipal | PartnerPrincipal;
