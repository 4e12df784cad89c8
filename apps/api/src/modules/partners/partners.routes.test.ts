import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Partner, Point } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('partners and points (ADMIN)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' } });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx.close());

  it('creates and edits a partner with a commission of 0–100 % and a linked account', async () => {
    await ctx.customerAuth('pvz.owner@example.ru');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner',
      headers: admin,
      payload: { name: 'ПВЗ', commission: 120 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MESSAGES.commissionInvalid });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner',
      headers: admin,
      payload: { name: 'ПВЗ Север', commission: 12.5, userEmail: 'pvz.owner@example.ru' },
    });
    const partner = created.json<Partner>();
    expect(partner).toMatchObject({
      name: 'ПВЗ Север',
      commission: 12.5,
      userEmail: 'pvz.owner@example.ru',
      pointsCount: 0,
    });
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/partner',
      headers: admin,
      payload: { id: partner.id, name: 'ПВЗ Север-2', commission: 10 },
    });
    expect(updated.json()).toMatchObject({ name: 'ПВЗ Север-2', commission: 10 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/partner', headers: admin });
    expect(list.json<{ items: Partner[] }>().items.map((item) => item.name)).toContain('ПВЗ Север-2');
  });

  it('links a user account as PARTNER, refuses staff accounts, and unlinking returns the account to USER', async () => {
    await ctx.customerAuth('pvz.second@example.ru');
    const roleOf = async (email: string) =>
      (
        (await ctx.database.sql.executeSql('select role from users where email = $1', [email])).rows[0] as {
          role: string;
        }
      ).role;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner',
      headers: admin,
      payload: { name: 'ПВЗ Юг', commission: 5 },
    });
    const partner = created.json<Partner>();
    expect(partner).toMatchObject({ userId: null, userEmail: null });

    const staff = await ctx.app.inject({
      method: 'PUT',
      url: '/api/partner',
      headers: admin,
      payload: { id: partner.id, name: 'ПВЗ Юг', commission: 5, userEmail: DEMO.manager[0] },
    });
    expect(staff.statusCode).toBe(409);
    expect(staff.json()).toMatchObject({ message: MESSAGES.partnerUserIsStaff });
    expect(await roleOf(DEMO.manager[0])).toBe('MANAGER');

    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/partner',
      headers: admin,
      payload: { id: partner.id, name: 'ПВЗ Юг', commission: 5, userEmail: 'nobody@example.ru' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.partnerUserNotFound });

    const linked = await ctx.app.inject({
      method: 'PUT',
      url: '/api/partner',
      headers: admin,
      payload: { id: partner.id, name: 'ПВЗ Юг', commission: 5, userEmail: 'PVZ.Second@example.ru' },
    });
    expect(linked.json()).toMatchObject({ userEmail: 'pvz.second@example.ru' });
    expect(await roleOf('pvz.second@example.ru')).toBe('PARTNER');

    // Editing name and commission without userEmail keeps the link.
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/partner',
      headers: admin,
      payload: { id: partner.id, name: 'ПВЗ Юг-1', commission: 6 },
    });
    expect(renamed.json()).toMatchObject({ name: 'ПВЗ Юг-1', userEmail: 'pvz.second@example.ru' });

    const unlinked = await ctx.app.inject({
      method: 'PUT',
      url: '/api/partner',
      headers: admin,
      payload: { id: partner.id, name: 'ПВЗ Юг-1', commission: 6, userEmail: null },
    });
    expect(unlinked.json()).toMatchObject({ userId: null, userEmail: null });
    expect(await roleOf('pvz.second@example.ru')).toBe('USER');

    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/partner',
      headers: admin,
      payload: { id: '00000000-0000-4000-8000-000000000000', name: 'X', commission: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('manages a point: create, edit, deactivate (it leaves /api/point/active), delete when unused', async () => {
    const partnerId = (await ctx.app.inject({ method: 'GET', url: '/api/partner', headers: admin })).json<{
      items: Partner[];
    }>().items[0]!.id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/point',
      headers: admin,
      payload: {
        name: 'ПВЗ «Сокол»',
        address: 'Москва, Ленинградский пр-т, 75',
        lat: 55.805,
        lon: 37.515,
        partnerId,
        metro: 'Сокол',
        metroColor: '#4FB04F',
        schedule: 'Ежедневно 10–21',
      },
    });
    expect(created.statusCode).toBe(200);
    const point = created.json<Point>();
    const active = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/point/active' }))
        .json<{ items: Point[] }>()
        .items.map((item) => item.id);
    expect(await active()).toContain(point.id);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: '/api/point',
      headers: admin,
      payload: { ...point, id: point.id, name: 'ПВЗ «Сокол» (вход со двора)', photos: undefined, code: null },
    });
    expect(edited.json<Point>().name).toBe('ПВЗ «Сокол» (вход со двора)');

    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/point/status',
      headers: admin,
      payload: { id: point.id, isActive: false },
    });
    expect(await active()).not.toContain(point.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/point/${point.id}` })).statusCode).toBe(404);
    const byPartner = await ctx.app.inject({
      method: 'GET',
      url: `/api/point/partner/${partnerId}`,
      headers: admin,
    });
    expect(byPartner.json<{ items: Point[] }>().items.map((item) => item.id)).toContain(point.id);

    const badColor = await ctx.app.inject({
      method: 'POST',
      url: '/api/point',
      headers: admin,
      payload: { name: 'X', address: 'Y', lat: 55, lon: 37, metroColor: 'green' },
    });
    expect(badColor.statusCode).toBe(400);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/point',
      headers: admin,
      payload: { id: point.id },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('keeps a point that orders name: deleting it is a 409 asking to deactivate', async () => {
    const pointId = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Point[];
    }>().items[0]!.id;
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Клиент',
        phoneNumber: '+79160000009',
        email: 'point-user@example.ru',
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'PICKUP_POINT')!.id,
        pickupPointId: pointId,
      },
    });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/point',
      headers: admin,
      payload: { id: pointId },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: MESSAGES.pointInUse });
  });
});
