import type {
  PushAudience,
  PushCampaign,
  PushCampaignStatus,
  PushRecipientListResponse,
} from '@app/contracts';
import type { PushDelivery } from './push.service.ts';

/** What the `push.send` audit row keeps: the campaign itself (no campaigns table — decision 014). */
export type CampaignData = {
  audience: PushAudience;
  userId: string | null;
  title: string;
  body: string;
  url: string | null;
  recipients: number;
};
/** What the `push.result` audit row keeps once the job is over. */
export type ResultData = PushDelivery & {
  status: Exclude<PushCampaignStatus, 'sending'>;
  error: string | null;
};

/** A `push.send` audit row with its `push.result` row, the sender's and the recipient's e-mail. */
export type CampaignRow = {
  id: string;
  data: unknown;
  createdAt: Date;
  result: unknown;
  finishedAt: Date | null;
  sentBy: string | null;
  recipientEmail: string | null;
};

export function toCampaign(row: CampaignRow): PushCampaign {
  const data = row.data as CampaignData;
  const outcome = row.result as ResultData | null;
  return {
    id: row.id,
    audience: data.audience,
    user: data.userId ? { id: data.userId, email: row.recipientEmail ?? null } : null,
    title: data.title,
    body: data.body,
    url: data.url ?? null,
    status: outcome?.status ?? 'sending',
    recipients: data.recipients,
    delivered: outcome?.delivered ?? 0,
    failed: outcome?.failed ?? 0,
    removed: outcome?.removed ?? 0,
    error: outcome?.error ?? null,
    sentBy: row.sentBy ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: outcome && row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export function toPushRecipient(row: {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  role: PushRecipientListResponse['items'][number]['role'];
  subscriptions: number;
}): PushRecipientListResponse['items'][number] {
  return {
    id: row.id,
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    phoneNumber: row.phoneNumber,
    role: row.role,
    subscriptions: row.subscriptions,
  };
}
