import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TARIFF_LIMITS } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BURST = 10;

/**
 * Concurrent tariff creation on a real PostgreSQL server (PGlite runs one query at a time and hides races), so
 * only the api-postgres project runs this file. Decision 019.
 */
describe('tariffs under concurrent creation (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };

  const liveTariffs = async () =>
    (
      (
        await ctx.database.sql.executeSql(
          'select count(*)::int as n from tariffs where deleted_at is null',
          [],
        )
      ).rows[0] as { n: number }
    ).n;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 2 });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx?.close());

  it('the tariff limit holds when the last places are taken by requests sent at once', async () => {
    for (let burst = 0; burst < 3; burst += 1) {
      // Fill the catalogue up to two places below the limit.
      await ctx.database.sql.executeSql(
        `insert into tariffs (name, target_language, price_percent, is_active)
         select 'Заполнение ' || n, 'en', 100, false
           from generate_series(1, $1::int - 2 - (select count(*)::int from tariffs where deleted_at is null)) n`,
        [TARIFF_LIMITS.maxTariffs],
      );
      expect(await liveTariffs()).toBe(TARIFF_LIMITS.maxTariffs - 2);
      const responses = await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/tariffs',
            headers: admin,
            payload: { name: `Одновременный ${burst}.${index}`, targetLanguage: 'en', pricePercent: 110 },
          }),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(2);
      for (const refused of responses.filter((response) => response.statusCode !== 201)) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ message: MESSAGES.tariffLimitReached });
      }
      expect(await liveTariffs()).toBe(TARIFF_LIMITS.maxTariffs);
      // Make room for the next burst.
      await ctx.database.sql.executeSql(
        `update tariffs set deleted_at = now() where name like 'Одновременный %' and deleted_at is null`,
        [],
      );
    }
  });
});
