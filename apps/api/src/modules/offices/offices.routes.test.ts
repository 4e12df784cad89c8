import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOffice, FormParamsResponse, OrderSummary } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('offices (back office)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx.close());

  const formOffices = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<FormParamsResponse>()
      .offices;
  const createOffice = async (name: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/office',
      headers: admin,
      payload: {
        name,
        address: 'Москва, Ленинский пр-т, д. 30',
        phone: '8 (495) 123-45-99',
        email: 'Lenin@Perevod.local',
        schedule: 'Пн–Пт 10:00–19:00',
        lat: 55.71,
        lon: 37.58,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<AdminOffice>();
  };

  it('creates an office the order form offers at once; only ADMIN reads and writes the office list', async () => {
    await formOffices();
    const office = await createOffice('Офис на Ленинском');
    expect(office).toMatchObject({ phone: '+74951234599', email: 'lenin@perevod.local', isActive: true });
    expect((await formOffices()).map((item) => item.id)).toContain(office.id);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/office', headers: admin });
    expect(list.json<{ items: AdminOffice[] }>().items.map((item) => item.id)).toContain(office.id);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/office/${office.id}`, headers: admin });
    expect(one.json()).toEqual(office);
    for (const url of ['/api/office', `/api/office/${office.id}`]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: manager })).statusCode, url).toBe(403);
    }
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/office',
      headers: manager,
      payload: { ...office, name: 'Нет' },
    });
    expect(refused.statusCode).toBe(403);

    const hidden = await ctx.app.inject({
      method: 'PUT',
      url: '/api/office',
      headers: admin,
      payload: { ...office, schedule: null, isActive: false },
    });
    expect(hidden.json()).toMatchObject({ schedule: null, isActive: false });
    expect((await formOffices()).map((item) => item.id)).not.toContain(office.id);
  });

  it('refuses bad input with Russian messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ address: '' }, MESSAGES.officeAddressRequired],
      [{ name: '' }, MESSAGES.itemNameRequired],
      [{ lat: 91 }, MESSAGES.latitudeInvalid],
      [{ phone: '123' }, MESSAGES.invalidPhone],
      [{ email: 'not-mail' }, MESSAGES.invalidEmail],
    ];
    for (const [patch, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/office',
        headers: admin,
        payload: { name: 'Офис', address: 'Москва', ...patch },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/office/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: MESSAGES.officeNotFound });
  });

  it('deletes an unused office, but only deactivates one that orders point at', async () => {
    const unused = await createOffice('Временный офис');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/office',
      headers: admin,
      payload: { id: unused.id },
    });
    expect(deleted.json()).toEqual({ id: unused.id, result: 'deleted' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/office/${unused.id}`, headers: admin })).statusCode,
    ).toBe(404);

    const used = await createOffice('Офис с заказами');
    const params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Олег Смирнов',
        email: 'smirnov@example.ru',
        phoneNumber: '+79161112288',
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'OFFICE')!.id,
        deliveryData: { officeId: used.id },
      },
    });
    expect(order.statusCode).toBe(201);
    const orderId = order.json<OrderSummary>().id;
    const deactivated = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/office',
      headers: admin,
      payload: { id: used.id },
    });
    expect(deactivated.json()).toEqual({ id: used.id, result: 'deactivated' });
    expect((await formOffices()).map((item) => item.id)).not.toContain(used.id);
    const kept = await ctx.app.inject({ method: 'GET', url: `/api/office/${used.id}`, headers: admin });
    expect(kept.json()).toMatchObject({ isActive: false, name: 'Офис с заказами' });
    const rows = await ctx.database.sql.executeSql(`select office_id from orders where id = $1`, [orderId]);
    expect(rows.rows).toEqual([{ office_id: used.id }]);
  });
});
