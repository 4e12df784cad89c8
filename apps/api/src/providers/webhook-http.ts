import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { formatMessage, PARTNER_MESSAGES, WEBHOOK_LIMITS } from '@app/contracts';

/**
 * The HTTP client of integrator webhooks (decision 071). An integrator chooses the URL, so every request is a
 * possible SSRF: the host is resolved first, every address must be public (not private, loopback, link-local,
 * CGNAT, multicast, unspecified, reserved, nor an IPv4-mapped/NAT64 form of those), and the connection goes to the
 * address that was checked (a custom `lookup` pins it: a second DNS answer cannot rebind it to 127.0.0.1).
 * Redirects are not followed (a 3xx is a failed attempt). Hosts of `allowedHosts` (tests only, refused in
 * production by config) skip the address rule and may use plain http.
 */
export type WebhookHostPolicy = { allowedHosts: readonly string[] };
export type WebhookUrlProblem = 'invalid' | 'not-https' | 'private' | 'unresolvable';
export type WebhookResolved = { address: string; family: 4 | 6 };
export type WebhookPostResult = {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
};
export type Resolve = (host: string) => Promise<WebhookResolved[]>;

const RESPONSE_BYTES_MAX = 64 * 1024;

/** Parses an IPv4 address into its 4 bytes, or null. */
function ipv4Bytes(value: string): number[] | null {
  if (isIP(value) !== 4) return null;
  return value.split('.').map(Number);
}

