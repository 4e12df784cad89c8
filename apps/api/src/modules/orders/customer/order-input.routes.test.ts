import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('order input the database cannot or must not take (decision 021)', () => {
  let ctx: TestContext;
  let params: FormParamsResponse;
  let pointId: string;
  let affiliateId: string;

  const validOrder = (overrides: Record<string, unknown> = {}) => ({
    name: 'Иван Петров',
    phoneNumber: '+79160001122',
    email: 'bounds@example.ru',
    documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
    originalLanguage: 'ru',
    targetLanguage: 'en',
    deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
    pickupPointId: pointId,
    payerType: 'INDIVIDUAL',
    ...overrides,
  });
  const countOrders = async () =>
    Number(
      (
        (await ctx.database.sql.executeSql('select count(*)::int as n from orders', [])).rows[0] as {
          n: number;
        }
      ).n,
    );
  const post = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/order', payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json();
    const points = await ctx.app.inject({ method: 'GET', url: '/api/point/active' });
    pointId = points.json<{ items: Array<{ id: string }> }>().items[0]!.id;
    const account = await ctx.database.sql.executeSql('select id from partner_accounts where email = $1', [
      DEMO.affiliate[0],
    ]);
    affiliateId = (account.rows[0] as { id: string }).id;
  });
  afterAll(() => ctx.close());

  it('refuses numbers beyond their columns with 400 (marketingValue 1e12 was a 500), storing nothing', async () => {
    const before = await countOrders();
    for (const [field, value, message] of [
      ['marketingValue', 1e12, MESSAGES.marketingValueInvalid],
      ['marketingValue', -5, MESSAGES.marketingValueInvalid],
      ['touchpointCount', 2_147_483_648, MESSAGES.numberOutOfRange],
    ] as const) {
      const response = await post(validOrder({ [field]: value }));
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message,
        details: [{ path: `body.${field}`, message }],
      });
    }
    expect(await countOrders()).toBe(before);
    const ok = await post(validOrder({ marketingValue: 1500.5, touchpointCount: 3 }));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses analytics values beyond ±10¹²', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      payload: { sessionId: 'session-123456', eventType: 'click', eventValue: 1e300 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.numberOutOfRange });
  });

  it('refuses a partnerId that names no partner, storing nothing', async () => {
    const before = await countOrders();
    const response = await post(validOrder({ partnerId: randomUUID() }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: MESSAGES.unknownPartner,
      details: [{ path: 'body.partnerId', message: MESSAGES.unknownPartner }],
    });
    expect(await countOrders()).toBe(before);
  });

  it('takes an active partner, refuses it once suspended', async () => {
    const ok = await post(validOrder({ partnerId: affiliateId, email: 'referred@example.ru' }));
    expect(ok.statusCode).toBe(201);
    const stored = await ctx.database.sql.executeSql('select partner_id from orders where id = $1', [
      ok.json<{ id: string }>().id,
    ]);
    expect(stored.rows).toEqual([{ partner_id: affiliateId }]);

    await ctx.database.sql.executeSql(`update partner_accounts set status = 'SUSPENDED' where id = $1`, [
      affiliateId,
    ]);
    const before = await countOrders();
    const refused = await post(validOrder({ partnerId: affiliateId, email: 'referred2@example.ru' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.unknownPartner });
    expect(await countOrders()).toBe(before);
  });
});
