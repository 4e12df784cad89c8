import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES, type PartnerLink, REFERRAL_COOKIE } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { createPortalPartner, orderBody, rows } from '#test/portal-partners.ts';

type Sent = { text: string; name: string | null };
type QueryFn = (...args: unknown[]) => unknown;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/**
 * On a real PostgreSQL server (PGlite runs one query at a time and hides races): partners racing for one promo
 * code, and what attribution adds to an order's round trips (decisions 031, 040, 061).
 */
describe('referrals on PostgreSQL', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_ORDERS_PER_MINUTE: '1000' } });
  });
  afterAll(() => ctx?.close());

  it('partners creating the same code at once: one gets it, the others a clear 409, one row each', async () => {
    const partners = await Promise.all(
      [0, 1, 2, 3].map((index) => createPortalPartner(ctx, `race${index}@partners.example.ru`)),
    );
    for (let round = 0; round < 3; round += 1) {
      const code = `RACE${round}`;
      const responses = await Promise.all(
        partners.map((partner) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/partner/affiliate/promocodes',
            headers: partner.headers,
            payload: { code, discountPercent: 10 },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const refused of responses.filter((response) => response.statusCode === 409)) {
        expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.partnerPromoCodeTaken);
      }
      const winner = partners[responses.findIndex((response) => response.statusCode === 201)]!;
      expect(await rows(ctx, 'select code from promo_codes where code = $1', [code])).toHaveLength(1);
      expect(
        await rows(ctx, 'select partner_account_id from partner_promo_codes where code = $1', [code]),
      ).toEqual([{ partner_account_id: winner.id }]);
    }
  });

  /** Every query one order sends, as in order-write-cost.pg.test.ts. */
  async function recordOrder(cookie: string | null): Promise<{ sent: Sent[]; orderId: string }> {
    const payload = await orderBody(ctx, { email: 'cost.referral@example.ru' });
    const prototype = pg.Client.prototype as unknown as { query: QueryFn };
    const original = prototype.query;
    const sent: Sent[] = [];
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      sent.push(
        typeof first === 'string'
          ? { text: first, name: null }
          : {
              text: String((first as { text?: unknown }).text ?? ''),
              name: ((first as { name?: string }).name ?? null) || null,
            },
      );
      return original.apply(this, args);
    };
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'user-agent': BROWSER, ...(cookie ? { cookie: `${REFERRAL_COOKIE}=${cookie}` } : {}) },
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { sent, orderId: response.json<{ id: string }>().id };
    } finally {
      prototype.query = original;
    }
  }

  it('a plain order pays nothing for attribution; an attributed one its attribution and the reads of the fraud rules', async () => {
    const partner = await createPortalPartner(ctx, 'cost@partners.example.ru');
    const link = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/partner/affiliate/links',
        headers: partner.headers,
        payload: { name: 'Стоимость' },
      })
    ).json<PartnerLink>();
    const visit = await ctx.app.inject({
      method: 'GET',
      url: `/r/${link.code}`,
      headers: { 'user-agent': BROWSER },
    });
    const clickId = /ref_click=([^;]+)/.exec(String(visit.headers['set-cookie']))![1]!;

    // Warm-up: the customer exists and the statements are prepared on the connections.
    await recordOrder(clickId);
    await recordOrder(null);
    const plain = await recordOrder(null);
    // The count order-write-cost.pg.test.ts pins: 6 round trips (decision 064), no attribution statement.
    expect(plain.sent).toHaveLength(6);
    expect(plain.sent.some((query) => /order_attributions/.test(query.text))).toBe(false);

    const attributed = await recordOrder(clickId);
    // 6 + the attribution + the order-level fraud rules' four reads (decision 063: the order with its partner,
    // its commission, the partner's sign-ins, other partners of the e-mail); nothing fires for this order. + the
    // integrator webhooks' `order.created` INSERT … SELECT (decision 071: no row, no job for a partner without
    // endpoints).
    expect(attributed.sent).toHaveLength(13);
    const writes = attributed.sent.filter((query) => /insert into "?order_attributions/i.test(query.text));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.name).toBe('attribute_order');
    expect(
      await rows(ctx, 'select source, click_id from order_attributions where order_id = $1', [
        attributed.orderId,
      ]),
    ).toEqual([{ source: 'LINK', click_id: clickId }]);
  });

  it('the redirect is one prepared round trip', async () => {
    const partner = await createPortalPartner(ctx, 'redirect@partners.example.ru');
    const link = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/partner/affiliate/links',
        headers: partner.headers,
        payload: { name: 'Один запрос' },
      })
    ).json<PartnerLink>();
    const prototype = pg.Client.prototype as unknown as { query: QueryFn };
    const original = prototype.query;
    const names: Array<string | null> = [];
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      names.push(typeof first === 'string' ? null : ((first as { name?: string }).name ?? null));
      return original.apply(this, args);
    };
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/r/${link.code}`,
        headers: { 'user-agent': BROWSER },
      });
      expect(response.statusCode).toBe(302);
    } finally {
      prototype.query = original;
    }
    expect(names).toEqual(['referral_click']);
  });
});
