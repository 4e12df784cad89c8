import {
  ANALYTICS_CLICK_ID_PARAMS,
  sanitizeAnalyticsFormData,
  type AnalyticsBatchItem,
  type AnalyticsBatchRequest,
  type BrowserFunnelStage,
} from '@app/contracts';

/**
 * The public pages' tracker (issue 19, decision 066). Items (page views, events, funnel stages, conversions) wait
 * in memory and go in batches to `POST /api/analytics/batch` — with `navigator.sendBeacon` when the page is being
 * hidden or left, else `fetch` with `keepalive` — a couple of seconds after the page has drawn, so tracking never
 * delays a navigation or the order form's first load. Nothing is sent from the back office, the cabinet or the
 * partner portal (spec 1; the cabinet's «Новый» records calculator_used only), nor when the browser asks not to
 * be tracked (Do-Not-Track, Global Privacy Control). Failures are swallowed and logged (spec 8); a failed batch
 * is tried once more with the same client ids, which the server stores once.
 */

const SESSION_ID_KEY = 'analytics_session_id';
const SESSION_SENT_KEY = 'analytics_session_sent';
const ONCE_KEY = 'analytics_once';
const VISITOR_ID_KEY = 'analytics_visitor_id';
const VISITOR_EXPIRES_KEY = 'analytics_visitor_expires_at';
/** Spec 9: the attribution lifetime, 720 hours from the last save; the visitor id lives as long. */
const VISITOR_LIFETIME_MS = 720 * 3600 * 1000;

export const ANALYTICS_BATCH_URL = '/api/analytics/batch';
/** Items per request (the API takes up to 50; 20 keeps a beacon well under the browsers' 64 KB). */
const BATCH_SIZE = 20;
/** A full queue goes at once; otherwise this long after the first waiting item. */
const FLUSH_DELAY_MS = 2_000;
/** What a page that cannot send keeps at most (a later item pushes the oldest out). */
const MAX_QUEUE = 200;

type QueuedItem = AnalyticsBatchItem & { attempts: number };
/** An item as callers give it: the tracker adds the client id. */
type ItemInput = AnalyticsBatchItem extends infer T
  ? T extends AnalyticsBatchItem
    ? Omit<T, 'clientEventId'>
    : never
  : never;

const state: { queue: QueuedItem[]; timer: ReturnType<typeof setTimeout> | null; listening: boolean } = {
  queue: [],
  timer: null,
  listening: false,
};

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Spec 1: public pages only — never the back office, the cabinet or the partner portal (its sign-in too). */
export function isTrackedPath(pathname: string): boolean {
  return !['/crm', '/cabinet', '/partner'].some((prefix) => isUnder(pathname, prefix));
}

/** Do-Not-Track or Global Privacy Control: the browser asked not to be tracked, so nothing is sent. */
export function isTrackingAllowed(): boolean {
  if (typeof navigator === 'undefined') return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  if (nav.doNotTrack === '1' || nav.msDoNotTrack === '1' || win.doNotTrack === '1') return false;
  return nav.globalPrivacyControl !== true;
}

function randomId(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }
}

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled: the id lives as long as the page.
  }
}

let memorySessionId: string | null = null;

/** Analytics session ids live per browser session (spec 9). */
export function getAnalyticsSessionId(): string {
  const existing = readSession(SESSION_ID_KEY) ?? memorySessionId;
  if (existing) return existing;
  const created = randomId();
  memorySessionId = created;
  writeSession(SESSION_ID_KEY, created);
  return created;
}

/** One browser across sessions, kept 720 hours from its last use (spec 9), like the attribution record. */
export function getAnalyticsVisitorId(now: Date = new Date()): string {
  let id: string | null = null;
  try {
    const expiresAt = Date.parse(window.localStorage.getItem(VISITOR_EXPIRES_KEY) ?? '');
    const stored = window.localStorage.getItem(VISITOR_ID_KEY);
    if (stored && Number.isFinite(expiresAt) && expiresAt > now.getTime()) id = stored;
    id ??= randomId();
    window.localStorage.setItem(VISITOR_ID_KEY, id);
    window.localStorage.setItem(
      VISITOR_EXPIRES_KEY,
      new Date(now.getTime() + VISITOR_LIFETIME_MS).toISOString(),
    );
  } catch {
    id ??= randomId();
  }
  return id;
}

