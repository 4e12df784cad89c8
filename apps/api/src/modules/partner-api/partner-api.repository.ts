import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@app/contracts';
import type { DbOrTx, Tx } from '#src/db/client.ts';
import { lockForTransaction } from '#src/db/locks.ts';
import { partnerAccounts, partnerApiKeys } from '#src/db/schema/index.ts';

export type ApiKeyRow = typeof partnerApiKeys.$inferSelect;

/** GCRA's emission interval in whole microseconds (decision 076): the period ÷ the limit, rounded down. */
export function rateIntervalMicros(limit: number, periodMs: number): number {
  return Math.floor((periodMs * 1000) / limit);
}

/** The one writer of partner_api_keys (decision 026, decision 070). */
export function createPartnerApiRepository() {
  return {
    /**
     * Inserts a key unless the partner already has `maxActive` keys not revoked. The partner's keys are counted
     * under a lock named after the partner (decision 019): concurrent creations count one after another. Undefined
     * when the cap is reached; null when the drawn prefix or hash is taken (the caller draws again).
     */
    async insertKeyUnderCap(
      tx: Tx,
      values: {
        partnerAccountId: string;
        name: string;
        prefix: string;
        keyHash: string;
        scopes: ApiKeyScope[];
        allowedIps: string[];
        now: Date;
      },
      maxActive: number,
    ): Promise<ApiKeyRow | null | undefined> {
      await lockForTransaction(tx, `partner-api-keys:${values.partnerAccountId}`);
      const [active] = await tx
        .select({ n: count() })
        .from(partnerApiKeys)
        .where(
          and(eq(partnerApiKeys.partnerAccountId, values.partnerAccountId), isNull(partnerApiKeys.revokedAt)),
        );
      if ((active?.n ?? 0) >= maxActive) return undefined;
      const [row] = await tx
        .insert(partnerApiKeys)
        .values({
          partnerAccountId: values.partnerAccountId,
          name: values.name,
          prefix: values.prefix,
          keyHash: values.keyHash,
          scopes: values.scopes,
          allowedIps: values.allowedIps,
          createdAt: values.now,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Revokes the partner's own live key; undefined when there is none (another's, unknown or revoked). */
    async revokeKey(
      db: DbOrTx,
      partnerAccountId: string,
      id: string,
      now: Date,
    ): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(partnerApiKeys)
        .set({ revokedAt: now })
        .where(
          and(
            eq(partnerApiKeys.id, id),
            eq(partnerApiKeys.partnerAccountId, partnerAccountId),
            isNull(partnerApiKeys.revokedAt),
          ),
        )
        .returning();
      return row;
    },

    async listKeys(db: DbOrTx, partnerAccountId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(partnerApiKeys)
        .where(eq(partnerApiKeys.partnerAccountId, partnerAccountId))
        .orderBy(sql`${partnerApiKeys.revokedAt} is not null`, desc(partnerApiKeys.createdAt))
        .limit(200);
    },

    /** The key with this hash and its partner's status and type (one indexed lookup). */
    async findKeyByHash(db: DbOrTx, keyHash: string) {
      const [row] = await db
        .select({
          key: partnerApiKeys,
          partnerStatus: partnerAccounts.status,
          partnerType: partnerAccounts.type,
        })
        .from(partnerApiKeys)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerApiKeys.partnerAccountId))
        .where(eq(partnerApiKeys.keyHash, keyHash));
      return row;
    },

    /**
     * Takes one request of a live key under its limit of `limit` requests per `periodMs` (decision 076): GCRA in
     * one conditional UPDATE. Each request moves the key's theoretical arrival time (TAT) on by one emission
     * interval `periodMs / limit` from max(TAT, now); it is served only if the new TAT is at most one period ahead
     * of now. So a full burst of `limit` is allowed, then one request per interval — never twice the limit across
     * a minute boundary. Concurrent requests on several API instances queue on the key's row and each sees the TAT
     * the previous one left (decision 019). `last_used_at` moves at most once a minute. Null: over the limit (or
     * revoked since).
     */
    async takeRequest(
      db: DbOrTx,
      keyId: string,
      now: Date,
      limit: number,
      periodMs: number,
    ): Promise<{ tat: Date } | null> {
      // The key's clock never goes back (a request that read the time first may reach the row last).
      const at = sql`greatest(${now.toISOString()}::timestamptz, ${partnerApiKeys.rateLimitClock})`;
      // Whole microseconds, rounded down: `limit` intervals never add up to more than the period, so the full
      // burst always fits (60 s ÷ 7 is not exact).
      const next = sql`greatest(coalesce(${partnerApiKeys.rateLimitTat}, ${at}), ${at})
                       + ${rateIntervalMicros(limit, periodMs)}::bigint * interval '1 microsecond'`;
      const [row] = await db
        .update(partnerApiKeys)
        .set({
          rateLimitTat: next,
          rateLimitClock: at,
          lastUsedAt: sql`case when ${partnerApiKeys.lastUsedAt} is null
                                 or ${partnerApiKeys.lastUsedAt} <= ${at} - interval '1 minute'
                               then ${at} else ${partnerApiKeys.lastUsedAt} end`,
        })
        .where(
          and(
            eq(partnerApiKeys.id, keyId),
            isNull(partnerApiKeys.revokedAt),
            sql`${next} <= ${at} + ${periodMs * 1000}::bigint * interval '1 microsecond'`,
          ),
        )
        .returning({ tat: partnerApiKeys.rateLimitTat });
      return row?.tat ? { tat: row.tat } : null;
    },

    /** The key's TAT as it is now (read for a refused request's Retry-After only; decides nothing). */
    async rateLimitTat(db: DbOrTx, keyId: string): Promise<Date | null> {
      const [row] = await db
        .select({ tat: partnerApiKeys.rateLimitTat })
        .from(partnerApiKeys)
        .where(eq(partnerApiKeys.id, keyId));
      return row?.tat ?? null;
    },
  };
}
export type PartnerApiRepository = ReturnType<typeof createPartnerApiRepository>;
