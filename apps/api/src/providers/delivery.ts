import type { DeliveryOption } from '@app/contracts';

export type Coordinates = [lat: number, lon: number];
export type DeliveryQuoteRequest = { from: Coordinates; to: Coordinates };

/** Prices a courier delivery. Implementations: Yandex Delivery (real API) and our own tariffs. */
export type DeliveryPricer = {
  kind: 'yandex' | 'tariffs';
  quote(request: DeliveryQuoteRequest): Promise<DeliveryOption[]>;
};

export function distanceKm(a: Coordinates, b: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b[0] - a[0]);
  const dLon = radians(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Embedded default: the courier delivery's base price covers 5 km, then 30 ₽ per started km. */
export const TARIFF_INCLUDED_KM = 5;
export const TARIFF_PER_KM = 30;

export function createTariffPricer(getBasePrice: () => Promise<number>): DeliveryPricer {
  return {
    kind: 'tariffs',
    async quote({ from, to }) {
      const base = await getBasePrice();
      const extraKm = Math.max(0, Math.ceil(distanceKm(from, to) - TARIFF_INCLUDED_KM));
      return [
        {
          id: 'courier-standard',
          name: 'Курьер, на следующий рабочий день',
          price: base + extraKm * TARIFF_PER_KM,
          days: 1,
          provider: 'tariffs',
        },
      ];
    },
  };
}

/**
 * Yandex Delivery (Express) price check: POST /b2b/cargo/integration/v2/check-price with route points as
 * [lon, lat]. The answer's `price` is a decimal string in rubles.
 */
export function createYandexDeliveryPricer(options: {
  apiUrl: string;
  token: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): DeliveryPricer {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    kind: 'yandex',
    async quote({ from, to }) {
      const response = await fetchImpl(`${options.apiUrl}/b2b/cargo/integration/v2/check-price`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          'accept-language': 'ru',
        },
        body: JSON.stringify({
          items: [{ quantity: 1, size: { length: 0.35, width: 0.25, height: 0.05 }, weight: 0.5 }],
          route_points: [{ coordinates: [from[1], from[0]] }, { coordinates: [to[1], to[0]] }],
          requirements: { taxi_class: 'courier' },
          skip_door_to_door: false,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`Yandex Delivery check-price answered ${response.status}`);
      const body = (await response.json()) as { price?: string; eta?: number };
      const price = Number(body.price);
      if (!Number.isFinite(price)) throw new Error('Yandex Delivery check-price: no price in the answer');
      return [
        {
          id: 'yandex-express',
          name: 'Яндекс Доставка, курьер',
          price: Math.ceil(price),
          days: 1,
          provider: 'yandex',
        },
      ];
    },
  };
}
