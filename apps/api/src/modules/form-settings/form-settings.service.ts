import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { FormParamsResponse } from '@app/contracts';
import { moscowDate } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import {
  assurances,
  deliveries,
  documentTypes,
  holidays,
  languages,
  offices,
  tariffs,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { toFormParams } from './form-settings.mapper.ts';

export type FormSettingsService = ReturnType<typeof createFormSettingsService>;

/**
 * Form parameters are read on every order page and change a few times a day. They are cached in memory,
 * serialized once, and dropped on any local change; other processes pick a change up within CACHE_TTL_MS.
 */
export const FORM_PARAMS_CACHE_TTL_MS = 5_000;

export function createFormSettingsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  type Cached = { value: FormParamsResponse; json: string; bytes: Buffer; loadedAt: number };
  let cache: Cached | null = null;
  let loading: Promise<Cached> | null = null;

  async function load(): Promise<Cached> {
    const today = moscowDate(clock.now());
    const [documentRows, assuranceRows, deliveryRows, languageRows, officeRows, holidayRows, tariffRows] =
      await Promise.all([
        db
          .select()
          .from(documentTypes)
          .where(isNull(documentTypes.deletedAt))
          .orderBy(asc(documentTypes.sortOrder), asc(documentTypes.name)),
        db
          .select()
          .from(assurances)
          .where(isNull(assurances.deletedAt))
          .orderBy(asc(assurances.sortOrder), asc(assurances.name)),
        db
          .select()
          .from(deliveries)
          .where(isNull(deliveries.deletedAt))
          .orderBy(asc(deliveries.sortOrder), asc(deliveries.name)),
        db
          .select()
          .from(languages)
          .where(eq(languages.isActive, true))
          .orderBy(asc(languages.sortOrder), asc(languages.name)),
        db.select().from(offices).where(eq(offices.isActive, true)).orderBy(asc(offices.name)),
        db
          .select()
          .from(holidays)
          .where(and(gte(holidays.date, today)))
          .orderBy(asc(holidays.date)),
        db
          .select()
          .from(tariffs)
          .where(and(eq(tariffs.isActive, true), isNull(tariffs.deletedAt)))
          .orderBy(asc(tariffs.sortOrder), asc(tariffs.name), asc(tariffs.id)),
      ]);
    const value = toFormParams({
      documentRows,
      assuranceRows,
      deliveryRows,
      languageRows,
      officeRows,
      holidayRows,
      tariffRows,
    });
    const json = JSON.stringify(value);
    return { value, json, bytes: Buffer.from(json), loadedAt: clock.now().getTime() };
  }

  async function current(): Promise<Cached> {
    if (cache && clock.now().getTime() - cache.loadedAt < FORM_PARAMS_CACHE_TTL_MS) return cache;
    loading ??= load().finally(() => {
      loading = null;
    });
    const fresh = await loading;
    cache = fresh;
    return fresh;
  }

  return {
    async getFormParams(): Promise<FormParamsResponse> {
      return (await current()).value;
    },
    /** The same answer, already serialized (the hot path of every order page). */
    async getFormParamsJson(): Promise<string> {
      return (await current()).json;
    },
    /**
     * The serialized answer as UTF-8 bytes while the cache is fresh, else null (then `getFormParamsJson`): no promise
     * per hit, and no encoding of the 4.7 KB string (mostly Cyrillic) on every request (decision 082).
     */
    freshFormParamsBytes(): Buffer | null {
      return cache && clock.now().getTime() - cache.loadedAt < FORM_PARAMS_CACHE_TTL_MS ? cache.bytes : null;
    },
    invalidate(): void {
      cache = null;
    },
  };
}
