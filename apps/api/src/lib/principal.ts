import type { ApiKeyScope, PartnerType, Role } from '@app/contracts';

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
  /** The partner's type: some portal pages are one type's (integrators' API keys, decision 070). */
  partnerType: PartnerType;
  sessionId: string;
};
/** An integrator's API key calling the partner API (/api/v1/partner/…, decision 070): never a session. */
export type ApiKeyPrincipal = {
  kind: 'apiKey';
  partnerAccountId: string;
  keyId: string;
  scopes: readonly ApiKeyScope[];
};
export type Principal = UserPrincipal | PartnerPrincipal | ApiKeyPrincipal;
