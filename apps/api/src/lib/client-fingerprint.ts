import { createHmac } from 'node:crypto';

/**
 * Keyed hashes of where a request came from (decision 059): the fraud rules compare a partner's sign-ins with the
 * orders attributed to them without storing anyone's address or browser. HMAC with the server's secret, so a
 * leaked table cannot be reversed by hashing all IPv4 addresses.
 */
export function fingerprintHashes(
  secret: string,
  request: { ip: string; userAgent: string | undefined },
): { ipHash: string; deviceHash: string } {
  const hash = (kind: string, value: string) =>
    createHmac('sha256', secret).update(`${kind}\0${value}`).digest('base64url').slice(0, 32);
  return {
    ipHash: hash('ip', request.ip),
    deviceHash: hash('device', `${request.ip}\0${request.userAgent ?? ''}`),
  };
}

/** An IP with its host part removed (IPv4 /24, IPv6 /48) for click logs a partner may see. */
export function truncateIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0]!.split(':').filter(Boolean);
    return `${groups.slice(0, 3).join(':')}::`;
  }
  return '';
}

/**
 * A visitor's address for analytics (issue 19, decision 066): HMAC with a salt derived from the server's secret
 * and the UTC day, so one day's sessions of an address can be told apart from another's, but nothing links
 * two days and the table alone reveals no address. The raw IP is never stored.
 */
export function dailyIpHash(secret: string, ip: string, now: Date): string {
  const salt = createHmac('sha256', secret)
    .update(`analytics-ip-salt\0${now.toISOString().slice(0, 10)}`)
    .digest();
  return createHmac('sha256', salt).update(ip).digest('base64url').slice(0, 32);
}
