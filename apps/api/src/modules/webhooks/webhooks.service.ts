import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  formatMessage,
  PARTNER_MESSAGES,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT_TYPE,
  type OrderStatus,
  type WebhookDeliveryDetail,
  type WebhookDeliveryListResponse,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhookEndpointCreateRequest,
  type WebhookEndpointListResponse,
  type WebhookEndpointUpdateRequest,
  type WebhookEventType,
  type WebhookSecretResponse,
  WebhookEndpointCreateRequestSchema,
  WebhookEndpointUpdateRequestSchema,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import {
  partnerAccounts,
  partnerWebhookAttempts,
  partnerWebhookDeliveries,
  partnerWebhookEndpoints,
} from '../../db/schema/index.ts';
import type { JobContext, JobResult, Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { PartnerPrincipal } from '../../lib/principal.ts';
import type { WebhookHttp, WebhookPostResult } from '../../providers/webhook-http.ts';
import type { MailService } from '../mail/mail.service.ts';
import {
  toWebhookDelivery,
  toWebhookDeliveryDetail,
  toWebhookEndpoint,
  type LastDelivery,
} from './webhooks.mapper.ts';
import type { WebhookAttemptKind, WebhookDeliveryRow, WebhooksRepository } from './webhooks.repository.ts';

export type WebhooksService = ReturnType<typeof createWebhooksService>;
export type { WebhooksRepository };

/** What an order event tells the integrator: the order's own fields, never the customer's name, phone or e-mail. */
export type WebhookOrder = {
  id: string;
  number: number;
  status: OrderStatus;
  amount: number;
  deliveryPrice: number;
  discount: number;
  isPaid: boolean;
  paidAt: Date | null;
  originalLanguage: string;
  targetLanguage: string;
  deliveryType: string;
  estimatedReadyDate: string | null;
  createdAt: Date;
};
export type WebhookCommission = {
  id: string;
  partnerAccountId: string;
  kind: string;
  status: string;
  orderId: string | null;
  amountKopecks: number;
  ratePercent: number | null;
  createdAt: Date;
};

const DELIVERIES_PAGE = 50;

/** `whsec_` and 32 random bytes, base64url: the HMAC key is this whole string (UTF-8). */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `v1=` + hex HMAC-SHA256 over `${timestamp}.${body}` (decision 071; documented on the webhooks page). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function orderData(order: WebhookOrder): Record<string, unknown> {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    amount: order.amount,
    deliveryPrice: order.deliveryPrice,
    discount: order.discount,
    isPaid: order.isPaid,
    paidAt: order.paidAt?.toISOString() ?? null,
    originalLanguage: order.originalLanguage,
    targetLanguage: order.targetLanguage,
    deliveryType: order.deliveryType,
    estimatedReadyDate: order.estimatedReadyDate,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * Integrator webhooks (issue 20, decision 071): endpoints of INTEGRATOR partners, events written with the business
 * change that makes them (a delivery row per subscribed endpoint and a `deliver-webhook` job per delivery, in that
 * transaction), signed deliveries with retries, the delivery log, resend and the test event, and the automatic
 * disabling of an endpoint whose deliveries keep failing (with an e-mail).
 */
export function createWebhooksService(deps: {
  db: Db;
  repo: WebhooksRepository;
  jobs: Jobs;
  mail: MailService;
  http: WebhookHttp;
  publicUrl: string;
  clock: Clock;
}) {
  const { db, repo, jobs, mail, http, publicUrl, clock } = deps;

  /** The routes are INTEGRATOR_PORTAL already; a service call from elsewhere is held to the same rule. */
  async function assertIntegrator(actor: PartnerPrincipal): Promise<void> {
    if (actor.partnerType !== 'INTEGRATOR') throw forbidden(PARTNER_MESSAGES.webhookIntegratorOnly);
  }

  async function findEndpoint(actor: PartnerPrincipal, id: string) {
    const [row] = await db
      .select()
      .from(partnerWebhookEndpoints)
      .where(
        and(
          eq(partnerWebhookEndpoints.id, id),
          eq(partnerWebhookEndpoints.partnerAccountId, actor.partnerAccountId),
        ),
      );
    if (!row) throw notFound(PARTNER_MESSAGES.webhookEndpointNotFound);
    return row;
  }

  async function lastDeliveries(endpointIds: string[]): Promise<Map<string, LastDelivery>> {
    if (endpointIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([partnerWebhookDeliveries.endpointId], {
        endpointId: partnerWebhookDeliveries.endpointId,
        status: partnerWebhookDeliveries.status,
        responseCode: partnerWebhookDeliveries.lastResponseCode,
        at: sql<Date>`coalesce(${partnerWebhookDeliveries.lastAttemptAt}, ${partnerWebhookDeliveries.createdAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      })
      .from(partnerWebhookDeliveries)
      .where(inArray(partnerWebhookDeliveries.endpointId, endpointIds))
      .orderBy(partnerWebhookDeliveries.endpointId, desc(partnerWebhookDeliveries.createdAt));
    return new Map(rows.map((row) => [row.endpointId, row]));
  }

  async function endpointView(row: typeof partnerWebhookEndpoints.$inferSelect): Promise<WebhookEndpoint> {
    return toWebhookEndpoint(row, (await lastDeliveries([row.id])).get(row.id));
  }

  async function refusedUrl(url: string): Promise<void> {
    const problem = await http.check(url);
    if (problem) {
      const message = http.problemText(problem);
      throw new AppError('VALIDATION_ERROR', message, { details: [{ path: 'url', message }] });
    }
  }

  async function deliveryDetail(delivery: WebhookDeliveryRow): Promise<WebhookDeliveryDetail> {
    const attempts = await db
      .select()
      .from(partnerWebhookAttempts)
      .where(eq(partnerWebhookAttempts.deliveryId, delivery.id))
      .orderBy(partnerWebhookAttempts.attempt);
    return toWebhookDeliveryDetail(delivery, attempts);
  }

  async function findDelivery(actor: PartnerPrincipal, endpointId: string, deliveryId: string) {
    await findEndpoint(actor, endpointId);
    const [row] = await db
      .select()
      .from(partnerWebhookDeliveries)
      .where(
        and(eq(partnerWebhookDeliveries.id, deliveryId), eq(partnerWebhookDeliveries.endpointId, endpointId)),
      );
    if (!row) throw notFound(PARTNER_MESSAGES.webhookDeliveryNotFound);
    return row;
  }

  /** One signed POST of the delivery's payload to the endpoint (a fresh timestamp each attempt). */
  async function send(url: string, secret: string, delivery: WebhookDeliveryRow): Promise<WebhookPostResult> {
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    return http.post(
      url,
      {
        [WEBHOOK_HEADERS.id]: delivery.eventId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
      },
      body,
    );
  }

  /** A manual attempt (resend, test): recorded; a success forgives the endpoint's failures in a row. */
  async function attemptNow(
    endpoint: typeof partnerWebhookEndpoints.$inferSelect,
    delivery: WebhookDeliveryRow,
    manual: WebhookAttemptKind,
  ): Promise<WebhookDeliveryDetail> {
    const result = await send(endpoint.url, endpoint.secret, delivery);
    await db.transaction(async (tx) => {
      await repo.recordAttempt(tx, {
        deliveryId: delivery.id,
        // A failed resend of a delivery still being retried leaves it to its job.
        status: result.ok
          ? 'SUCCEEDED'
          : delivery.status === 'PENDING' && manual === 'RESEND'
            ? 'PENDING'
            : 'FAILED',
        responseCode: result.responseCode,
        durationMs: result.durationMs,
        error: result.error,
        manual,
        now: clock.now(),
      });
      if (result.ok) await repo.resetFailures(tx, endpoint.id);
    });
    const [fresh] = await db
      .select()
      .from(partnerWebhookDeliveries)
      .where(eq(partnerWebhookDeliveries.id, delivery.id));
    return deliveryDetail(fresh!);
  }

  async function enqueue(tx: Tx, deliveryIds: string[]): Promise<void> {
    for (const deliveryId of deliveryIds) {
      await jobs.send(tx, 'deliver-webhook', { deliveryId }, { retryLimit: WEBHOOK_LIMITS.attemptsMax - 1 });
    }
  }

  function envelope(type: WebhookEventType, data: Record<string, unknown>) {
    const id = randomUUID();
    const now = clock.now();
    return { eventId: id, now, payload: { id, type, createdAt: now.toISOString(), data } };
  }

  async function emitOrderEvent(
    tx: Tx,
    type: WebhookEventType,
    orderId: string,
    data: Record<string, unknown>,
  ): Promise<void> {
    const event = envelope(type, data);
    await enqueue(tx, await repo.insertOrderEvent(tx, { orderId, type, ...event }));
  }

  return {
    /** Webhooks are for INTEGRATOR partners: anyone else gets 403 (also checked by each method below). */
    assertIntegrator,

    // ---- events (called by the owners of the change, in its transaction) ----

    /** An order attributed to a partner was created (orders module, after the attribution; any source). */
    async onOrderCreated(tx: Tx, order: WebhookOrder): Promise<void> {
      await emitOrderEvent(tx, 'order.created', order.id, orderData(order));
    },

    /** An order was paid (the one status change: a payment or a recorded manual payment). */
    async onOrderPaid(tx: Tx, order: WebhookOrder): Promise<void> {
      await emitOrderEvent(tx, 'order.paid', order.id, orderData(order));
    },

    /** An order's status changed (order-status.service.ts#afterStatusChange): one event per change. */
    async onOrderStatusChanged(tx: Tx, order: WebhookOrder, change: { from: OrderStatus; to: OrderStatus }) {
      if (change.from === change.to) return;
      await emitOrderEvent(tx, 'order.status_changed', order.id, {
        ...orderData(order),
        previousStatus: change.from,
      });
    },

    /** An ORDER commission was created (commissions module, when an attributed order is paid). */
    async onCommissionCreated(tx: Tx, commission: WebhookCommission): Promise<void> {
      const event = envelope('commission.created', {
        id: commission.id,
        kind: commission.kind,
        status: commission.status,
        orderId: commission.orderId,
        amount: commission.amountKopecks / 100,
        ratePercent: commission.ratePercent,
        createdAt: commission.createdAt.toISOString(),
      });
      const ids = await repo.insertPartnerEvent(tx, {
        partnerAccountId: commission.partnerAccountId,
        type: 'commission.created',
        ...event,
      });
      await enqueue(tx, ids);
    },

    /** A payout run was marked paid (commissions module): `commission.paid` for each of its PAID commissions. */
    async onPayoutRunPaid(tx: Tx, runId: string): Promise<void> {
      await enqueue(tx, await repo.insertRunPaidEvents(tx, { runId, now: clock.now() }));
    },

    // ---- delivery (the `deliver-webhook` job) ----

    /**
     * One automatic attempt. 2xx: SUCCEEDED and the endpoint's failures in a row are forgiven. Otherwise the job
     * throws and pg-boss retries it with backoff; on the last attempt the delivery is FAILED, the endpoint counts a
     * failure and, at `failuresToDisable`, is disabled (the partner gets an e-mail).
     */
    async deliver(
      deliveryId: string,
      context: Pick<JobContext, 'retryCount' | 'retryLimit'>,
    ): Promise<JobResult> {
      const [found] = await db
        .select({ delivery: partnerWebhookDeliveries, endpoint: partnerWebhookEndpoints })
        .from(partnerWebhookDeliveries)
        .innerJoin(
          partnerWebhookEndpoints,
          eq(partnerWebhookEndpoints.id, partnerWebhookDeliveries.endpointId),
        )
        .where(eq(partnerWebhookDeliveries.id, deliveryId));
      if (!found) return { summary: 'Отправка удалена вместе с адресом' };
      const { delivery, endpoint } = found;
      if (delivery.status !== 'PENDING') return { summary: `Уже ${delivery.status}` };
      if (endpoint.status !== 'ACTIVE') {
        await repo.recordAttempt(db, {
          deliveryId,
          status: 'FAILED',
          responseCode: null,
          durationMs: 0,
          error: PARTNER_MESSAGES.webhookErrorEndpointDisabled,
          manual: 'AUTO',
          now: clock.now(),
        });
        return { summary: 'Адрес отключён: отправка не выполнена' };
      }
      const result = await send(endpoint.url, endpoint.secret, delivery);
      const last = context.retryCount >= context.retryLimit;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.recordAttempt(tx, {
          deliveryId,
          status: result.ok ? 'SUCCEEDED' : last ? 'FAILED' : 'PENDING',
          responseCode: result.responseCode,
          durationMs: result.durationMs,
          error: result.error,
          manual: 'AUTO',
          now,
        });
        if (result.ok) {
          await repo.resetFailures(tx, endpoint.id);
          return;
        }
        if (!last) return;
        const disabled = await repo.countFailure(tx, {
          endpointId: endpoint.id,
          threshold: WEBHOOK_LIMITS.failuresToDisable,
          reason: formatMessage(PARTNER_MESSAGES.webhookEndpointDisabledByFailures, {
            count: WEBHOOK_LIMITS.failuresToDisable,
          }),
          now,
        });
        if (disabled) {
          const [partner] = await tx
            .select({ email: partnerAccounts.email, name: partnerAccounts.name })
            .from(partnerAccounts)
            .where(eq(partnerAccounts.id, disabled.partnerAccountId));
          if (partner) {
            await mail.queue(tx, {
              to: partner.email,
              template: 'partner-webhook-disabled',
              params: {
                name: partner.name,
                url: disabled.url,
                failures: WEBHOOK_LIMITS.failuresToDisable,
                pageUrl: `${publicUrl}/partner/integrator/webhooks`,
              },
            });
          }
        }
      });
      if (!result.ok) {
        // pg-boss retries a thrown job (with backoff) until its retry limit.
        throw new Error(`Webhook ${deliveryId}: ${result.error ?? 'failed'}`);
      }
      return { summary: `Доставлено: ${result.responseCode} за ${result.durationMs} мс` };
    },

    // ---- the partner's page ----

    async list(actor: PartnerPrincipal): Promise<WebhookEndpointListResponse> {
      await assertIntegrator(actor);
      const rows = await db
        .select()
        .from(partnerWebhookEndpoints)
        .where(eq(partnerWebhookEndpoints.partnerAccountId, actor.partnerAccountId))
        .orderBy(partnerWebhookEndpoints.createdAt);
      const last = await lastDeliveries(rows.map((row) => row.id));
      return {
        items: rows.map((row) => toWebhookEndpoint(row, last.get(row.id))),
        limit: WEBHOOK_LIMITS.endpointsMax,
      };
    },

    /** At most `endpointsMax` per partner: counted and inserted under the partner row's lock (decision 019). */
    async create(
      actor: PartnerPrincipal,
      input: WebhookEndpointCreateRequest,
    ): Promise<WebhookSecretResponse> {
      await assertIntegrator(actor);
      const parsed = WebhookEndpointCreateRequestSchema.parse(input);
      await refusedUrl(parsed.url);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        await repo.lockPartner(tx, actor.partnerAccountId);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(partnerWebhookEndpoints)
          .where(eq(partnerWebhookEndpoints.partnerAccountId, actor.partnerAccountId));
        if ((count?.n ?? 0) >= WEBHOOK_LIMITS.endpointsMax) {
          throw new AppError(
            'CONFLICT',
            formatMessage(PARTNER_MESSAGES.webhookEndpointsLimit, { max: WEBHOOK_LIMITS.endpointsMax }),
          );
        }
        return repo.insertEndpoint(tx, {
          partnerAccountId: actor.partnerAccountId,
          url: parsed.url,
          description: parsed.description || null,
          events: parsed.events,
          secret,
          now: clock.now(),
        });
      });
      return { endpoint: toWebhookEndpoint(row, undefined), secret };
    },

    async update(
      actor: PartnerPrincipal,
      id: string,
      input: WebhookEndpointUpdateRequest,
    ): Promise<WebhookEndpoint> {
      await assertIntegrator(actor);
      const parsed = WebhookEndpointUpdateRequestSchema.parse(input);
      const row = await repo.updateEndpoint(db, actor.partnerAccountId, id, {
        description: parsed.description === undefined ? undefined : parsed.description || null,
        events: parsed.events,
        status: parsed.status,
        now: clock.now(),
      });
      if (!row) throw notFound(PARTNER_MESSAGES.webhookEndpointNotFound);
      return endpointView(row);
    },

    async remove(actor: PartnerPrincipal, id: string): Promise<void> {
      await assertIntegrator(actor);
      // Its deliveries go with it (cascade); their waiting jobs find nothing and finish.
      if (!(await repo.deleteEndpoint(db, actor.partnerAccountId, id)))
        throw notFound(PARTNER_MESSAGES.webhookEndpointNotFound);
    },

    /** A new secret, shown once; deliveries from now on are signed with it. */
    async rotateSecret(actor: PartnerPrincipal, id: string): Promise<WebhookSecretResponse> {
      await assertIntegrator(actor);
      const secret = newSecret();
      const row = await repo.updateEndpoint(db, actor.partnerAccountId, id, { secret, now: clock.now() });
      if (!row) throw notFound(PARTNER_MESSAGES.webhookEndpointNotFound);
      return { endpoint: await endpointView(row), secret };
    },

    async listDeliveries(
      actor: PartnerPrincipal,
      endpointId: string,
      query: WebhookDeliveryQuery,
    ): Promise<WebhookDeliveryListResponse> {
      await assertIntegrator(actor);
      await findEndpoint(actor, endpointId);
      const rows = await db
        .select()
        .from(partnerWebhookDeliveries)
        .where(
          and(
            eq(partnerWebhookDeliveries.endpointId, endpointId),
            query.status ? eq(partnerWebhookDeliveries.status, query.status) : undefined,
            keysetAfter(partnerWebhookDeliveries.createdAt, partnerWebhookDeliveries.id, query.cursor),
          ),
        )
        .orderBy(desc(partnerWebhookDeliveries.createdAt), desc(partnerWebhookDeliveries.id))
        .limit(DELIVERIES_PAGE + 1);
      const page = keysetPage(rows, DELIVERIES_PAGE);
      return { items: page.rows.map(toWebhookDelivery), nextCursor: page.nextCursor ?? null };
    },

    async getDelivery(actor: PartnerPrincipal, endpointId: string, deliveryId: string) {
      await assertIntegrator(actor);
      return deliveryDetail(await findDelivery(actor, endpointId, deliveryId));
    },

    /** «Отправить повторно»: one attempt now, whatever the delivery's status (the receiver de-duplicates by id). */
    async resend(
      actor: PartnerPrincipal,
      endpointId: string,
      deliveryId: string,
    ): Promise<WebhookDeliveryDetail> {
      await assertIntegrator(actor);
      const delivery = await findDelivery(actor, endpointId, deliveryId);
      return attemptNow(await findEndpoint(actor, endpointId), delivery, 'RESEND');
    },

    /** «Отправить тестовое событие»: a `webhook.test` delivery sent now (not retried), shown in the log. */
    async sendTest(actor: PartnerPrincipal, endpointId: string): Promise<WebhookDeliveryDetail> {
      await assertIntegrator(actor);
      const endpoint = await findEndpoint(actor, endpointId);
      const eventId = randomUUID();
      const now = clock.now();
      const delivery = await repo.insertTestDelivery(db, {
        endpointId,
        eventId,
        type: WEBHOOK_TEST_EVENT_TYPE,
        payload: {
          id: eventId,
          type: WEBHOOK_TEST_EVENT_TYPE,
          createdAt: now.toISOString(),
          data: { endpointId, message: 'Тестовое событие: подпись и доставка работают' },
        },
        now,
      });
      return attemptNow(endpoint, delivery, 'TEST');
    },
  };
}
