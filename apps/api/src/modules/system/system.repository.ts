import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

/** The one writer of `app_settings` (decision 026), the key-value store of generated secrets (VAPID keys). */
export function createSystemRepository() {
  return {
    /** Stores `value` under `key` unless one is there already, and answers the stored one (every process agrees). */
    async settingOnce(db: DbOrTx, key: string, value: unknown): Promise<unknown> {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
      return row!.value;
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
