import { courierPrice, type Coordinates, type DeliveryOption } from '@app/contracts';

export type { Coordinates };
export type DeliveryQuoteRequest = { from: Coordinates; to: Coordinates };

/** Prices a courier delivery. Implementations: Yandex Delivery (real API) and our own tariffs. */
export type DeliveryPricer = {
  kind: 'yandex' | 'tariffs';
  quote(request: DeliveryQuoteRequest): Promise<DeliveryOption[]>;
};

/** Embedded default: our own courier tariff (`courierPrice`, the price engine in @app/contracts). */
export function createTariffPricer(getBasePrice: () => Promise<number>): DeliveryPricer {
  return {
    kind: 'tariffs',
    async quote({ from, to }) {
      const base = await getBasePrice();
      return [
        {
          id: 'courier-standard',
          name: 'Курьер, на следующий рабочий день',
          price: courierPrice(base, from, to),
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

/** A courier delivery at the provider (Yandex Delivery calls it a claim). */
export type DeliveryClaim = { id: string; status: string; version: number };
export type DeliveryContact = { name: string; phone: string; email?: string | null };
export type CreateClaimRequest = {
  /** Idempotency token: the same request id answers with the same claim. We pass the order id. */
  requestId: string;
  orderNumber: number;
  from: { coordinates: Coordinates; address: string; contact: DeliveryContact };
  to: { coordinates: Coordinates; address: string; contact: DeliveryContact; comment?: string | null };
};
export type ProviderPickupPoint = {
  code: string;
  name: string;
  address: string;
  lat: number;
  lon: number;
  schedule: string | null;
  phone: string | null;
};

/** Courier deliveries and pickup points at the provider; absent (null) when no provider is configured. */
export type DeliveryClient = {
  kind: 'yandex';
  createClaim(request: CreateClaimRequest): Promise<DeliveryClaim>;
  getClaim(claimId: string): Promise<DeliveryClaim>;
  /** Confirms a priced claim so a courier is sent. */
  acceptClaim(claimId: string, version: number): Promise<DeliveryClaim>;
  /** The recipient's public courier tracking page, or null while the provider has none (https links only). */
  getTrackingLink(claimId: string): Promise<string | null>;
  listPickupPoints(): Promise<ProviderPickupPoint[]>;
};

/** Claim statuses after which nothing changes any more. */
export const FINAL_CLAIM_STATUSES = [
  'delivered_finish',
  'returned_finish',
  'cancelled',
  'cancelled_with_payment',
  'cancelled_by_taxi',
  'cancelled_with_items_on_hands',
  'failed',
  'estimating_failed',
  'performer_not_found',
] as const;
/** Claim statuses with a courier assigned: the provider has a tracking page for the recipient. */
export const TRACKABLE_CLAIM_STATUSES = [
  'performer_found',
  'pickup_arrived',
  'ready_for_pickup_confirmation',
  'pickuped',
  'delivery_arrived',
  'ready_for_delivery_confirmation',
  'pay_waiting',
] as const;
export const DELIVERED_CLAIM_STATUSES = ['delivered', 'delivered_finish'] as const;
export const ON_THE_WAY_CLAIM_STATUSES = [
  'pickuped',
  'delivery_arrived',
  'ready_for_delivery_confirmation',
  'pay_waiting',
] as const;
export const FAILED_CLAIM_STATUSES = [
  'cancelled',
  'cancelled_with_payment',
  'cancelled_by_taxi',
  'cancelled_with_items_on_hands',
  'failed',
  'estimating_failed',
  'performer_not_found',
  'returning',
  'returned',
  'returned_finish',
] as const;

class DeliveryProviderError extends Error {}

/** A provider's link goes to customers as is only when it is an https URL of sane length. */
export function safeTrackingLink(link: unknown): string | null {
  if (typeof link !== 'string' || link.length > 2000) return null;
  try {
    return new URL(link).protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
}

const WEEKDAY_NAMES = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

/**
 * Yandex Delivery: claims (Express courier) at /b2b/cargo/integration/v2/claims/{create,info,accept} and
 * pickup points of the platform API at /api/b2b/platform/pickup-points/list. Coordinates go as [lon, lat].
 */
export function createYandexDeliveryClient(options: {
  apiUrl: string;
  token: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): DeliveryClient {
  const fetchImpl = options.fetchImpl ?? fetch;
  async function call<T>(path: string, body: unknown, method: 'POST' | 'GET' = 'POST'): Promise<T> {
    const response = await fetchImpl(`${options.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        'accept-language': 'ru',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (response.status === 409 && method === 'GET') return null as T;
    if (!response.ok) {
      const answer = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
      const detail = answer?.message ?? answer?.code ?? '';
      throw new DeliveryProviderError(
        `Яндекс Доставка ответила ${response.status}${detail ? `: ${detail}` : ''}`,
      );
    }
    return (await response.json()) as T;
  }
  const toClaim = (body: { id?: string; status?: string; version?: number }): DeliveryClaim => {
    if (!body.id || !body.status) throw new DeliveryProviderError('Яндекс Доставка: в ответе нет заявки');
    return { id: body.id, status: body.status, version: body.version ?? 1 };
  };
  const contact = (value: DeliveryContact) => ({
    name: value.name,
    phone: value.phone,
    ...(value.email ? { email: value.email } : {}),
  });

  return {
    kind: 'yandex',
    async createClaim(request) {
      const body = await call<{ id?: string; status?: string; version?: number }>(
        `/b2b/cargo/integration/v2/claims/create?request_id=${encodeURIComponent(request.requestId)}`,
        {
          items: [
            {
              extra_id: String(request.orderNumber),
              pickup_point: 1,
              droppof_point: 2,
              title: `Документы, заказ №${request.orderNumber}`,
              size: { length: 0.35, width: 0.25, height: 0.05 },
              weight: 0.5,
              cost_value: '0',
              cost_currency: 'RUB',
              quantity: 1,
            },
          ],
          route_points: [
            {
              point_id: 1,
              visit_order: 1,
              type: 'source',
              contact: contact(request.from.contact),
              address: {
                fullname: request.from.address,
                coordinates: [request.from.coordinates[1], request.from.coordinates[0]],
              },
            },
            {
              point_id: 2,
              visit_order: 2,
              type: 'destination',
              contact: contact(request.to.contact),
              address: {
                fullname: request.to.address,
                coordinates: [request.to.coordinates[1], request.to.coordinates[0]],
                ...(request.to.comment ? { comment: request.to.comment } : {}),
              },
              external_order_id: String(request.orderNumber),
            },
          ],
          requirements: { taxi_class: 'courier' },
          comment: `Заказ №${request.orderNumber}: документы в конверте`,
        },
      );
      return toClaim(body);
    },
    async getClaim(claimId) {
      return toClaim(
        await call(`/b2b/cargo/integration/v2/claims/info?claim_id=${encodeURIComponent(claimId)}`, {}),
      );
    },
    async acceptClaim(claimId, version) {
      return toClaim(
        await call(`/b2b/cargo/integration/v2/claims/accept?claim_id=${encodeURIComponent(claimId)}`, {
          version,
        }),
      );
    },
    async getTrackingLink(claimId) {
      // 409 (inappropriate_status, unknown_tracking_links): no courier yet, or no link for this claim.
      const body = await call<{ route_points?: Array<{ type?: string; sharing_link?: string }> } | null>(
        `/b2b/cargo/integration/v2/claims/tracking-links?claim_id=${encodeURIComponent(claimId)}`,
        null,
        'GET',
      );
      const link = body?.route_points?.find((point) => point.type === 'destination')?.sharing_link;
      return safeTrackingLink(link);
    },
    async listPickupPoints() {
      const body = await call<{
        points?: Array<{
          id?: string;
          name?: string;
          address?: { full_address?: string };
          position?: { latitude?: number; longitude?: number };
          contact?: { phone?: string };
          schedule?: { restrictions?: Array<{ days?: number[]; time_from?: Hm; time_to?: Hm }> };
        }>;
      }>('/api/b2b/platform/pickup-points/list', { type: 'pickup_point' });
      if (!Array.isArray(body.points)) throw new DeliveryProviderError('Яндекс Доставка: нет списка пунктов');
      return body.points.flatMap((point) => {
        const lat = point.position?.latitude;
        const lon = point.position?.longitude;
        if (!point.id || !point.address?.full_address || lat === undefined || lon === undefined) return [];
        return [
          {
            code: point.id,
            name: point.name?.trim() || 'Пункт выдачи Яндекс Доставки',
            address: point.address.full_address,
            lat,
            lon,
            schedule: formatSchedule(point.schedule?.restrictions ?? []),
            phone: point.contact?.phone ?? null,
          },
        ];
      });
    },
  };
}

type Hm = { hours?: number; minutes?: number };
const hm = (value: Hm | undefined) =>
  `${String(value?.hours ?? 0).padStart(2, '0')}:${String(value?.minutes ?? 0).padStart(2, '0')}`;

/** "пн–пт 10:00–20:00; сб 11:00–18:00" from the provider's per-day restrictions (days 1 = Monday). */
function formatSchedule(restrictions: Array<{ days?: number[]; time_from?: Hm; time_to?: Hm }>) {
  const parts = restrictions
    .filter((item) => item.days && item.days.length > 0)
    .map((item) => {
      const days = [...item.days!].sort((a, b) => a - b);
      const contiguous = days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
      const label =
        days.length > 2 && contiguous
          ? `${WEEKDAY_NAMES[days[0]!]}–${WEEKDAY_NAMES[days.at(-1)!]}`
          : days.map((day) => WEEKDAY_NAMES[day]).join(', ');
      return `${label} ${hm(item.time_from)}–${hm(item.time_to)}`;
    });
  return parts.length > 0 ? parts.join('; ') : null;
}