/** Parses an IPv6 address (with `::` and a dotted IPv4 tail) into its 16 bytes, or null. */
function ipv6Bytes(raw: string): number[] | null {
  const value = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(value) !== 6) return null;
  let text = value;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...(ipv4Bytes(dotted[1]!) ?? []));
    text = text.slice(0, -dotted[1]!.length) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  if (groups.length !== 8) return null;
  const bytes = groups.flatMap((group) => {
    const n = parseInt(group, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inIpv4(bytes: number[], [a, b, c, d]: number[], prefix: number): boolean {
  const value = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const base = ((a! << 24) | (b! << 16) | (c! << 8) | d!) >>> 0;
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return (value & mask) === (base & mask);
}

/** Not reachable from the internet, or not a single host: 0/8, 10/8, 100.64/10 (CGNAT), 127/8, 169.254/16, ... */
const IPV4_BLOCKED: Array<[number[], number]> = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

function isPublicIpv4(bytes: number[]): boolean {
  return !IPV4_BLOCKED.some(([base, prefix]) => inIpv4(bytes, base, prefix));
}

/** Whether a webhook may be delivered to this address: a public unicast IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return isPublicIpv4(v4);
  const v6 = ipv6Bytes(address);
  if (!v6) return false;
  const zeroUntil = (n: number) => v6.slice(0, n).every((byte) => byte === 0);
  // ::/96 (unspecified, loopback, IPv4-compatible) and ::ffff:0:0/96 (IPv4-mapped): the IPv4 rule decides.
  if (zeroUntil(10) && v6[10] === 0xff && v6[11] === 0xff) return isPublicIpv4(v6.slice(12));
  if (zeroUntil(12)) return false;
  // 64:ff9b::/96 (NAT64) carries an IPv4 address too.
  if (v6[0] === 0 && v6[1] === 0x64 && v6[2] === 0xff && v6[3] === 0x9b && v6.slice(4, 12).every((b) => !b))
    return isPublicIpv4(v6.slice(12));
  const first = v6[0]!;
  if ((first & 0xfe) === 0xfc) return false; // fc00::/7 unique local
  if (first === 0xfe && (v6[1]! & 0xc0) === 0x80) return false; // fe80::/10 link-local
  if (first === 0xfe && (v6[1]! & 0xc0) === 0xc0) return false; // fec0::/10 site-local (deprecated)
  if (first === 0xff) return false; // ff00::/8 multicast
  if (first === 0x20 && v6[1] === 0x01 && v6[2] === 0x0d && v6[3] === 0xb8) return false; // 2001:db8::/32
  if (first === 0x20 && v6[1] === 0x01 && v6[2] === 0 && v6[3] === 0) return false; // 2001::/32 Teredo
  if (first === 0x20 && v6[1] === 0x02) return false; // 2002::/16 6to4 (an IPv4 address of any kind inside)
  if (first === 0x01 && v6[1] === 0 && zeroUntil(8)) return false; // 100::/64 discard
  return true;
}

/** `host` or `host:port` / `host:*` of the allow-list; without a port, any port. */
function isAllowedHost(url: URL, policy: WebhookHostPolicy): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return policy.allowedHosts.some((entry) => {
    const colon = entry.lastIndexOf(':');
    const pattern = colon === -1 || isIP(entry) === 6 ? entry : entry.slice(0, colon);
    const entryPort = colon === -1 || isIP(entry) === 6 ? '*' : entry.slice(colon + 1);
    return pattern === host && (entryPort === '*' || entryPort === port);
  });
}

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

const systemResolve: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export type WebhookHttp = ReturnType<typeof createWebhookHttp>;

export function createWebhookHttp(policy: WebhookHostPolicy, options: { resolve?: Resolve } = {}) {
  const resolve = options.resolve ?? systemResolve;

  /** The rule without the network: the scheme, and a literal IP host must be public. */
  function checkShape(value: string): WebhookUrlProblem | null {
    const url = parseUrl(value);
    if (!url) return 'invalid';
    if (isAllowedHost(url, policy)) return null;
    if (url.protocol !== 'https:') return 'not-https';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isPublicAddress(host)) return 'private';
    // A name no public DNS answers for: refused without asking.
    if (/^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(host)) return 'private';
    return null;
  }

  /** Every address of the host, checked; the first one is where the request goes. */
  async function target(url: URL): Promise<{ address: WebhookResolved } | { problem: WebhookUrlProblem }> {
    const shape = checkShape(url.toString());
    if (shape) return { problem: shape };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: WebhookResolved[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await resolve(host);
      } catch {
        return { problem: 'unresolvable' };
      }
    }
    if (addresses.length === 0) return { problem: 'unresolvable' };
    if (!isAllowedHost(url, policy) && addresses.some((entry) => !isPublicAddress(entry.address)))
      return { problem: 'private' };
    return { address: addresses[0]! };
  }

  function problemText(problem: WebhookUrlProblem): string {
    return {
      invalid: PARTNER_MESSAGES.webhookUrlInvalid,
      'not-https': PARTNER_MESSAGES.webhookUrlNotHttps,
      private: PARTNER_MESSAGES.webhookUrlPrivate,
      unresolvable: PARTNER_MESSAGES.webhookUrlUnresolvable,
    }[problem];
  }

  return {
    checkShape,
    problemText,

    /** The creation check: the shape, then the host's addresses (a name that resolves to 10.0.0.5 is refused). */
    async check(value: string): Promise<WebhookUrlProblem | null> {
      const url = parseUrl(value);
      if (!url) return 'invalid';
      const found = await target(url);
      return 'problem' in found ? found.problem : null;
    },

    /** One POST: never throws; a refusal, a network error, a timeout, a redirect or a non-2xx is `ok: false`. */
    async post(
      value: string,
      headers: Record<string, string>,
      body: string,
      timeoutMs: number = WEBHOOK_LIMITS.timeoutSeconds * 1000,
    ): Promise<WebhookPostResult> {
      const started = Date.now();
      const done = (responseCode: number | null, error: string | null): WebhookPostResult => ({
        ok: error === null,
        responseCode,
        durationMs: Date.now() - started,
        error,
      });
      const url = parseUrl(value);
      if (!url) return done(null, PARTNER_MESSAGES.webhookUrlInvalid);
      const found = await target(url);
      if ('problem' in found) return done(null, problemText(found.problem));
      const pinned = found.address;
      // Connect to the checked address only, whatever the name resolves to by the time the socket opens.
      const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
        if (lookupOptions.all) callback(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      };
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<WebhookPostResult>((resolvePost) => {
        let settled = false;
        const finish = (result: WebhookPostResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolvePost(result);
        };
        const request = client.request(
          {
            protocol: url.protocol,
            hostname: url.hostname.replace(/^\[|\]$/g, ''),
            port: url.port || undefined,
            path: `${url.pathname}${url.search}`,
            method: 'POST',
            agent: false,
            lookup,
            headers: {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'perevod-webhooks/1',
            },
          },
          (response) => {
            const code = response.statusCode ?? 0;
            let received = 0;
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              // The answer's body is not kept: read a little, then stop.
              if (received > RESPONSE_BYTES_MAX) response.destroy();
            });
            const end = () => {
              if (code >= 200 && code < 300) finish(done(code, null));
              else if (code >= 300 && code < 400)
                finish(done(code, formatMessage(PARTNER_MESSAGES.webhookErrorRedirect, { code })));
              else finish(done(code, formatMessage(PARTNER_MESSAGES.webhookErrorStatus, { code })));
            };
            response.on('end', end);
            response.on('close', end);
            response.on('error', end);
          },
        );
        const timer = setTimeout(() => {
          finish(
            done(
              null,
              formatMessage(PARTNER_MESSAGES.webhookErrorTimeout, { seconds: Math.round(timeoutMs / 1000) }),
            ),
          );
          request.destroy();
        }, timeoutMs);
        request.on('error', (error: NodeJS.ErrnoException) => {
          finish(
            done(
              null,
              formatMessage(PARTNER_MESSAGES.webhookErrorConnection, { code: error.code ?? error.message }),
            ),
          );
        });
        request.end(body);
      });
    },
  };
}
