import { AttributionSchema } from '@app/contracts';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { RouterNavigationLayout } from '@/app/router-navigation';
import {
  getAttributionPayload,
  readAttribution,
  refreshAttribution,
  shouldRefreshAttribution,
  useAttributionTracking,
} from './attribution';

const OWN_HOST = 'app.example.ru';
const T0 = new Date('2025-03-01T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const page = (query = '') => new URL(`https://${OWN_HOST}/order/step-1${query}`);

const RECORD_KEY = 'marketing_attribution';
const EXPIRY_KEY = 'marketing_attribution_expires_at';

describe('attribution record', () => {
  it('is created on the first visit with touchpointCount 1', () => {
    const record = refreshAttribution(page('?utm_source=google&utm_medium=cpc&utm_campaign=spring'), '', T0);
    expect(record).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmContent: null,
      utmTerm: null,
      acquisitionChannel: 'paid',
      firstTouchAt: T0.toISOString(),
      lastTouchAt: T0.toISOString(),
      touchpointCount: 1,
      referrer: null,
      landingPage: `https://${OWN_HOST}/order/step-1?utm_source=google&utm_medium=cpc&utm_campaign=spring`,
    });
    expect(JSON.parse(localStorage.getItem(RECORD_KEY) ?? 'null')).toEqual(record);
    expect(localStorage.getItem(EXPIRY_KEY)).toBe(at(720).toISOString());
  });

  it('is created on a first visit without utm parameters too (channel from the referrer)', () => {
    const record = refreshAttribution(page(), 'https://yandex.ru/search', T0);
    expect(record).toMatchObject({ touchpointCount: 1, acquisitionChannel: 'organic', utmSource: null });
    expect(record.referrer).toBe('https://yandex.ru/search');
  });

  it('a visit with any utm parameter increments the count and replaces the touch fields, keeping firstTouchAt', () => {
    refreshAttribution(page(), 'https://vk.com/', T0);
    const updated = refreshAttribution(page('?utm_campaign=autumn'), 'https://t.me/x', at(5));
    expect(updated).toMatchObject({
      touchpointCount: 2,
      firstTouchAt: T0.toISOString(),
      lastTouchAt: at(5).toISOString(),
      referrer: 'https://t.me/x',
      landingPage: `https://${OWN_HOST}/order/step-1?utm_campaign=autumn`,
      utmCampaign: 'autumn',
      acquisitionChannel: 'social',
    });

    const third = refreshAttribution(page('?utm_source=mail&utm_medium=email'), '', at(6));
    expect(third).toMatchObject({
      touchpointCount: 3,
      acquisitionChannel: 'email',
      firstTouchAt: T0.toISOString(),
    });
    expect(localStorage.getItem(EXPIRY_KEY)).toBe(at(6 + 720).toISOString());
  });

  it('a visit without utm parameters leaves the record and its expiry unchanged', () => {
    const created = refreshAttribution(page('?utm_source=google&utm_medium=cpc'), '', T0);
    const stored = localStorage.getItem(RECORD_KEY);
    const again = refreshAttribution(page('?ref=1'), 'https://facebook.com/', at(10));
    expect(again).toEqual(created);
    expect(localStorage.getItem(RECORD_KEY)).toBe(stored);
    expect(localStorage.getItem(EXPIRY_KEY)).toBe(at(720).toISOString());
  });

  it('an expired record is removed and treated as absent', () => {
    refreshAttribution(page('?utm_source=google&utm_medium=cpc'), '', T0);
    expect(readAttribution(at(719))).not.toBeNull();
    expect(readAttribution(at(720))).toBeNull();
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();
    expect(localStorage.getItem(EXPIRY_KEY)).toBeNull();

    refreshAttribution(page('?utm_source=google&utm_medium=cpc'), '', T0);
    const fresh = refreshAttribution(page(), '', at(800));
    expect(fresh).toMatchObject({
      touchpointCount: 1,
      firstTouchAt: at(800).toISOString(),
      acquisitionChannel: 'direct',
    });
  });

  it('a record without its expiry key or with broken JSON is treated as absent', () => {
    localStorage.setItem(RECORD_KEY, '{broken');
    localStorage.setItem(EXPIRY_KEY, at(10).toISOString());
    expect(readAttribution(T0)).toBeNull();
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();

    refreshAttribution(page(), '', T0);
    localStorage.removeItem(EXPIRY_KEY);
    expect(readAttribution(T0)).toBeNull();
  });
});

