/**
 * Formatting for the web app. Money and dates (formatRub, formatPriceLine, formatDate, formatDateTime, formatReadyDate; Moscow time)
 * are the ones the API's mails and documents use too, from @app/contracts (decision 028); the web-only texts
 * (file sizes, plurals, addresses) are here.
 */
import type { OrderDetail } from '@app/contracts';

export {
  formatDate,
  formatDateTime,
  formatPhone,
  formatPriceLine,
  formatReadyDate,
  formatRub,
  MOSCOW_TIME_ZONE as DEFAULT_TIME_ZONE,
} from '@app/contracts';

/** '512 Б', '350 КБ', '1,2 МБ', '2 МБ' (no Intl: see formatRub in @app/contracts). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  const megabytes = (Math.round((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);
  return `${megabytes.replace(/\.0$/, '').replace('.', ',')} МБ`;
}

/** Russian plural form: `pluralRu(2, ['день', 'дня', 'дней'])` → 'дня'. */
export function pluralRu(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const tens = Math.abs(count) % 100;
  const units = tens % 10;
  if (tens >= 11 && tens <= 14) return forms[2];
  if (units === 1) return forms[0];
  if (units >= 2 && units <= 4) return forms[1];
  return forms[2];
}

/** '1 рабочий день', '3 рабочих дня', '5 рабочих дней'. */
export function formatWorkingDays(count: number): string {
  return `${count} ${pluralRu(count, ['рабочий день', 'рабочих дня', 'рабочих дней'])}`;
}

/** Courier address with the optional parts that are filled in. */
export function describeCourierAddress(delivery: OrderDetail['delivery']): string {
  const parts = [
    delivery.address,
    delivery.apartment ? `кв./офис ${delivery.apartment}` : null,
    delivery.entrance ? `подъезд ${delivery.entrance}` : null,
    delivery.floor ? `этаж ${delivery.floor}` : null,
    delivery.intercom ? `домофон ${delivery.intercom}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}
