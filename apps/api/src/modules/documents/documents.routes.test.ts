import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { formatDate, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { pdfText } from '#test/pdf-text.ts';

describe('invoices and acts', () => {
  let ctx: TestContext;
  let owner: { authorization: string };
  let stranger: { authorization: string };
  let order: OrderSummary;
  /** The app's clock runs this far from the real one (the act's order is completed days before it is asked for). */
  let clockOffsetMs = 0;

  beforeAll(async () => {
    ctx = await createTestContext({
      env: { RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' },
      clock: { now: () => new Date(Date.now() + clockOffsetMs) },
    });
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string; type: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Пётр Бухгалтеров',
        phoneNumber: '+79160000077',
        email: 'buh@example.ru',
        payerType: 'ORGANIZATION',
        organizationInn: '7707083893',
        organizationKpp: '773601001',
        organizationName: 'ПАО Сбербанк',
        organizationAddress: 'Москва, ул. Вавилова, 19',
        documentsWithQuantity: [
          { documentId: params.documents.find((d) => d.type === 'passport')!.id, quantity: 1 },
        ],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
      },
    });
    order = response.json<OrderSummary>();
    owner = { authorization: (await ctx.customerAuth('buh@example.ru')).authorization };
    stranger = { authorization: (await ctx.customerAuth('stranger@example.ru')).authorization };
  });
  afterAll(() => ctx.close());

  it('generates an invoice PDF whose text carries the buyer, lines, total in figures and in words', async () => {
    const generated = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-invoice`,
      headers: owner,
    });
    expect(generated.statusCode).toBe(200);
    const document = generated.json<{ id: string; number: string }>();
    expect(document.number).toBe(`СЧ-${order.number}`);

    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/documents/${document.id}/download`,
      headers: owner,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(download.rawPayload);
    expect(text).toContain(`Счёт на оплату № СЧ-${order.number}`);
    expect(text).toContain('ПАО Сбербанк');
    expect(text).toContain('ИНН 7707083893, КПП 773601001');
    expect(text).toContain('Паспорт');
    expect(text).toContain('1 500 ₽');
    expect(text).toContain('Одна тысяча пятьсот рублей 00 копеек');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/user/documents', headers: owner });
    expect(list.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id)).toEqual([document.id]);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-invoice`,
      headers: owner,
    });
    expect(again.json<{ id: string }>().id).toBe(document.id);
  });

  it('refuses an act until the order is completed, then produces it', async () => {
    const early = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-act`,
      headers: owner,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: MESSAGES.actOnlyForCompleted });

    const manager = await ctx.staffAuth(...DEMO.manager);
    // Completed three days ago; the act asked for today is dated the day of completion.
    clockOffsetMs = -3 * 24 * 3600 * 1000;
    const completedAt = new Date(Date.now() + clockOffsetMs);
    try {
      // Paid first: an unpaid order does not move past PAID (decision 043).
      await payOnTestPage(ctx, order, 'buh@example.ru');
      for (const status of ['IN_PROGRESS', 'READY', 'COMPLETED']) {
        const moved = await ctx.app.inject({
          method: 'PATCH',
          url: '/api/order/status',
          headers: manager,
          payload: { id: order.id, status },
        });
        expect(moved.statusCode, status).toBe(200);
      }
    } finally {
      clockOffsetMs = 0;
    }
    const act = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-act`,
      headers: owner,
    });
    expect(act.statusCode).toBe(200);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/documents/${act.json<{ id: string }>().id}/download`,
      headers: owner,
    });
    const text = await pdfText(download.rawPayload);
    expect(text).toContain(`Акт № АКТ-${order.number} от ${formatDate(completedAt)}`);
    expect(text).toContain('Одна тысяча пятьсот рублей 00 копеек');
  });

  it('another customer can neither generate, list nor download them', async () => {
    const generate = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/orders/${order.id}/generate-invoice`,
      headers: stranger,
    });
    expect(generate.statusCode).toBe(404);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/user/documents', headers: owner });
    const documentId = mine.json<{ items: Array<{ id: string }> }>().items[0]!.id;
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/documents/${documentId}/download`,
      headers: stranger,
    });
    expect(download.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/user/documents', headers: stranger });
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
  });
});