/** What the order form sends with the order (decision 066): nothing when tracking is refused. */
export function getOrderAnalyticsIds(): { analyticsSessionId?: string; analyticsVisitorId?: string } {
  if (!isTrackingAllowed()) return {};
  try {
    return { analyticsSessionId: getAnalyticsSessionId(), analyticsVisitorId: getAnalyticsVisitorId() };
  } catch {
    return {};
  }
}

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The session's own data: sent with the first batch of a browser session. */
function sessionPayload(): NonNullable<AnalyticsBatchRequest['session']> {
  const url = new URL(window.location.href);
  const param = (name: string) => cut(url.searchParams.get(name)?.trim(), 200);
  const clickIds = Object.fromEntries(ANALYTICS_CLICK_ID_PARAMS.map((name) => [name, param(name)]));
  return {
    visitorId: getAnalyticsVisitorId(),
    landingPage: cut(url.href, 2000),
    referer: cut(document.referrer, 2000),
    utmSource: param('utm_source'),
    utmMedium: param('utm_medium'),
    utmCampaign: param('utm_campaign'),
    utmContent: param('utm_content'),
    utmTerm: param('utm_term'),
    ...clickIds,
  };
}

function installListeners(): void {
  if (state.listening) return;
  state.listening = true;
  // The last moment a page is sure to run: what waits goes with sendBeacon, which outlives the page.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAnalytics({ beacon: true });
  });
  window.addEventListener('pagehide', () => flushAnalytics({ beacon: true }));
}

function schedule(): void {
  if (state.queue.length >= BATCH_SIZE) {
    flushAnalytics();
    return;
  }
  state.timer ??= setTimeout(() => flushAnalytics(), FLUSH_DELAY_MS);
}

/**
 * Queues one item if this page may be tracked. `cabinetStage`: the cabinet's «Новый» records calculator_used,
 * the one thing tracked there.
 */
function enqueue(input: ItemInput, options: { cabinetStage?: boolean } = {}): boolean {
  try {
    if (!isTrackingAllowed()) return false;
    const { pathname } = window.location;
    const allowed =
      isTrackedPath(pathname) || (options.cabinetStage === true && isUnder(pathname, '/cabinet'));
    if (!allowed) return false;
    installListeners();
    state.queue.push({ ...input, clientEventId: randomId(), attempts: 0 } as QueuedItem);
    if (state.queue.length > MAX_QUEUE) state.queue.splice(0, state.queue.length - MAX_QUEUE);
    schedule();
    return true;
  } catch (error) {
    console.warn('analytics: not queued', error);
    return false;
  }
}

function requeue(items: QueuedItem[]): void {
  const again = items.filter((item) => item.attempts < 2);
  if (again.length === 0) return;
  state.queue.unshift(...again);
  schedule();
}

function send(items: QueuedItem[], beacon: boolean): void {
  const withSession = readSession(SESSION_SENT_KEY) === null;
  const batch: AnalyticsBatchRequest = {
    sessionId: getAnalyticsSessionId(),
    session: withSession ? sessionPayload() : null,
    items: items.map(({ attempts: _attempts, ...item }) => item),
  };
  for (const item of items) item.attempts += 1;
  if (withSession) writeSession(SESSION_SENT_KEY, '1');
  const body = JSON.stringify(batch);
  const failed = (error: unknown) => {
    console.warn('analytics: batch not sent', error);
    if (withSession) writeSession(SESSION_SENT_KEY, null);
    requeue(items);
  };
  if (beacon && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(ANALYTICS_BATCH_URL, new Blob([body], { type: 'application/json' }))) return;
    } catch {
      // Refused (too large, not allowed): fetch below.
    }
  }
  fetch(ANALYTICS_BATCH_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'same-origin',
  }).then((response) => {
    // A refused batch (400, 429) would be refused again; a server or network failure is tried once more.
    if (response.status >= 500) failed(new Error(`HTTP ${response.status}`));
  }, failed);
}

/** Sends what waits, in batches; with `beacon` (the page is going away) through sendBeacon. */
export function flushAnalytics(options: { beacon?: boolean } = {}): void {
  try {
    if (state.timer !== null) {
      clearTimeout(state.timer);
      state.timer = null;
    }
    while (state.queue.length > 0) send(state.queue.splice(0, BATCH_SIZE), options.beacon === true);
  } catch (error) {
    console.warn('analytics: flush failed', error);
  }
}

export type TrackedEvent = Omit<Extract<ItemInput, { kind: 'event' }>, 'kind'>;

