import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormParamsResponse, Holiday, OrderSummary } from '@app/contracts';
import { addWorkingDays, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// Wednesday 4 March 2026, 10:00 in Moscow: the next working day is Thursday the 5th.
const NOW = new Date('2026-03-04T07:00:00Z');

describe('holidays (back office)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let params: FormParamsResponse;

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => NOW } });
    admin = await ctx.staffAuth(...DEMO.admin);
    params = (
      await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })
    ).json<FormParamsResponse>();
  });
  afterAll(() => ctx.close());

  const createOrder = async (documentId = params.documents[0]!.id) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Вера Павлова',
        email: 'pavlova@example.ru',
        phoneNumber: '+79161112277',
        documentsWithQuantity: [{ documentId, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((item) => item.type === 'ELECTRONIC')!.id,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<OrderSummary>();
  };
  const calendar = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<FormParamsResponse>()
      .calendar;

  it('lists one year of the calendar, sorted', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/holidays?year=2026', headers: admin });
    const items = response.json<{ items: Holiday[] }>().items;
    expect(items[0]).toEqual({ date: '2026-01-01', name: 'Новогодние каникулы', isWorkingDay: false });
    expect(items.every((item) => item.date.startsWith('2026-'))).toBe(true);
    expect(items.map((item) => item.date)).toEqual(items.map((item) => item.date).sort());
    const byDefault = await ctx.app.inject({ method: 'GET', url: '/api/holidays', headers: admin });
    expect(byDefault.json()).toEqual(response.json());
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/holidays?year=1812', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MESSAGES.yearInvalid });
  });

  it('a holiday on the next working day moves the ready date of a new order at once, and back', async () => {
    const processingDays = params.documents[0]!.processingDays;
    const before = await createOrder();
    expect(before.estimatedReadyDate).toBe(
      addWorkingDays('2026-03-04', processingDays, {
        nonWorkingDays: new Set(params.calendar.nonWorkingDays),
      }),
    );

    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/holidays',
      headers: admin,
      payload: { date: '2026-03-05', name: 'Санитарный день' },
    });
    expect(added.json()).toEqual({ date: '2026-03-05', name: 'Санитарный день', isWorkingDay: false });
    expect((await calendar()).nonWorkingDays).toContain('2026-03-05');
    const after = await createOrder();
    const moved = addWorkingDays('2026-03-04', processingDays, {
      nonWorkingDays: new Set([...params.calendar.nonWorkingDays, '2026-03-05']),
    });
    expect(after.estimatedReadyDate).toBe(moved);
    expect(after.estimatedReadyDate! > before.estimatedReadyDate!).toBe(true);

    // Upsert by date: the same date becomes a working day.
    const renamed = await ctx.app.inject({
      method: 'POST',
      url: '/api/holidays',
      headers: admin,
      payload: { date: '2026-03-05', name: 'Рабочий день', isWorkingDay: true },
    });
    expect(renamed.json()).toMatchObject({ isWorkingDay: true });
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/holidays?year=2026', headers: admin })
    ).json<{ items: Holiday[] }>();
    expect(list.items.filter((item) => item.date === '2026-03-05')).toEqual([
      { date: '2026-03-05', name: 'Рабочий день', isWorkingDay: true },
    ]);
    expect((await calendar()).workingWeekendDays).toContain('2026-03-05');

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/holidays/2026-03-05',
      headers: admin,
    });
    expect(removed.json()).toEqual({ success: true });
    expect((await createOrder()).estimatedReadyDate).toBe(before.estimatedReadyDate);
    const again = await ctx.app.inject({ method: 'DELETE', url: '/api/holidays/2026-03-05', headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: MESSAGES.holidayNotFound });
  });

  it('a weekend made working shortens the estimate', async () => {
    // Three working days from Wed 4 March: Thu 5, Fri 6, then Mon 9 is a seeded holiday, so Tue 10.
    const slowest = params.documents.find((item) => item.processingDays === 3)!;
    expect((await createOrder(slowest.id)).estimatedReadyDate).toBe('2026-03-10');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/holidays',
      headers: admin,
      payload: { date: '2026-03-07', name: 'Рабочая суббота', isWorkingDay: true },
    });
    expect((await calendar()).workingWeekendDays).toContain('2026-03-07');
    expect((await createOrder(slowest.id)).estimatedReadyDate).toBe('2026-03-07');
  });

  it('refuses bad input with Russian messages; MANAGER may not edit', async () => {
    for (const [payload, message] of [
      [{ date: '05.03.2026', name: 'День' }, MESSAGES.dateInvalid],
      [{ date: '', name: 'День' }, MESSAGES.dateRequired],
      [{ name: 'День' }, MESSAGES.dateRequired],
      [{ date: '2026-03-05', name: '' }, MESSAGES.itemNameRequired],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/holidays',
        headers: admin,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const badPath = await ctx.app.inject({ method: 'DELETE', url: '/api/holidays/tomorrow', headers: admin });
    expect(badPath.statusCode).toBe(400);
    const manager = await ctx.staffAuth(...DEMO.manager);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/holidays',
      headers: manager,
      payload: { date: '2026-03-05', name: 'День' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
