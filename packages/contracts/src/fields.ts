import { z } from './zod.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

// Field builders shared by the back-office schemas (not part of the public surface, except
// CataloguePriceSchema).

export const idField = (message: string) => z.uuid({ message });
export const nameField = z
  .string({ message: MESSAGES.itemNameRequired })
  .trim()
  .min(1, { message: MESSAGES.itemNameRequired })
  .max(200, { message: MESSAGES.itemNameRequired });
export const typeCodeField = z
  .string({ message: MESSAGES.itemTypeInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,50}$/, { message: MESSAGES.itemTypeInvalid });
/** Catalogue prices: rubles with kopecks, 0 to 1 000 000. */
export const CataloguePriceSchema = z
  .number({ message: MESSAGES.priceInvalid })
  .multipleOf(0.01, { message: MESSAGES.priceInvalid })
  .min(0, { message: MESSAGES.priceInvalid })
  .max(1_000_000, { message: MESSAGES.priceInvalid });
export const daysField = z
  .number({ message: MESSAGES.daysInvalid })
  .int({ message: MESSAGES.daysInvalid })
  .min(0, { message: MESSAGES.daysInvalid })
  .max(365, { message: MESSAGES.daysInvalid });
export const sortOrderField = z
  .number({ message: MESSAGES.sortOrderInvalid })
  .int({ message: MESSAGES.sortOrderInvalid })
  .min(0, { message: MESSAGES.sortOrderInvalid })
  .max(10_000, { message: MESSAGES.sortOrderInvalid })
  .default(0);
export const optionalText = (max: number, options: { multiline?: boolean } = {}) => {
  const text = z.string().trim().max(max);
  return (options.multiline ? multiline(text) : text).nullish().transform((value) => (value ? value : null));
};

/**
 * The product's calendar: every date it takes — orders, payments, holidays, promo codes, report periods — falls in
 * the years 2000–2100 (the holidays' years too). A date outside is a typo or a probe, and was harmful: year 0001
 * broke the reports' day arithmetic (500), and from 9999-12-31 a loop over days went on past "9999-12-31" for ever
 * (it compares YYYY-MM-DD strings, and "10000-01-01" sorts before it) until the process ran out of memory.
 */
export const CALENDAR_YEARS = { first: 2000, last: 2100 } as const;
/** Its first and last days, as the web's date pickers bound their calendars. */
export const CALENDAR_DAYS = {
  first: `${CALENDAR_YEARS.first}-01-01`,
  last: `${CALENDAR_YEARS.last}-12-31`,
} as const;
/** Whether a YYYY-MM-DD date (or the date part of a date-time) lies in CALENDAR_YEARS. */
export function isInCalendar(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;
}
/** For a moment the customer never typed (a device's clock): outside the calendar it is dropped, not refused. */
export const dropOutsideCalendar = (value: string | null) => (value && !isInCalendar(value) ? null : value);
/** A YYYY-MM-DD date in the product's calendar; `message` for a value that is not such a date at all. */
export const calendarDate = (message: string) =>
  z.iso.date({ message }).refine(isInCalendar, { message: MESSAGES.dateOutOfCalendar });

/** A missing or empty date is asked for ('Укажите дату'); anything else that is not YYYY-MM-DD is a wrong format. */
export const isoDateField = z.iso
  .date({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? MESSAGES.dateRequired : MESSAGES.dateInvalid,
  })
  .refine(isInCalendar, { message: MESSAGES.dateOutOfCalendar });
