import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JWTs. The token is only a pointer to a server-side session (claim `sid`),
 * which is checked on every request, so logout and role changes take effect at once.
 */
export type TokenKind = 'user' | 'partner';
export type TokenClaims = { sid: string; sub: string; kind: TokenKind; iat: number; exp: number };

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signToken(claims: TokenClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  return `${header}.${payload}.${sign(`${header}.${payload}`, secret)}`;
}

export function verifyToken(token: string, secret: string, nowSeconds: number): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const headerJson = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (headerJson.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (
      typeof claims.sid !== 'string' ||
      typeof claims.sub !== 'string' ||
      (claims.kind !== 'user' && claims.kind !== 'partner') ||
      typeof claims.exp !== 'number' ||
      typeof claims.iat !== 'number'
    ) {
      return null;
    }
    if (claims.exp <= nowSeconds) return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}

/** HMAC for other signed values (sign-in links, code hashes). */
export function hmac(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
