import { z } from './zod.ts';
import { listResponse } from './common.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

// Module push: browser push subscriptions and the messages staff send (/crm/push-notifications).

// ---- messages from staff ----

export const PUSH_AUDIENCES = ['customers', 'staff', 'user'] as const;
export const PushAudienceSchema = z.enum(PUSH_AUDIENCES, { message: MESSAGES.pushAudienceInvalid });
export type PushAudience = z.infer<typeof PushAudienceSchema>;

/** A path inside the site (`/order?promo=X`; never `//host`) or an https address. */
export function isPushLink(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (!/^https:\/\/\S+$/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const StaffPushRequestSchema = z
  .object({
    audience: PushAudienceSchema,
    userId: z.uuid({ message: MESSAGES.pushRecipientNotFound }).optional(),
    title: z
      .string({ message: MESSAGES.pushTitleInvalid })
      .trim()
      .min(1, { message: MESSAGES.pushTitleInvalid })
      .max(100, { message: MESSAGES.pushTitleInvalid }),
    body: multiline(
      z
        .string({ message: MESSAGES.pushBodyInvalid })
        .trim()
        .min(1, { message: MESSAGES.pushBodyInvalid })
        .max(500, { message: MESSAGES.pushBodyInvalid }),
    ),
    /** Where a click on the push leads; empty means the audience's default page. */
    url: z
      .string({ message: MESSAGES.pushUrlInvalid })
      .trim()
      .max(500, { message: MESSAGES.pushUrlInvalid })
      .refine((value) => value === '' || isPushLink(value), { message: MESSAGES.pushUrlInvalid })
      .transform((value) => value || undefined)
      .optional(),
  })
  .refine((value) => value.audience !== 'user' || value.userId !== undefined, {
    message: MESSAGES.pushUserRequired,
    path: ['userId'],
  });
export type StaffPushRequest = z.infer<typeof StaffPushRequestSchema>;
export type StaffPushForm = z.input<typeof StaffPushRequestSchema>;

export const PUSH_CAMPAIGN_STATUSES = ['sending', 'done', 'failed'] as const;
export type PushCampaignStatus = (typeof PUSH_CAMPAIGN_STATUSES)[number];

/** One message sent from /crm/push-notifications and what became of it. */
export const PushCampaignSchema = z.object({
  id: z.string(),
  audience: PushAudienceSchema,
  /** The recipient of a message to one user. */
  user: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  /** `sending` until the notification-tasks job has contacted every subscribed browser. */
  status: z.enum(PUSH_CAMPAIGN_STATUSES),
  /** People who got the in-app message. */
  recipients: z.number().int(),
  /** Browser subscriptions: accepted by the push service, refused, and expired (removed). */
  delivered: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
  error: z.string().nullable(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PushCampaign = z.infer<typeof PushCampaignSchema>;
export const PushCampaignListResponseSchema = listResponse(PushCampaignSchema);
export type PushCampaignListResponse = z.infer<typeof PushCampaignListResponseSchema>;
export const PushCampaignParamsSchema = z.object({
  id: z.uuid({ message: MESSAGES.pushCampaignNotFound }),
});

/** The recipient picker of a message to one user (ADMIN only: it is the user directory; decision 021). */
export const PushRecipientQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const PushRecipientSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  /** How many browsers of this user can receive a push. */
  subscriptions: z.number().int(),
});
export type PushRecipient = z.infer<typeof PushRecipientSchema>;
export const PushRecipientListResponseSchema = z.object({ items: z.array(PushRecipientSchema) });
export type PushRecipientListResponse = z.infer<typeof PushRecipientListResponseSchema>;

// ---- subscriptions of browsers ----

/** The browser's PushSubscription as JSON (spec 3: sent as is). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2000),
  /** Milliseconds since the epoch (not stored). */
  expirationTime: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .min(20)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+={0,2}$/),
    auth: z
      .string()
      .min(8)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+={0,2}$/),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;
export const VapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });
