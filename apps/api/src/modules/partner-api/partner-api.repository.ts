import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@app/contracts';
import type { DbOrTx, Tx } from '#src/db/client.ts';
import { lockForTransaction } from '#src/db/locks.ts';
import { partnerAccounts, partnerApiKeys } from '#src/db/schema/index.ts';

export type ApiKeyRow = typeof partnerApiKeys.$inferSelect;

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
     * Counts one request of a live key in the minute `window` (decision 019: the limit is the condition of the
     * one UPDATE, so concurrent requests on several API instances queue on the key's row and each sees the count
     * the previous one left). `last_used_at` moves at most once a minute. Null: over the limit (or revoked since).
     */
    async takeRequest(
      db: DbOrTx,
      keyId: string,
      now: Date,
      window: Date,
      limit: number,
    ): Promise<{ count: number } | null> {
      const [row] = await db
        .update(partnerApiKeys)
        .set({
          rateWindowCount: sql`case when ${partnerApiKeys.rateWindowStartedAt} = ${window.toISOString()}::timestamptz
                                    then ${partnerApiKeys.rateWindowCount} + 1 else 1 end`,
          rateWindowStartedAt: window,
          lastUsedAt: sql`case when ${partnerApiKeys.lastUsedAt} is null
                                 or ${partnerApiKeys.lastUsedAt} <= ${now.toISOString()}::timestamptz - interval '1 minute'
                               then ${now.toISOString()}::timestamptz else ${partnerApiKeys.lastUsedAt} end`,
        })
        .where(
          and(
            eq(partnerApiKeys.id, keyId),
            isNull(partnerApiKeys.revokedAt),
            sql`(${partnerApiKeys.rateWindowStartedAt} is distinct from ${window.toISOString()}::timestamptz
                 or ${partnerApiKeys.rateWindowCount} < ${limit})`,
          ),
        )
        .returning({ count: partnerApiKeys.rateWindowCount });
      return row ?? null;
    },
  };
}
export type PartnerApiRepository = ReturnType<typeof createPartnerApiRepository>;
