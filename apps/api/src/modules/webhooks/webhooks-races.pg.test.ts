import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { orderBody, rows } from '#test/portal-partners.ts';

/**
 * The endpoints cap and the automatic disabling under concurrency, on a real PostgreSQL server (decisions 019, 071):
 * at most 5 endpoints whatever the number of simultaneous creations; failures in a row counted exactly and the
 * endpoint disabled (and the partner told) once.
 */
describe('webhook races (PostgreSQL)', () => {
  let ctx: TestContext;
  let integrator: { authorization: string };
  let integratorId: string;
  let server: Server;
  let base = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(request.url === '/down' ? 500 : 200).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx = await createTestContext({ poolMax: 30, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    integrator = await ctx.partnerAuth(...DEMO.integrator);
    const [row] = await rows<{ id: string }>(ctx, 'select id from partner_accounts where email = $1', [
      DEMO.integrator[0],
    ]);
    integratorId = row!.id;
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('12 creations at once make exactly 5 endpoints', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/partner/webhooks',
          headers: integrator,
          payload: { url: `${base}/cap-${i}`, events: ['order.created'] },
        }),
      ),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([
      ...Array(5).fill(201),
      ...Array(7).fill(409),
    ]);
    const [count] = await rows<{ n: number }>(
      ctx,
      'select count(*)::int as n from partner_webhook_endpoints where partner_account_id = $1',
      [integratorId],
    );
    expect(count!.n).toBe(5);
    await ctx.database.sql.executeSql('delete from partner_webhook_endpoints where partner_account_id = $1', [
      integratorId,
    ]);
  });

  it('10 deliveries failing for good at once: 10 failures counted, disabled once, one e-mail', async () => {
    await ctx.database.sql.executeSql('delete from partner_webhook_endpoints where partner_account_id = $1', [
      integratorId,
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: integrator,
      payload: { url: `${base}/down`, events: ['order.created'] },
    });
    const endpointId = created.json<{ endpoint: { id: string } }>().endpoint.id;
    for (let i = 0; i < 10; i += 1) {
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: await orderBody(ctx, { partnerId: integratorId, email: `race-${i}@example.ru` }),
      });
      expect(placed.statusCode).toBe(201);
    }
    const deliveries = await rows<{ id: string }>(
      ctx,
      'select id from partner_webhook_deliveries where endpoint_id = $1',
      [endpointId],
    );
    expect(deliveries).toHaveLength(10);
    const outcomes = await Promise.allSettled(
      deliveries.map((delivery) =>
        ctx.services.webhooks.deliver(delivery.id, { retryCount: 5, retryLimit: 5 }),
      ),
    );
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    const [endpoint] = await rows<{ status: string; consecutive_failures: number }>(
      ctx,
      'select status, consecutive_failures from partner_webhook_endpoints where id = $1',
      [endpointId],
    );
    expect(endpoint).toEqual({ status: 'DISABLED', consecutive_failures: 10 });
    const mails = (await ctx.outbox(DEMO.integrator[0])).filter((mail) =>
      mail.subject.startsWith('Вебхук отключён'),
    );
    expect(mails).toHaveLength(1);
  });
});
