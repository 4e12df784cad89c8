import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BURST = 6;

/**
 * Admins saving the same document code at once (decision 048): the unique index decides, so exactly one row is
 * created and every other request gets the form's 409 message, never a 500. PostgreSQL only.
 */
describe('document codes under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: BURST + 2 });
  });
  afterAll(() => ctx?.close());

  it('one of several concurrent creations of one code (in any case) wins; the rest are 409', async () => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/form-settings/document',
          headers: admin,
          payload: {
            type: index % 2 ? 'RACE_CODE' : 'race_code',
            name: `Гонка ${index}`,
            price: 100,
            processingDays: 1,
            sortOrder: 0,
          },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.statusCode)).toEqual(Array(BURST - 1).fill(409));
    for (const answer of refused)
      expect(answer.json()).toMatchObject({ message: MESSAGES.documentTypeCodeTaken });
    const rows = await ctx.database.sql.executeSql(
      `select count(*)::int as n from document_types where lower(type) = 'race_code' and deleted_at is null`,
    );
    expect(rows.rows).toEqual([{ n: 1 }]);
  });
});
