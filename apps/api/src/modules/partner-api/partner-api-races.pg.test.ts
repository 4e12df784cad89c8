import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartnerApiOrder } from '@app/contracts';
import { partnerAccounts } from '#src/db/schema/index.ts';
import { hashPassword } from '#src/lib/passwords.ts';
import { createApiKey, createTestContext, type TestContext } from '#test/helpers.ts';
import { orderBody, rows } from '#test/portal-partners.ts';

const LIMIT = 5;

/**
 * The partner API's check-then-act on PostgreSQL (decision 019, decision 070): one order per Idempotency-Key, the
 * active-keys cap and the per-key rate limit, each under real concurrent requests.
 */
describe('partner API races on PostgreSQL', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      poolMax: 24,
      env: { RATE_LIMIT_PARTNER_API_PER_MINUTE: String(LIMIT), RATE_LIMIT_ORDERS_PER_MINUTE: '1000' },
    });
  });
  afterAll(() => ctx?.close());

  async function integrator(email: string): Promise<{ id: string; headers: { authorization: string } }> {
    const [row] = await ctx.database.db
      .insert(partnerAccounts)
      .values({
        email,
        passwordHash: await hashPassword('integrator-test-pass'),
        name: `Интегратор ${email}`,
        type: 'INTEGRATOR',
        status: 'ACTIVE',
      })
      .returning();
    return { id: row!.id, headers: await ctx.partnerAuth(email, 'integrator-test-pass') };
  }

  it('10 concurrent creations with one Idempotency-Key make one order, attributed once', async () => {
    const partner = await integrator('race-orders@partners.example.ru');
    for (let round = 0; round < 3; round += 1) {
      // A fresh key each round: each makes at most LIMIT calls a minute, and these are 10 at once.
      const keys = await Promise.all([0, 1].map(() => createApiKey(ctx, partner.headers)));
      const {
        files: _files,
        fileTokens: _tokens,
        ...body
      } = await orderBody(ctx, {
        email: `race-${round}@example.ru`,
      });
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/v1/partner/orders',
            headers: { authorization: `Bearer ${keys[index % 2]}`, 'idempotency-key': `race-${round}` },
            payload: body,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      const ids = new Set(responses.map((response) => response.json<PartnerApiOrder>().id));
      expect(ids.size).toBe(1);
      const stored = await rows<{ id: string }>(ctx, 'select id from orders where idempotency_key = $1', [
        `race-${round}`,
      ]);
      expect(stored).toEqual([{ id: [...ids][0] }]);
      expect(
        await rows(ctx, "select source from order_attributions where order_id = $1 and source = 'API'", [
          [...ids][0],
        ]),
      ).toHaveLength(1);
    }
  });

  it('15 concurrent key creations: exactly 10 active keys, the rest refused', async () => {
    for (let round = 0; round < 2; round += 1) {
      const partner = await integrator(`race-cap-${round}@partners.example.ru`);
      const responses = await Promise.all(
        Array.from({ length: 15 }, (_, index) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/partner/integrator/api-keys',
            headers: partner.headers,
            payload: { name: `Ключ ${index}`, scopes: ['quote'] },
            remoteAddress: `192.0.2.${10 + round}`,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(5);
      const [active] = await rows<{ n: number }>(
        ctx,
        'select count(*)::int as n from partner_api_keys where partner_account_id = $1 and revoked_at is null',
        [partner.id],
      );
      expect(active!.n).toBe(10);
    }
  });

  it('12 concurrent calls of one key within its limit of 5 a minute: exactly 5 served', async () => {
    const partner = await integrator('race-limit@partners.example.ru');
    const key = await createApiKey(ctx, partner.headers, { scopes: ['quote'] });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/v1/partner/form-params',
          headers: { authorization: `Bearer ${key}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    // A minute boundary inside the burst would give the key a second budget; the burst takes milliseconds.
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - LIMIT);
  });
});
