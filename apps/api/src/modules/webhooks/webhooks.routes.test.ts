import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PARTNER_MESSAGES,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookSecretResponse,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { approveAllOf, complete, insertPaymentDetails, paidAttributedOrder } from '#test/partner-money.ts';
import { orderBody, rows } from '#test/portal-partners.ts';

/** What the test receiver got: one request each. */
type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * The receiver's own check, written from the documentation (not with the API's code): the signature is `v1=` and
 * the hex HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret.
 */
function verifySignature(secret: string, received: Received): boolean {
  const timestamp = String(received.headers['webhook-timestamp']);
  const header = String(received.headers['webhook-signature']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  const a = Buffer.from(header);
  const b = Buffer.from(expected);
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
  return fresh && a.length === b.length && timingSafeEqual(a, b);
}

describe('integrator webhooks', () => {
  let ctx: TestContext;
  let integrator: { authorization: string };
  let integratorId: string;
  let server: Server;
  let base = '';
  const received: Received[] = [];
  /** Status answered per path; a list is consumed one per request (the last one repeats). */
  const answers = new Map<string, number[]>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (path === '/redirect') {
          response.writeHead(302, { location: 'http://10.0.0.1/' }).end();
          return;
        }
        const queue = answers.get(path) ?? [200];
        const status = queue.length > 1 ? queue.shift()! : queue[0]!;
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx = await createTestContext({
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        RATE_LIMIT_AUTH_PER_IP: '10000',
        RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0',
      },
    });
    integrator = await ctx.partnerAuth(...DEMO.integrator);
    [{ id: integratorId }] = (await rows<{ id: string }>(
      ctx,
      `select id from partner_accounts where email = $1`,
      [DEMO.integrator[0]],
    )) as [{ id: string }];
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(async () => {
    received.length = 0;
    answers.clear();
    // Each test starts without endpoints (the cap is 5).
    await ctx.database.sql.executeSql('delete from partner_webhook_endpoints where partner_account_id = $1', [
      integratorId,
    ]);
  });

  async function createEndpoint(
    path: string,
    events = ['order.created', 'order.paid', 'order.status_changed', 'commission.created', 'commission.paid'],
  ): Promise<WebhookSecretResponse> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: integrator,
      payload: { url: `${base}${path}`, description: 'CRM', events },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookSecretResponse>();
  }

  async function deliveriesOf(endpointId: string) {
    return rows<{
      id: string;
      event_type: string;
      status: string;
      attempts: number;
      payload: Record<string, unknown>;
    }>(
      ctx,
      `select id, event_type, status, attempts, payload from partner_webhook_deliveries
        where endpoint_id = $1 order by created_at, event_type`,
      [endpointId],
    );
  }

  async function placeOrder(partnerId: string | null) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: await orderBody(ctx, {
        email: 'webhook-buyer@example.ru',
        ...(partnerId ? { partnerId } : {}),
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; number: number }>();
  }

  const lastAttempt = { retryCount: 5, retryLimit: 5 };

  it('is for INTEGRATOR partners only: another partner gets 403 with the catalogue message', async () => {
    const affiliate = await ctx.partnerAuth(...DEMO.affiliate);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/partner/webhooks', headers: affiliate });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerTypeForbidden });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: affiliate,
      payload: { url: `${base}/x`, events: ['order.created'] },
    });
    expect(created.statusCode).toBe(403);
    const staff = await ctx.staffAuth(...DEMO.admin);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/partner/webhooks', headers: staff })).statusCode,
    ).toBe(401);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/partner/webhooks', headers: integrator });
    expect(mine.statusCode).toBe(200);
  });

  it('shows the whsec_ secret once (creation, rotation), never in the list', async () => {
    const { endpoint, secret } = await createEndpoint('/hooks');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/partner/webhooks', headers: integrator });
    expect(list.body).not.toContain(secret);
    expect(list.json<{ items: WebhookEndpoint[] }>().items.map((item) => item.id)).toEqual([endpoint.id]);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/webhooks/${endpoint.id}/rotate-secret`,
      headers: integrator,
    });
    const next = rotated.json<WebhookSecretResponse>().secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    // The test event is signed with the new one.
    const test = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/webhooks/${endpoint.id}/test`,
      headers: integrator,
    });
    expect(test.json<WebhookDeliveryDetail>().status).toBe('SUCCEEDED');
    expect(verifySignature(next, received[0]!)).toBe(true);
    expect(verifySignature(secret, received[0]!)).toBe(false);
  });

  it('refuses private, loopback and link-local addresses and plain http at creation', async () => {
    for (const url of [
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://localhost/hook',
      'http://hooks.example.ru/hook',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner/webhooks',
        headers: integrator,
        payload: { url, events: ['order.created'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ details: Array<{ path: string }> }>().details[0]!.path).toBe('url');
    }
    expect(
      await rows(ctx, 'select 1 from partner_webhook_endpoints where partner_account_id = $1', [
        integratorId,
      ]),
    ).toEqual([]);
  });

  it('allows 5 endpoints per partner', async () => {
    for (let i = 0; i < 5; i += 1) await createEndpoint(`/cap-${i}`);
    const sixth = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/webhooks',
      headers: integrator,
      payload: { url: `${base}/cap-6`, events: ['order.created'] },
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({
      message: 'Можно добавить не больше 5 адресов вебхуков — удалите ненужный',
    });
  });

  it('a test event is signed (checked by the receiver) and logged as SUCCEEDED with its attempt', async () => {
    const { endpoint, secret } = await createEndpoint('/test-event');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/webhooks/${endpoint.id}/test`,
      headers: integrator,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<WebhookDeliveryDetail>();
    expect(detail).toMatchObject({
      eventType: 'webhook.test',
      status: 'SUCCEEDED',
      attempts: 1,
      lastResponseCode: 200,
    });
    expect(detail.attemptsLog).toMatchObject([{ attempt: 1, responseCode: 200, manual: 'TEST' }]);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(verifySignature(secret, request!)).toBe(true);
    expect(request!.headers['webhook-id']).toBe(detail.eventId);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual(detail.payload);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/webhooks', headers: integrator })
    ).json<{ items: WebhookEndpoint[] }>();
    expect(list.items[0]!.lastDelivery).toMatchObject({ status: 'SUCCEEDED', responseCode: 200 });
  });

  it('order events: one delivery per change for the attributed integrator, a job each in the same transaction', async () => {
    const { endpoint, secret } = await createEndpoint('/orders', ['order.created', 'order.status_changed']);
    const other = await placeOrder(null);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);

    const order = await placeOrder(integratorId);
    const created = await deliveriesOf(endpoint.id);
    expect(created.map((row) => row.event_type)).toEqual(['order.created']);
    const payload = created[0]!.payload as { id: string; type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({
      type: 'order.created',
      data: { id: order.id, number: order.number, status: 'NEW', attribution: { source: 'PARTNER_ID' } },
    });
    // No personal data of the customer.
    expect(JSON.stringify(payload)).not.toMatch(/webhook-buyer|Иван|\+7916/);
    const jobs = await rows<{ retry_limit: number }>(
      ctx,
      `select retry_limit from pgboss.job where data->>'name' = 'deliver-webhook' and data->>'deliveryId' = $1`,
      [created[0]!.id],
    );
    expect(jobs).toEqual([{ retry_limit: 5 }]);

    const staff = await ctx.staffAuth(...DEMO.admin);
    for (const id of [order.id, other.id]) {
      const changed = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers: staff,
        payload: { id, status: 'CANCELED', comment: null },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const after = await deliveriesOf(endpoint.id);
    expect(after.map((row) => row.event_type)).toEqual(['order.created', 'order.status_changed']);
    expect(after[1]!.payload).toMatchObject({
      type: 'order.status_changed',
      data: { id: order.id, status: 'CANCELED', previousStatus: 'NEW' },
    });

    // The job's handler delivers it, signed.
    await ctx.services.webhooks.deliver(after[1]!.id, { retryCount: 0, retryLimit: 5 });
    expect(received).toHaveLength(1);
    expect(verifySignature(secret, received[0]!)).toBe(true);
    expect(JSON.parse(received[0]!.body)).toEqual(after[1]!.payload);
    expect((await deliveriesOf(endpoint.id))[1]).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
  });

  it('payment, commission and payout events: order.paid, commission.created, commission.paid, once each', async () => {
    const { endpoint } = await createEndpoint('/money', [
      'order.paid',
      'order.status_changed',
      'commission.created',
      'commission.paid',
    ]);
    const order = await paidAttributedOrder(ctx, integratorId);
    const types = async () => (await deliveriesOf(endpoint.id)).map((row) => row.event_type).sort();
    expect(await types()).toEqual(['commission.created', 'order.paid', 'order.status_changed']);
    const byType = async (type: string) =>
      (await deliveriesOf(endpoint.id)).filter((row) => row.event_type === type).map((row) => row.payload);
    expect(await byType('order.paid')).toMatchObject([
      { data: { id: order.id, isPaid: true, status: 'PAID' } },
    ]);
    const [commission] = await rows<{ id: string; amount: number }>(
      ctx,
      `select id, amount_kopecks::int as amount from partner_commissions where order_id = $1 and kind = 'ORDER'`,
      [order.id],
    );
    expect(await byType('commission.created')).toMatchObject([
      {
        data: {
          id: commission!.id,
          orderId: order.id,
          kind: 'ORDER',
          status: 'PENDING',
          amount: commission!.amount / 100,
        },
      },
    ]);

    await complete(ctx, order.id);
    await approveAllOf(ctx, integratorId);
    await insertPaymentDetails(ctx, integratorId);
    const admin = await ctx.staffAuth(...DEMO.admin);
    // Over the minimum payout (1000 ₽): an approved bonus.
    const bonus = await ctx.app.inject({
      method: 'POST',
      url: '/api/commission-adjustments',
      headers: admin,
      payload: { partnerAccountId: integratorId, amount: 1500, reason: 'Бонус' },
    });
    expect(bonus.statusCode, bonus.body).toBe(201);
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner-payouts',
      headers: admin,
      payload: {
        periodFrom: '2026-01-01',
        periodTo: new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10),
      },
    });
    expect(run.statusCode, run.body).toBe(201);
    const runId = run.json<{ id: string }>().id;
    expect(await byType('commission.paid')).toEqual([]);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner-payouts/${runId}/mark-paid`,
      headers: admin,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const paidEvents = (await byType('commission.paid')) as Array<{
      id: string;
      data: { id: string; status: string };
    }>;
    expect(paidEvents.map((event) => event.data.status)).toEqual(['PAID', 'PAID']);
    expect(paidEvents.map((event) => event.data.id)).toContain(commission!.id);
    expect(new Set(paidEvents.map((event) => event.id)).size).toBe(2);
    const jobs = await rows(
      ctx,
      `select 1 from pgboss.job j join partner_webhook_deliveries d on d.id::text = j.data->>'deliveryId'
        where j.data->>'name' = 'deliver-webhook' and d.endpoint_id = $1`,
      [endpoint.id],
    );
    // NEW → PAID and PAID → COMPLETED, the payment, the commission, two paid commissions: a job each.
    expect(await deliveriesOf(endpoint.id)).toHaveLength(6);
    expect(jobs).toHaveLength(6);
  });

  it('retries a flaky receiver: fails twice, then 200 → SUCCEEDED after 3 attempts', async () => {
    const { endpoint } = await createEndpoint('/flaky', ['order.created']);
    answers.set('/flaky', [500, 503, 200]);
    await placeOrder(integratorId);
    const [delivery] = await deliveriesOf(endpoint.id);
    await expect(
      ctx.services.webhooks.deliver(delivery!.id, { retryCount: 0, retryLimit: 5 }),
    ).rejects.toThrow();
    await expect(
      ctx.services.webhooks.deliver(delivery!.id, { retryCount: 1, retryLimit: 5 }),
    ).rejects.toThrow();
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'PENDING', attempts: 2 });
    await ctx.services.webhooks.deliver(delivery!.id, { retryCount: 2, retryLimit: 5 });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 3 });
    const attempts = await rows<{ attempt: number; response_code: number }>(
      ctx,
      'select attempt, response_code from partner_webhook_attempts where delivery_id = $1 order by attempt',
      [delivery!.id],
    );
    expect(attempts).toEqual([
      { attempt: 1, response_code: 500 },
      { attempt: 2, response_code: 503 },
      { attempt: 3, response_code: 200 },
    ]);
    expect(received.map((request) => request.headers['webhook-id'])).toEqual(
      Array(3).fill(received[0]!.headers['webhook-id']),
    );
    // A job run again after success sends nothing.
    await ctx.services.webhooks.deliver(delivery!.id, { retryCount: 3, retryLimit: 5 });
    expect(received).toHaveLength(3);
  });

  it('disables an endpoint after 5 deliveries failed in a row and e-mails the partner once', async () => {
    const { endpoint } = await createEndpoint('/down', ['order.created']);
    answers.set('/down', [500]);
    for (let i = 0; i < 6; i += 1) await placeOrder(integratorId);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toHaveLength(6);
    for (const [index, delivery] of deliveries.slice(0, 4).entries()) {
      await expect(ctx.services.webhooks.deliver(delivery.id, lastAttempt)).rejects.toThrow();
      const [state] = await rows<{ status: string; consecutive_failures: number }>(
        ctx,
        'select status, consecutive_failures from partner_webhook_endpoints where id = $1',
        [endpoint.id],
      );
      expect(state).toEqual({ status: 'ACTIVE', consecutive_failures: index + 1 });
    }
    // A retry that is not the last one does not count.
    await expect(
      ctx.services.webhooks.deliver(deliveries[4]!.id, { retryCount: 0, retryLimit: 5 }),
    ).rejects.toThrow();
    expect((await ctx.outbox(DEMO.integrator[0])).filter((mail) => mail.subject.includes('Вебхук'))).toEqual(
      [],
    );
    await expect(ctx.services.webhooks.deliver(deliveries[4]!.id, lastAttempt)).rejects.toThrow();
    const [disabled] = await rows<{ status: string; consecutive_failures: number; disabled_reason: string }>(
      ctx,
      'select status, consecutive_failures, disabled_reason from partner_webhook_endpoints where id = $1',
      [endpoint.id],
    );
    expect(disabled).toEqual({
      status: 'DISABLED',
      consecutive_failures: 5,
      disabled_reason: 'Отключён автоматически: 5 отправок подряд не доставлены',
    });
    const mails = (await ctx.outbox(DEMO.integrator[0])).filter((mail) => mail.subject.includes('Вебхук'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Вебхук отключён: адрес не принимает события']);
    // A disabled endpoint hears no new events; the waiting delivery is not sent.
    await placeOrder(integratorId);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(6);
    const sent = received.length;
    await ctx.services.webhooks.deliver(deliveries[5]!.id, { retryCount: 0, retryLimit: 5 });
    expect(received).toHaveLength(sent);
    expect((await deliveriesOf(endpoint.id)).find((row) => row.id === deliveries[5]!.id)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
    });

    // Switched on again: failures forgiven; a manual resend after the fix succeeds.
    const enabled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/partner/webhooks/${endpoint.id}`,
      headers: integrator,
      payload: { status: 'ACTIVE' },
    });
    expect(enabled.json<WebhookEndpoint>()).toMatchObject({ status: 'ACTIVE', consecutiveFailures: 0 });
    answers.set('/down', [200]);
    const resent = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/webhooks/${endpoint.id}/deliveries/${deliveries[0]!.id}/resend`,
      headers: integrator,
    });
    expect(resent.json<WebhookDeliveryDetail>()).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(resent.json<WebhookDeliveryDetail>().attemptsLog.map((attempt) => attempt.manual)).toEqual([
      'AUTO',
      'RESEND',
    ]);
  });

  it('refuses at delivery a host resolving to a loopback address, and does not follow a redirect', async () => {
    const { endpoint } = await createEndpoint('/redirect', ['order.created']);
    await placeOrder(integratorId);
    const [delivery] = await deliveriesOf(endpoint.id);
    await expect(
      ctx.services.webhooks.deliver(delivery!.id, { retryCount: 0, retryLimit: 5 }),
    ).rejects.toThrow();
    const [redirected] = await rows<{ last_response_code: number; last_error: string }>(
      ctx,
      'select last_response_code, last_error from partner_webhook_deliveries where id = $1',
      [delivery!.id],
    );
    expect(redirected!.last_response_code).toBe(302);
    expect(redirected!.last_error).toMatch(/перенаправления не выполняются/);
    expect(received.map((request) => request.path)).toEqual(['/redirect']);

    // The endpoint's host changed to a name of this machine (as DNS could make it): refused before connecting.
    const port = new URL(base).port;
    await ctx.database.sql.executeSql('update partner_webhook_endpoints set url = $1 where id = $2', [
      `https://localhost:${port}/redirect`,
      endpoint.id,
    ]);
    await expect(
      ctx.services.webhooks.deliver(delivery!.id, { retryCount: 1, retryLimit: 5 }),
    ).rejects.toThrow();
    const [refused] = await rows<{ last_response_code: number | null; last_error: string }>(
      ctx,
      'select last_response_code, last_error from partner_webhook_deliveries where id = $1',
      [delivery!.id],
    );
    expect(refused).toEqual({
      last_response_code: null,
      last_error:
        'Адрес ведёт во внутреннюю сеть (локальный, частный или служебный IP-адрес) — укажите публичный адрес',
    });
    expect(received).toHaveLength(1);
  });

  it('the delivery log: newest first, the detail with payload and attempts; other partners see nothing', async () => {
    const { endpoint } = await createEndpoint('/log', ['order.created']);
    await placeOrder(integratorId);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/webhooks/${endpoint.id}/test`,
      headers: integrator,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/webhooks/${endpoint.id}/deliveries`,
      headers: integrator,
    });
    const items = list.json<{ items: Array<{ id: string; eventType: string }> }>().items;
    expect(items.map((item) => item.eventType)).toEqual(['webhook.test', 'order.created']);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/webhooks/${endpoint.id}/deliveries/${items[1]!.id}`,
      headers: integrator,
    });
    expect(detail.json<WebhookDeliveryDetail>()).toMatchObject({
      eventType: 'order.created',
      status: 'PENDING',
      payload: { type: 'order.created' },
      attemptsLog: [],
    });
    const affiliate = await ctx.partnerAuth(...DEMO.affiliate);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/partner/webhooks/${endpoint.id}/deliveries`,
      headers: affiliate,
    });
    expect(foreign.statusCode).toBe(403);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/partner/webhooks/${endpoint.id}`,
      headers: integrator,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});
