import { and, count, desc, eq, gt, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { isDisposableEmailDomain } from 'disposable-email-domains-js';
import {
  type FraudEventsQuery,
  type FraudEventsResponse,
  type FraudResolutionResponse,
  PARTNER_MESSAGES,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import {
  orderAttributions,
  orders,
  partnerAccounts,
  partnerClicks,
  partnerCommissions,
  partnerFraudEvents,
  partnerPaymentDetails,
  partnerSignIns,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { CommissionsRepository } from '../commissions/commissions.repository.ts';
import type { PartnerPortalRepository } from '../partner-portal/partner-portal.repository.ts';
import {
  CANCELLATIONS_MIN_ORDERS,
  CANCELLATIONS_MIN_SHARE,
  CANCELLATIONS_WINDOW_DAYS,
  CLICK_SPIKE_BASELINE_DAYS,
  clickSpikeThreshold,
  OWN_SIGN_IN_WINDOW_DAYS,
  phoneKey,
  SHARED_CUSTOMER_WINDOW_DAYS,
} from './fraud-rules.ts';
import { toFraudEvent } from './fraud.mapper.ts';
import type { FraudEventRow, FraudRepository } from './fraud.repository.ts';

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

export type FraudService = ReturnType<typeof createFraudService>;

/**
 * Fraud signals about partners (decision 063, anchor: Dub's fraud events). An OPEN event holds the commissions it
 * concerns (decision 059: the approval job skips them); staff release it, reverse the order's commission, or ban
 * the partner. Every decision is one conditional update on the OPEN row, audited in the same transaction.
 */
export function createFraudService(deps: {
  db: Db;
  repo: FraudRepository;
  commissionsRepo: CommissionsRepository;
  partnerPortalRepo: PartnerPortalRepository;
  authRepo: AuthRepository;
  audit: AuditRepository;
  clock: Clock;
}) {
  const { db, repo, commissionsRepo, partnerPortalRepo, authRepo, audit, clock } = deps;

  async function orderCommissionId(tx: Db | Tx, orderId: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: partnerCommissions.id })
      .from(partnerCommissions)
      .where(and(eq(partnerCommissions.orderId, orderId), eq(partnerCommissions.kind, 'ORDER')));
    return row?.id ?? null;
  }

  async function resolveOne(
    tx: Tx,
    actor: UserPrincipal,
    id: string,
    status: 'RELEASED' | 'REVERSED' | 'BANNED',
    note: string,
  ): Promise<FraudEventRow> {
    const row = await repo.resolveEvent(tx, {
      id,
      status,
      actorUserId: actor.userId,
      note,
      now: clock.now(),
    });
    if (row) return row;
    const [exists] = await tx
      .select({ id: partnerFraudEvents.id })
      .from(partnerFraudEvents)
      .where(eq(partnerFraudEvents.id, id));
    if (!exists) throw notFound(PARTNER_MESSAGES.fraudEventNotFound);
    throw new AppError('CONFLICT', PARTNER_MESSAGES.fraudEventNotOpen);
  }

  return {
    /**
     * The order-level rules, run in the caller's transaction right after the order's attribution is written (and
     * again when its commission is created: a second run adds nothing). Returns the events it opened.
     */
    async scanOrder(tx: Db | Tx, orderId: string): Promise<FraudEventRow[]> {
      const now = clock.now();
      const [order] = await tx
        .select({
          id: orders.id,
          email: orders.email,
          phone: orders.phoneNumber,
          inn: orders.organizationInn,
          partnerAccountId: orderAttributions.partnerAccountId,
          ipHash: orderAttributions.ipHash,
          deviceHash: orderAttributions.deviceHash,
          attributedAt: orderAttributions.createdAt,
          partnerEmail: partnerAccounts.email,
          partnerPhone: partnerAccounts.phone,
          partnerInn: partnerPaymentDetails.inn,
        })
        .from(orderAttributions)
        .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, orderAttributions.partnerAccountId))
        .leftJoin(partnerPaymentDetails, eq(partnerPaymentDetails.partnerAccountId, partnerAccounts.id))
        .where(eq(orderAttributions.orderId, orderId));
      if (!order) return [];
      const partnerAccountId = order.partnerAccountId;
      const commissionId = await orderCommissionId(tx, orderId);
      const found: Array<{ rule: FraudEventRow['rule']; evidence: Record<string, unknown> }> = [];

      const selfMatches: string[] = [];
      if (lower(order.email) !== '' && lower(order.email) === lower(order.partnerEmail))
        selfMatches.push('email');
      const orderPhone = phoneKey(order.phone);
      if (orderPhone && orderPhone === phoneKey(order.partnerPhone)) selfMatches.push('phone');
      if (order.inn && order.partnerInn && order.inn.trim() === order.partnerInn) selfMatches.push('inn');
      if (selfMatches.length > 0) found.push({ rule: 'SELF_REFERRAL', evidence: { matches: selfMatches } });

      if (order.ipHash || order.deviceHash) {
        const signIns = await tx
          .select({ ipHash: partnerSignIns.ipHash, deviceHash: partnerSignIns.deviceHash })
          .from(partnerSignIns)
          .where(
            and(
              eq(partnerSignIns.partnerAccountId, partnerAccountId),
              gt(partnerSignIns.at, daysBefore(now, OWN_SIGN_IN_WINDOW_DAYS)),
            ),
          );
        const matches: string[] = [];
        if (order.ipHash && signIns.some((s) => s.ipHash === order.ipHash)) matches.push('ip');
        if (order.deviceHash && signIns.some((s) => s.deviceHash === order.deviceHash))
          matches.push('device');
        if (matches.length > 0) found.push({ rule: 'OWN_SIGN_IN', evidence: { matches } });
      }

      const domain = lower(order.email).split('@')[1] ?? '';
      if (domain && isDisposableEmailDomain(domain))
        found.push({ rule: 'DISPOSABLE_EMAIL', evidence: { domain } });

      // Another partner got an order of the same e-mail in the 30 days before this one: this (newer) one is flagged.
      const others = await tx
        .selectDistinct({ name: partnerAccounts.name, id: partnerAccounts.id })
        .from(orderAttributions)
        .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, orderAttributions.partnerAccountId))
        .where(
          and(
            ne(orderAttributions.orderId, orderId),
            ne(orderAttributions.partnerAccountId, partnerAccountId),
            sql`lower(${orders.email}) = ${lower(order.email)}`,
            gte(orderAttributions.createdAt, daysBefore(order.attributedAt, SHARED_CUSTOMER_WINDOW_DAYS)),
            sql`${orderAttributions.createdAt} <= ${order.attributedAt}`,
          ),
        );
      if (lower(order.email) !== '' && others.length > 0) {
        found.push({
          rule: 'SHARED_CUSTOMER',
          evidence: {
            email: lower(order.email),
            otherPartners: others.map((o) => o.name),
            otherPartnerIds: others.map((o) => o.id),
          },
        });
      }

      const opened: FraudEventRow[] = [];
      for (const event of found) {
        const row = await repo.insertOrderEvent(tx, {
          partnerAccountId,
          orderId,
          commissionId,
          now,
          ...event,
        });
        if (row) opened.push(row);
      }
      return opened;
    },

    /** The partner-level rules (the scheduled job `scan-partner-fraud`): click spikes and many cancellations. */
    async scanPartners(): Promise<{ summary: string; opened: number }> {
      const now = clock.now();
      const dayAgo = daysBefore(now, 1);
      const baselineFrom = daysBefore(now, 1 + CLICK_SPIKE_BASELINE_DAYS);
      const clickRows = await db
        .select({
          partnerAccountId: partnerClicks.partnerAccountId,
          last24h: sql<number>`count(*) filter (where ${partnerClicks.clickedAt} > ${dayAgo})`.mapWith(
            Number,
          ),
          baseline: sql<number>`count(*) filter (where ${partnerClicks.clickedAt} <= ${dayAgo})`.mapWith(
            Number,
          ),
        })
        .from(partnerClicks)
        .where(gt(partnerClicks.clickedAt, baselineFrom))
        .groupBy(partnerClicks.partnerAccountId);
      const spikes = clickRows.filter(
        (row) => row.last24h >= clickSpikeThreshold(row.baseline / CLICK_SPIKE_BASELINE_DAYS),
      );
      const withOrders = new Set(
        spikes.length === 0
          ? []
          : (
              await db
                .selectDistinct({ id: orderAttributions.partnerAccountId })
                .from(orderAttributions)
                .where(
                  and(
                    inArray(
                      orderAttributions.partnerAccountId,
                      spikes.map((s) => s.partnerAccountId),
                    ),
                    gt(orderAttributions.createdAt, dayAgo),
                  ),
                )
            ).map((row) => row.id),
      );
      const cancellationRows = await db
        .select({
          partnerAccountId: orderAttributions.partnerAccountId,
          total: count(),
          cancelled: sql<number>`count(*) filter (where ${orders.status} = 'CANCELED')`.mapWith(Number),
        })
        .from(orderAttributions)
        .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
        .where(gt(orderAttributions.createdAt, daysBefore(now, CANCELLATIONS_WINDOW_DAYS)))
        .groupBy(orderAttributions.partnerAccountId);

      // One order of locks for every scan (partner id), so two scans at once queue instead of deadlocking.
      const byPartner = (a: { partnerAccountId: string }, b: { partnerAccountId: string }) =>
        a.partnerAccountId.localeCompare(b.partnerAccountId);
      spikes.sort(byPartner);
      cancellationRows.sort(byPartner);
      let opened = 0;
      await db.transaction(async (tx) => {
        for (const spike of spikes) {
          if (withOrders.has(spike.partnerAccountId)) continue;
          const dailyAverage = Math.round((spike.baseline / CLICK_SPIKE_BASELINE_DAYS) * 10) / 10;
          const row = await repo.insertPartnerEvent(tx, {
            partnerAccountId: spike.partnerAccountId,
            rule: 'CLICK_SPIKE',
            orderId: null,
            evidence: {
              clicks24h: spike.last24h,
              dailyAverage7d: dailyAverage,
              threshold: clickSpikeThreshold(dailyAverage),
            },
            now,
          });
          if (row) opened += 1;
        }
        for (const row of cancellationRows) {
          if (row.total < CANCELLATIONS_MIN_ORDERS || row.cancelled < row.total * CANCELLATIONS_MIN_SHARE)
            continue;
          const event = await repo.insertPartnerEvent(tx, {
            partnerAccountId: row.partnerAccountId,
            rule: 'MANY_CANCELLATIONS',
            orderId: null,
            evidence: { orders: row.total, cancelled: row.cancelled },
            now,
          });
          if (event) opened += 1;
        }
      });
      return { opened, summary: `Новых событий фрода: ${opened}` };
    },

    async list(query: FraudEventsQuery): Promise<FraudEventsResponse> {
      const conditions: SQL[] = [];
      if (query.partnerId) conditions.push(eq(partnerFraudEvents.partnerAccountId, query.partnerId));
      if (query.rule) conditions.push(eq(partnerFraudEvents.rule, query.rule));
      if (query.status) conditions.push(eq(partnerFraudEvents.status, query.status));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const rows = await db
        .select({ event: partnerFraudEvents, partner: partnerAccounts, orderNumber: orders.number })
        .from(partnerFraudEvents)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerFraudEvents.partnerAccountId))
        .leftJoin(orders, eq(orders.id, partnerFraudEvents.orderId))
        .where(where)
        .orderBy(desc(partnerFraudEvents.createdAt), desc(partnerFraudEvents.id))
        .limit(query.limit)
        .offset(query.offset);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(partnerFraudEvents)
        .where(where);
      const partners = await db
        .select({
          id: partnerAccounts.id,
          name: partnerAccounts.name,
          openCount: sql<number>`count(*) filter (where ${partnerFraudEvents.status} = 'OPEN')`.mapWith(
            Number,
          ),
        })
        .from(partnerFraudEvents)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerFraudEvents.partnerAccountId))
        .groupBy(partnerAccounts.id, partnerAccounts.name)
        .orderBy(
          desc(sql`count(*) filter (where ${partnerFraudEvents.status} = 'OPEN')`),
          partnerAccounts.name,
        );
      return { items: rows.map(toFraudEvent), total, partners };
    },

    async release(actor: UserPrincipal, id: string, note: string): Promise<FraudResolutionResponse> {
      return db.transaction(async (tx) => {
        const event = await resolveOne(tx, actor, id, 'RELEASED', note);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'fraud_event.release',
          entity: 'partner_fraud_event',
          entityId: id,
          data: { rule: event.rule, partnerAccountId: event.partnerAccountId, orderId: event.orderId, note },
        });
        return { success: true as const, status: 'RELEASED' as const };
      });
    },

    /** Closes the event and reverses its order's commission when it is not paid yet (a paid one is clawed back by money). */
    async reverse(actor: UserPrincipal, id: string, note: string): Promise<FraudResolutionResponse> {
      return db.transaction(async (tx) => {
        const event = await resolveOne(tx, actor, id, 'REVERSED', note);
        const commissionId = event.orderId ? await orderCommissionId(tx, event.orderId) : null;
        const commissionReversed = commissionId
          ? await commissionsRepo.reverse(tx, {
              commissionId,
              actorUserId: actor.userId,
              note: `Фрод: ${note}`,
            })
          : false;
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'fraud_event.reverse',
          entity: 'partner_fraud_event',
          entityId: id,
          data: {
            rule: event.rule,
            partnerAccountId: event.partnerAccountId,
            orderId: event.orderId,
            commissionId,
            commissionReversed,
            note,
          },
        });
        return { success: true as const, status: 'REVERSED' as const, commissionReversed };
      });
    },

    /**
     * Bans the event's partner: status BANNED (their links and codes stop attributing, sign-in is refused), their
     * sessions ended, every OPEN event of theirs closed as BANNED (their commissions stay held until staff decide).
     */
    async ban(actor: UserPrincipal, id: string, note: string): Promise<FraudResolutionResponse> {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ partnerAccountId: partnerFraudEvents.partnerAccountId })
          .from(partnerFraudEvents)
          .where(eq(partnerFraudEvents.id, id));
        if (!target) throw notFound(PARTNER_MESSAGES.fraudEventNotFound);
        // The account first (the order every status change of a partner takes), then the event.
        const account = await partnerPortalRepo.lockAccount(tx, target.partnerAccountId);
        if (!account) throw notFound(PARTNER_MESSAGES.fraudEventNotFound);
        const now = clock.now();
        await resolveOne(tx, actor, id, 'BANNED', note);
        const others = await repo.resolveOpenEventsOfPartner(tx, {
          partnerAccountId: account.id,
          actorUserId: actor.userId,
          note,
          now,
        });
        await partnerPortalRepo.setStatus(tx, account.id, 'BANNED');
        await authRepo.revokePartnerSessions(tx, account.id, now);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'fraud_event.ban',
          entity: 'partner_account',
          entityId: account.id,
          data: { eventId: id, fromStatus: account.status, resolvedEvents: others + 1, note },
        });
        return { success: true as const, status: 'BANNED' as const, resolvedEvents: others + 1 };
      });
    },
  };
}
