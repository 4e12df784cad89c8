import { z } from './zod.ts';
import { OrderStatusSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';

// Module customers: the CRM's customer page (issue 17) — one user's contacts, organizations and orders.

export const CustomerParamsSchema = z.object({ id: z.uuid({ message: MESSAGES.userNotFound }) });

/** Most orders the page lists (newest first); the totals count them all. */
export const CUSTOMER_ORDERS_SHOWN = 100;

export const CustomerCardSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
  /** Organizations the customer ordered for (distinct by INN), newest first. */
  organizations: z.array(
    z.object({ inn: z.string().nullable(), kpp: z.string().nullable(), name: z.string().nullable() }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      createdAt: z.string(),
      status: OrderStatusSchema,
      amount: z.number(),
      isPaid: z.boolean(),
    }),
  ),
  totals: z.object({
    /** Every order of the customer (deleted ones excluded). */
    orders: z.number().int(),
    /** Orders paid (through the system or recorded as paid outside it). */
    paidOrders: z.number().int(),
    /** The sum of their amounts, roubles. */
    paidAmount: z.number(),
  }),
});
export type CustomerCard = z.infer<typeof CustomerCardSchema>;
