import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

/** The mailed link opened twice at once, on a real PostgreSQL server (decision 019): the change applies once. */
describe('confirming payment details twice at once (PostgreSQL)', () => {
  let ctx: TestContext;
  let partner: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 20 });
    partner = await ctx.partnerAuth(...DEMO.affiliate);
  });
  afterAll(() => ctx?.close());

  it('one confirmation applies, the other is refused, one audit row', async () => {
    for (let round = 0; round < 5; round += 1) {
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/partner/payment-details',
        headers: partner,
        payload: {
          payeeType: 'SELF_EMPLOYED',
          payeeName: `Иванов ${round}`,
          inn: '500100732259',
          bik: '044525974',
          account: '40802810000000123456',
          bankName: 'АО «ТБанк»',
        },
      });
      expect(saved.statusCode).toBe(200);
      const [mail] = await ctx.outbox(DEMO.affiliate[0]);
      const token = /confirm=([\w-]+)/.exec(mail!.text)![1]!;
      const confirm = () =>
        ctx.app.inject({ method: 'POST', url: '/api/partner/payment-details/confirm', payload: { token } });
      const results = await Promise.all([confirm(), confirm(), confirm()]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      const audits = await ctx.database.sql.executeSql(
        `select id from audit_log where action = 'partner_payment_details.confirm'`,
        [],
      );
      expect(audits.rows).toHaveLength(round + 1);
    }
  });
});
