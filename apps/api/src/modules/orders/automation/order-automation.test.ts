import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@app/contracts';
import { createTestContext, payOnTestPage, type TestContext } from '#test/helpers.ts';
import { startFakeYandexDelivery } from '#test/fakes/yandex-delivery.ts';
import { startFakeYooKassa } from '#test/fakes/yookassa.ts';
import { createJobHandlers } from '#src/container.ts';
import { JOBS, type JobName } from '#src/jobs/registry.ts';
import { SCHEDULES } from '#src/jobs/schedules.ts';
import { waitFor } from '#test/wait-for.ts';

type Params = { documents: Array<{ id: string }>; deliveries: Array<{ id: string; type: string }> };

async function createOrder(
  ctx: TestContext,
  email: string,
  delivery: 'COURIER' | 'ELECTRONIC' = 'ELECTRONIC',
): Promise<OrderSummary> {
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<Params>();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      name: 'Пётр Курьеров',
      phoneNumber: '+79160001122',
      email,
      documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((item) => item.type === delivery)!.id,
      ...(delivery === 'COURIER'
        ? {
            address: 'Москва, ул. Арбат, д. 10',
            apartment: '5',
            intercom: '5К',
            deliveryData: { coordinates: [55.7517, 37.5929] },
          }
        : {}),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<OrderSummary>();
}

async function rows<T>(ctx: TestContext, text: string, values: unknown[] = []): Promise<T[]> {
  return (await ctx.database.sql.executeSql(text, values)).rows as T[];
}

const TOKEN = 'yandex-test-token';

