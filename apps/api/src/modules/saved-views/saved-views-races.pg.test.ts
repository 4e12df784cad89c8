import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEWS_MAX } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BURST = 6;

/** The per-user limit of saved views under concurrent saves, on a real PostgreSQL server (decision 019). */
describe('saved views under concurrent saves (PostgreSQL)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 2 });
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx?.close());

  it('at one below the limit, of concurrent saves exactly one is kept', async () => {
    for (let index = 0; index < SAVED_VIEWS_MAX - 1; index += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/views',
        headers: manager,
        payload: { name: `Вид ${index}`, query: {} },
      });
      expect(response.statusCode).toBe(201);
    }
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/order/views',
          headers: manager,
          payload: { name: `Гонка ${index}`, query: {} },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201,
      ...Array<number>(BURST - 1).fill(409),
    ]);
    const counts = await ctx.database.sql.executeSql(
      `select count(*)::int as total from order_saved_views v join users u on u.id = v.user_id where u.email = $1`,
      [DEMO.manager[0]],
    );
    expect(counts.rows).toEqual([{ total: SAVED_VIEWS_MAX }]);
  });
});
