import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint } from '@app/contracts';
import type { partnerWebhookAttempts } from '../../db/schema/index.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.repository.ts';

type AttemptRow = typeof partnerWebhookAttempts.$inferSelect;
export type LastDelivery = { status: WebhookDeliveryRow['status']; responseCode: number | null; at: Date };

export function toWebhookEndpoint(row: WebhookEndpointRow, last: LastDelivery | undefined): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.status,
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? { status: last.status, responseCode: last.responseCode, at: last.at.toISOString() }
      : null,
  };
}

export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastResponseCode: row.lastResponseCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWebhookAttempt(row: AttemptRow): WebhookAttempt {
  return {
    attempt: row.attempt,
    responseCode: row.responseCode,
    durationMs: row.durationMs,
    error: row.error,
    manual: row.manual,
    at: row.at.toISOString(),
  };
}

export function toWebhookDeliveryDetail(
  row: WebhookDeliveryRow,
  attempts: AttemptRow[],
): WebhookDeliveryDetail {
  return {
    ...toWebhookDelivery(row),
    payload: row.payload as Record<string, unknown>,
    attemptsLog: attempts.map(toWebhookAttempt),
  };
}
