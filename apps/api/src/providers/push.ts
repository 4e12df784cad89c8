import webpush from 'web-push';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushResult = { status: 'delivered' } | { status: 'gone' } | { status: 'failed'; error: string };
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * Web Push: web-push does the RFC 8291 encryption and the VAPID signature; the request itself goes out
 * with fetch, so any push service URL (https in production, a local fake in tests) works the same way.
 */
export type PushSender = { send(target: PushTarget, payload: string): Promise<PushResult> };

/** Where subscriptions may point (config `push`, decision 021). */
export type PushHostPolicy = { allowedHosts: readonly string[]; insecureHosts: readonly string[] };

function hostMatches(entry: string, host: string, port: string): boolean {
  const colon = entry.lastIndexOf(':');
  const pattern = colon === -1 ? entry : entry.slice(0, colon);
  const entryPort = colon === -1 ? '' : entry.slice(colon + 1);
  // Without a port, only the scheme's default one (URL leaves `port` empty then).
  if (entryPort !== '*' && entryPort !== port) return false;
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/**
 * Whether the server may POST to this push endpoint: https to a known push service, or http to a host allowed
 * for tests only. Anything else (an address in our network, 127.0.0.1, a site of the customer's choosing) would
 * let a customer make the server send requests wherever they like (blind SSRF).
 */
export function isAllowedPushEndpoint(endpoint: string, policy: PushHostPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const hosts =
    url.protocol === 'https:' ? policy.allowedHosts : url.protocol === 'http:' ? policy.insecureHosts : [];
  const host = url.hostname.toLowerCase();
  return hosts.some((entry) => hostMatches(entry, host, url.port));
}

/** A sender that sends only to allowed endpoints; the others fail without a request. */
export function guardPushSender(sender: PushSender, policy: PushHostPolicy): PushSender {
  return {
    send(target, payload) {
      if (!isAllowedPushEndpoint(target.endpoint, policy)) {
        return Promise.resolve({ status: 'failed', error: 'push endpoint host is not allowed' });
      }
      return sender.send(target, payload);
    },
  };
}

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
          // A push service does not redirect; following one would lead the request past the host check.
          redirect: 'manual',
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
