import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { startFakeServer } from '#test/fakes/http-fake.ts';

const ARBAT: [number, number] = [55.7522, 37.5927];
const ZELENOGRAD: [number, number] = [55.9825, 37.1814];

describe('courier price from our tariffs (embedded default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('includes 5 km in the courier base price and adds 30 ₽ per started km beyond', async () => {
    const near = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/yandex-delivery/check-price',
      payload: { to: ARBAT },
    });
    const far = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/yandex-delivery/check-price',
      payload: { to: ZELENOGRAD },
    });
    expect(near.statusCode).toBe(200);
    const nearOption = near.json<{ options: Array<{ price: number; provider: string }> }>().options[0]!;
    const farOption = far.json<{ options: Array<{ price: number }> }>().options[0]!;
    expect(nearOption).toMatchObject({ price: 500, provider: 'tariffs' });
    expect(farOption.price).toBeGreaterThan(500);
    expect((farOption.price - 500) % 30).toBe(0);
  });

  it('refuses coordinates out of range', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/yandex-delivery/check-price',
      payload: { to: [123, 37] },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('courier price from Yandex Delivery (fake API on 127.0.0.1)', () => {
  let ctx: TestContext;
  let fake: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    fake = await startFakeServer((request) =>
      request.headers.authorization === 'Bearer y-token' &&
      request.url === '/b2b/cargo/integration/v2/check-price'
        ? {
            status: 200,
            body: { price: '437.5000', currency_rules: { code: 'RUB' }, distance_meters: 6100, eta: 35 },
          }
        : { status: 401, body: { code: 'unauthorized' } },
    );
    ctx = await createTestContext({
      env: { YANDEX_DELIVERY_TOKEN: 'y-token', YANDEX_DELIVERY_API_URL: fake.url },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('sends the route as [lon, lat] points and answers { options } with the rounded-up price', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/yandex-delivery/check-price',
      payload: { from: [55.7627, 37.6075], to: ARBAT },
    });
    expect(response.json()).toEqual({
      options: [
        { id: 'yandex-express', name: 'Яндекс Доставка, курьер', price: 438, days: 1, provider: 'yandex' },
      ],
    });
    const body = fake.requests[0]!.body as { route_points: Array<{ coordinates: number[] }> };
    expect(body.route_points).toEqual([
      { coordinates: [37.6075, 55.7627] },
      { coordinates: [ARBAT[1], ARBAT[0]] },
    ]);
  });

  it('answers 503 with a Russian message when the provider fails', async () => {
    await fake.close();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/yandex-delivery/check-price',
      payload: { to: ARBAT },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toMatch(/доставки/);
  });
});
