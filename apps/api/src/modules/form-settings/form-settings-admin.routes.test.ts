import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminDelivery,
  AdminDocumentType,
  FormParamsResponse,
  OrderSummary,
  PromoCode,
} from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('form settings (back office)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx.close());

  const formParams = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<FormParamsResponse>();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('adds a document that the order form offers at once, edits it, and refuses bad input in Russian', async () => {
    await formParams(); // warm the cache: the change must still show at once
    const created = await call('POST', '/api/form-settings/document', {
      type: 'diploma_supplement_grades',
      name: 'Приложение к диплому',
      price: 1500.5,
      processingDays: 3,
      sortOrder: 5,
    });
    expect(created.statusCode).toBe(201);
    const document = created.json<AdminDocumentType>();
    expect(document).toMatchObject({ name: 'Приложение к диплому', price: 1500.5, processingDays: 3 });
    expect((await formParams()).documents.find((item) => item.id === document.id)).toMatchObject({
      price: 1500.5,
    });
    const list = (await call('GET', '/api/form-settings/document')).json<{ items: AdminDocumentType[] }>();
    expect(list.items.map((item) => item.id)).toContain(document.id);
    const sortOrders = list.items.map((item) => item.sortOrder);
    expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));

    const updated = await call('PUT', '/api/form-settings/document', {
      id: document.id,
      type: 'diploma_supplement_grades',
      name: 'Приложение к диплому (с оценками)',
      price: 1700,
      processingDays: 4,
      sortOrder: 5,
    });
    expect(updated.statusCode).toBe(200);
    expect((await formParams()).documents.find((item) => item.id === document.id)).toMatchObject({
      name: 'Приложение к диплому (с оценками)',
      price: 1700,
      processingDays: 4,
    });

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ price: -1 }, MESSAGES.priceInvalid],
      [{ price: 1_000_000.01 }, MESSAGES.priceInvalid],
      [{ price: 10.001 }, MESSAGES.priceInvalid],
      [{ name: '   ' }, MESSAGES.itemNameRequired],
      [{ type: 'с пробелом' }, MESSAGES.itemTypeInvalid],
    ];
    for (const [patch, message] of cases) {
      const bad = await call('POST', '/api/form-settings/document', {
        type: 'x',
        name: 'Документ',
        price: 100,
        processingDays: 1,
        ...patch,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    const missing = await call('PUT', '/api/form-settings/document', {
      id: '00000000-0000-4000-8000-000000000000',
      type: 'x',
      name: 'Документ',
      price: 1,
      processingDays: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: MESSAGES.formSettingNotFound });
  });

  it('a deleted document leaves the form and the list at once, while an order keeps its line', async () => {
    const document = (
      await call('POST', '/api/form-settings/document', {
        type: 'archive_note',
        name: 'Архивная справка',
        price: 990,
        processingDays: 2,
      })
    ).json<AdminDocumentType>();
    const params = await formParams();
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Ирина Ланская',
          email: 'lanskaya@example.ru',
          phoneNumber: '+79161112299',
          documentsWithQuantity: [{ documentId: document.id, quantity: 2 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
        },
      })
    ).json<OrderSummary>();

    const deleted = await call('DELETE', '/api/form-settings/document', { id: document.id });
    expect(deleted.json()).toEqual({ success: true });
    expect((await formParams()).documents.map((item) => item.id)).not.toContain(document.id);
    const list = (await call('GET', '/api/form-settings/document')).json<{ items: AdminDocumentType[] }>();
    expect(list.items.map((item) => item.id)).not.toContain(document.id);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: admin });
    expect(detail.body).toContain('Архивная справка');
    const lines = await ctx.database.sql.executeSql(
      `select name, quantity, total::float as total from order_lines where order_id = $1 and kind = 'document'`,
      [order.id],
    );
    expect(lines.rows).toEqual([{ name: 'Архивная справка', quantity: 2, total: 1980 }]);

    const again = await call('DELETE', '/api/form-settings/document', { id: document.id });
    expect(again.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Ирина Ланская',
        email: 'lanskaya@example.ru',
        phoneNumber: '+79161112299',
        documentsWithQuantity: [{ documentId: document.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('manages assurances and deliveries the same way', async () => {
    const assurance = await call('POST', '/api/form-settings/assurance', {
      type: 'apostille',
      name: 'Апостиль',
      price: 2500,
      extraDays: 5,
    });
    expect(assurance.statusCode).toBe(201);
    const assuranceId = assurance.json<{ id: string }>().id;
    expect((await formParams()).assurances.find((item) => item.id === assuranceId)).toMatchObject({
      extraDays: 5,
    });
    expect(
      (
        await call('PUT', '/api/form-settings/assurance', {
          id: assuranceId,
          type: 'apostille',
          name: 'Апостиль',
          price: 2600.99,
          extraDays: 6,
        })
      ).json(),
    ).toMatchObject({ price: 2600.99, extraDays: 6 });
    expect((await call('DELETE', '/api/form-settings/assurance', { id: assuranceId })).statusCode).toBe(200);
    expect((await formParams()).assurances.map((item) => item.id)).not.toContain(assuranceId);

    const delivery = await call('POST', '/api/form-settings/delivery', {
      type: 'COURIER',
      name: 'Курьер за МКАД',
      price: 900,
      description: 'До 30 км от МКАД',
    });
    expect(delivery.statusCode).toBe(201);
    const created = delivery.json<AdminDelivery>();
    expect(created).toMatchObject({ type: 'COURIER', description: 'До 30 км от МКАД' });
    expect((await formParams()).deliveries.map((item) => item.id)).toContain(created.id);
    const badType = await call('POST', '/api/form-settings/delivery', {
      type: 'DRONE',
      name: 'Дрон',
      price: 1,
    });
    expect(badType.statusCode).toBe(400);
    expect(
      (
        await call('PUT', '/api/form-settings/delivery', {
          ...created,
          name: 'Курьер по области',
          description: null,
        })
      ).json(),
    ).toMatchObject({ name: 'Курьер по области', description: null });
    expect((await call('DELETE', '/api/form-settings/delivery', { id: created.id })).statusCode).toBe(200);
    expect((await formParams()).deliveries.map((item) => item.id)).not.toContain(created.id);
    const list = (await call('GET', '/api/form-settings/delivery')).json<{ items: AdminDelivery[] }>();
    expect(list.items.map((item) => item.id)).not.toContain(created.id);
  });

  it('manages promo codes; the public check follows every change', async () => {
    const validate = async (code: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/form-settings/promocode/validate?code=${code}` })
      ).json<{ valid: boolean; discountPercent: number }>();
    const created = await call('POST', '/api/form-settings/promocode', {
      code: 'spring_2026',
      discountPercent: 12,
      maxUses: 100,
      validFrom: '2020-01-01T00:00:00+03:00',
      validTo: '2099-01-01T00:00:00+03:00',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<PromoCode>()).toMatchObject({
      code: 'SPRING_2026',
      discountPercent: 12,
      isActive: true,
      maxUses: 100,
      usedCount: 0,
      validTo: '2098-12-31T21:00:00.000Z',
    });
    expect(await validate('SPRING_2026')).toMatchObject({ valid: true, discountPercent: 12 });
    const list = (await call('GET', '/api/form-settings/promocode')).json<{ items: PromoCode[] }>();
    expect(list.items.map((item) => item.code)).toEqual(expect.arrayContaining(['SPRING_2026', 'WELCOME10']));

    const duplicate = await call('POST', '/api/form-settings/promocode', {
      code: 'SPRING_2026',
      discountPercent: 5,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: MESSAGES.promoExists });
    for (const [payload, message] of [
      [{ code: 'весна', discountPercent: 5 }, MESSAGES.promoCodeFormatInvalid],
      [{ code: 'OK_CODE', discountPercent: 0 }, MESSAGES.promoPercentInvalid],
      [{ code: 'OK_CODE', discountPercent: 101 }, MESSAGES.promoPercentInvalid],
      [{ code: 'OK_CODE', discountPercent: 5, maxUses: 0 }, MESSAGES.promoMaxUsesInvalid],
      [
        {
          code: 'OK_CODE',
          discountPercent: 5,
          validFrom: '2026-05-01T00:00:00+03:00',
          validTo: '2026-04-01T00:00:00+03:00',
        },
        MESSAGES.promoPeriodInvalid,
      ],
    ] as const) {
      const bad = await call('POST', '/api/form-settings/promocode', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message });
    }

    const paused = await call('PUT', '/api/form-settings/promocode', {
      code: 'SPRING_2026',
      discountPercent: 15,
      isActive: false,
    });
    expect(paused.json<PromoCode>()).toMatchObject({ discountPercent: 15, isActive: false, validTo: null });
    expect((await validate('SPRING_2026')).valid).toBe(false);

    expect((await call('DELETE', '/api/form-settings/promocode', { code: 'spring_2026' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', '/api/form-settings/promocode', { code: 'SPRING_2026' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', '/api/form-settings/promocode', { code: 'SPRING_2026', discountPercent: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('is ADMIN only', async () => {
    const response = await call(
      'POST',
      '/api/form-settings/document',
      { type: 'x', name: 'X', price: 1, processingDays: 1 },
      manager,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: MESSAGES.forbidden });
  });
});
