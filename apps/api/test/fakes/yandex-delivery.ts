import { randomUUID } from 'node:crypto';
import { startFakeServer, type RecordedRequest } from './http-fake.ts';

type FakeClaim = { id: string; status: string; version: number; requestId: string; body: unknown };
export type FakePickupPoint = {
  id: string;
  name: string;
  address: { full_address: string };
  position: { latitude: number; longitude: number };
  contact?: { phone: string };
  schedule?: {
    restrictions: Array<{
      days: number[];
      time_from: { hours: number; minutes: number };
      time_to: { hours: number; minutes: number };
    }>;
  };
};

/**
 * Speaks the parts of Yandex Delivery we use: check-price, claims create (idempotent per request_id), info and
 * accept, and the platform's pickup points list. Tests steer it: fail the next calls, hold a call, move a claim.
 */
export async function startFakeYandexDelivery(options: { token: string }) {
  const claims = new Map<string, FakeClaim>();
  const byRequestId = new Map<string, string>();
  let pickupPoints: FakePickupPoint[] = [];
  let failures = 0;
  let hold: Promise<void> | null = null;

  const fake = await startFakeServer(async (request: RecordedRequest) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return { status: 401, body: { code: 'unauthorized', message: 'Unauthorized' } };
    }
    const url = new URL(request.url, 'http://fake');
    if (hold && url.pathname.endsWith('/claims/create')) await hold;
    if (failures > 0) {
      failures -= 1;
      return { status: 500, body: { code: 'internal_error', message: 'Internal server error' } };
    }
    if (url.pathname === '/b2b/cargo/integration/v2/check-price') {
      return { status: 200, body: { price: '450.00', eta: 60 } };
    }
    if (url.pathname === '/b2b/cargo/integration/v2/claims/create') {
      const requestId = url.searchParams.get('request_id');
      const body = request.body as { route_points?: unknown[]; items?: unknown[] };
      if (!requestId || !Array.isArray(body?.route_points) || body.route_points.length < 2) {
        return { status: 400, body: { code: 'validation_error', message: 'route_points required' } };
      }
      const existing = byRequestId.get(requestId);
      if (existing) return { status: 200, body: claims.get(existing) };
      const claim: FakeClaim = {
        id: randomUUID().replace(/-/g, ''),
        status: 'ready_for_approval',
        version: 1,
        requestId,
        body,
      };
      claims.set(claim.id, claim);
      byRequestId.set(requestId, claim.id);
      return { status: 200, body: { id: claim.id, status: claim.status, version: claim.version } };
    }
    const claimId = url.searchParams.get('claim_id') ?? '';
    const claim = claims.get(claimId);
    if (url.pathname === '/b2b/cargo/integration/v2/claims/info') {
      return claim
        ? { status: 200, body: { id: claim.id, status: claim.status, version: claim.version } }
        : { status: 404, body: { code: 'not_found', message: 'Claim not found' } };
    }
    if (url.pathname === '/b2b/cargo/integration/v2/claims/accept') {
      if (!claim) return { status: 404, body: { code: 'not_found', message: 'Claim not found' } };
      if ((request.body as { version?: number })?.version !== claim.version) {
        return { status: 409, body: { code: 'inappropriate_status', message: 'Version mismatch' } };
      }
      claim.status = 'accepted';
      claim.version += 1;
      return { status: 200, body: { id: claim.id, status: claim.status, version: claim.version } };
    }
    if (url.pathname === '/b2b/cargo/integration/v2/claims/tracking-links') {
      if (request.method !== 'GET') return { status: 405, body: { code: 'method', message: 'GET only' } };
      if (!claim) return { status: 404, body: { code: 'not_found', message: 'Claim not found' } };
      if (['new', 'estimating', 'ready_for_approval', 'accepted'].includes(claim.status)) {
        return { status: 409, body: { code: 'inappropriate_status', message: 'No performer yet' } };
      }
      return {
        status: 200,
        body: {
          route_points: [
            { id: 1, type: 'source', visit_order: 1, sharing_link: `https://dostavka.example/s/${claim.id}` },
            {
              id: 2,
              type: 'destination',
              visit_order: 2,
              sharing_link: `https://dostavka.example/d/${claim.id}`,
            },
          ],
        },
      };
    }
    if (url.pathname === '/api/b2b/platform/pickup-points/list') {
      return { status: 200, body: { points: pickupPoints } };
    }
    return { status: 404, body: { code: 'not_found', message: 'Not found' } };
  });

  return {
    ...fake,
    apiUrl: fake.url,
    claims,
    claimCreations: () =>
      fake.requests.filter((request) => request.url.startsWith('/b2b/cargo/integration/v2/claims/create')),
    /** The next `count` calls answer 500. */
    failNext(count: number) {
      failures = count;
    },
    /** Claim creation calls wait until the returned release() is called. */
    holdCreates() {
      let release!: () => void;
      hold = new Promise<void>((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      return release;
    },
    setStatus(claimId: string, status: string) {
      const claim = claims.get(claimId)!;
      claim.status = status;
      claim.version += 1;
    },
    setPickupPoints(points: FakePickupPoint[]) {
      pickupPoints = points;
    },
  };
}
