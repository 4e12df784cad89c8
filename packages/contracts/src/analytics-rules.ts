// Marketing analytics rules shared by the browser's tracker and the API's ingestion (issue 19). No zod here: the
// public pages' tracker imports this file, and a page that needs no schema loads no zod (decision 013).

/** Spec 5: field names containing these never reach analytics; string values are cut to 100 characters. */
export const ANALYTICS_SECRET_FIELD_PATTERN = /password|card|token/i;
export const ANALYTICS_MAX_STRING = 100;

export function sanitizeAnalyticsFormData(
  data: Record<string, string | number | boolean | null>,
): Record<string, string | number | boolean | null> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => !ANALYTICS_SECRET_FIELD_PATTERN.test(key))
      .map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, ANALYTICS_MAX_STRING) : value]),
  );
}

/** The funnel stages a browser may report; `order_created` and `paid` are recorded by the server only. */
export const BROWSER_FUNNEL_STAGES = ['landing', 'calculator_used', 'step_1', 'step_2', 'step_3'] as const;
export type BrowserFunnelStage = (typeof BROWSER_FUNNEL_STAGES)[number];

/** One batch of the tracker: at most this many items and this many bytes (the API refuses more). */
export const ANALYTICS_BATCH_MAX_ITEMS = 50;
export const ANALYTICS_BATCH_MAX_BYTES = 64 * 1024;

/** The click ids kept with a session (spec 3). */
export const ANALYTICS_CLICK_ID_PARAMS = ['gclid', 'yclid', 'fbclid'] as const;

const IPV4_PART = String.raw`(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
const IPV4_RANGE = new RegExp(String.raw`^${IPV4_PART}(\.${IPV4_PART}){3}(\/(3[0-2]|[12]?\d))?$`);
const IPV6_RANGE = /^(?=.*:.*:)[0-9a-f:]{2,39}(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/i;

/** An internal IP range of the analytics configuration: one address or a subnet (CIDR), IPv4 or IPv6. */
export function isIpRange(value: string): boolean {
  return IPV4_RANGE.test(value) || IPV6_RANGE.test(value);
}
