import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ApiKeyCreateResponse,
  type ApiKeyListResponse,
  calculatePrice,
  type FormParamsResponse,
  MESSAGES,
  PARTNER_MESSAGES,
  type PartnerApiOrder,
  type PartnerApiOrderListResponse,
  type PartnerApiQuoteResponse,
} from '@app/contracts';
import { partnerAccounts } from '#src/db/schema/index.ts';
import { hashPassword } from '#src/lib/passwords.ts';
import { createApiKey, createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { orderBody, rows, setPartnerStatus } from '#test/portal-partners.ts';

const LIMIT = 8;

describe('the partner API and its keys (decision 070)', () => {
  let ctx: TestContext;
  let now = new Date('2026-11-20T09:00:10Z');
  let integrator: { authorization: string };
  let integratorId: string;
  /** A second INTEGRATOR partner, for others' keys and orders. */
  let other: { id: string; headers: { authorization: string } };

  beforeAll(async () => {
    ctx = await createTestContext({
      clock: { now: () => now },
      env: { RATE_LIMIT_PARTNER_API_PER_MINUTE: String(LIMIT) },
    });
    integrator = await ctx.partnerAuth(...DEMO.integrator);
    integratorId = (
      await rows<{ id: string }>(ctx, 'select id from partner_accounts where email = $1', [
        DEMO.integrator[0],
      ])
    )[0]!.id;
    const email = 'other-integrator@partners.example.ru';
    const [row] = await ctx.database.db
      .insert(partnerAccounts)
      .values({
        email,
        passwordHash: await hashPassword('integrator-test-pass'),
        name: 'Другой интегратор',
        type: 'INTEGRATOR',
        status: 'ACTIVE',
      })
      .returning();
    other = { id: row!.id, headers: await ctx.partnerAuth(email, 'integrator-test-pass') };
  });
  afterAll(() => ctx.close());
  // Every test starts in a new minute (a fresh rate-limit window for every key), its keys of earlier tests revoked
  // (a partner has at most 10 active keys).
  beforeEach(async () => {
    now = new Date(now.getTime() + 60_000);
    await rows(ctx, 'update partner_api_keys set revoked_at = now() where revoked_at is null');
  });

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  /** `remoteAddress`: tests that create many keys come from their own address (creation is limited per IP). */
  async function createKey(payload: Record<string, unknown>, auth = integrator, remoteAddress = '127.0.0.1') {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/partner/integrator/api-keys',
      headers: auth,
      payload,
      remoteAddress,
    });
  }

  async function listKeys(auth = integrator): Promise<ApiKeyListResponse> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/integrator/api-keys',
      headers: auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiKeyListResponse>();
  }

  async function apiOrderBody(overrides: Record<string, unknown> = {}) {
    const {
      files: _files,
      fileTokens: _tokens,
      ...body
    } = await orderBody(ctx, {
      email: 'api-customer@example.ru',
      ...overrides,
    });
    return body;
  }

  function postOrder(
    key: string,
    body: Record<string, unknown>,
    idempotencyKey?: string,
    remoteAddress?: string,
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/partner/orders',
      headers: { ...bearer(key), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  it('shows the whole key once; the database keeps only its SHA-256 hash, the list only its prefix', async () => {
    const response = await createKey({ name: '  Сайт клиники ', scopes: ['orders:read', 'quote'] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json<ApiKeyCreateResponse>();
    expect(created.secret).toMatch(/^pk_live_[a-z0-9]{8}_[A-Za-z0-9]{40}$/);
    expect(created.secret.startsWith(`pk_live_${created.key.prefix}_`)).toBe(true);
    expect(created.key).toMatchObject({
      name: 'Сайт клиники',
      scopes: ['quote', 'orders:read'],
      allowedIps: [],
      lastUsedAt: null,
      revokedAt: null,
    });

    const [stored] = await rows<{ key_hash: string; whole: string }>(
      ctx,
      'select key_hash, row_to_json(k)::text as whole from partner_api_keys k where id = $1',
      [created.key.id],
    );
    expect(stored!.key_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    const secretPart = created.secret.split('_').at(-1)!;
    expect(stored!.whole).not.toContain(secretPart);

    const listed = await listKeys();
    const item = listed.items.find((key) => key.id === created.key.id);
    expect(item).toEqual(created.key);
    expect(JSON.stringify(listed)).not.toContain(secretPart);
    expect(listed.maxActive).toBe(10);
  });

  it('is for INTEGRATOR partners only: an affiliate gets 403 with the message', async () => {
    const affiliate = await ctx.partnerAuth(...DEMO.affiliate);
    const response = await createKey({ name: 'Ключ', scopes: ['quote'] }, affiliate);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: PARTNER_MESSAGES.partnerTypeForbidden,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/integrator/api-keys',
      headers: affiliate,
    });
    expect(list.statusCode).toBe(403);
  });

  it('checks the IP allow-list entries with node:net: addresses and CIDR ranges, v4 and v6', async () => {
    for (const [bad, index] of [
      [['10.0.0.300'], 0],
      [['203.0.113.0/24', '10.0.0.0/33'], 1],
      [['2001:db8::/129'], 0],
      [['1.2.3.4/8/8'], 0],
      [['::ffff:zz'], 0],
    ] as const) {
      const response = await createKey(
        { name: 'Ключ', scopes: ['quote'], allowedIps: bad },
        integrator,
        '192.0.2.1',
      );
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().details).toContainEqual({
        path: `body.allowedIps.${index}`,
        message: PARTNER_MESSAGES.apiKeyIpInvalid,
      });
    }
    const good = await createKey({
      name: 'Ключ',
      scopes: ['quote'],
      allowedIps: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'],
    });
    expect(good.statusCode, good.body).toBe(201);
    const empty = await createKey({ name: 'Ключ', scopes: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a revoked key (401), another partner cannot revoke it, the owner revokes it once', async () => {
    const key = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const id = (await listKeys()).items.find((item) => key.startsWith(`pk_live_${item.prefix}_`))!.id;
    const params = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/partner/form-params',
      headers: bearer(key),
    });
    expect(params.statusCode).toBe(200);

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/integrator/api-keys/${id}/revoke`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/integrator/api-keys/${id}/revoke`,
      headers: integrator,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/integrator/api-keys/${id}/revoke`,
      headers: integrator,
    });
    expect(again.statusCode).toBe(404);

    for (const headers of [bearer(key), { 'x-api-key': key }]) {
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/form-params', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED', message: PARTNER_MESSAGES.apiKeyInvalid });
    }
    // A made-up key of the right shape and no key at all.
    const madeUp = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/partner/form-params',
      headers: bearer(`pk_live_abcdefgh_${'A'.repeat(40)}`),
    });
    expect(madeUp.statusCode).toBe(401);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/form-params' });
    expect(none.json()).toMatchObject({ statusCode: 401, message: PARTNER_MESSAGES.apiKeyRequired });
  });

  it('answers 403 for a scope the key lacks', async () => {
    const key = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const create = await postOrder(key, await apiOrderBody(), 'scope-test');
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('У ключа нет права «orders:create»');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/orders', headers: bearer(key) });
    expect(list.statusCode).toBe(403);
    const reader = await createApiKey(ctx, integrator, { scopes: ['orders:read'] });
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/partner/quote',
      headers: bearer(reader),
      payload: {},
    });
    expect(quote.statusCode).toBe(403);
  });

  it('takes the caller address from the socket (request.ip), never from a forwarded header', async () => {
    const key = await createApiKey(ctx, integrator, { allowedIps: ['203.0.113.0/24', '2001:db8::/32'] });
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/partner/form-params',
        headers: { ...bearer(key), ...headers },
        remoteAddress,
      });
    expect((await get('203.0.113.9')).statusCode).toBe(200);
    expect((await get('::ffff:203.0.113.10')).statusCode).toBe(200);
    expect((await get('2001:db8::5')).statusCode).toBe(200);
    const outside = await get('198.51.100.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(PARTNER_MESSAGES.apiKeyIpNotAllowed);
    // No proxy is trusted here (TRUST_PROXY unset): a forwarded address is the client's claim and counts for nothing.
    expect((await get('198.51.100.7', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });

  it('refuses every key of a partner that is not ACTIVE (403), and serves them again once it is', async () => {
    const key = await createApiKey(ctx, other.headers);
    await setPartnerStatus(ctx, other.id, 'SUSPENDED');
    try {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/partner/form-params',
        headers: bearer(key),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PARTNER_MESSAGES.apiKeyPartnerInactive);
    } finally {
      await setPartnerStatus(ctx, other.id, 'ACTIVE');
    }
    const served = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/partner/form-params',
      headers: bearer(key),
    });
    expect(served.statusCode).toBe(200);
  });

  it('form params are the order form’s; the quote is calculatePrice over them', async () => {
    const key = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const publicParams = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const params = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/partner/form-params',
      headers: bearer(key),
    });
    expect(params.json()).toEqual(publicParams);

    const document = publicParams.documents[0]!;
    const assurance = publicParams.assurances[0]!;
    const delivery = publicParams.deliveries.find((item) => item.price > 0) ?? publicParams.deliveries[0]!;
    const input = {
      documentsWithQuantity: [{ documentId: document.id, quantity: 3 }],
      documentsAssurances: [{ documentId: document.id, assuranceId: assurance.id }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
    };
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/partner/quote',
      headers: bearer(key),
      payload: { ...input, deliveryId: delivery.id },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const body = quote.json<PartnerApiQuoteResponse>();
    expect(body.price).toEqual(
      calculatePrice(publicParams, {
        ...input,
        deliveryPrice: delivery.price,
        deliveryName: delivery.name,
        deliveryId: delivery.id,
        discountPercent: 0,
      }),
    );
    expect(body.currency).toBe('RUB');
    expect(body.estimatedReadyDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/partner/quote',
      headers: bearer(key),
      payload: { ...input, targetLanguage: 'ru' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toContainEqual({
      path: 'body.targetLanguage',
      message: MESSAGES.sameLanguages,
    });
    const badPromo = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/partner/quote',
      headers: bearer(key),
      payload: { ...input, promoCode: 'NO-SUCH-CODE' },
    });
    expect(badPromo.statusCode).toBe(400);
    expect(badPromo.json().details[0].path).toBe('body.promoCode');
  });

  it('creates an order once per Idempotency-Key, attributed API to the integrator; paid, it earns a commission', async () => {
    const key = await createApiKey(ctx, integrator);
    const body = await apiOrderBody();

    const missing = await postOrder(key, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_ERROR');

    const first = await postOrder(key, body, 'order-42');
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json<PartnerApiOrder>();
    expect(order).toMatchObject({ status: 'NEW', statusLabel: 'Новый', isPaid: false, paidAt: null });

    // A retry — even with another key of the same integrator — is the same order.
    const retry = await postOrder(key, body, 'order-42');
    expect(retry.statusCode).toBe(200);
    expect(retry.json<PartnerApiOrder>().id).toBe(order.id);
    const secondKey = await createApiKey(ctx, integrator, { scopes: ['orders:create'] });
    expect((await postOrder(secondKey, body, 'order-42')).json<PartnerApiOrder>().id).toBe(order.id);

    const changed = await postOrder(key, { ...body, comment: 'Другой заказ' }, 'order-42');
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'CONFLICT', message: MESSAGES.idempotencyConflict });

    const stored = await rows<{ n: number }>(
      ctx,
      "select count(*)::int as n from orders where idempotency_key = 'order-42'",
    );
    expect(stored[0]!.n).toBe(1);
    const [attribution] = await rows<{ partner_account_id: string; source: string }>(
      ctx,
      'select partner_account_id, source from order_attributions where order_id = $1',
      [order.id],
    );
    expect(attribution).toEqual({ partner_account_id: integratorId, source: 'API' });

    // The same key string from another integrator is that integrator's own order.
    const otherKey = await createApiKey(ctx, other.headers);
    const foreign = await postOrder(otherKey, body, 'order-42');
    expect(foreign.statusCode).toBe(201);
    expect(foreign.json<PartnerApiOrder>().id).not.toBe(order.id);

    await payOnTestPage(ctx, order, 'api-customer@example.ru');
    const [commission] = await rows<{ partner_account_id: string; kind: string }>(
      ctx,
      'select partner_account_id, kind from partner_commissions where order_id = $1',
      [order.id],
    );
    expect(commission).toEqual({ partner_account_id: integratorId, kind: 'ORDER' });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/partner/orders/${order.id}`,
      headers: bearer(key),
    });
    expect(read.json<PartnerApiOrder>()).toMatchObject({ id: order.id, status: 'PAID', isPaid: true });
    expect(read.json<PartnerApiOrder>().paidAt).not.toBeNull();
  });

  it('lists only the integrator’s own API orders, paged; another’s order is a 404', async () => {
    const key = await createApiKey(ctx, integrator);
    const otherKey = await createApiKey(ctx, other.headers);
    const mine = [];
    for (const n of [1, 2]) {
      now = new Date(now.getTime() + 1000);
      mine.push(
        (
          await postOrder(key, await apiOrderBody({ comment: `Мой ${n}` }), `mine-${n}`)
        ).json<PartnerApiOrder>(),
      );
    }
    const theirs = (await postOrder(otherKey, await apiOrderBody(), 'theirs-1')).json<PartnerApiOrder>();
    // A public order of the form is not an API order.
    await ctx.app.inject({ method: 'POST', url: '/api/order', payload: await orderBody(ctx) });

    const page1 = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/partner/orders?limit=1',
      headers: bearer(key),
    });
    const first = page1.json<PartnerApiOrderListResponse>();
    expect(first.items.map((item) => item.id)).toEqual([mine[1]!.id]);
    expect(first.nextCursor).toBeTruthy();
    const all = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/orders?limit=100', headers: bearer(key) })
    ).json<PartnerApiOrderListResponse>();
    const ids = all.items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining(mine.map((order) => order.id)));
    expect(ids).not.toContain(theirs.id);
    const rowsOfMine = await rows<{ n: number }>(
      ctx,
      "select count(*)::int as n from order_attributions where partner_account_id = $1 and source = 'API'",
      [integratorId],
    );
    expect(ids).toHaveLength(rowsOfMine[0]!.n);

    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/partner/orders/${theirs.id}`,
      headers: bearer(key),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MESSAGES.orderNotFound);
  });

  it('limits each key to its requests per minute (429 with Retry-After), counted in the database', async () => {
    const key = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const spare = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const get = (value: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/partner/form-params', headers: bearer(value) });
    for (let n = 0; n < LIMIT; n += 1) expect((await get(key)).statusCode).toBe(200);
    const limited = await get(key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(limited.json().message).toContain(`не больше ${LIMIT} в минуту`);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same partner has its own budget; the next minute this one has a new one.
    expect((await get(spare)).statusCode).toBe(200);
    now = new Date(now.getTime() + 60_000);
    expect((await get(key)).statusCode).toBe(200);
  });

  it('a burst either side of a minute boundary gets the limit once, not twice; then one request per interval (decision 076)', async () => {
    const key = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/partner/form-params', headers: bearer(key) });
    // The burst in the last half second of a minute.
    const burstAt = Math.floor(now.getTime() / 60_000) * 60_000 + 59_500;
    now = new Date(burstAt);
    for (let n = 0; n < LIMIT; n += 1) expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
    // A second later, in the next minute: a fixed minute window would serve the whole limit again.
    now = new Date(burstAt + 1000);
    const next = [];
    for (let n = 0; n < LIMIT; n += 1) next.push((await get()).statusCode);
    expect(next).toEqual(Array.from({ length: LIMIT }, () => 429));
    const refused = await get();
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((60_000 / LIMIT - 1000) / 1000));
    // One emission interval (a minute ÷ the limit) after the burst: one request, not more.
    now = new Date(burstAt + 60_000 / LIMIT);
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
    // A minute after the last served request the whole limit is there again.
    now = new Date(burstAt + 60_000 / LIMIT + 60_000);
    for (let n = 0; n < LIMIT; n += 1) expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
  });

  it('requests whose times reach the key out of order still get the whole burst (the key clock never goes back)', async () => {
    const key = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/partner/form-params', headers: bearer(key) });
    // Concurrent requests read the time before they queue on the key's row: one that read it first may be last.
    const readFirst = now.getTime();
    now = new Date(readFirst + 200);
    for (let n = 0; n < LIMIT - 1; n += 1) expect((await get()).statusCode).toBe(200);
    now = new Date(readFirst);
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
  });

  it('records the last use at most once a minute', async () => {
    const key = await createApiKey(ctx, integrator, { scopes: ['quote'] });
    const lastUsed = async () =>
      (await listKeys()).items.find((item) => key.startsWith(`pk_live_${item.prefix}_`))!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/partner/form-params', headers: bearer(key) });
    await get();
    const firstUse = now.toISOString();
    expect(await lastUsed()).toBe(firstUse);
    now = new Date(now.getTime() + 30_000);
    await get();
    expect(await lastUsed()).toBe(firstUse);
    now = new Date(now.getTime() + 31_000);
    await get();
    expect(await lastUsed()).toBe(now.toISOString());
  });

  it('caps the active keys of a partner; a revoked key frees its place', async () => {
    const fresh = await ctx.database.db
      .insert(partnerAccounts)
      .values({
        email: 'cap-integrator@partners.example.ru',
        passwordHash: await hashPassword('integrator-test-pass'),
        name: 'Интегратор с лимитом',
        type: 'INTEGRATOR',
        status: 'ACTIVE',
      })
      .returning();
    expect(fresh).toHaveLength(1);
    const auth = await ctx.partnerAuth('cap-integrator@partners.example.ru', 'integrator-test-pass');
    const create = (name: string) => createKey({ name, scopes: ['quote'] }, auth, '192.0.2.2');
    for (let n = 0; n < 10; n += 1) expect((await create(`K${n}`)).statusCode).toBe(201);
    const over = await create('K10');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Активных ключей может быть не больше 10. Отзовите ненужный ключ и создайте новый',
    );
    const [oldest] = (await listKeys(auth)).items;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/partner/integrator/api-keys/${oldest!.id}/revoke`,
      headers: auth,
    });
    expect((await create('K10')).statusCode).toBe(201);
  });

  it('documents the partner API in OpenAPI with its own tag and security scheme', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      tags: Array<{ name: string }>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string; name?: string }> };
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    }>();
    expect(document.tags.map((tag) => tag.name)).toContain('Partner API');
    expect(document.components.securitySchemes.partnerApiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.components.securitySchemes.partnerApiKeyHeader).toMatchObject({
      type: 'apiKey',
      name: 'X-Api-Key',
    });
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const partnerOperations = operations.filter(({ operation }) => operation.tags?.includes('Partner API'));
    expect(partnerOperations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'get /api/v1/partner/form-params',
      'get /api/v1/partner/orders',
      'get /api/v1/partner/orders/{id}',
      'post /api/v1/partner/orders',
      'post /api/v1/partner/quote',
    ]);
    for (const { operation } of partnerOperations)
      expect(operation.security).toEqual([{ partnerApiKey: [] }, { partnerApiKeyHeader: [] }]);
  });
});
