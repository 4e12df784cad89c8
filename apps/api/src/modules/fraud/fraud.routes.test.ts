import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FraudEventsResponse, PARTNER_MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { partnerFixtures } from '#test/partner-fixtures.ts';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe('fraud rules and the fraud monitoring actions', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let fx: ReturnType<typeof partnerFixtures>;

  const rulesOf = async (orderId: string) =>
    (
      await fx.run<{ rule: string }>(
        'select rule from partner_fraud_events where order_id = $1 order by rule',
        [orderId],
      )
    ).map((row) => row.rule);
  const scan = (orderId: string) => ctx.services.fraud.scanOrder(ctx.database.db, orderId);
  const attributedOrder = async (
    partnerId: string,
    order: Parameters<typeof fx.order>[0] = {},
    attribution: Parameters<typeof fx.attribute>[2] = {},
  ) => {
    const created = await fx.order(order);
    await fx.attribute(created.id, partnerId, attribution);
    return created;
  };
  const list = async (query = '') =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/admin/fraud-events${query}`, headers: admin })
    ).json<FraudEventsResponse>();
  const act = (id: string, action: string, note: unknown = 'Проверено') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/fraud-events/${id}/${action}`,
      headers: admin,
      payload: { note },
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    fx = partnerFixtures(ctx);
  });
  afterAll(() => ctx.close());

  describe('order rules (scanOrder)', () => {
    it('SELF_REFERRAL: the order’s e-mail, phone or organisation INN is the partner’s own', async () => {
      const partner = await fx.partner({ email: 'Self.Ref@example.ru', phone: '+7 (916) 123-45-67' });
      await fx.paymentDetails(partner, '7707083893');
      const byEmail = await attributedOrder(partner, { email: 'self.ref@EXAMPLE.ru' });
      const byPhone = await attributedOrder(partner, { phone: '89161234567' });
      const byInn = await attributedOrder(partner, { inn: '7707083893' });
      const stranger = await attributedOrder(partner, { phone: '+79169999999', inn: '7736207543' });
      for (const order of [byEmail, byPhone, byInn, stranger]) await scan(order.id);
      expect(await rulesOf(byEmail.id)).toEqual(['SELF_REFERRAL']);
      expect(await rulesOf(byPhone.id)).toEqual(['SELF_REFERRAL']);
      expect(await rulesOf(byInn.id)).toEqual(['SELF_REFERRAL']);
      expect(await rulesOf(stranger.id)).toEqual([]);
      const events = await list(`?partnerId=${partner}`);
      expect(events.items.map((event) => event.evidence)).toEqual(
        expect.arrayContaining([
          ['E-mail заказа совпадает с e-mail партнёра'],
          ['Телефон заказа совпадает с телефоном партнёра'],
          ['ИНН организации в заказе совпадает с ИНН из реквизитов партнёра'],
        ]),
      );
    });

    it('OWN_SIGN_IN: the order came from an address or device the partner signed in from in 30 days', async () => {
      const partner = await fx.partner();
      await fx.signIn(partner, 'ip-recent', 'device-recent', daysAgo(3));
      await fx.signIn(partner, 'ip-old', 'device-old', daysAgo(31));
      const sameIp = await attributedOrder(partner, {}, { ipHash: 'ip-recent', deviceHash: 'other' });
      const sameDevice = await attributedOrder(partner, {}, { ipHash: 'other', deviceHash: 'device-recent' });
      const old = await attributedOrder(partner, {}, { ipHash: 'ip-old', deviceHash: 'device-old' });
      for (const order of [sameIp, sameDevice, old]) await scan(order.id);
      expect(await rulesOf(sameIp.id)).toEqual(['OWN_SIGN_IN']);
      expect(await rulesOf(sameDevice.id)).toEqual(['OWN_SIGN_IN']);
      expect(await rulesOf(old.id)).toEqual([]);
    });

    it('DISPOSABLE_EMAIL: a throwaway domain is flagged, an ordinary one is not', async () => {
      const partner = await fx.partner();
      const throwaway = await attributedOrder(partner, { email: 'buyer@mailinator.com' });
      const ordinary = await attributedOrder(partner, { email: 'buyer@yandex.ru' });
      await scan(throwaway.id);
      await scan(ordinary.id);
      expect(await rulesOf(throwaway.id)).toEqual(['DISPOSABLE_EMAIL']);
      expect(await rulesOf(ordinary.id)).toEqual([]);
    });

    it('SHARED_CUSTOMER: the newer of two partners’ orders of one e-mail within 30 days; a rescan adds nothing', async () => {
      const first = await fx.partner({ name: 'Первый партнёр' });
      const second = await fx.partner();
      const third = await fx.partner();
      const older = await attributedOrder(first, { email: 'shared@example.ru' }, { createdAt: daysAgo(10) });
      const newer = await attributedOrder(second, { email: 'Shared@example.ru' });
      const longAgo = await attributedOrder(first, { email: 'late@example.ru' }, { createdAt: daysAgo(40) });
      const late = await attributedOrder(third, { email: 'late@example.ru' });
      for (const order of [older, newer, longAgo, late]) await scan(order.id);
      expect(await rulesOf(newer.id)).toEqual(['SHARED_CUSTOMER']);
      expect(await rulesOf(older.id)).toEqual([]);
      expect(await rulesOf(late.id)).toEqual([]);
      expect(await scan(newer.id)).toEqual([]);
      expect(await rulesOf(newer.id)).toEqual(['SHARED_CUSTOMER']);
      const [event] = (await list(`?partnerId=${second}`)).items;
      expect(event?.evidence[0]).toContain('Первый партнёр');
      expect(event?.order?.number).toBe(newer.number);
    });

    it('an order without attribution is not scanned', async () => {
      const order = await fx.order({ email: 'x@mailinator.com' });
      expect(await scan(order.id)).toEqual([]);
    });
  });

  describe('partner rules (the scheduled scan)', () => {
    const openPartnerEvents = async (partnerId: string) =>
      (
        await fx.run<{ rule: string }>(
          `select rule from partner_fraud_events where partner_account_id = $1 and order_id is null and status = 'OPEN'`,
          [partnerId],
        )
      ).map((row) => row.rule);

    it('CLICK_SPIKE: ≥ max(200, 5 × the last week’s daily average) clicks in 24 h without an order; once', async () => {
      const spiking = await fx.partner();
      await fx.clicks(spiking, 250, new Date());
      const busyAsUsual = await fx.partner();
      await fx.clicks(busyAsUsual, 250, new Date());
      await fx.clicks(busyAsUsual, 700, daysAgo(3)); // 100 a day: the threshold is 500
      const converting = await fx.partner();
      await fx.clicks(converting, 250, new Date());
      await attributedOrder(converting);
      const small = await fx.partner();
      await fx.clicks(small, 199, new Date());

      await ctx.services.fraud.scanPartners();
      await ctx.services.fraud.scanPartners();
      expect(await openPartnerEvents(spiking)).toEqual(['CLICK_SPIKE']);
      expect(await openPartnerEvents(busyAsUsual)).toEqual([]);
      expect(await openPartnerEvents(converting)).toEqual([]);
      expect(await openPartnerEvents(small)).toEqual([]);
    });

    it('MANY_CANCELLATIONS: ≥ 5 attributed orders in 30 days, half or more cancelled', async () => {
      const cancelling = await fx.partner();
      for (const status of ['CANCELED', 'CANCELED', 'CANCELED', 'NEW', 'PAID', 'COMPLETED'])
        await attributedOrder(cancelling, { status });
      const few = await fx.partner();
      for (let i = 0; i < 4; i += 1) await attributedOrder(few, { status: 'CANCELED' });
      const healthy = await fx.partner();
      for (const status of ['CANCELED', 'CANCELED', 'NEW', 'PAID', 'COMPLETED', 'COMPLETED'])
        await attributedOrder(healthy, { status });
      const job = await ctx.services.fraud.scanPartners();
      expect(job.opened).toBeGreaterThanOrEqual(1);
      expect(await openPartnerEvents(cancelling)).toEqual(['MANY_CANCELLATIONS']);
      expect(await openPartnerEvents(few)).toEqual([]);
      expect(await openPartnerEvents(healthy)).toEqual([]);
      const [event] = (await list(`?partnerId=${cancelling}`)).items;
      expect(event).toMatchObject({ order: null, evidence: ['Отменено 3 из 6 заказов партнёра за 30 дней'] });
    });
  });

  describe('actions', () => {
    const flagged = async (commissionStatus?: string) => {
      const partner = await fx.partner();
      const order = await attributedOrder(partner, { email: 'someone@mailinator.com' });
      const commissionId = commissionStatus
        ? await fx.commission(partner, order.id, 15_000, commissionStatus)
        : null;
      const [event] = await scan(order.id);
      return { partner, order, commissionId, eventId: event!.id };
    };
    const commissionStatus = async (id: string) =>
      (await fx.run<{ status: string }>('select status from partner_commissions where id = $1', [id]))[0]!
        .status;

    it('release: the event is RELEASED once, with the note, audited; a second decision is refused', async () => {
      const { eventId, commissionId } = await flagged('PENDING');
      const released = await act(eventId, 'release', 'Клиент настоящий');
      expect(released.statusCode).toBe(200);
      expect(released.json()).toMatchObject({ status: 'RELEASED' });
      const [event] = (await list(`?status=RELEASED`)).items.filter((item) => item.id === eventId);
      expect(event).toMatchObject({ status: 'RELEASED', resolutionNote: 'Клиент настоящий' });
      expect(await commissionStatus(commissionId!)).toBe('PENDING');
      const again = await act(eventId, 'reverse');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: PARTNER_MESSAGES.fraudEventNotOpen });
      const audit = await fx.run('select action from audit_log where entity_id = $1', [eventId]);
      expect(audit).toEqual([{ action: 'fraud_event.release' }]);
    });

    it('reverse: the unpaid commission of the order is reversed; a paid one stays', async () => {
      const unpaid = await flagged('APPROVED');
      const response = await act(unpaid.eventId, 'reverse', 'Самозаказ');
      expect(response.json()).toMatchObject({ status: 'REVERSED', commissionReversed: true });
      expect(await commissionStatus(unpaid.commissionId!)).toBe('REVERSED');

      const paid = await flagged('PAID');
      const paidResponse = await act(paid.eventId, 'reverse', 'Самозаказ');
      expect(paidResponse.json()).toMatchObject({ status: 'REVERSED', commissionReversed: false });
      expect(await commissionStatus(paid.commissionId!)).toBe('PAID');

      const none = await flagged();
      expect((await act(none.eventId, 'reverse')).json()).toMatchObject({ commissionReversed: false });
    });

    it('ban: the partner is BANNED, signed out, and every open event of theirs closed', async () => {
      const demo = (
        await fx.run<{ id: string }>('select id from partner_accounts where email = $1', [DEMO.affiliate[0]])
      )[0]!.id;
      const session = await ctx.partnerAuth(...DEMO.affiliate);
      const first = await attributedOrder(demo, { email: 'a@mailinator.com' });
      const second = await attributedOrder(demo, { email: 'b@mailinator.com' });
      const [event] = await scan(first.id);
      await scan(second.id);
      const response = await act(event!.id, 'ban', 'Накрутка');
      expect(response.json()).toMatchObject({ status: 'BANNED', resolvedEvents: 2 });
      const [account] = await fx.run<{ status: string }>(
        'select status from partner_accounts where id = $1',
        [demo],
      );
      expect(account!.status).toBe('BANNED');
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: session });
      expect(profile.statusCode).toBe(401);
      expect(
        await fx.run(
          `select id from partner_fraud_events where partner_account_id = $1 and status = 'OPEN'`,
          [demo],
        ),
      ).toEqual([]);
      const audit = await fx.run('select action from audit_log where entity_id = $1', [demo]);
      expect(audit).toEqual([{ action: 'fraud_event.ban' }]);
    });

    it('refuses a missing note, an unknown event and a malformed id', async () => {
      const { eventId } = await flagged();
      const noNote = await act(eventId, 'release', '   ');
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json<{ details: Array<{ message: string }> }>().details[0]?.message).toBe(
        PARTNER_MESSAGES.fraudNoteRequired,
      );
      expect((await act('00000000-0000-4000-8000-000000000000', 'release')).statusCode).toBe(404);
      expect((await act('not-an-id', 'release')).statusCode).toBe(400);
      expect((await list(`?status=OPEN`)).items.some((item) => item.id === eventId)).toBe(true);
    });

    it('lists newest first and filters by rule and status', async () => {
      const all = await list('?limit=100');
      const times = all.items.map((item) => item.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const disposable = await list('?rule=DISPOSABLE_EMAIL&limit=100');
      expect(disposable.items.length).toBeGreaterThan(0);
      expect(disposable.items.every((item) => item.rule === 'DISPOSABLE_EMAIL')).toBe(true);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/fraud-events?rule=NOPE', headers: admin }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('partner analytics', () => {
    it('per partner and per type: clicks, orders, paid revenue net of refunds, commission, margin, conversion; CSV', async () => {
      const partner = await fx.partner({ name: '=Аналитика', type: 'INTEGRATOR' });
      await fx.clicks(partner, 40, new Date());
      const paid = await attributedOrder(partner, { isPaid: true, amount: 3000, status: 'PAID' });
      await attributedOrder(partner, { isPaid: false, amount: 2000 });
      await fx.commission(partner, paid.id, 30_000, 'PENDING');
      const [payment] = await fx.run<{ id: string }>(
        `insert into payments (order_id, provider, amount, status) values ($1, 'manual', 3000, 'succeeded') returning id`,
        [paid.id],
      );
      await fx.run(
        `insert into refunds (order_id, payment_id, amount_kopecks, reason, status) values ($1, $2, 50000, 'Часть', 'succeeded')`,
        [paid.id, payment!.id],
      );
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/partner-analytics?from=${today}&to=${tomorrow}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      const report = response.json<{
        partners: Array<Record<string, unknown>>;
        byType: Array<Record<string, unknown>>;
      }>();
      expect(report.partners.find((row) => row.partnerId === partner)).toEqual({
        partnerId: partner,
        name: '=Аналитика',
        type: 'INTEGRATOR',
        clicks: 40,
        orders: 2,
        revenue: 2500,
        commission: 300,
        margin: 2200,
        conversion: 5,
      });
      expect(report.byType.find((row) => row.type === 'INTEGRATOR')).toMatchObject({
        clicks: 40,
        orders: 2,
        revenue: 2500,
      });

      const csv = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/partner-analytics/export.csv?from=${today}&to=${tomorrow}`,
        headers: admin,
      });
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain("'=Аналитика;Интегратор;40;2;2500.00;300.00;2200.00;5");

      const bad = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/partner-analytics?from=${tomorrow}&to=${today}`,
        headers: admin,
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
