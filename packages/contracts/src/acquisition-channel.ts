// The spec 4 channel rule, one for the browser's attribution record and the server's analytics sessions (issue
// 19). A file of its own: the public pages' first load carries it (lib/attribution.ts), and nothing else of
// analytics (decision 066).

const PAID_MEDIUMS = new Set(['cpc', 'paid']);
const NAMED_MEDIUMS = new Set(['organic', 'email', 'social', 'referral']);

/** Search engines by registrable name, any public suffix (google.com, google.co.uk, yandex.ru, ya.ru). */
const SEARCH_ENGINE_HOST = /(^|\.)(google|yandex|bing|duckduckgo)\.[a-z]{2,}(\.[a-z]{2,})?$|(^|\.)ya\.ru$/;
const SOCIAL_HOST =
  /(^|\.)(facebook\.com|fb\.com|vk\.com|vk\.ru|instagram\.com|t\.me|telegram\.me|telegram\.org)$/;

function stripWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * Spec 4 channel table, one rule for the browser's attribution record and the server's analytics sessions.
 * `ownHostname` is the site's own host; www. variants match it.
 */
export function computeAcquisitionChannel(
  utm: { utmSource?: string | null; utmMedium?: string | null },
  referrer: string | null | undefined,
  ownHostname: string,
): string {
  if (utm.utmSource) {
    const medium = utm.utmMedium?.trim().toLowerCase() ?? '';
    if (PAID_MEDIUMS.has(medium)) return 'paid';
    if (NAMED_MEDIUMS.has(medium)) return medium;
    return utm.utmSource;
  }
  if (!referrer) return 'direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host) return 'direct';
  if (stripWww(host) === stripWww(ownHostname.toLowerCase())) return 'direct';
  if (SEARCH_ENGINE_HOST.test(host)) return 'organic';
  if (SOCIAL_HOST.test(host)) return 'social';
  return 'referral';
}
