import { z } from './zod.ts';
import { isoDateField, nameField } from './fields.ts';
import { MESSAGES } from './messages.ts';

// Module holidays: the work calendar (/crm/holidays).

export const HolidayListQuerySchema = z.object({
  year: z.coerce
    .number({ message: MESSAGES.yearInvalid })
    .int({ message: MESSAGES.yearInvalid })
    .min(2000, { message: MESSAGES.yearInvalid })
    .max(2100, { message: MESSAGES.yearInvalid })
    .optional(),
});
export type HolidayListQuery = z.infer<typeof HolidayListQuerySchema>;
export const HolidaySchema = z.object({
  date: isoDateField,
  name: nameField,
  /** A weekend made working (перенос); otherwise the date is a day off. */
  isWorkingDay: z.boolean().default(false),
});
export type Holiday = z.infer<typeof HolidaySchema>;
export const HolidayDateParamsSchema = z.object({ date: isoDateField });