describe('courier delivery with Yandex Delivery and status jobs', () => {
  let ctx: TestContext;
  let yandex: Awaited<ReturnType<typeof startFakeYandexDelivery>>;

  beforeAll(async () => {
    yandex = await startFakeYandexDelivery({ token: TOKEN });
    ctx = await createTestContext({
      env: { YANDEX_DELIVERY_TOKEN: TOKEN, YANDEX_DELIVERY_API_URL: yandex.apiUrl },
      workers: true,
      retry: { retryLimit: 3, retryDelay: 1, retryBackoff: false },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await yandex.close();
  });

  it('has a handler for every job and every scheduled job', () => {
    const handlers = createJobHandlers(ctx.services);
    const names = ['change-status', 'send-email', 'create-delivery', ...SCHEDULES.map((s) => s.name)];
    for (const name of [...names, ...Object.keys(JOBS)] as JobName[]) {
      expect(handlers[name], name).toBeTypeOf('function');
    }
  });

  it('creates the delivery once a courier order is paid: a failure is recorded and retried, re-runs are no-ops', async () => {
    yandex.failNext(1);
    const order = await createOrder(ctx, 'courier@example.ru', 'COURIER');
    await payOnTestPage(ctx, order, 'courier@example.ru');

    const [stored] = await waitFor(async () => {
      const found = await rows<{ external_delivery_id: string | null; external_delivery_status: string }>(
        ctx,
        'select external_delivery_id, external_delivery_status from orders where id = $1',
        [order.id],
      );
      return found[0]?.external_delivery_id ? found : undefined;
    });
    expect(yandex.claims.size).toBe(1);
    const claim = [...yandex.claims.values()][0]!;
    expect(stored).toEqual({
      external_delivery_id: claim.id,
      external_delivery_status: 'ready_for_approval',
    });
    // The order id is the provider's idempotency token; the route goes from the office to the customer.
    expect(claim.requestId).toBe(order.id);
    const route = (claim.body as { route_points: Array<{ type: string; address: { fullname: string } }> })
      .route_points;
    expect(route.map((point) => point.type)).toEqual(['source', 'destination']);
    expect(route[1]!.address.fullname).toContain('ул. Арбат, д. 10');

    // The job records its outcome as an event after storing the delivery: wait for the second attempt's event.
    const events = await waitFor(async () => {
      const found = await rows<{ is_success: boolean; error: string | null; attempt: number }>(
        ctx,
        `select is_success, error, (data->>'attempt')::int as attempt from order_events
          where order_id = $1 and type = 'delivery_created' order by created_at`,
        [order.id],
      );
      return found.length >= 2 ? found : undefined;
    });
    expect(events).toEqual([
      { is_success: false, error: expect.stringContaining('500'), attempt: 1 },
      { is_success: true, error: null, attempt: 2 },
    ]);

    // Running the job again does nothing.
    const again = await ctx.services.orderAutomation.createDelivery(order.id, { retryCount: 0 });
    expect(again.summary).toMatch(/Пропущено/);
    // A claim created at the provider whose answer was lost: the retry gets the same claim back.
    await rows(ctx, 'update orders set external_delivery_id = null where id = $1', [order.id]);
    await ctx.services.orderAutomation.createDelivery(order.id, { retryCount: 1 });
    expect(yandex.claims.size).toBe(1);
    const [restored] = await rows<{ external_delivery_id: string }>(
      ctx,
      'select external_delivery_id from orders where id = $1',
      [order.id],
    );
    expect(restored!.external_delivery_id).toBe(claim.id);

    // Statuses: confirmed when the translation is ready, DELIVERING on pick-up, COMPLETED on delivery.
    await ctx.services.orderStatus.changeStatusBySystem({
      orderId: order.id,
      from: 'PAID',
      to: 'IN_PROGRESS',
      comment: null,
    });
    const early = await ctx.services.orderAutomation.checkDeliveryStatuses();
    expect(early.summary).toMatch(/Проверено доставок: 1/);
    expect(claim.status).toBe('ready_for_approval');
    await ctx.services.orderStatus.changeStatusBySystem({
      orderId: order.id,
      from: 'IN_PROGRESS',
      to: 'READY',
      comment: null,
    });
    await ctx.services.orderAutomation.checkDeliveryStatuses();
    expect(claim.status).toBe('accepted');

    yandex.setStatus(claim.id, 'pickuped');
    await ctx.services.orderAutomation.checkDeliveryStatuses();
    const [delivering] = await rows<{ status: string; external_delivery_status: string }>(
      ctx,
      'select status, external_delivery_status from orders where id = $1',
      [order.id],
    );
    expect(delivering).toEqual({ status: 'DELIVERING', external_delivery_status: 'pickuped' });
    // The courier's tracking page (the destination point's link) reaches the customer's order view.
    const [link] = await rows<{ external_delivery_tracking_url: string | null }>(
      ctx,
      'select external_delivery_tracking_url from orders where id = $1',
      [order.id],
    );
    expect(link!.external_delivery_tracking_url).toBe(`https://dostavka.example/d/${claim.id}`);
    const autoComplete = await rows<{ start_after: Date }>(
      ctx,
      `select start_after from pgboss.job where name = 'order-processing'
        and data->>'name' = 'change-status' and data->>'orderId' = $1`,
      [order.id],
    );
    expect(autoComplete).toHaveLength(1);
    expect(new Date(autoComplete[0]!.start_after).getTime()).toBeGreaterThan(
      Date.now() + 6 * 24 * 3600 * 1000,
    );

    yandex.setStatus(claim.id, 'delivered_finish');
    await ctx.services.orderAutomation.checkDeliveryStatuses();
    const [completed] = await rows<{ status: string }>(ctx, 'select status from orders where id = $1', [
      order.id,
    ]);
    expect(completed!.status).toBe('COMPLETED');
    const mails = await ctx.outbox('courier@example.ru');
    expect(mails.some((mail) => /выполнен/i.test(mail.subject))).toBe(true);
    // A finished delivery is not polled any more.
    const after = await ctx.services.orderAutomation.checkDeliveryStatuses();
    expect(after.checked).toBe(0);
  });

  it('records a cancelled delivery as a failed event for the monitoring page', async () => {
    const order = await createOrder(ctx, 'cancelled-courier@example.ru', 'COURIER');
    await payOnTestPage(ctx, order, 'cancelled-courier@example.ru');
    const claimId = await waitFor(async () => {
      const [row] = await rows<{ external_delivery_id: string | null }>(
        ctx,
        'select external_delivery_id from orders where id = $1',
        [order.id],
      );
      return row?.external_delivery_id ?? undefined;
    });
    yandex.setStatus(claimId, 'cancelled_by_taxi');
    await ctx.services.orderAutomation.checkDeliveryStatuses();
    const events = await rows<{ is_success: boolean; error: string }>(
      ctx,
      `select is_success, error from order_events where order_id = $1 and type = 'delivery_status'`,
      [order.id],
    );
    expect(events).toEqual([{ is_success: false, error: expect.stringContaining('cancelled_by_taxi') }]);
  });

  it('syncs Yandex pickup points by code, deactivates vanished ones and never touches partner points', async () => {
    await rows(
      ctx,
      `insert into points (code, name, address, lat, lon, type, is_active) values
        ('ya-3', 'Партнёрский пункт', 'Москва, Партнёрская, 1', 55.7, 37.6, 'PARTNER', true),
        ('ya-old', 'Закрытый ПВЗ', 'Москва, Старая, 1', 55.7, 37.6, 'YANDEX', true)`,
    );
    const point = (id: string, name: string) => ({
      id,
      name,
      address: { full_address: `Москва, ${name}` },
      position: { latitude: 55.75, longitude: 37.61 },
      contact: { phone: '+74950000000' },
      schedule: {
        restrictions: [
          { days: [1, 2, 3, 4, 5], time_from: { hours: 10, minutes: 0 }, time_to: { hours: 20, minutes: 0 } },
        ],
      },
    });
    yandex.setPickupPoints([
      point('ya-1', 'ПВЗ Арбат'),
      point('ya-2', 'ПВЗ Тверская'),
      point('ya-3', 'ПВЗ Чужой'),
    ]);
    const first = await ctx.services.pointsSync.syncYandexPickupPoints();
    expect(first).toMatchObject({ upserted: 2, deactivated: 1 });
    const list = async () =>
      rows<{ code: string; name: string; type: string; is_active: boolean; schedule: string | null }>(
        ctx,
        `select code, name, type, is_active, schedule from points where code like 'ya-%' order by code`,
      );
    expect(await list()).toEqual([
      { code: 'ya-1', name: 'ПВЗ Арбат', type: 'YANDEX', is_active: true, schedule: 'пн–пт 10:00–20:00' },
      { code: 'ya-2', name: 'ПВЗ Тверская', type: 'YANDEX', is_active: true, schedule: 'пн–пт 10:00–20:00' },
      { code: 'ya-3', name: 'Партнёрский пункт', type: 'PARTNER', is_active: true, schedule: null },
      { code: 'ya-old', name: 'Закрытый ПВЗ', type: 'YANDEX', is_active: false, schedule: null },
    ]);

    yandex.setPickupPoints([point('ya-1', 'ПВЗ Арбат (новый адрес)')]);
    await ctx.services.pointsSync.syncYandexPickupPoints();
    const second = await list();
    expect(second.find((row) => row.code === 'ya-1')).toMatchObject({ name: 'ПВЗ Арбат (новый адрес)' });
    expect(second.find((row) => row.code === 'ya-2')).toMatchObject({ is_active: false });
    expect(second.find((row) => row.code === 'ya-3')).toMatchObject({ is_active: true, type: 'PARTNER' });

    // An empty answer is a provider fault: the run fails (and retries), nothing is deactivated.
    yandex.setPickupPoints([]);
    await expect(ctx.services.pointsSync.syncYandexPickupPoints()).rejects.toThrow(/пустой список/);
    expect((await list()).find((row) => row.code === 'ya-1')).toMatchObject({ is_active: true });
  });
});

describe('scheduled jobs without a delivery provider: reminders, automatic completion, skips', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('skips delivery work when Yandex Delivery is not configured', async () => {
    const order = await createOrder(ctx, 'no-yandex@example.ru', 'COURIER');
    await expect(ctx.services.pointsSync.syncYandexPickupPoints()).resolves.toMatchObject({ skipped: true });
    await expect(ctx.services.orderAutomation.checkDeliveryStatuses()).resolves.toMatchObject({
      skipped: true,
    });
    await payOnTestPage(ctx, order, 'no-yandex@example.ru');
    await expect(
      ctx.services.orderAutomation.createDelivery(order.id, { retryCount: 0 }),
    ).resolves.toMatchObject({ skipped: true });
    const events = await rows(ctx, 'select 1 from order_events where order_id = $1 and type like $2', [
      order.id,
      'delivery%',
    ]);
    expect(events).toHaveLength(0);
    await expect(ctx.services.payments.reconcilePending()).resolves.toMatchObject({ skipped: true });
  });

  it('closes a DELIVERING order after the configured days, once, with history and customer mail', async () => {
    const order = await createOrder(ctx, 'autoclose@example.ru');
    for (const [from, to] of [
      ['NEW', 'IN_PROGRESS'],
      ['IN_PROGRESS', 'READY'],
      ['READY', 'DELIVERING'],
    ] as const) {
      await ctx.services.orderStatus.changeStatusBySystem({ orderId: order.id, from, to, comment: null });
    }
    const [job] = await rows<{ data: Record<string, unknown> }>(
      ctx,
      `select data from pgboss.job where name = 'order-processing' and data->>'orderId' = $1
        and data->>'name' = 'change-status'`,
      [order.id],
    );
    expect(job!.data).toMatchObject({ from: 'DELIVERING', to: 'COMPLETED' });

    const done = await ctx.services.orderAutomation.changeStatus(job!.data as never, { retryCount: 0 });
    expect(done.summary).toMatch(/DELIVERING → COMPLETED/);
    const history = await rows<{ to_status: string; actor_user_id: string | null }>(
      ctx,
      `select to_status, actor_user_id from order_status_history where order_id = $1 order by created_at desc limit 1`,
      [order.id],
    );
    expect(history).toEqual([{ to_status: 'COMPLETED', actor_user_id: null }]);
    const mails = await ctx.outbox('autoclose@example.ru');
    expect(mails.filter((mail) => /выполнен/i.test(mail.subject))).toHaveLength(1);

    const again = await ctx.services.orderAutomation.changeStatus(job!.data as never, { retryCount: 0 });
    expect(again.summary).toMatch(/Пропущено/);
    expect(
      (await ctx.outbox('autoclose@example.ru')).filter((m) => /выполнен/i.test(m.subject)),
    ).toHaveLength(1);
    const events = await rows(
      ctx,
      `select 1 from order_events where order_id = $1 and type = 'status_changed'`,
      [order.id],
    );
    expect(events).toHaveLength(1);
  });

  it('sends one payment reminder per unpaid order older than the configured age', async () => {
    const stale = await createOrder(ctx, 'forgot-to-pay@example.ru');
    const fresh = await createOrder(ctx, 'just-ordered@example.ru');
    await rows(ctx, `update orders set created_at = now() - interval '25 hours' where id = $1`, [stale.id]);

    const first = await ctx.services.orderAutomation.sendPaymentReminders();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const second = await ctx.services.orderAutomation.sendPaymentReminders();
    expect(second.sent).toBe(0);

    const reminders = (await ctx.outbox('forgot-to-pay@example.ru')).filter((m) =>
      /ждёт оплаты/.test(m.subject),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(`/cabinet/orders/${stale.id}`);
    expect((await ctx.outbox('just-ordered@example.ru')).some((m) => /ждёт оплаты/.test(m.subject))).toBe(
      false,
    );
    const [marked] = await rows<{ payment_reminder_sent_at: Date | null }>(
      ctx,
      'select payment_reminder_sent_at from orders where id = $1',
      [fresh.id],
    );
    expect(marked!.payment_reminder_sent_at).toBeNull();
  });

  it('reminds an organization about unsigned acts once per interval, one e-mail for all its orders', async () => {
    const orders = [
      await createOrder(ctx, 'buh@company.ru'),
      await createOrder(ctx, 'buh@company.ru'),
      await createOrder(ctx, 'buh@company.ru'),
    ];
    for (const order of orders) {
      await rows(
        ctx,
        `update orders set payer_type = 'ORGANIZATION', organization_inn = '7707083893',
           organization_name = 'ООО «Ромашка»', status = 'COMPLETED' where id = $1`,
        [order.id],
      );
      await rows(
        ctx,
        `insert into order_status_history (order_id, from_status, to_status, created_at)
         values ($1, 'READY', 'COMPLETED', now() - interval '10 days')`,
        [order.id],
      );
    }
    await rows(ctx, 'update orders set act_exchanged_at = now() where id = $1', [orders[2]!.id]);

    const first = await ctx.services.orderAutomation.sendActExchangeReminders();
    expect(first).toMatchObject({ mails: 1, orders: 2 });
    const mails = (await ctx.outbox('buh@company.ru')).filter((m) => /акт/i.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`№${orders[0]!.number}`);
    expect(mails[0]!.text).toContain(`№${orders[1]!.number}`);
    expect(mails[0]!.text).not.toContain(`№${orders[2]!.number}`);

    expect(await ctx.services.orderAutomation.sendActExchangeReminders()).toMatchObject({ mails: 0 });
    // After the interval the remaining unsigned act is reminded about again.
    await rows(ctx, `update orders set act_reminder_sent_at = now() - interval '8 days' where id = $1`, [
      orders[0]!.id,
    ]);
    await rows(ctx, 'update orders set act_exchanged_at = now() where id = $1', [orders[1]!.id]);
    expect(await ctx.services.orderAutomation.sendActExchangeReminders()).toMatchObject({
      mails: 1,
      orders: 1,
    });
  });
});

describe('check-new-paid-orders with YooKassa', () => {
  let ctx: TestContext;
  let yookassa: Awaited<ReturnType<typeof startFakeYooKassa>>;

  beforeAll(async () => {
    yookassa = await startFakeYooKassa({ shopId: '123456', secretKey: 'test_secret' });
    ctx = await createTestContext({
      env: {
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'test_secret',
        YOOKASSA_API_URL: yookassa.apiUrl,
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await yookassa.close();
  });

  it('settles a payment whose notification never arrived, once', async () => {
    const order = await createOrder(ctx, 'missed-webhook@example.ru');
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/${order.id}/create-payment-link`,
      payload: { email: 'missed-webhook@example.ru' },
    });
    expect(link.statusCode).toBe(200);
    const untouched = await ctx.services.payments.reconcilePending();
    expect(untouched).toMatchObject({ checked: 1, paid: 0 });

    const [payment] = [...yookassa.payments.values()];
    yookassa.succeed(payment!.id);
    expect(await ctx.services.payments.reconcilePending()).toMatchObject({ checked: 1, paid: 1 });
    const [row] = await rows<{ status: string; is_paid: boolean }>(
      ctx,
      'select status, is_paid from orders where id = $1',
      [order.id],
    );
    expect(row).toEqual({ status: 'PAID', is_paid: true });
    expect(await ctx.services.payments.reconcilePending()).toMatchObject({ checked: 0, paid: 0 });
    const paidMails = (await ctx.outbox('missed-webhook@example.ru')).filter((m) => /Оплата/.test(m.subject));
    expect(paidMails).toHaveLength(1);
  });
});
