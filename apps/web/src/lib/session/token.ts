/**
 * Stored tokens may have been corrupted by older clients ('<jwt>, null', '<jwt>,<jwt>', JSON quotes).
 * Normalisation (spec 5): the part before a comma, without a trailing ', null', then only a JWT-shaped prefix.
 */
const JWT_PREFIX = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

export function normalizeToken(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim().replace(/,\s*null\s*$/, '');
  value = (value.split(',')[0] ?? '').trim().replace(/^["']+/, '');
  const match = JWT_PREFIX.exec(value);
  return match ? match[0] : null;
}
