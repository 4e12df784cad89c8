import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

/** Telegram Login Widget check, as https://core.telegram.org/widgets/login#checking-authorization documents it. */
export function isTelegramHashValid(
  fields: Record<string, string | number | undefined>,
  botToken: string,
): boolean {
  const { hash, ...rest } = fields;
  if (typeof hash !== 'string') return false;
  const dataCheckString = Object.keys(rest)
    .filter((key) => rest[key] !== undefined && rest[key] !== '')
    .sort()
    .map((key) => `${key}=${rest[key]}`)
    .join('\n');
  const secretKey = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secretKey).update(dataCheckString).digest('hex');
  return safeEqual(expected, hash);
}

/** Telegram's example lets integrators pick the age; a day is the common choice. */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 24 * 60 * 60;
