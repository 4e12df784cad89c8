import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// 21:30 UTC is already the next day in Moscow: the export must say 21.05, as the list and its filters do.
const NOW = new Date('2030-05-20T21:30:00.000Z');

describe('CSV export of orders (decisions 021, 050)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => NOW } });
  });
  afterAll(() => ctx.close());

  it('writes names that look like formulas as text, not as formulas', async () => {
    const params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const points = await ctx.app.inject({ method: 'GET', url: '/api/point/active' });
    const pointId = points.json<{ items: Array<{ id: string }> }>().items[0]!.id;
    const names = [
      '=HYPERLINK("http://evil.example/?x","Открыть")',
      '+cmd|" /C calc"!A0',
      '@SUM(1+1)',
      '-2+3',
    ];
    for (const [index, name] of names.entries()) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name,
          phoneNumber: '+79160001122',
          email: `formula${index}@csv-injection.example`,
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
          pickupPointId: pointId,
        },
      });
      expect(response.statusCode, name).toBe(201);
    }
    const admin = await ctx.staffAuth(...DEMO.admin);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/export.csv',
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .trim()
      .split('\n')
      .filter((row) => row.includes('@csv-injection.example'));
    expect(rows).toHaveLength(names.length);
    const clientCells = rows.map((row) => row.split(';')[6]);
    expect(clientCells.sort()).toEqual(
      [
        `"'=HYPERLINK(""http://evil.example/?x"",""Открыть"")"`,
        `"'+cmd|"" /C calc""!A0"`,
        "'@SUM(1+1)",
        "'-2+3",
      ].sort(),
    );
    for (const row of rows)
      expect(
        row.split(';').every((cell) => !/^"?[=+\-@]/.test(cell)),
        row,
      ).toBe(true);
  });

  const placeOrder = async (payload: Record<string, unknown>) => {
    const params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        documentsWithQuantity: [
          { documentId: params.documents[0]!.id, quantity: 2 },
          { documentId: params.documents[1]!.id, quantity: 1 },
        ],
        originalLanguage: 'ru',
        targetLanguage: 'de',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
        ...payload,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { order: response.json<OrderSummary>(), params };
  };

  const exportRows = async (query = '') => {
    const admin = await ctx.staffAuth(...DEMO.admin);
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/order/export.csv${query}`, headers: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const columns = header!.split(';');
    return rows.map((row) => Object.fromEntries(row.split(';').map((cell, index) => [columns[index], cell])));
  };

  it("writes Russian labels, Moscow date-times, the phone as text and the order's documents, languages, point, promo code and payment date", async () => {
    const { order } = await placeOrder({
      name: 'Иван Ромашкин',
      email: 'ivan@romashka-export.example',
      phoneNumber: '+79161234567',
      payerType: 'ORGANIZATION',
      organizationInn: '7707083893',
      organizationKpp: '773601001',
      organizationName: 'ООО «Ромашка»',
      organizationAddress: 'Москва, ул. Вавилова, 19',
      promoCode: 'WELCOME10',
    });
    // Paid through the system a little later the same Moscow night (the settlement sets both).
    await ctx.database.sql.executeSql(`update orders set is_paid = true, paid_at = $2 where id = $1`, [
      order.id,
      '2030-05-20T22:05:00.000Z',
    ]);
    const [row] = (await exportRows()).filter((cells) => cells['E-mail'] === 'ivan@romashka-export.example');
    expect(row).toMatchObject({
      Номер: String(order.number),
      'Дата (МСК)': '21.05.2030, 00:30',
      Статус: 'Новый',
      Оплачен: 'да',
      'Дата оплаты (МСК)': '21.05.2030, 01:05',
      Плательщик: 'Организация',
      Организация: 'ООО «Ромашка»',
      Телефон: '\u00A0+7 916 123-45-67',
      Языки: 'Русский → Немецкий',
      Доставка: 'Электронно',
      'Пункт выдачи': '',
      Промокод: 'WELCOME10',
    });
    expect(row!['Документы']).toMatch(/^.+ × 2, .+ × 1$/);
  });

  it('names the pickup point and exports only the selected orders with `ids`', async () => {
    const point = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string; name: string }>;
    }>().items[0]!;
    const params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
    const picked = await placeOrder({
      name: 'Пётр Выбранный',
      email: 'picked@ids-export.example',
      phoneNumber: '+79035550001',
      deliveryId: params.deliveries.find((item) => item.type === 'PICKUP_POINT')!.id,
      pickupPointId: point.id,
    });
    const other = await placeOrder({
      name: 'Павел Невыбранный',
      email: 'other@ids-export.example',
      phoneNumber: '+79035550002',
    });
    const rows = await exportRows(`?ids=${picked.order.id}`);
    expect(rows.map((cells) => cells['E-mail'])).toEqual(['picked@ids-export.example']);
    expect(rows[0]!['Пункт выдачи']).toBe(point.name.includes(';') ? `"${point.name}"` : point.name);
    expect(rows[0]!['Доставка']).toBe('Пункт выдачи');
    const both = await exportRows(`?ids=${picked.order.id},${other.order.id}&search=ids-export`);
    expect(both.map((cells) => cells['E-mail']).sort()).toEqual([
      'other@ids-export.example',
      'picked@ids-export.example',
    ]);

    // The same selection in a POST body: 500 ids do not fit a GET's request line.
    const admin = await ctx.staffAuth(...DEMO.admin);
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/export.csv',
      headers: admin,
      payload: { ids: [other.order.id] },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('other@ids-export.example');
    expect(posted.body).not.toContain('picked@ids-export.example');

    const tooMany = Array.from(
      { length: 501 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/export.csv',
      headers: admin,
      payload: { ids: tooMany },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBeTruthy();
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/export.csv?ids=1,2',
      headers: admin,
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('Выбранные заказы переданы неверно');
  });
});
