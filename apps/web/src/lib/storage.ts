/** Local storage keys (spec 3) and safe accessors: storage may be unavailable (private mode, quota). */
export const STORAGE_KEYS = {
  token: 'token',
  cabinetToken: 'cabinet_token',
  crmToken: 'crm_token',
  crmRole: 'crm_role',
  partnerToken: 'partner_token',
  partnerData: 'partner_data',
  forcePwaMode: 'force_pwa_mode',
  crmAccessRequested: 'crm_access_requested',
  crmAccessRequestedAt: 'crm_access_requested_at',
  orderDraft: 'order_draft',
  marketingAttribution: 'marketing_attribution',
  marketingAttributionExpiresAt: 'marketing_attribution_expires_at',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the session then lives only in memory for this page.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // see writeStorage
  }
}
