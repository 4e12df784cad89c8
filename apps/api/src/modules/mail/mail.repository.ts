import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { keysetAfter } from '../../lib/keyset.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

export function createMailRepository() {
  return {
    async insert(db: DbOrTx, values: typeof mailOutbox.$inferInsert): Promise<MailRow> {
      const [row] = await db.insert(mailOutbox).values(values).returning();
      return row!;
    },
    async findById(db: DbOrTx, id: string): Promise<MailRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },
    async update(db: DbOrTx, id: string, values: Partial<typeof mailOutbox.$inferInsert>): Promise<void> {
      await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
    },
    /** Newest first; the cursor is `createdAt|id` of the last row seen. */
    async list(db: DbOrTx, options: { limit: number; cursor?: string; to?: string }) {
      const conditions = [];
      if (options.to) conditions.push(eq(mailOutbox.to, options.to));
      const after = keysetAfter(mailOutbox.createdAt, mailOutbox.id, options.cursor);
      if (after) conditions.push(after);
      return db
        .select()
        .from(mailOutbox)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(options.limit + 1);
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
