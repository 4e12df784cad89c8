import { z } from './zod.ts';

/** SENDING: claimed by one `send-email` run (decision 019), so a second run of the same job does not send it again. */
export const MAIL_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const;

export const MailOutboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailOutboxItem = z.infer<typeof MailOutboxItemSchema>;

export const MailOutboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(100).optional(),
  to: z.string().trim().toLowerCase().max(254).optional(),
});
export type MailOutboxQuery = z.infer<typeof MailOutboxQuerySchema>;
