import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary, StaffOrderListItem } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { nameSearchQuery } from './orders-staff.service.ts';

// Every order of this file is created at the same instant: pages must still neither repeat nor skip.
const NOW = new Date('2030-05-20T09:00:00.000Z');

describe('staff order search and keyset pages (decision 012)', () => {
  let ctx: TestContext;
  let manager: { authorization: string };
  const byEmail = new Map<string, OrderSummary>();

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => NOW } });
    manager = await ctx.staffAuth(...DEMO.manager);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const people: Array<[name: string, email: string, phone: string]> = [
      ['Пётр Фёдоров', 'p.fedorov@example.ru', '+79035550101'],
      ['Фёдор Петров', 'petrov.f@example.ru', '+79035550102'],
      ['Анна-Мария Семёнова', 'semenova@example.ru', '+79035550103'],
      ['Ирина Гаврилова', 'tie1@example.ru', '+79035550104'],
      ['Ирина Гаврилова', 'tie2@example.ru', '+79035550105'],
      ['Ирина Гаврилова', 'tie3@example.ru', '+79035550106'],
      ['Ирина Гаврилова', 'tie4@example.ru', '+79035550107'],
      ['Ирина Гаврилова', 'tie5@example.ru', '+79035550108'],
      ['Ольга Лугова', 'info@romashka.example', '+79587773311'],
    ];
    for (const [name, email, phoneNumber] of people) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name,
          email,
          phoneNumber,
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((delivery) => delivery.type === 'ELECTRONIC')!.id,
        },
      });
      expect(response.statusCode).toBe(201);
      byEmail.set(email, response.json<OrderSummary>());
    }
  });
  afterAll(() => ctx.close());

  const search = async (text: string, extra = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/order?search=${encodeURIComponent(text)}${extra}`,
      headers: manager,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: StaffOrderListItem[]; nextCursor?: string }>();
  };
  const names = async (text: string) => (await search(text)).items.map((item) => item.name).sort();

  it('finds a name by the beginnings of its words, in any order, with ё or е', async () => {
    expect(await names('федоров')).toEqual(['Пётр Фёдоров']);
    expect(await names('Фёдоров Петр')).toEqual(['Пётр Фёдоров']);
    expect(await names('петр фёд')).toEqual(['Пётр Фёдоров', 'Фёдор Петров']);
    expect(await names('фёд')).toEqual(['Пётр Фёдоров', 'Фёдор Петров']);
    expect(await names('семенова анна')).toEqual(['Анна-Мария Семёнова']);
    expect(await names('мария')).toEqual(['Анна-Мария Семёнова']);
    // Prefixes, not arbitrary fragments: the middle of a word does not match.
    expect(await names('едоров')).toEqual([]);
  });

  it('finds an e-mail by its beginning, in any case, and a phone in any spelling', async () => {
    expect(await names('p.fedorov')).toEqual(['Пётр Фёдоров']);
    expect(await names('P.Fedorov@Example.RU')).toEqual(['Пётр Фёдоров']);
    expect(await names('petrov')).toEqual(['Фёдор Петров']);
    expect(await names('8 (903) 555-01-03')).toEqual(['Анна-Мария Семёнова']);
    expect(await names(String(byEmail.get('semenova@example.ru')!.number))).toEqual(['Анна-Мария Семёнова']);
  });

  it('treats full-text and LIKE syntax in the search as plain text', async () => {
    expect(await names("фёдоров & | ! :* ('")).toEqual(['Пётр Фёдоров']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('&|!')).toEqual([]);
    expect(nameSearchQuery('Пётр  Фёдоров!')).toBe('петр:* & федоров:*');
    expect(nameSearchQuery(':* & |')).toBeNull();
  });

  it('pages through orders created at the same instant without repeats or gaps', async () => {
    const seen: StaffOrderListItem[] = [];
    let cursor: string | undefined;
    do {
      const page = await search('tie', `&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen.map((item) => item.email).sort()).toEqual([
      'tie1@example.ru',
      'tie2@example.ru',
      'tie3@example.ru',
      'tie4@example.ru',
      'tie5@example.ru',
    ]);
    expect(new Set(seen.map((item) => item.createdAt))).toEqual(new Set([NOW.toISOString()]));
    // Same instant: the id breaks the tie, newest-first order is (created_at, id) descending.
    const ids = seen.map((item) => item.id);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('finds a part of an e-mail, any 4+ digits of a phone however typed, and a number with «№» (issue 17)', async () => {
    expect(await names('romashka')).toEqual(['Ольга Лугова']);
    expect(await names('ROMASHKA.exa')).toEqual(['Ольга Лугова']);
    expect(await names('7773311')).toEqual(['Ольга Лугова']);
    expect(await names('777-33-11')).toEqual(['Ольга Лугова']);
    expect(await names('958 777')).toEqual(['Ольга Лугова']);
    expect(await names('8 958 777-33-11')).toEqual(['Ольга Лугова']);
    expect(await names('+7 (958) 7773311')).toEqual(['Ольга Лугова']);
    const number = byEmail.get('semenova@example.ru')!.number;
    expect(await names(`№${number}`)).toEqual(['Анна-Мария Семёнова']);
    expect(await names(`№ ${number}`)).toEqual(['Анна-Мария Семёнова']);
    expect(await names(`#${number}`)).toEqual(['Анна-Мария Семёнова']);
    // Fewer than 4 digits are no phone fragment; a run of digits too long for a number is no error.
    expect(await names('456')).toEqual([]);
    expect(await names('99999999999')).toEqual([]);
    const tooLong = await ctx.app.inject({
      method: 'GET',
      url: `/api/order?search=${'a'.repeat(201)}`,
      headers: manager,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
