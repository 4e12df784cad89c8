import { z } from './zod.ts';
import { isoDateField } from './fields.ts';
import { MESSAGES } from './messages.ts';

// Module stats: unit economics (/crm/stats).

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The widest period one request may cover (the year-long report of the spec fits with room). */
export const UNIT_ECONOMICS_MAX_DAYS = 3 * 366;

export const UnitEconomicsQuerySchema = z
  .object({
    startDate: isoDateField,
    endDate: isoDateField,
    includeInProgress: booleanQuery.default(false),
  })
  .refine((value) => value.startDate <= value.endDate, {
    message: MESSAGES.periodInvalid,
    path: ['endDate'],
  })
  .refine(
    (value) =>
      (Date.parse(value.endDate) - Date.parse(value.startDate)) / 86_400_000 < UNIT_ECONOMICS_MAX_DAYS,
    { message: MESSAGES.periodTooLong, path: ['endDate'] },
  );
export type UnitEconomicsQuery = z.infer<typeof UnitEconomicsQuerySchema>;

const moneyTotal = z.number();

export const UnitEconomicsResponseSchema = z.object({
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  includeInProgress: z.boolean(),
  orders: z.number().int(),
  /** Revenue net of refunds: the orders' amounts minus `refunds` (decision 046). */
  revenue: moneyTotal,
  /** Refunds paid out in the period (by the day the money went back) of orders the report counts. */
  refunds: moneyTotal,
  averageCheck: moneyTotal,
  costs: moneyTotal,
  /** The parts of `costs`; they add up to it exactly (kopecks). */
  costBreakdown: z.object({
    otherDocuments: moneyTotal,
    translators: moneyTotal,
    delivery: moneyTotal,
    partnerCommission: moneyTotal,
    paymentFees: moneyTotal,
  }),
  /** Revenue minus costs (the margin in rubles). */
  grossProfit: moneyTotal,
  marginPercent: z.number(),
  /** The rates the costs were computed with. */
  rates: z.object({ translatorCostPercent: z.number(), paymentFeePercent: z.number() }),
  /** Every day of the period, empty days as zeros; the rows add up to the totals. */
  byDay: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      /** Net of the day's refunds. */
      revenue: moneyTotal,
      refunds: moneyTotal,
      costs: moneyTotal,
      grossProfit: moneyTotal,
    }),
  ),
  /** Document lines by document type: list-price revenue and the translators' share (direct costs only). */
  byDocument: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      orders: z.number().int(),
      quantity: z.number().int(),
      revenue: moneyTotal,
      costs: moneyTotal,
      grossProfit: moneyTotal,
      marginPercent: z.number(),
    }),
  ),
  /** The counting rules in words, shown under the report. */
  assumptions: z.array(z.string()),
});
export type UnitEconomicsResponse = z.infer<typeof UnitEconomicsResponseSchema>;
