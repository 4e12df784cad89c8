import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FormParamsResponse,
  OrderSummary,
  PartnerOrderDetail,
  PartnerOrderListItem,
} from '@app/contracts';
import { PARTNER_MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

/**
 * The pickup-point PARTNER's orders (issue 17, decision 050): a point column, search by number, name or phone,
 * and a read-only order page — only for orders to its own points, without the customer's e-mail.
 */
describe('pickup-point partner: list, search and read-only order page', () => {
  let ctx: TestContext;
  let partner: { authorization: string };
  let admin: { authorization: string };
  let own: OrderSummary;
  let foreign: OrderSummary;
  let ownPoint: { id: string; name: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    partner = await ctx.staffAuth(...DEMO.partner);
    // Every demo point is the demo partner's; a second partner gets a point of its own.
    ownPoint = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string; name: string }>;
    }>().items[0]!;
    const other = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/partner',
        headers: admin,
        payload: { name: 'Чужой партнёр', commission: 10 },
      })
    ).json<{ id: string }>();
    const otherPoint = await ctx.app.inject({
      method: 'POST',
      url: '/api/point',
      headers: admin,
      payload: {
        name: 'ПВЗ «Чужой»',
        address: 'Москва, Тверская, 1',
        lat: 55.76,
        lon: 37.61,
        partnerId: other.id,
        isActive: true,
      },
    });
    expect(otherPoint.statusCode, otherPoint.body).toBe(200);
    const params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const place = async (pointId: string, name: string, email: string, phoneNumber: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name,
          email,
          phoneNumber,
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'de',
          deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
          pickupPointId: pointId,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<OrderSummary>();
    };
    own = await place(ownPoint.id, 'Вера Своя', 'vera@own-point.example', '+79267770011');
    foreign = await place(
      otherPoint.json<{ id: string }>().id,
      'Вера Чужая',
      'vera@foreign-point.example',
      '+79267770022',
    );
  });
  afterAll(() => ctx.close());

  const list = async (search: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/partner?search=${encodeURIComponent(search)}`,
      headers: partner,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: PartnerOrderListItem[] }>().items;
  };

  it('lists its orders with the point name and no e-mail, and searches by number, name and phone', async () => {
    const byName = await list('Вера');
    expect(byName.map((item) => item.number)).toEqual([own.number]);
    expect(byName[0]!.pickupPointName).toBe(ownPoint.name);
    expect(byName[0]).not.toHaveProperty('email');
    expect((await list(`№${own.number}`)).map((item) => item.number)).toEqual([own.number]);
    expect((await list('777-00-11')).map((item) => item.number)).toEqual([own.number]);
    // Another partner's order is found by nothing; an e-mail is no search key for the partner.
    expect(await list(`№${foreign.number}`)).toEqual([]);
    expect(await list('7770022')).toEqual([]);
    expect(await list('own-point')).toEqual([]);
  });

  it('opens its own order read-only and answers «not found» for any other', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/partner/${own.id}`,
      headers: partner,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<PartnerOrderDetail>();
    expect(detail).toMatchObject({
      number: own.number,
      name: 'Вера Своя',
      phoneNumber: '+79267770011',
      originalLanguageName: 'Русский',
      targetLanguageName: 'Немецкий',
      point: { id: ownPoint.id, name: ownPoint.name },
    });
    expect(JSON.stringify(detail)).not.toContain('vera@own-point.example');

    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/partner/${foreign.id}`,
      headers: partner,
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Вера Чужая');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/partner/00000000-0000-4000-8000-000000000000',
      headers: partner,
    });
    expect(unknown.statusCode).toBe(404);
    // Staff have their own order page; this one is the partner's only.
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/partner/${own.id}`,
      headers: admin,
    });
    expect(staff.statusCode).toBe(403);
  });

  it('never gets the full order detail of its point orders: that is staff and the customer only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/order/${own.id}`, headers: partner });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(
      PARTNER_MESSAGES.partnerOrderFullDetailForbidden,
    );
    expect(response.body).not.toContain('vera@own-point.example');
    // An order to another partner's point stays «not found», as on the partner page.
    const foreignDetail = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${foreign.id}`,
      headers: partner,
    });
    expect(foreignDetail.statusCode).toBe(404);
    // Nor its files (scans of documents): the read-only page has none.
    const files = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${own.id}/files/00000000-0000-4000-8000-000000000000`,
      headers: partner,
    });
    expect(files.statusCode).toBe(403);
    const staff = await ctx.app.inject({ method: 'GET', url: `/api/order/${own.id}`, headers: admin });
    expect(staff.statusCode).toBe(200);
  });
});
