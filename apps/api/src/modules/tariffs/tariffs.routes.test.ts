import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FormParamsResponse,
  OrderDetail,
  OrderSummary,
  Tariff,
  TariffListResponse,
} from '@app/contracts';
import { addWorkingDays, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// A fixed clock: the form-params cache never expires by itself here, so only invalidation can refresh it.
// Wednesday 4 March 2026, 10:00 in Moscow.
const NOW = new Date('2026-03-04T07:00:00Z');
const TODAY = '2026-03-04';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('tariffs (back office) and their effect on order prices', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let params: FormParamsResponse;

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => NOW } });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    params = await formParams();
  });
  afterAll(() => ctx.close());

  async function formParams(): Promise<FormParamsResponse> {
    return (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
  }
  const documentId = (type: string) => params.documents.find((item) => item.type === type)!.id;
  const assuranceId = (type: string) => params.assurances.find((item) => item.type === type)!.id;
  const calendar = () => ({
    nonWorkingDays: new Set(params.calendar.nonWorkingDays),
    workingWeekendDays: new Set(params.calendar.workingWeekendDays),
  });

  async function createTariff(payload: Record<string, unknown>): Promise<Tariff> {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/tariffs', headers: admin, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Tariff>();
  }

  async function createOrder(patch: Record<string, unknown>): Promise<OrderSummary> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Тимур Алиев',
        email: 'aliev@example.ru',
        phoneNumber: '+79161113344',
        documentsWithQuantity: [{ documentId: documentId('passport'), quantity: 2 }],
        documentsAssurances: [
          { documentId: documentId('passport'), assuranceId: assuranceId('notarization') },
        ],
        originalLanguage: 'ru',
        targetLanguage: 'uz',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
        ...patch,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OrderSummary>();
  }

  it('prices a new order for the pair with the tariff at once: unit price, promo, ready date', async () => {
    const before = await createOrder({});
    // Passport 1 500 ₽ × 2 + notarization 1 200 ₽ × 2; 1 processing day + 1 for the notarization.
    expect(before.amount).toBe(5400);
    expect(before.estimatedReadyDate).toBe(addWorkingDays(TODAY, 2, calendar()));

    const tariff = await createTariff({
      name: 'Узбекский язык',
      originalLanguage: 'ru',
      targetLanguage: 'uz',
      pricePercent: 150,
      surcharge: 200,
      extraDays: 2,
    });
    expect(tariff).toMatchObject({
      originalLanguage: 'ru',
      targetLanguage: 'uz',
      documentTypeId: null,
      documentTypeName: null,
      pricePercent: 150,
      surcharge: 200,
      extraDays: 2,
      isActive: true,
      sortOrder: 0,
    });
    // The clock stands still, so the cached form parameters changed only because the change dropped them.
    expect((await formParams()).tariffs).toContainEqual({
      id: tariff.id,
      name: 'Узбекский язык',
      originalLanguage: 'ru',
      targetLanguage: 'uz',
      documentTypeId: null,
      pricePercent: 150,
      surcharge: 200,
      extraDays: 2,
      sortOrder: 0,
    });

    const after = await createOrder({ promoCode: 'WELCOME10' });
    // Passport round(1 500 × 150 %) + 200 = 2 450 ₽ × 2 = 4 900; the assurance keeps its 1 200 ₽ × 2;
    // the promo takes 10 % of documents and assurances: 7 300 − 730 = 6 570.
    expect(after.priceBreakdown.lines[0]).toEqual({
      kind: 'document',
      refId: documentId('passport'),
      name: 'Паспорт',
      unitPrice: 2450,
      quantity: 2,
      total: 4900,
      tariffName: 'Узбекский язык',
    });
    expect(after.priceBreakdown).toMatchObject({
      documentsTotal: 4900,
      assurancesTotal: 2400,
      discount: 730,
      total: 6570,
    });
    expect(after.amount).toBe(6570);
    expect(after.estimatedReadyDate).toBe(addWorkingDays(TODAY, 4, calendar()));

    // Another pair is not touched.
    const english = await createOrder({ targetLanguage: 'en' });
    expect(english.amount).toBe(5400);
    expect(english.priceBreakdown.lines[0]).not.toHaveProperty('tariffName');

    // Switched off: the form and new orders are back to catalogue prices; the earlier order keeps its price.
    const switchedOff = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tariffs/${tariff.id}`,
      headers: admin,
      payload: { ...tariff, isActive: false },
    });
    expect(switchedOff.statusCode).toBe(200);
    expect(switchedOff.json<Tariff>().isActive).toBe(false);
    expect((await formParams()).tariffs.map((item) => item.id)).not.toContain(tariff.id);
    expect((await createOrder({})).amount).toBe(5400);

    const kept = await ctx.app.inject({ method: 'GET', url: `/api/order/${after.id}`, headers: admin });
    expect(kept.json<OrderDetail>()).toMatchObject({
      amount: 6570,
      estimatedReadyDate: after.estimatedReadyDate,
    });
    expect(kept.json<OrderDetail>().priceBreakdown.lines[0]).toMatchObject({
      unitPrice: 2450,
      tariffName: 'Узбекский язык',
    });
  });

  it('the most specific matching rule wins (the seeded diploma rule over the seeded pair rule)', async () => {
    const seeded = params.tariffs.map((item) => item.name);
    expect(seeded).toEqual(
      expect.arrayContaining(['Русский → китайский', 'Диплом на китайский: сверка терминологии']),
    );
    const order = await createOrder({
      targetLanguage: 'zh',
      documentsWithQuantity: [
        { documentId: documentId('diploma'), quantity: 1 },
        { documentId: documentId('passport'), quantity: 1 },
      ],
      documentsAssurances: [],
    });
    const documents = order.priceBreakdown.lines.filter((line) => line.kind === 'document');
    // Diploma 2 500 × 160 % + 300 = 4 300 ₽; passport 1 500 × 140 % = 2 100 ₽.
    expect(documents).toEqual([
      expect.objectContaining({
        name: 'Диплом',
        unitPrice: 4300,
        tariffName: 'Диплом на китайский: сверка терминологии',
      }),
      expect.objectContaining({ name: 'Паспорт', unitPrice: 2100, tariffName: 'Русский → китайский' }),
    ]);
    expect(order.amount).toBe(6400);
    // The slowest line: diploma 2 days + 3 of its tariff.
    expect(order.estimatedReadyDate).toBe(addWorkingDays(TODAY, 5, calendar()));
  });

  it('lists, reads, edits and soft-deletes; deleting drops the rule from the order form at once', async () => {
    const tariff = await createTariff({
      name: 'Турецкий: дипломы',
      targetLanguage: 'tr',
      documentTypeId: documentId('diploma'),
      pricePercent: 120,
      sortOrder: 5,
    });
    expect(tariff).toMatchObject({ documentTypeName: 'Диплом', surcharge: 0, extraDays: 0 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/tariffs', headers: admin });
    const body = list.json<TariffListResponse>();
    expect(body.total).toBe(body.items.length);
    expect(body.items.map((item) => item.id)).toContain(tariff.id);
    expect(body.items.map((item) => item.sortOrder)).toEqual(
      [...body.items.map((item) => item.sortOrder)].sort((a, b) => a - b),
    );
    const one = await ctx.app.inject({ method: 'GET', url: `/api/tariffs/${tariff.id}`, headers: admin });
    expect(one.json()).toEqual(tariff);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tariffs/${tariff.id}`,
      headers: admin,
      payload: { name: 'Турецкий язык', targetLanguage: 'tr', pricePercent: 130, surcharge: 99.5 },
    });
    expect(edited.json()).toMatchObject({
      name: 'Турецкий язык',
      documentTypeId: null,
      documentTypeName: null,
      pricePercent: 130,
      surcharge: 99.5,
      sortOrder: 0,
    });
    expect((await formParams()).tariffs).toContainEqual(
      expect.objectContaining({ id: tariff.id, pricePercent: 130, surcharge: 99.5 }),
    );

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/tariffs/${tariff.id}`,
      headers: admin,
    });
    expect(deleted.json()).toEqual({ success: true });
    expect((await formParams()).tariffs.map((item) => item.id)).not.toContain(tariff.id);
    const listAfter = await ctx.app.inject({ method: 'GET', url: '/api/tariffs', headers: admin });
    expect(listAfter.json<TariffListResponse>().items.map((item) => item.id)).not.toContain(tariff.id);
    for (const method of ['GET', 'DELETE'] as const) {
      const gone = await ctx.app.inject({ method, url: `/api/tariffs/${tariff.id}`, headers: admin });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: MESSAGES.tariffNotFound });
    }
    const editGone = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tariffs/${tariff.id}`,
      headers: admin,
      payload: { name: 'Нет', pricePercent: 100 },
    });
    expect(editGone.statusCode).toBe(404);
    const rows = await ctx.database.sql.executeSql(`select deleted_at from tariffs where id = $1`, [
      tariff.id,
    ]);
    expect(rows.rows).toHaveLength(1);
    const audit = await ctx.database.sql.executeSql(
      `select action from audit_log where entity = 'tariff' and entity_id = $1 order by created_at`,
      [tariff.id],
    );
    expect(audit.rows).toEqual([
      { action: 'tariff.create' },
      { action: 'tariff.update' },
      { action: 'tariff.delete' },
    ]);
  });

  it('refuses bad input with Russian messages', async () => {
    const valid = { name: 'Правило', targetLanguage: 'kk', pricePercent: 120 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, MESSAGES.itemNameRequired],
      [{ pricePercent: 0 }, MESSAGES.tariffPercentInvalid],
      [{ pricePercent: 1001 }, MESSAGES.tariffPercentInvalid],
      [{ pricePercent: 110.5 }, MESSAGES.tariffPercentInvalid],
      [{ pricePercent: undefined }, MESSAGES.tariffPercentInvalid],
      [{ surcharge: -1 }, MESSAGES.tariffSurchargeInvalid],
      [{ surcharge: 100_000.01 }, MESSAGES.tariffSurchargeInvalid],
      [{ surcharge: 10.001 }, MESSAGES.tariffSurchargeInvalid],
      [{ extraDays: 61 }, MESSAGES.tariffExtraDaysInvalid],
      [{ extraDays: -1 }, MESSAGES.tariffExtraDaysInvalid],
      [{ targetLanguage: 'Казахский' }, MESSAGES.unknownLanguage],
      [{ targetLanguage: 'xx' }, MESSAGES.unknownLanguage],
      [{ originalLanguage: 'kk' }, MESSAGES.sameLanguages],
      [{ documentTypeId: 'passport' }, MESSAGES.unknownDocument],
      [{ documentTypeId: MISSING }, MESSAGES.unknownDocument],
      [{ sortOrder: -1 }, MESSAGES.sortOrderInvalid],
    ];
    for (const [patch, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/tariffs',
        headers: admin,
        payload: { ...valid, ...patch },
      });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json(), JSON.stringify(patch)).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/tariffs', headers: admin });
    expect(list.json<TariffListResponse>().items.map((item) => item.name)).not.toContain('Правило');
  });

  it('is ADMIN only: a MANAGER gets 403 and changes nothing', async () => {
    const [seeded] = params.tariffs;
    const attempts = [
      { method: 'GET' as const, url: '/api/tariffs' },
      { method: 'GET' as const, url: `/api/tariffs/${seeded!.id}` },
      { method: 'POST' as const, url: '/api/tariffs', payload: { name: 'Менеджер', pricePercent: 50 } },
      { method: 'PUT' as const, url: `/api/tariffs/${seeded!.id}`, payload: { ...seeded, pricePercent: 50 } },
      { method: 'DELETE' as const, url: `/api/tariffs/${seeded!.id}` },
    ];
    for (const attempt of attempts) {
      const response = await ctx.app.inject({ ...attempt, headers: manager });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: MESSAGES.forbidden });
    }
    expect((await formParams()).tariffs).toContainEqual(seeded);
  });
});
