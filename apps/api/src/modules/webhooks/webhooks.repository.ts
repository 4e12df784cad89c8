import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import {
  partnerWebhookAttempts,
  partnerWebhookDeliveries,
  partnerWebhookEndpoints,
} from '../../db/schema/index.ts';

export type WebhookEndpointRow = typeof partnerWebhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof partnerWebhookDeliveries.$inferSelect;
export type WebhookAttemptKind = 'AUTO' | 'RESEND' | 'TEST';
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The one writer of partner_webhook_endpoints, partner_webhook_deliveries and partner_webhook_attempts (decisions
 * 026, 071). Event deliveries are inserted by one INSERT … SELECT per event (every subscribed ACTIVE endpoint of the
 * partner at once), in the transaction of the business change that makes the event.
 */
export function createWebhooksRepository() {
  return {
    /**
     * The partner's endpoints cap is checked under this lock (decision 019): two creations of one partner run one
     * after the other. NO KEY UPDATE: inserts referencing the partner (orders' attributions) are not blocked.
     */
    async lockPartner(db: DbOrTx, partnerAccountId: string): Promise<boolean> {
      const result = await db.execute(
        sql`select id from partner_accounts where id = ${partnerAccountId} for no key update`,
      );
      return rowsOf(result).length > 0;
    },

    async insertEndpoint(
      db: DbOrTx,
      values: {
        partnerAccountId: string;
        url: string;
        description: string | null;
        events: WebhookEventType[];
        secret: string;
        now: Date;
      },
    ): Promise<WebhookEndpointRow> {
      const [row] = await db
        .insert(partnerWebhookEndpoints)
        .values({
          partnerAccountId: values.partnerAccountId,
          url: values.url,
          description: values.description,
          events: values.events,
          secret: values.secret,
          createdAt: values.now,
        })
        .returning();
      return row!;
    },

    async updateEndpoint(
      db: DbOrTx,
      partnerAccountId: string,
      id: string,
      patch: {
        description?: string | null;
        events?: WebhookEventType[];
        status?: 'ACTIVE' | 'DISABLED';
        secret?: string;
        now: Date;
      },
    ): Promise<WebhookEndpointRow | undefined> {
      const set: Partial<typeof partnerWebhookEndpoints.$inferInsert> = {};
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.events !== undefined) set.events = patch.events;
      if (patch.secret !== undefined) set.secret = patch.secret;
      if (patch.status === 'ACTIVE') {
        // Switched on again: the failures that disabled it are forgiven.
        Object.assign(set, {
          status: 'ACTIVE',
          consecutiveFailures: 0,
          disabledAt: null,
          disabledReason: null,
        });
      } else if (patch.status === 'DISABLED') {
        Object.assign(set, { status: 'DISABLED', disabledAt: patch.now, disabledReason: null });
      }
      const where = and(
        eq(partnerWebhookEndpoints.id, id),
        eq(partnerWebhookEndpoints.partnerAccountId, partnerAccountId),
      );
      if (Object.keys(set).length === 0) {
        const [row] = await db.select().from(partnerWebhookEndpoints).where(where);
        return row;
      }
      const [row] = await db.update(partnerWebhookEndpoints).set(set).where(where).returning();
      return row;
    },

    async deleteEndpoint(db: DbOrTx, partnerAccountId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(partnerWebhookEndpoints)
        .where(
          and(
            eq(partnerWebhookEndpoints.id, id),
            eq(partnerWebhookEndpoints.partnerAccountId, partnerAccountId),
          ),
        )
        .returning({ id: partnerWebhookEndpoints.id });
      return rows.length > 0;
    },

    /** One delivery per ACTIVE endpoint of the partner that hears `type`; answers the new deliveries' ids. */
    async insertPartnerEvent(
      db: DbOrTx,
      input: {
        partnerAccountId: string;
        type: WebhookEventType;
        eventId: string;
        payload: object;
        now: Date;
      },
    ): Promise<string[]> {
      const result = await db.execute(sql`
        insert into partner_webhook_deliveries (endpoint_id, event_id, event_type, payload, created_at)
        select e.id, ${input.eventId}::uuid, ${input.type}, ${JSON.stringify(input.payload)}::jsonb, ${input.now.toISOString()}::timestamptz
          from partner_webhook_endpoints e
         where e.partner_account_id = ${input.partnerAccountId}
           and e.status = 'ACTIVE' and ${input.type}::text = any(e.events)
        on conflict (endpoint_id, event_id) do nothing
        returning id`);
      return rowsOf<{ id: string }>(result).map((row) => row.id);
    },

    /**
     * An order event for the partner the order is attributed to (order_attributions), with the attribution's source
     * and sub-id added to `data`; nothing for an order of nobody's.
     */
    async insertOrderEvent(
      db: DbOrTx,
      input: { orderId: string; type: WebhookEventType; eventId: string; payload: object; now: Date },
    ): Promise<string[]> {
      const result = await db.execute(sql`
        insert into partner_webhook_deliveries (endpoint_id, event_id, event_type, payload, created_at)
        select e.id, ${input.eventId}::uuid, ${input.type},
               jsonb_set(${JSON.stringify(input.payload)}::jsonb, '{data,attribution}',
                         jsonb_build_object('source', a.source, 'subId', a.sub_id)),
               ${input.now.toISOString()}::timestamptz
          from order_attributions a
          join partner_webhook_endpoints e on e.partner_account_id = a.partner_account_id
         where a.order_id = ${input.orderId}
           and e.status = 'ACTIVE' and ${input.type}::text = any(e.events)
        on conflict (endpoint_id, event_id) do nothing
        returning id`);
      return rowsOf<{ id: string }>(result).map((row) => row.id);
    },

    /** `commission.paid` for every PAID commission of the run's payouts, one event id per commission. */
    async insertRunPaidEvents(db: DbOrTx, input: { runId: string; now: Date }): Promise<string[]> {
      const now = input.now.toISOString();
      const result = await db.execute(sql`
        insert into partner_webhook_deliveries (endpoint_id, event_id, event_type, payload, created_at)
        select e.id, c.event_id, 'commission.paid',
               jsonb_build_object(
                 'id', c.event_id, 'type', 'commission.paid', 'createdAt', ${now}::text,
                 'data', jsonb_build_object(
                   'id', c.id, 'kind', c.kind, 'status', c.status, 'orderId', c.order_id,
                   'amount', round(c.amount_kopecks / 100.0, 2), 'ratePercent', c.rate_percent,
                   'createdAt', c.created_at, 'paidAt', c.paid_at, 'payoutId', c.payout_id)),
               ${now}::timestamptz
          from (select c.*, gen_random_uuid() as event_id
                  from partner_commissions c
                  join partner_payouts p on p.id = c.payout_id
                 where p.run_id = ${input.runId} and c.status = 'PAID'
                   and exists (select 1 from partner_webhook_endpoints w
                                where w.partner_account_id = c.partner_account_id and w.status = 'ACTIVE'
                                  and 'commission.paid' = any(w.events))) c
          join partner_webhook_endpoints e on e.partner_account_id = c.partner_account_id
         where e.status = 'ACTIVE' and 'commission.paid' = any(e.events)
        returning id`);
      return rowsOf<{ id: string }>(result).map((row) => row.id);
    },

    async insertTestDelivery(
      db: DbOrTx,
      input: { endpointId: string; eventId: string; type: string; payload: object; now: Date },
    ): Promise<WebhookDeliveryRow> {
      const [row] = await db
        .insert(partnerWebhookDeliveries)
        .values({
          endpointId: input.endpointId,
          eventId: input.eventId,
          eventType: input.type,
          payload: input.payload,
          createdAt: input.now,
        })
        .returning();
      return row!;
    },

    /**
     * One attempt: its row, and the delivery's counters and outcome, in one statement (the attempt's number is the
     * delivery's count after this one).
     */
    async recordAttempt(
      db: DbOrTx,
      input: {
        deliveryId: string;
        status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
        responseCode: number | null;
        durationMs: number;
        error: string | null;
        manual: WebhookAttemptKind;
        now: Date;
      },
    ): Promise<number> {
      const at = input.now.toISOString();
      const result = await db.execute(sql`
        with d as (
          update partner_webhook_deliveries
             set attempts = attempts + 1, status = ${input.status},
                 last_response_code = ${input.responseCode}, last_duration_ms = ${input.durationMs},
                 last_error = ${input.error}, last_attempt_at = ${at}::timestamptz
           where id = ${input.deliveryId}
          returning id, attempts)
        insert into ${partnerWebhookAttempts} (delivery_id, attempt, response_code, duration_ms, error, manual, at)
        select id, attempts, ${input.responseCode}, ${input.durationMs}, ${input.error}, ${input.manual}, ${at}::timestamptz
          from d
        returning attempt`);
      return Number(rowsOf<{ attempt: number }>(result)[0]?.attempt ?? 0);
    },

    async resetFailures(db: DbOrTx, endpointId: string): Promise<void> {
      await db
        .update(partnerWebhookEndpoints)
        .set({ consecutiveFailures: 0 })
        .where(
          and(
            eq(partnerWebhookEndpoints.id, endpointId),
            sql`${partnerWebhookEndpoints.consecutiveFailures} > 0`,
          ),
        );
    },

    /**
     * A delivery failed for good: one more failure in a row; the endpoint is DISABLED by the one conditional UPDATE
     * that finds it ACTIVE at `threshold` or more (the increment's row lock orders concurrent failures: the first
     * to reach the threshold disables it, the others find it DISABLED). Answers the endpoint when this call
     * disabled it (the partner is told once).
     */
    async countFailure(
      db: DbOrTx,
      input: { endpointId: string; threshold: number; reason: string; now: Date },
    ): Promise<WebhookEndpointRow | undefined> {
      await db
        .update(partnerWebhookEndpoints)
        .set({ consecutiveFailures: sql`${partnerWebhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(partnerWebhookEndpoints.id, input.endpointId));
      const [disabled] = await db
        .update(partnerWebhookEndpoints)
        .set({ status: 'DISABLED', disabledAt: input.now, disabledReason: input.reason })
        .where(
          and(
            eq(partnerWebhookEndpoints.id, input.endpointId),
            eq(partnerWebhookEndpoints.status, 'ACTIVE'),
            sql`${partnerWebhookEndpoints.consecutiveFailures} >= ${input.threshold}`,
          ),
        )
        .returning();
      return disabled;
    },
  };
}
