import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FraudEventStatus, FraudRule } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { partnerFraudEvents } from '../../db/schema/index.ts';

export type FraudEventRow = typeof partnerFraudEvents.$inferSelect;

type NewEvent = {
  partnerAccountId: string;
  rule: FraudRule;
  orderId: string | null;
  commissionId?: string | null;
  evidence: Record<string, unknown>;
  now: Date;
};

/** The one writer of partner_fraud_events (decisions 026, 059, 063). */
export function createFraudRepository() {
  return {
    /** An order-level event: once per rule and order (the unique index); a second scan adds nothing. */
    async insertOrderEvent(
      db: DbOrTx,
      event: NewEvent & { orderId: string },
    ): Promise<FraudEventRow | undefined> {
      const [row] = await db
        .insert(partnerFraudEvents)
        .values({
          partnerAccountId: event.partnerAccountId,
          rule: event.rule,
          orderId: event.orderId,
          commissionId: event.commissionId ?? null,
          evidence: event.evidence,
          createdAt: event.now,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /**
     * A partner-level event (no order): one OPEN event per rule and partner. The transaction-scoped advisory lock
     * on (partner, rule) makes the check and the insert one step even when two scans run at once.
     */
    async insertPartnerEvent(
      db: DbOrTx,
      event: NewEvent & { orderId: null },
    ): Promise<FraudEventRow | undefined> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`fraud:${event.partnerAccountId}:${event.rule}`}))`,
      );
      const [open] = await db
        .select({ id: partnerFraudEvents.id })
        .from(partnerFraudEvents)
        .where(
          and(
            eq(partnerFraudEvents.partnerAccountId, event.partnerAccountId),
            eq(partnerFraudEvents.rule, event.rule),
            isNull(partnerFraudEvents.orderId),
            eq(partnerFraudEvents.status, 'OPEN'),
          ),
        );
      if (open) return undefined;
      const [row] = await db
        .insert(partnerFraudEvents)
        .values({
          partnerAccountId: event.partnerAccountId,
          rule: event.rule,
          orderId: null,
          evidence: event.evidence,
          createdAt: event.now,
        })
        .returning();
      return row;
    },
    /** Resolves an event only while it is OPEN: of two decisions at once, one wins and the other gets nothing. */
    async resolveEvent(
      db: DbOrTx,
      input: {
        id: string;
        status: Exclude<FraudEventStatus, 'OPEN'>;
        actorUserId: string;
        note: string;
        now: Date;
      },
    ): Promise<FraudEventRow | undefined> {
      const [row] = await db
        .update(partnerFraudEvents)
        .set({
          status: input.status,
          resolvedBy: input.actorUserId,
          resolvedAt: input.now,
          resolutionNote: input.note,
        })
        .where(and(eq(partnerFraudEvents.id, input.id), eq(partnerFraudEvents.status, 'OPEN')))
        .returning();
      return row;
    },
    /** Every OPEN event of a banned partner becomes BANNED; returns how many. */
    async resolveOpenEventsOfPartner(
      db: DbOrTx,
      input: { partnerAccountId: string; actorUserId: string; note: string; now: Date },
    ): Promise<number> {
      const rows = await db
        .update(partnerFraudEvents)
        .set({
          status: 'BANNED',
          resolvedBy: input.actorUserId,
          resolvedAt: input.now,
          resolutionNote: input.note,
        })
        .where(
          and(
            eq(partnerFraudEvents.partnerAccountId, input.partnerAccountId),
            eq(partnerFraudEvents.status, 'OPEN'),
          ),
        )
        .returning({ id: partnerFraudEvents.id });
      return rows.length;
    },
  };
}
export type FraudRepository = ReturnType<typeof createFraudRepository>;
