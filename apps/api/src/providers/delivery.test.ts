import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYandexDelivery } from '#test/fakes/yandex-delivery.ts';
import { createYandexDeliveryClient, safeTrackingLink } from './delivery.ts';

describe('Yandex Delivery tracking links', () => {
  let yandex: Awaited<ReturnType<typeof startFakeYandexDelivery>>;
  beforeAll(async () => {
    yandex = await startFakeYandexDelivery({ token: 'token-1' });
  });
  afterAll(async () => {
    await yandex.close();
  });

  it('is null until a courier is on the claim, then the destination point’s link', async () => {
    const client = createYandexDeliveryClient({ apiUrl: yandex.apiUrl, token: 'token-1' });
    const point = {
      coordinates: [55.75, 37.6] as [number, number],
      address: 'Москва',
      contact: { name: 'А', phone: '+79161234567' },
    };
    const claim = await client.createClaim({ requestId: 'r-1', orderNumber: 100001, from: point, to: point });
    expect(await client.getTrackingLink(claim.id)).toBeNull();
    yandex.setStatus(claim.id, 'performer_found');
    expect(await client.getTrackingLink(claim.id)).toBe(`https://dostavka.example/d/${claim.id}`);
  });

  it('passes on https links only', () => {
    expect(safeTrackingLink('https://dostavka.yandex.ru/route/abc')).toBe(
      'https://dostavka.yandex.ru/route/abc',
    );
    expect(safeTrackingLink('javascript:alert(1)')).toBeNull();
    expect(safeTrackingLink('http://plain.example/x')).toBeNull();
    expect(safeTrackingLink('not a url')).toBeNull();
    expect(safeTrackingLink(42)).toBeNull();
    expect(safeTrackingLink(`https://a.example/${'x'.repeat(2100)}`)).toBeNull();
  });
});
