import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderSummary, StaffOrderListItem } from '@app/contracts';
import { formatMessage, formatRub, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, payOnTestPage, type TestContext } from '#test/helpers.ts';

describe('back office orders', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let partner: { authorization: string };
  const created: OrderSummary[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    partner = await ctx.staffAuth(...DEMO.partner);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const pointId = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string }>;
    }>().items[0]!.id;
    const people = [
      {
        name: 'Анна Ковалёва',
        email: 'anna@example.ru',
        phoneNumber: '+79161112201',
        payerType: 'INDIVIDUAL',
        delivery: 'PICKUP_POINT',
      },
      {
        name: 'Борис Орлов',
        email: 'boris@example.ru',
        phoneNumber: '+79161112202',
        payerType: 'INDIVIDUAL',
        delivery: 'ELECTRONIC',
      },
      {
        name: 'ООО Вектор',
        email: 'vector@example.ru',
        phoneNumber: '+79161112203',
        payerType: 'ORGANIZATION',
        delivery: 'ELECTRONIC',
      },
    ];
    for (const person of people) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: person.name,
          email: person.email,
          phoneNumber: person.phoneNumber,
          payerType: person.payerType,
          ...(person.payerType === 'ORGANIZATION'
            ? { organizationInn: '7707083893', organizationName: 'ООО Вектор', organizationAddress: 'Москва' }
            : {}),
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === person.delivery)!.id,
          ...(person.delivery === 'PICKUP_POINT' ? { pickupPointId: pointId } : {}),
        },
      });
      created.push(response.json<OrderSummary>());
    }
  });
  afterAll(() => ctx.close());

  const list = async (query: string, headers = manager) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/order?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: StaffOrderListItem[]; nextCursor?: string }>();
  };

  it('finds an order by phone in any spelling, by number, by e-mail and by part of the name', async () => {
    expect((await list('search=8%20(916)%20111-22-02')).items.map((item) => item.email)).toEqual([
      'boris@example.ru',
    ]);
    expect((await list(`search=${created[0]!.number}`)).items.map((item) => item.id)).toEqual([
      created[0]!.id,
    ]);
    expect((await list('search=vector@example.ru')).items).toHaveLength(1);
    expect((await list('search=ковалёва')).items.map((item) => item.name)).toEqual(['Анна Ковалёва']);
  });

  it('filters by payer, delivery, payment and status, and pages with a cursor without repeats', async () => {
    expect(
      (await list('payerType=ORGANIZATION')).items.every((item) => item.payerType === 'ORGANIZATION'),
    ).toBe(true);
    expect(
      (await list('deliveryType=PICKUP_POINT&isPaid=false')).items.every(
        (item) => item.deliveryType === 'PICKUP_POINT' && !item.isPaid,
      ),
    ).toBe(true);
    expect(
      (await list('status=COMPLETED,CANCELED')).items.every((item) =>
        ['COMPLETED', 'CANCELED'].includes(item.status),
      ),
    ).toBe(true);
    const first = await list('limit=2');
    const second = await list(`limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.items[0]!.createdAt >= second.items[0]!.createdAt).toBe(true);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/order?status=LOST', headers: manager });
    expect(bad.statusCode).toBe(400);
  });

  it('exports exactly the filtered set as CSV', async () => {
    const filtered = await list('payerType=INDIVIDUAL&limit=100');
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/export.csv?payerType=INDIVIDUAL',
      headers: manager,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Номер;Дата (МСК);Статус');
    expect(lines).toHaveLength(filtered.items.length + 1);
    expect(csv.body).not.toContain('vector@example.ru');
    expect(csv.body).toContain('anna@example.ru');
  });

  it('only ADMIN changes the amount; absurd amounts are refused; the change is audited', async () => {
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: manager,
      payload: { id: created[0]!.id, amount: 100, reason: 'Пересчёт' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'У вас нет прав для выполнения этого действия' });
    for (const amount of [100_000_000, 10.001]) {
      const bad = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/amount',
        headers: admin,
        payload: { id: created[0]!.id, amount, reason: 'Пересчёт' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: MESSAGES.amountInvalid });
    }
    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: admin,
      payload: { id: created[0]!.id, amount: 1234.5, reason: 'Пересчёт' },
    });
    expect(ok.json()).toEqual({ id: created[0]!.id, amount: 1234.5 });
    const audit = await ctx.database.sql.executeSql(
      `select data from audit_log where action = 'order.amount' and entity_id = $1`,
      [created[0]!.id],
    );
    expect(audit.rows).toHaveLength(1);
  });

  /** Issue 17: `-100` was snapped to 0 and saved; an amount change needs a reason and is shown and told. */
  describe('amount changes (issue 17)', () => {
    const amountOf = async (id: string) =>
      (
        (await ctx.database.sql.executeSql('select amount::float8 as amount from orders where id = $1', [id]))
          .rows[0] as { amount: number }
      ).amount;
    const patch = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/order/amount', headers: admin, payload });
    const amountMails = async (email: string) =>
      (await ctx.outbox(email)).filter((mail) => mail.subject.includes('сумма изменена'));

    it('refuses 0 and below with a Russian message and changes nothing, no history, no mail', async () => {
      const order = created[1]!;
      const before = await amountOf(order.id);
      for (const amount of [0, -100, -0.01]) {
        const response = await patch({ id: order.id, amount, reason: 'Скидка' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: MESSAGES.amountMustBePositive });
      }
      expect(await amountOf(order.id)).toBe(before);
      const audit = await ctx.database.sql.executeSql(
        `select 1 from audit_log where action = 'order.amount' and entity_id = $1`,
        [order.id],
      );
      expect(audit.rows).toEqual([]);
      expect(await amountMails('boris@example.ru')).toEqual([]);
    });

    it('needs a reason: missing, blank or too long is refused and changes nothing', async () => {
      const order = created[1]!;
      const before = await amountOf(order.id);
      for (const [reason, message] of [
        [undefined, MESSAGES.amountChangeReasonMissing],
        ['   ', MESSAGES.amountChangeReasonMissing],
        ['я'.repeat(501), MESSAGES.amountChangeReasonTooLong],
      ] as const) {
        const response = await patch({ id: order.id, amount: before + 100, reason });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message });
      }
      const control = await patch({ id: order.id, amount: before + 100, reason: 'Скид\u0007ка' });
      expect(control.statusCode).toBe(400);
      expect(await amountOf(order.id)).toBe(before);
    });

    it('an unpaid order: the change is in the order page history and the customer gets a mail', async () => {
      const order = created[1]!;
      const before = await amountOf(order.id);
      const response = await patch({ id: order.id, amount: 5400, reason: '  Две страницы вместо одной ' });
      expect(response.statusCode).toBe(200);
      expect(await amountOf(order.id)).toBe(5400);

      const detail = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: manager });
      expect(detail.json<OrderDetail>().amountChanges).toEqual([
        {
          from: before,
          to: 5400,
          reason: 'Две страницы вместо одной',
          createdAt: expect.any(String),
          actor: 'admin@demo.local',
        },
      ]);

      const mails = await amountMails('boris@example.ru');
      expect(mails).toHaveLength(1);
      const text = mails[0]!.text;
      expect(mails[0]!.subject).toBe(`Заказ №${order.number}: сумма изменена`);
      expect(text).toContain(
        `Мы изменили сумму заказа №${order.number}: было ${formatRub(before)}, стало ${formatRub(5400)}.`,
      );
      expect(text).toContain('Причина: Две страницы вместо одной');
      expect(text).toContain(`Оплатить ${formatRub(5400)}`);
      expect(text).toContain(`/cabinet/orders/${order.id}`);

      // The customer sees the change in the cabinet, without who made it.
      const { authorization } = await ctx.customerAuth('boris@example.ru');
      const own = await ctx.app.inject({
        method: 'GET',
        url: `/api/order/${order.id}`,
        headers: { authorization },
      });
      expect(own.json<OrderDetail>().amountChanges).toEqual([
        expect.objectContaining({ from: before, to: 5400, actor: null }),
      ]);

      // The same amount again changes nothing and tells nobody.
      expect((await patch({ id: order.id, amount: 5400, reason: 'Ещё раз' })).statusCode).toBe(200);
      expect(await amountMails('boris@example.ru')).toHaveLength(1);
    });

    it('no payment link is made for an order whose amount is 0 (whatever wrote it)', async () => {
      const order = created[0]!;
      const before = await amountOf(order.id);
      await ctx.database.sql.executeSql('update orders set amount = 0 where id = $1', [order.id]);
      const link = await ctx.app.inject({
        method: 'POST',
        url: `/api/order/${order.id}/create-payment-link`,
        payload: { email: 'anna@example.ru' },
      });
      expect(link.statusCode).toBe(409);
      expect(link.json()).toMatchObject({ message: MESSAGES.orderAmountNotPayable });
      const rows = await ctx.database.sql.executeSql('select 1 from payments where order_id = $1', [
        order.id,
      ]);
      expect(rows.rows).toEqual([]);
      await ctx.database.sql.executeSql('update orders set amount = $2 where id = $1', [order.id, before]);
    });
  });

  it('staff set other-document price and cost', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/other-document-amount',
      headers: manager,
      payload: { orderId: created[1]!.id, otherPrice: 900, otherCost: 450.5 },
    });
    expect(response.json()).toEqual({ orderId: created[1]!.id, otherPrice: 900, otherCost: 450.5 });
  });

  it("keeps the other document's price inside the order total (decision 044)", async () => {
    const order = created[1]!;
    const [row] = (
      await ctx.database.sql.executeSql('select amount::float8 as amount from orders where id = $1', [
        order.id,
      ])
    ).rows as Array<{ amount: number }>;
    const amount = row!.amount;
    const above = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/other-document-amount',
      headers: manager,
      payload: { orderId: order.id, otherPrice: amount + 0.01, otherCost: 100 },
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      message: formatMessage(MESSAGES.otherPriceAboveTotal, { amount: formatRub(amount) }),
    });
    const [kept] = (
      await ctx.database.sql.executeSql(
        'select other_price::float8 as price, other_cost::float8 as cost, amount::float8 as amount from orders where id = $1',
        [order.id],
      )
    ).rows;
    // Nothing changed: neither the price and cost nor the total (the price is a part of it, not an addition).
    expect(kept).toEqual({ price: 900, cost: 450.5, amount });
    // The total cannot go below the price inside it either.
    const lowered = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/order/amount',
      headers: admin,
      payload: { id: order.id, amount: 899.99, reason: 'Скидка' },
    });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json()).toMatchObject({
      message: formatMessage(MESSAGES.amountBelowOtherPrice, { otherPrice: formatRub(900) }),
    });
  });

  it('only ADMIN deletes; the order leaves the lists and an audit record stays', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: '/api/order',
          headers: manager,
          payload: { id: created[2]!.id },
        })
      ).statusCode,
    ).toBe(403);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order',
      headers: admin,
      payload: { id: created[2]!.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list('search=vector@example.ru')).items).toHaveLength(0);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order',
      headers: admin,
      payload: { id: created[2]!.id },
    });
    expect(again.statusCode).toBe(404);
    const audit = await ctx.database.sql.executeSql(`select action from audit_log where entity_id = $1`, [
      created[2]!.id,
    ]);
    expect(audit.rows).toEqual([{ action: 'order.delete' }]);
  });

  it('a PARTNER sees only orders to its pickup points', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/order/partner', headers: partner });
    const items = response.json<{ items: StaffOrderListItem[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.deliveryType === 'PICKUP_POINT' && item.pickupPointId)).toBe(true);
    expect(items.map((item) => item.email)).not.toContain('boris@example.ru');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order', headers: partner })).statusCode).toBe(
      403,
    );
  });
});

describe('pickup point partner hands an order over', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('marks a READY order at its point as COMPLETED, and nothing else', async () => {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const pointId = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string }>;
    }>().items[0]!.id;
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: 'Получатель',
          phoneNumber: '+79160000055',
          email: 'pickup@example.ru',
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          deliveryId: params.deliveries.find((d) => d.type === 'PICKUP_POINT')!.id,
          pickupPointId: pointId,
        },
      })
    ).json<OrderSummary>();
    const partner = await ctx.staffAuth(...DEMO.partner);
    const manager = await ctx.staffAuth(...DEMO.manager);
    const move = (headers: { authorization: string }, status: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/status',
        headers,
        payload: { id: order.id, status },
      });

    expect((await move(partner, 'COMPLETED')).statusCode).toBe(403);
    await payOnTestPage(ctx, order, 'pickup@example.ru');
    expect((await move(manager, 'IN_PROGRESS')).statusCode).toBe(200);
    expect((await move(manager, 'READY')).statusCode).toBe(200);
    expect((await move(partner, 'CANCELED')).statusCode).toBe(403);
    const handed = await move(partner, 'COMPLETED');
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({ status: 'COMPLETED' });
    // The partner is answered with its read-only view: no e-mail (decision 057).
    expect(handed.body).not.toContain('pickup@example.ru');
  });
});

describe('partner and pickup point filters, act exchange', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };
  const byDelivery: Record<string, OrderSummary> = {};
  let points: Array<{ id: string; partnerId: string | null }>;
  let otherPartnerPointId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
    // A second partner with its own point, so "by partner" has something to leave out.
    const partner = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/partner',
        headers: admin,
        payload: { name: 'Второй партнёр', commission: 10 },
      })
    ).json<{ id: string }>();
    const point = await ctx.app.inject({
      method: 'POST',
      url: '/api/point',
      headers: admin,
      payload: {
        name: 'ПВЗ «Сокол»',
        address: 'Москва, Ленинградский проспект, 75',
        lat: 55.805,
        lon: 37.515,
        partnerId: partner.id,
        isActive: true,
      },
    });
    expect(point.statusCode, point.body).toBe(200);
    otherPartnerPointId = point.json<{ id: string }>().id;
    points = (await ctx.app.inject({ method: 'GET', url: '/api/point/active' })).json<{
      items: Array<{ id: string; partnerId: string | null }>;
    }>().items;
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const place = async (key: string, payload: Record<string, unknown>) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          name: `Фильтр ${key}`,
          email: `filter-${key}@example.ru`,
          phoneNumber: '+79161114401',
          documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
          originalLanguage: 'ru',
          targetLanguage: 'en',
          ...payload,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      byDelivery[key] = response.json<OrderSummary>();
    };
    const pickup = params.deliveries.find((d) => d.type === 'PICKUP_POINT')!.id;
    await place('demo-point', {
      deliveryId: pickup,
      pickupPointId: points.find((p) => p.id !== otherPartnerPointId)!.id,
    });
    await place('other-point', { deliveryId: pickup, pickupPointId: otherPartnerPointId });
    await place('organization', {
      deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
      payerType: 'ORGANIZATION',
      organizationInn: '7707083893',
      organizationName: 'ООО Акт',
      organizationAddress: 'Москва',
    });
  });
  afterAll(() => ctx.close());

  const ids = async (query: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/order?limit=100&${query}`, headers: manager })).json<{
      items: StaffOrderListItem[];
    }>().items;

  it('offers every partner with its points to staff', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/order/filter-options',
      headers: manager,
    });
    expect(response.statusCode).toBe(200);
    const { partners } = response.json<{
      partners: Array<{ id: string; name: string; points: Array<{ id: string; name: string }> }>;
    }>();
    expect(partners.map((partner) => partner.name)).toEqual(['Второй партнёр', 'ПВЗ-Сервис']);
    expect(partners[0]!.points.map((point) => point.id)).toEqual([otherPartnerPointId]);
    expect(partners[1]!.points.length).toBeGreaterThan(0);
  });

  it('filters the list and the CSV export by partner and by pickup point', async () => {
    const otherPartnerId = points.find((point) => point.id === otherPartnerPointId)!.partnerId!;
    const byPartner = await ids(`partnerId=${otherPartnerId}`);
    expect(byPartner.map((item) => item.id)).toEqual([byDelivery['other-point']!.id]);

    const demoPointId = points.find((p) => p.id !== otherPartnerPointId)!.id;
    const byPoint = await ids(`pointId=${demoPointId}`);
    expect(byPoint.length).toBeGreaterThan(0);
    expect(byPoint.every((item) => item.pickupPointId === demoPointId)).toBe(true);
    expect(byPoint.map((item) => item.id)).toContain(byDelivery['demo-point']!.id);
    // A point of another partner combined with a partner: nothing matches both.
    expect(await ids(`partnerId=${otherPartnerId}&pointId=${demoPointId}`)).toEqual([]);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/export.csv?partnerId=${otherPartnerId}`,
      headers: manager,
    });
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('filter-other-point@example.ru');

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/order?partnerId=nope', headers: manager });
    expect(bad.statusCode).toBe(400);
  });

  it('staff mark the signed act of an organization order as returned, and only of an organization', async () => {
    const mark = (orderId: string, exchanged: boolean, headers = manager) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/order/act-exchanged',
        headers,
        payload: { orderId, exchanged },
      });
    const organization = byDelivery.organization!;

    const refused = await mark(byDelivery['demo-point']!.id, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MESSAGES.actExchangeOrganizationOnly });
    expect((await mark('00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);

    const marked = await mark(organization.id, true);
    expect(marked.statusCode).toBe(200);
    const at = marked.json<{ actExchangedAt: string }>().actExchangedAt;
    expect(Date.parse(at)).not.toBeNaN();
    // Marking again keeps the first moment.
    expect((await mark(organization.id, true, admin)).json()).toEqual({
      orderId: organization.id,
      actExchangedAt: at,
    });

    const detail = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/order/${organization.id}`, headers: manager })).json<{
        staff: { actExchangedAt: string | null };
      }>().staff.actExchangedAt;
    expect(await detail()).toBe(at);

    expect((await mark(organization.id, false)).json()).toEqual({
      orderId: organization.id,
      actExchangedAt: null,
    });
    expect(await detail()).toBeNull();
    const audit = await ctx.database.sql.executeSql(
      `select data->>'exchanged' as exchanged from audit_log where action = 'order.act-exchanged' and entity_id = $1 order by created_at`,
      [organization.id],
    );
    expect(audit.rows).toEqual([{ exchanged: 'true' }, { exchanged: 'false' }]);
  });
});
