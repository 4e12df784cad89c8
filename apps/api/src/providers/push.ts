import webpush from 'web-push';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushResult = { status: 'delivered' } | { status: 'gone' } | { status: 'failed'; error: string };
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * Web Push: web-push does the RFC 8291 encryption and the VAPID signature; the request itself goes out
 * with fetch, so any push service URL (https in production, a local fake in tests) works the same way.
 */
export type PushSender = { send(target: PushTarget, payload: string): Promise<PushResult> };

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

export function createWebPushSender(vapid: VapidKeys, fetchImpl: typeof fetch = fetch): PushSender {
  return {
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: vapid, TTL: 24 * 60 * 60, contentEncoding: 'aes128gcm' },
      );
      try {
        const response = await fetchImpl(details.endpoint, {
          method: 'POST',
          headers: Object.fromEntries(
            Object.entries(details.headers).map(([key, value]) => [key, String(value)]),
          ),
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(15_000),
        });
        if (response.status === 404 || response.status === 410) return { status: 'gone' };
        if (!response.ok) return { status: 'failed', error: `push service answered ${response.status}` };
        return { status: 'delivered' };
      } catch (error) {
        return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
