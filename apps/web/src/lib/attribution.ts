import { computeAcquisitionChannel, type Attribution } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useAppLocation } from './navigation';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * Client-side marketing attribution (spec 3 "Marketing attribution record", spec 4 "Attribution").
 * The record lives in localStorage under `marketing_attribution`; `marketing_attribution_expires_at` holds the
 * ISO expiry, 720 h after the last save. The order form sends `getAttributionPayload()` with the order.
 */

/** Spec 9: attribution lifetime 720 hours (30 days) from the last save. */
export const ATTRIBUTION_LIFETIME_HOURS = 720;
const ATTRIBUTION_LIFETIME_MS = ATTRIBUTION_LIFETIME_HOURS * 60 * 60 * 1000;

export const ATTRIBUTION_MODEL = 'first-touch';

const UTM_PARAMS = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  utmTerm: 'utm_term',
} as const;

type UtmField = keyof typeof UTM_PARAMS;
type UtmValues = Record<UtmField, string | null>;

export type AttributionRecord = UtmValues & {
  acquisitionChannel: string;
  firstTouchAt: string;
  lastTouchAt: string;
  touchpointCount: number;
  referrer: string | null;
  landingPage: string;
};

function readUtm(url: URL): UtmValues {
  const values = {} as UtmValues;
  for (const [field, param] of Object.entries(UTM_PARAMS) as Array<[UtmField, string]>) {
    values[field] = url.searchParams.get(param)?.trim() || null;
  }
  return values;
}

export function hasUtmParams(url: URL): boolean {
  return Object.values(UTM_PARAMS).some((param) => url.searchParams.has(param));
}

function isRecord(value: unknown): value is AttributionRecord {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<AttributionRecord>;
  return (
    typeof record.firstTouchAt === 'string' &&
    typeof record.lastTouchAt === 'string' &&
    typeof record.touchpointCount === 'number' &&
    typeof record.acquisitionChannel === 'string' &&
    typeof record.landingPage === 'string'
  );
}

function clearAttribution(): void {
  removeStorage(STORAGE_KEYS.marketingAttribution);
  removeStorage(STORAGE_KEYS.marketingAttributionExpiresAt);
}

/** The stored record, or null when absent, unreadable or expired (an expired record is removed). */
export function readAttribution(now: Date = new Date()): AttributionRecord | null {
  const raw = readStorage(STORAGE_KEYS.marketingAttribution);
  if (raw === null) return null;
  const expiresAt = Date.parse(readStorage(STORAGE_KEYS.marketingAttributionExpiresAt) ?? '');
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Unreadable: treated like an expired record below.
  }
  if (!Number.isFinite(expiresAt) || expiresAt <= now.getTime() || !isRecord(parsed)) {
    clearAttribution();
    return null;
  }
  return parsed;
}

function saveAttribution(record: AttributionRecord, now: Date): void {
  writeStorage(STORAGE_KEYS.marketingAttribution, JSON.stringify(record));
  writeStorage(
    STORAGE_KEYS.marketingAttributionExpiresAt,
    new Date(now.getTime() + ATTRIBUTION_LIFETIME_MS).toISOString(),
  );
}

/**
 * One visit (spec 4): no record → create with touchpointCount 1; any utm_* parameter → count +1, utm values,
 * lastTouchAt, referrer and landingPage replaced, channel recomputed, firstTouchAt kept; otherwise unchanged.
 * Returns the record now stored.
 */
export function refreshAttribution(url: URL, referrer: string, now: Date): AttributionRecord {
  const existing = readAttribution(now);
  if (existing && !hasUtmParams(url)) return existing;

  const utm = readUtm(url);
  const referrerOrNull = referrer.trim() || null;
  const touchAt = now.toISOString();
  const record: AttributionRecord = {
    ...utm,
    acquisitionChannel: computeAcquisitionChannel(utm, referrerOrNull, url.hostname),
    firstTouchAt: existing?.firstTouchAt ?? touchAt,
    lastTouchAt: touchAt,
    touchpointCount: existing ? existing.touchpointCount + 1 : 1,
    referrer: referrerOrNull,
    landingPage: url.href,
  };
  saveAttribution(record, now);
  return record;
}

/** Cut to the order contract's limits (AttributionSchema) so a long landing URL never fails the order. */
function cut(value: string | null, max: number): string | null {
  return value === null ? null : value.slice(0, max);
}

/** The order payload's attribution fields (spec 3), or null when nothing is recorded. */
export function getAttributionPayload(now: Date = new Date()): Attribution | null {
  const record = readAttribution(now);
  if (!record) return null;
  return {
    utmSource: cut(record.utmSource, 200),
    utmMedium: cut(record.utmMedium, 200),
    utmCampaign: cut(record.utmCampaign, 200),
    utmContent: cut(record.utmContent, 200),
    utmTerm: cut(record.utmTerm, 200),
    referrer: cut(record.referrer, 2000),
    landingPage: cut(record.landingPage, 2000),
    acquisitionChannel: cut(record.acquisitionChannel, 100),
    attributionModel: ATTRIBUTION_MODEL,
    firstTouchAt: record.firstTouchAt,
    lastTouchAt: now.toISOString(),
    touchpointCount: record.touchpointCount,
    marketingValue: null,
  };
}

/** Marketing is tracked for public visitors only: never on back-office paths (spec 1). */
export function isAttributionTrackedPath(pathname: string): boolean {
  return !(pathname === '/crm' || pathname.startsWith('/crm/'));
}

/** Spec 4: refresh on the first load (no previous route) or when the target URL carries utm_source. */
export function shouldRefreshAttribution(previousPath: string | null, url: URL): boolean {
  if (!isAttributionTrackedPath(url.pathname)) return false;
  return previousPath === null || url.searchParams.has('utm_source');
}

/**
 * Router hook for the root layout. Runs after each navigation has committed, so it can never block one;
 * failures are swallowed and logged (spec 8).
 */
export function useAttributionTracking(): void {
  const { pathname, search, hash } = useAppLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const path = `${pathname}${search}${hash}`;
    if (previousPath.current === path) return;
    const from = previousPath.current;
    previousPath.current = path;
    try {
      const url = new URL(path, window.location.origin);
      if (shouldRefreshAttribution(from, url)) refreshAttribution(url, document.referrer, new Date());
    } catch (error) {
      console.warn('Attribution refresh failed', error);
    }
  }, [pathname, search, hash]);
}
