import { z } from './zod.ts';
import { ERROR_CODES } from './messages-core.ts';
import { MESSAGES } from './messages.ts';
import { normalizePhone } from './phone.ts';

export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const IdSchema = z.uuid({ message: MESSAGES.notFound });
export const IdParamsSchema = z.object({ id: IdSchema });

export const EmailSchema = z
  .string({ message: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { message: MESSAGES.invalidEmail })
  .pipe(z.email({ message: MESSAGES.invalidEmail }));

/** Russian phone, stored as +7XXXXXXXXXX: the one rule of ./phone.ts (8…, 7…, +7… or 10 digits; none dropped). */
export const PhoneSchema = z.string({ message: MESSAGES.invalidPhone }).transform((value, ctx) => {
  const phone = normalizePhone(value);
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPhone });
    return z.NEVER;
  }
  return phone;
});

/** Money in rubles with kopecks as decimals, e.g. 1500.5. */
export const MoneySchema = z.number().multipleOf(0.01).min(0).max(100_000_000);

export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().optional(),
    nextCursor: z.string().optional(),
  });
}

export const SuccessResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.literal('applied'),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /api/ready: 200 when the database and the job queues answer; otherwise 503 with the error body. */
export const ReadyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  queues: z.literal('ok'),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