export function trackEvent(event: TrackedEvent): void {
  enqueue({ kind: 'event', pagePath: window.location.pathname, ...event });
}

export function trackPageView(
  title: string = document.title,
  path = `${window.location.pathname}${window.location.search}`,
): void {
  enqueue({ kind: 'event', eventType: 'page_view', pagePath: cut(path, 2000), pageTitle: cut(title, 500) });
}

/** A form sent (spec 5): secret-looking fields dropped and strings cut to 100 characters before queueing. */
export function trackFormSubmit(
  formName: string,
  data: Record<string, string | number | boolean | null | undefined>,
): void {
  const flat = Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, string | number | boolean | null] => {
      return entry[1] !== undefined;
    }),
  );
  enqueue({
    kind: 'event',
    eventType: 'form_submit',
    eventCategory: 'form',
    eventAction: formName.slice(0, 100),
    pagePath: window.location.pathname,
    formData: sanitizeAnalyticsFormData(flat),
  });
}

export type FunnelStageEvent = {
  stage: BrowserFunnelStage;
  source?: string;
  value?: number;
  metadata?: Record<string, string | number | boolean | null>;
};

/** A funnel stage; each stage counts once per session (a reload or a step revisited adds nothing). */
export function trackFunnelStage(event: FunnelStageEvent): void {
  const recorded = (readSession(ONCE_KEY) ?? '').split(',').filter(Boolean);
  if (recorded.includes(event.stage)) return;
  if (enqueue({ kind: 'funnel_stage', ...event }, { cabinetStage: event.stage === 'calculator_used' }))
    writeSession(ONCE_KEY, [...recorded, event.stage].join(','));
}

export function trackConversion(conversionType: string, conversionValue: number | null = null): void {
  enqueue({ kind: 'conversion', conversionType, conversionValue });
}

/** The funnel stage a page stands for. */
export function funnelStageOfPath(pathname: string): BrowserFunnelStage | null {
  const path = pathname.replace(/\/$/, '') || '/';
  if (path === '/') return 'landing';
  if (path === '/order/step-1') return 'step_1';
  if (path === '/order/step-2') return 'step_2';
  if (path === '/order/step-3') return 'step_3';
  return null;
}

/**
 * One page shown (from the page chrome, when the browser is idle): its page view, its funnel stage, and the
 * optional counters (Yandex Metrica, GA4), loaded on the first public page view.
 */
export function trackPage(address: string, title: string = document.title): void {
  if (!isTrackingAllowed() || !isTrackedPath(window.location.pathname)) return;
  trackPageView(title, address);
  const url = new URL(address, window.location.origin);
  const stage = funnelStageOfPath(url.pathname);
  if (stage) trackFunnelStage({ stage, source: 'web' });
  if (stage?.startsWith('step_')) watchCalculator();
  import('./analytics-counters')
    .then((counters) => counters.countPageView(url.href, title))
    .catch((error: unknown) => console.warn('analytics: counters not loaded', error));
}

/** The order draft has documents: the visitor has used the price calculator (the step-1 form prices them). */
function hasPricedDraft(): boolean {
  try {
    const draft = JSON.parse(window.localStorage.getItem(ORDER_DRAFT_KEY) ?? 'null') as {
      step1?: { documentsWithQuantity?: unknown[] };
    } | null;
    return (draft?.step1?.documentsWithQuantity?.length ?? 0) > 0;
  } catch {
    return false;
  }
}

/** lib/storage.ts's `orderDraft` key, spelt out: importing that module here would split it off the first load. */
const ORDER_DRAFT_KEY = 'order_draft';

let watchingCalculator = false;
/**
 * calculator_used (once per session): recorded when the order draft holds documents, checked now and after each
 * change in the form — from here, so the order form's own code carries nothing for it.
 */
function watchCalculator(): void {
  const check = () => {
    if (hasPricedDraft()) trackFunnelStage({ stage: 'calculator_used', source: 'order_form' });
  };
  check();
  if (watchingCalculator) return;
  watchingCalculator = true;
  // The draft is saved after the change has been handled: look once the handlers have run.
  document.addEventListener('change', () => setTimeout(check, 500), { passive: true });
}

/** Tests only: forget what waits. */
export function resetAnalyticsQueue(): void {
  if (state.timer !== null) clearTimeout(state.timer);
  state.queue = [];
  state.timer = null;
  memorySessionId = null;
}
