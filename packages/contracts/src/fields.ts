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

/** A missing or empty date is asked for ('Укажите дату'); anything else that is not YYYY-MM-DD is a wrong format. */
export const isoDateField = z.iso.date({
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? MESSAGES.dateRequired : MESSAGES.dateInvalid,
});