describe('attribution payload', () => {
  it('is null when nothing is recorded', () => {
    expect(getAttributionPayload(T0)).toBeNull();
  });

  it('adds first-touch, marketingValue null and lastTouchAt = now, and passes the order contract', () => {
    refreshAttribution(
      page('?utm_source=google&utm_medium=cpc&utm_term=перевод'),
      'https://www.google.com/',
      T0,
    );
    const now = at(3);
    const payload = getAttributionPayload(now);
    expect(payload).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: null,
      utmContent: null,
      utmTerm: 'перевод',
      referrer: 'https://www.google.com/',
      landingPage: page('?utm_source=google&utm_medium=cpc&utm_term=перевод').href,
      acquisitionChannel: 'paid',
      attributionModel: 'first-touch',
      firstTouchAt: T0.toISOString(),
      lastTouchAt: now.toISOString(),
      touchpointCount: 1,
      marketingValue: null,
    });
    expect(AttributionSchema.safeParse(payload).success).toBe(true);
  });

  it('cuts over-long values to the contract limits', () => {
    refreshAttribution(page(`?utm_source=${'s'.repeat(300)}&x=${'y'.repeat(3000)}`), '', T0);
    const payload = getAttributionPayload(T0);
    expect(payload?.utmSource).toHaveLength(200);
    expect(payload?.landingPage).toHaveLength(2000);
    expect(AttributionSchema.safeParse(payload).success).toBe(true);
  });

  it('is null once the record has expired', () => {
    refreshAttribution(page('?utm_source=google'), '', T0);
    expect(getAttributionPayload(at(721))).toBeNull();
  });
});

describe('router tracking', () => {
  it('refreshes on the first load and on navigations carrying utm_source, not on /crm', () => {
    expect(shouldRefreshAttribution(null, page())).toBe(true);
    expect(shouldRefreshAttribution('/order/step-1', page('?utm_source=x'))).toBe(true);
    expect(shouldRefreshAttribution('/order/step-1', page('?utm_medium=cpc'))).toBe(false);
    expect(shouldRefreshAttribution('/order/step-1', page())).toBe(false);
    expect(shouldRefreshAttribution(null, new URL(`https://${OWN_HOST}/crm/home?utm_source=x`))).toBe(false);
  });

  function renderTrackedRouter(initialPath: string) {
    function Root() {
      useAttributionTracking();
      return null;
    }
    const router = createMemoryRouter(
      [{ Component: RouterNavigationLayout, children: [{ path: '*', Component: Root }] }],
      { initialEntries: [initialPath] },
    );
    render(createElement(RouterProvider, { router }));
    return router;
  }

  it('records the first load and a later utm_source navigation; other navigations change nothing', async () => {
    const router = renderTrackedRouter('/order/step-1?utm_source=google&utm_medium=cpc');
    expect(readAttribution()).toMatchObject({ touchpointCount: 1, acquisitionChannel: 'paid' });

    await act(() => router.navigate('/order/step-2?utm_medium=email'));
    expect(readAttribution()?.touchpointCount).toBe(1);

    await act(() => router.navigate('/order/step-3?utm_source=mail&utm_medium=email'));
    expect(readAttribution()).toMatchObject({ touchpointCount: 2, acquisitionChannel: 'email' });
  });

  it('does not track on /crm', () => {
    renderTrackedRouter('/crm/home?utm_source=google');
    expect(readAttribution()).toBeNull();
  });

  it('swallows and logs storage failures; the page still renders', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const parse = vi.spyOn(Date, 'parse').mockImplementation(() => {
      throw new Error('boom');
    });
    localStorage.setItem(RECORD_KEY, '{}');
    const router = renderTrackedRouter('/order/step-1');
    expect(warn).toHaveBeenCalledWith('Attribution refresh failed', expect.any(Error));
    parse.mockRestore();
    warn.mockRestore();
    await act(() => router.navigate('/order/step-2'));
    expect(router.state.location.pathname).toBe('/order/step-2');
  });
});
