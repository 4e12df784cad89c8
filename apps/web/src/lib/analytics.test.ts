import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_BATCH_URL,
  flushAnalytics,
  getAnalyticsVisitorId,
  getOrderAnalyticsIds,
  isTrackedPath,
  resetAnalyticsQueue,
  trackEvent,
  trackFormSubmit,
  trackFunnelStage,
  trackPageView,
} from './analytics';

type Batch = {
  sessionId: string;
  session: Record<string, unknown> | null;
  items: Array<Record<string, unknown>>;
};

const fetchMock = vi.fn<typeof fetch>();
const beaconMock = vi.fn<(url: string, data: Blob) => boolean>();

function setPrivacy(options: { doNotTrack?: string | null; gpc?: boolean }) {
  Object.defineProperty(navigator, 'doNotTrack', { value: options.doNotTrack ?? null, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: options.gpc, configurable: true });
}

const sentBatches = (): Batch[] =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === ANALYTICS_BATCH_URL)
    .map(([, init]) => JSON.parse(String(init?.body)) as Batch);

async function beaconBatches(): Promise<Batch[]> {
  return Promise.all(beaconMock.mock.calls.map(async ([, blob]) => JSON.parse(await blob.text()) as Batch));
}

describe('the public pages tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetAnalyticsQueue();
    window.sessionStorage.clear();
    window.localStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true }), { status: 200 }));
    beaconMock.mockReset();
    beaconMock.mockReturnValue(true);
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'sendBeacon', { value: beaconMock, configurable: true });
    setPrivacy({});
    window.history.replaceState(null, '', '/order/step-1?utm_source=vk&utm_medium=social&utm_campaign=may');
  });
  afterEach(() => {
    resetAnalyticsQueue();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('batches what a page tracks into one request a moment later, each item with its own client id', () => {
    trackPageView('Шаг 1');
    trackEvent({ eventType: 'click', eventLabel: 'Далее' });
    trackFunnelStage({ stage: 'step_1' });
    expect(fetchMock).not.toHaveBeenCalled();

    vi.advanceTimersByTime(2_000);
    const [batch, ...others] = sentBatches();
    expect(others).toEqual([]);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(batch!.items.map((item) => [item.kind, item.eventType ?? item.stage])).toEqual([
      ['event', 'page_view'],
      ['event', 'click'],
      ['funnel_stage', 'step_1'],
    ]);
    const ids = batch!.items.map((item) => item.clientEventId);
    expect(new Set(ids).size).toBe(3);
    // The first batch of the session carries the session: landing page and UTM.
    expect(batch!.session).toMatchObject({
      landingPage: expect.stringContaining('/order/step-1?utm_source=vk'),
      utmSource: 'vk',
      utmMedium: 'social',
      utmCampaign: 'may',
      visitorId: expect.any(String),
    });

    trackEvent({ eventType: 'click' });
    vi.advanceTimersByTime(2_000);
    expect(sentBatches()[1]!.session).toBeNull();
    expect(sentBatches()[1]!.sessionId).toBe(batch!.sessionId);
  });

  it('sends a full batch at once and splits a long queue into batches of 20', () => {
    for (let i = 0; i < 45; i += 1) trackEvent({ eventType: 'scroll', eventValue: i });
    // 20 went at once, twice; five wait for the timer.
    expect(sentBatches().map((batch) => batch.items.length)).toEqual([20, 20]);
    vi.advanceTimersByTime(2_000);
    expect(sentBatches().map((batch) => batch.items.length)).toEqual([20, 20, 5]);
  });

  it('sends what waits with sendBeacon when the page is hidden or left', async () => {
    trackEvent({ eventType: 'click' });
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    const [batch] = await beaconBatches();
    expect(beaconMock.mock.calls[0]![0]).toBe(ANALYTICS_BATCH_URL);
    expect(batch!.items).toEqual([expect.objectContaining({ eventType: 'click' })]);
  });

  it('sends nothing under Do-Not-Track or Global Privacy Control, and the order carries no analytics ids', () => {
    for (const privacy of [{ doNotTrack: '1' }, { gpc: true }]) {
      setPrivacy(privacy);
      trackPageView();
      trackEvent({ eventType: 'click' });
      trackFunnelStage({ stage: 'step_2' });
      flushAnalytics();
      window.dispatchEvent(new Event('pagehide'));
      vi.advanceTimersByTime(5_000);
      expect(getOrderAnalyticsIds()).toEqual({});
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();

    setPrivacy({});
    expect(getOrderAnalyticsIds()).toEqual({
      analyticsSessionId: expect.any(String),
      analyticsVisitorId: expect.any(String),
    });
  });

  it('sends nothing from the back office, the cabinet or the partner portal', () => {
    for (const path of ['/crm/orders', '/crm', '/cabinet/orders', '/partner/dashboard']) {
      window.history.replaceState(null, '', path);
      trackPageView();
      trackEvent({ eventType: 'click' });
      trackFormSubmit('search', { query: 'x' });
    }
    window.history.replaceState(null, '', '/crm/marketing');
    trackFunnelStage({ stage: 'calculator_used', source: 'crm' });
    flushAnalytics();
    vi.advanceTimersByTime(5_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect([isTrackedPath('/login'), isTrackedPath('/'), isTrackedPath('/crm/x')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('the cabinet records calculator_used only', () => {
    window.history.replaceState(null, '', '/cabinet/orders');
    trackPageView();
    trackFunnelStage({ stage: 'calculator_used', source: 'cabinet_bottom_nav' });
    flushAnalytics();
    expect(sentBatches().flatMap((batch) => batch.items)).toEqual([
      expect.objectContaining({
        kind: 'funnel_stage',
        stage: 'calculator_used',
        source: 'cabinet_bottom_nav',
      }),
    ]);
  });

  it('sanitises form submits: no password, card or token fields, strings cut to 100 characters', () => {
    trackFormSubmit('sign-in', {
      email: 'a@example.ru',
      password: 'secret',
      cardNumber: '4111',
      refreshToken: 't',
      comment: 'я'.repeat(300),
      skipped: undefined,
    });
    flushAnalytics();
    const [item] = sentBatches()[0]!.items;
    expect(item).toMatchObject({ eventType: 'form_submit', eventAction: 'sign-in' });
    const formData = item!.formData as Record<string, string>;
    expect(Object.keys(formData).sort()).toEqual(['comment', 'email']);
    expect(formData.comment).toHaveLength(100);
  });

  it('counts each funnel stage once per session', () => {
    trackFunnelStage({ stage: 'step_1' });
    trackFunnelStage({ stage: 'step_1' });
    trackFunnelStage({ stage: 'step_2' });
    flushAnalytics();
    expect(sentBatches()[0]!.items.map((item) => item.stage)).toEqual(['step_1', 'step_2']);
  });

  it('swallows and logs a failed send, then tries the same items once more', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    trackEvent({ eventType: 'click' });
    flushAnalytics();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(warn).toHaveBeenCalled();
    const [first, retry] = sentBatches();
    expect(retry!.items[0]!.clientEventId).toBe(first!.items[0]!.clientEventId);
    // The session data failed with the first batch: the retry carries it again.
    expect(retry!.session).not.toBeNull();
    warn.mockRestore();
  });

  it('keeps the visitor id 720 hours from its last use', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const id = getAnalyticsVisitorId(t0);
    const later = new Date(t0.getTime() + 700 * 3600_000);
    expect(getAnalyticsVisitorId(later)).toBe(id);
    // 700 h after the last use is still within its life; 721 h is not.
    expect(getAnalyticsVisitorId(new Date(later.getTime() + 700 * 3600_000))).toBe(id);
    expect(getAnalyticsVisitorId(new Date(later.getTime() + 1421 * 3600_000))).not.toBe(id);
  });
});
