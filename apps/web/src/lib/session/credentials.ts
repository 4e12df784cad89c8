import { CRM_ROLES, PARTNER_STATUSES, PARTNER_TYPES, type PartnerProfile, type Role } from '@app/contracts';
import type { Area } from '@/lib/area';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage, type StorageKey } from '@/lib/storage';
import { normalizeToken } from './token';

/**
 * One token per area in local storage (spec 3, 6). The legacy `token` key is read as a fallback for the
 * cabinet and removed with it; new sign-ins never write it.
 */
const TOKEN_KEY_BY_AREA: Record<Area, StorageKey> = {
  cabinet: STORAGE_KEYS.cabinetToken,
  crm: STORAGE_KEYS.crmToken,
  partner: STORAGE_KEYS.partnerToken,
};

type CredentialsListener = (area: Area) => void;
const listeners = new Set<CredentialsListener>();

/** Called whenever an area's credentials are written or cleared (the session store follows them). */
export function subscribeToCredentials(listener: CredentialsListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(area: Area): void {
  for (const listener of listeners) listener(area);
}

export function getToken(area: Area): string | null {
  const stored = readStorage(TOKEN_KEY_BY_AREA[area]);
  const raw = stored ?? (area === 'cabinet' ? readStorage(STORAGE_KEYS.token) : null);
  const token = normalizeToken(raw);
  if (raw !== null && token !== raw && stored !== null) {
    if (token) writeStorage(TOKEN_KEY_BY_AREA[area], token);
    else removeStorage(TOKEN_KEY_BY_AREA[area]);
  }
  return token;
}

export function hasToken(area: Area): boolean {
  return getToken(area) !== null;
}

export function setToken(area: Area, token: string): void {
  const normalized = normalizeToken(token);
  if (!normalized) return;
  writeStorage(TOKEN_KEY_BY_AREA[area], normalized);
  notify(area);
}

export function isCrmRole(role: unknown): role is (typeof CRM_ROLES)[number] {
  return typeof role === 'string' && (CRM_ROLES as readonly string[]).includes(role);
}

/** The stored CRM role; any value other than ADMIN, MANAGER, PARTNER is discarded (spec 5). */
export function getCrmRole(): Role | null {
  const stored = readStorage(STORAGE_KEYS.crmRole);
  if (stored === null) return null;
  if (!isCrmRole(stored)) {
    removeStorage(STORAGE_KEYS.crmRole);
    return null;
  }
  return stored;
}

export function setCrmRole(role: Role): void {
  writeStorage(STORAGE_KEYS.crmRole, role);
  notify('crm');
}

const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * The shape of PartnerProfileSchema, checked by hand so that zod stays out of the first load of every page
 * (credentials.test.ts compares it with the schema).
 */
export function isPartnerProfile(value: unknown): value is PartnerProfile {
  if (typeof value !== 'object' || value === null) return false;
  const partner = value as Record<string, unknown>;
  return (
    typeof partner.id === 'string' &&
    typeof partner.name === 'string' &&
    typeof partner.email === 'string' &&
    isStringOrNull(partner.phone) &&
    isStringOrNull(partner.company) &&
    isStringOrNull(partner.website) &&
    isStringOrNull(partner.description) &&
    (PARTNER_TYPES as readonly unknown[]).includes(partner.type) &&
    (PARTNER_STATUSES as readonly unknown[]).includes(partner.status) &&
    typeof partner.commission === 'number' &&
    Number.isFinite(partner.commission)
  );
}

export function getPartnerData(): PartnerProfile | null {
  const raw = readStorage(STORAGE_KEYS.partnerData);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPartnerProfile(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function setPartnerData(partner: PartnerProfile): void {
  writeStorage(STORAGE_KEYS.partnerData, JSON.stringify(partner));
  notify('partner');
}

export function clearCredentials(area: Area): void {
  removeStorage(TOKEN_KEY_BY_AREA[area]);
  if (area === 'cabinet') removeStorage(STORAGE_KEYS.token);
  if (area === 'crm') removeStorage(STORAGE_KEYS.crmRole);
  if (area === 'partner') removeStorage(STORAGE_KEYS.partnerData);
  notify(area);
}

/**
 * A sign-in answer (customer or staff) is one server session: it is stored for the cabinet and, for a role
 * that may enter the back office, for the CRM as well, so the menus can link between the two areas.
 */
export function storeSignIn(token: string, role: Role): void {
  setToken('cabinet', token);
  if (isCrmRole(role)) {
    setToken('crm', token);
    setCrmRole(role);
  } else {
    clearCredentials('crm');
  }
}

/** Replaces a renewed token in every area that held the old one. */
export function replaceToken(oldToken: string, newToken: string): void {
  for (const area of ['cabinet', 'crm'] as const) {
    if (getToken(area) === oldToken) setToken(area, newToken);
  }
}
