import { describe, expect, it } from 'vitest';
import { computeAcquisitionChannel } from './acquisition-channel.ts';
import { ANALYTICS_MAX_STRING, isIpRange, sanitizeAnalyticsFormData } from './analytics-rules.ts';

// The spec 4 channel table (moved here from the web's attribution tests: the API computes a session's channel
// with the same function).
const OWN_HOST = 'app.example.ru';

function channelFor(utm: { utmSource?: string; utmMedium?: string }, referrer: string | null = null) {
  return computeAcquisitionChannel(
    { utmSource: utm.utmSource ?? null, utmMedium: utm.utmMedium ?? null },
    referrer,
    OWN_HOST,
  );
}

describe('acquisition channel with utm_source', () => {
  it.each([
    ['cpc', 'paid'],
    ['paid', 'paid'],
    ['CPC', 'paid'],
    ['organic', 'organic'],
    ['email', 'email'],
    ['social', 'social'],
    ['referral', 'referral'],
  ])('medium %s → %s', (medium, channel) => {
    expect(channelFor({ utmSource: 'newsletter', utmMedium: medium })).toBe(channel);
  });

  it('any other medium → the source value itself', () => {
    expect(channelFor({ utmSource: 'partner_site', utmMedium: 'banner' })).toBe('partner_site');
  });

  it('no medium → the source value itself', () => {
    expect(channelFor({ utmSource: 'yandex_direct' })).toBe('yandex_direct');
  });

  it('utm_source wins over the referrer', () => {
    expect(channelFor({ utmSource: 'promo', utmMedium: 'cpc' }, 'https://www.google.com/')).toBe('paid');
  });
});

describe('acquisition channel without utm_source, by referrer host', () => {
  it.each([
    'https://www.google.com/search?q=x',
    'https://google.ru/',
    'https://www.google.co.uk/',
    'https://yandex.ru/search/?text=x',
    'https://ya.ru/',
    'https://www.bing.com/search?q=x',
    'https://duckduckgo.com/?q=x',
  ])('search engine %s → organic', (referrer) => {
    expect(channelFor({}, referrer)).toBe('organic');
  });

  it.each([
    'https://www.facebook.com/',
    'https://l.facebook.com/l.php?u=x',
    'https://vk.com/wall1',
    'https://m.vk.com/',
    'https://www.instagram.com/p/1',
    'https://t.me/channel',
    'https://web.telegram.org/',
  ])('social network %s → social', (referrer) => {
    expect(channelFor({}, referrer)).toBe('social');
  });

  it.each([`https://${OWN_HOST}/order/step-2`, `https://www.${OWN_HOST}/`])(
    'own domain %s → direct',
    (referrer) => {
      expect(channelFor({}, referrer)).toBe('direct');
    },
  );

  it('own domain matches when the app itself runs on www.', () => {
    expect(
      computeAcquisitionChannel(
        { utmSource: null, utmMedium: null },
        'https://app.example.ru/',
        'www.app.example.ru',
      ),
    ).toBe('direct');
  });

  it('another host → referral', () => {
    expect(channelFor({}, 'https://blog.example.com/post')).toBe('referral');
    expect(channelFor({}, 'https://notgoogle.example.com/')).toBe('referral');
  });

  it('missing referrer → direct', () => {
    expect(channelFor({}, null)).toBe('direct');
    expect(channelFor({}, '')).toBe('direct');
  });

  it('unparsable referrer → direct', () => {
    expect(channelFor({}, 'not a url')).toBe('direct');
  });
});

describe('form data sanitising (spec 5)', () => {
  it('drops password, card and token fields and cuts strings to 100 characters', () => {
    const cleaned = sanitizeAnalyticsFormData({
      name: 'Иван',
      password: 'x',
      cardNumber: '4111',
      accessToken: 't',
      comment: 'я'.repeat(300),
      count: 3,
    });
    expect(Object.keys(cleaned).sort()).toEqual(['comment', 'count', 'name']);
    expect(cleaned.comment).toHaveLength(ANALYTICS_MAX_STRING);
  });
});

describe('internal IP ranges', () => {
  it.each(['10.0.0.0/8', '192.168.1.10', '2001:db8::/32', '::1'])('%s is a range', (value) => {
    expect(isIpRange(value)).toBe(true);
  });
  it.each(['10.0.0.0/33', '300.1.1.1', 'example.com', '10.0.0', '1:2'])('%s is not', (value) => {
    expect(isIpRange(value)).toBe(false);
  });
});
