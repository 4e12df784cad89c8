/**
 * The fraud rules' thresholds (decision 063). Order-level rules run when an order is attributed (`scanOrder`);
 * partner-level rules run in the scheduled job `scan-partner-fraud`.
 */

/** OWN_SIGN_IN: the partner's sign-ins this recent are compared with the order's address and device. */
export const OWN_SIGN_IN_WINDOW_DAYS = 30;
/** SHARED_CUSTOMER: one customer e-mail attributed to two or more partners within this many days. */
export const SHARED_CUSTOMER_WINDOW_DAYS = 30;
/** CLICK_SPIKE: the last 24 h are compared with the daily average of the 7 days before them. */
export const CLICK_SPIKE_BASELINE_DAYS = 7;
/** CLICK_SPIKE: never fewer clicks than this in 24 h (a small partner's 10 → 60 is not a spike)… */
export const CLICK_SPIKE_MIN_CLICKS = 200;
/** …and at least this many times the baseline's daily average; with no attributed order in those 24 h. */
export const CLICK_SPIKE_FACTOR = 5;
/** MANY_CANCELLATIONS: attributed orders of the last this many days… */
export const CANCELLATIONS_WINDOW_DAYS = 30;
/** …at least this many of them… */
export const CANCELLATIONS_MIN_ORDERS = 5;
/** …and at least this share cancelled. */
export const CANCELLATIONS_MIN_SHARE = 0.5;

/** The number of clicks in 24 h that is a spike for a partner with this baseline. */
export function clickSpikeThreshold(baselineDailyAverage: number): number {
  return Math.max(CLICK_SPIKE_MIN_CLICKS, CLICK_SPIKE_FACTOR * baselineDailyAverage);
}

/** The last 10 digits of a phone number (+7 / 8 prefixes and formatting ignored), or null. */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : null;
}
