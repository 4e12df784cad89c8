import type { PartnerType, Role } from '@app/contracts';

/** The acting principal, first argument of every service call that acts on someone's behalf. */
export type UserPrincipal = {
  kind: 'user';
  userId: string;
  role: Role;
  email: string | null;
  sessionId: string;
};
/** A partner-portal session; `partnerType` is read with the session, so a route can be for one type only. */
export type PartnerPrincipal = {
  kind: 'partner';
  partnerAccountId: string;
  partnerType: PartnerType;
  sessionId: string;
};
export type Principal = UserPrincipal | PartnerPrincipal;
