import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_LIMITS } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { createPortalPartner, rows } from '#test/portal-partners.ts';

describe('widgets under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 30 });
  });
  afterAll(() => ctx.close());

  it('the live-widget cap holds when a partner creates many at once', async () => {
    const integrator = await createPortalPartner(ctx, 'race@integrator.example.ru', 'ACTIVE', 'INTEGRATOR');
    const attempts = WIDGET_LIMITS.widgetsMax + 5;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/partner/integrator/widgets',
          headers: integrator.headers,
          payload: { name: `Виджет ${index}`, allowedDomains: ['site.ru'], theme: {} },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(WIDGET_LIMITS.widgetsMax);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    const [live] = await rows<{ n: number }>(
      ctx,
      'select count(*)::int as n from partner_widgets where partner_account_id = $1 and archived_at is null',
      [integrator.id],
    );
    expect(live!.n).toBe(WIDGET_LIMITS.widgetsMax);
    // Every refused attempt left no link behind.
    const [links] = await rows<{ n: number }>(
      ctx,
      'select count(*)::int as n from partner_links where partner_account_id = $1',
      [integrator.id],
    );
    expect(links!.n).toBe(WIDGET_LIMITS.widgetsMax);
  });
});
