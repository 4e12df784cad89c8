import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partnerWidgets } from '../../db/schema/index.ts';

export type WidgetRow = typeof partnerWidgets.$inferSelect;

/** The one writer of partner_widgets (decision 026). A partner changes only its own live widgets. */
export function createWidgetsRepository() {
  const ownLive = (partnerAccountId: string, id: string) =>
    and(
      eq(partnerWidgets.id, id),
      eq(partnerWidgets.partnerAccountId, partnerAccountId),
      isNull(partnerWidgets.archivedAt),
    );
  return {
    async insertWidget(db: DbOrTx, values: typeof partnerWidgets.$inferInsert): Promise<WidgetRow> {
      const [row] = await db.insert(partnerWidgets).values(values).returning();
      return row!;
    },
    async updateWidget(
      db: DbOrTx,
      partnerAccountId: string,
      id: string,
      values: Pick<WidgetRow, 'name' | 'allowedDomains' | 'theme'>,
    ): Promise<WidgetRow | undefined> {
      const [row] = await db
        .update(partnerWidgets)
        .set(values)
        .where(ownLive(partnerAccountId, id))
        .returning();
      return row;
    },
    async archiveWidget(
      db: DbOrTx,
      partnerAccountId: string,
      id: string,
      now: Date,
    ): Promise<WidgetRow | undefined> {
      const [row] = await db
        .update(partnerWidgets)
        .set({ archivedAt: now })
        .where(ownLive(partnerAccountId, id))
        .returning();
      return row;
    },
  };
}
export type WidgetsRepository = ReturnType<typeof createWidgetsRepository>;
