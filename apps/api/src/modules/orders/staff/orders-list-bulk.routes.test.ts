import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkOrderStatusResponse, OrderStatus, StaffOrderListItem } from '@app/contracts';
import {
  formatMessage,
  MESSAGES,
  ORDER_SORT_KEYS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
} from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';

type Page = { items: StaffOrderListItem[]; nextCursor?: string; total?: number };

/** The order the server promises for a sort key: the column, then the id, both in the key's direction. */
function compareBy(sort: string) {
  const direction = sort.startsWith('-') ? -1 : 1;
  const key = sort.replace('-', '');
  const valueOf = (item: StaffOrderListItem): number | string =>
    key === 'status'
      ? ORDER_STATUSES.indexOf(item.status)
      : key === 'createdAt'
        ? Date.parse(item.createdAt)
        : key === 'number'
          ? item.number
          : item.amount;
  return (a: StaffOrderListItem, b: StaffOrderListItem) => {
    const left = valueOf(a);
    const right = valueOf(b);
    if (left !== right) return (left < right ? -1 : 1) * direction;
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * direction;
  };
}

describe('CRM order list: count, sorting, bulk status change, export of the selected', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let partner: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    partner = await ctx.staffAuth(...DEMO.partner);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    // Six more orders beside the four demo ones, several of the same amount (ties are broken by the id); two paid.
    for (let index = 0; index < 6; index += 1) {
      const email = `bulk${index}@example.ru`;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: `Клиент ${index}`,
          email,
          phoneNumber: `+7916222330${index}`,
          payerType: 'INDIVIDUAL',
          documentsWithQuantity: [{ documentId: params.documents[index % 2]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      if (index < 2) await payOnTestPage(ctx, response.json<{ id: string }>(), email);
    }
  });
  afterAll(() => ctx.close());

  const get = async (query: string, headers = manager) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/order?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  /** Every page of a sort, following the cursors. */
  const everyPage = async (query: string) => {
    const items: StaffOrderListItem[] = [];
    let cursor: string | undefined;
    let first: Page | undefined;
    do {
      const page = await get(`${query}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      first ??= page;
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return { items, total: first.total };
  };

  it('answers how many orders match on the first page', async () => {
    const all = await everyPage('sort=-createdAt');
    expect(all.total).toBe(all.items.length);
    expect(all.items.length).toBeGreaterThan(6);
    const unpaid = await everyPage('isPaid=false');
    expect(unpaid.total).toBe(unpaid.items.length);
    expect(unpaid.total).toBeLessThan(all.total!);
    // Later pages do not count again.
    const first = await get('limit=3');
    expect((await get(`limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`)).total).toBeUndefined();
  });

  it.each(ORDER_SORT_KEYS)(
    'sorts by %s on the server, stable across pages (column, then id)',
    async (sort) => {
      const { items, total } = await everyPage(`sort=${sort}`);
      expect(items).toHaveLength(total!);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      expect(items.map((item) => item.id)).toEqual([...items].sort(compareBy(sort)).map((item) => item.id));
    },
  );

  it('refuses a sort key outside the whitelist and a forged cursor, with a Russian message', async () => {
    for (const sort of ['name', 'email', 'amount;drop table orders', '--amount']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/order?sort=${encodeURIComponent(sort)}`,
        headers: manager,
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(MESSAGES.orderSortInvalid);
    }
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/api/order?sort=amount&cursor=${encodeURIComponent("1'; select 1|00000000-0000-4000-8000-000000000000")}`,
      headers: manager,
    });
    expect(forged.statusCode).toBe(400);
  });

  it('changes each selected order on its own: the unpaid one is refused past PAID, the others change', async () => {
    const all = (await everyPage('sort=-createdAt')).items;
    const paid = all.find((item) => item.status === 'PAID' && item.isPaid)!;
    const unpaid = all.find((item) => item.status === 'NEW' && !item.isPaid)!;
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(paid && unpaid).toBeTruthy();

    const forbidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/bulk-status',
      headers: partner,
      payload: { ids: [paid.id], status: 'IN_PROGRESS' },
    });
    expect(forbidden.statusCode).toBe(403);

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/bulk-status',
      headers: manager,
      payload: { ids: [paid.id, unpaid.id, missing], status: 'IN_PROGRESS', comment: 'Взяли в работу' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<BulkOrderStatusResponse>();
    expect(answer.changed).toBe(1);
    expect(answer.refused).toBe(2);
    expect(answer.results).toEqual([
      { id: paid.id, number: paid.number, outcome: 'changed' },
      {
        id: unpaid.id,
        number: unpaid.number,
        outcome: 'refused',
        message: formatMessage(MESSAGES.orderNotPaidForStatus, { to: ORDER_STATUS_LABELS.IN_PROGRESS }),
      },
      { id: missing, number: null, outcome: 'refused', message: MESSAGES.orderNotFound },
    ]);

    const detail = async (id: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: admin })).json<{
        status: OrderStatus;
        statusHistory?: Array<{ comment: string | null }>;
      }>();
    expect((await detail(paid.id)).status).toBe('IN_PROGRESS');
    expect((await detail(unpaid.id)).status).toBe('NEW');
  });

  it('refuses an empty or oversized selection and changes nothing', async () => {
    for (const ids of [[], Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000')]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/bulk-status',
        headers: manager,
        payload: { ids, status: 'CANCELED' },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain('Укажите от 1 до 100 заказов');
    }
  });

  it('exports only the selected orders with ids=…', async () => {
    const [first, second, third] = (await get('limit=3')).items;
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/export.csv?ids=${first!.id},${second!.id}`,
      headers: manager,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`\n${first!.number};`);
    expect(csv.body).toContain(`\n${second!.number};`);
    expect(csv.body).not.toContain(`\n${third!.number};`);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/export.csv?ids=1,2',
      headers: manager,
    });
    expect(bad.statusCode).toBe(400);
  });
});
