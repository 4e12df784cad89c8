import { createServer } from 'node:net';
import type { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { OrderMonitoring, OrderSummary } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitFor } from '#test/wait-for.ts';
import { startSmtp } from '#test/fakes/smtp.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('mail over SMTP', () => {
  let ctx: TestContext | undefined;
  const servers: SMTPServer[] = [];
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  afterAll(async () => {
    for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the sign-in code through the send-email job and records it as sent', async () => {
    const smtp = await startSmtp();
    servers.push(smtp.server);
    ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, workers: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email: 'smtp.user@example.ru' },
    });
    expect(response.statusCode).toBe(200);
    const message = await waitFor(async () => smtp.received[0]);
    expect(message.to).toEqual(['smtp.user@example.ru']);
    expect(message.raw).toMatch(/Subject: =\?UTF-8\?/);
    const sent = await waitFor(async () => {
      const [item] = await ctx!.outbox('smtp.user@example.ru');
      return item?.status === 'SENT' ? item : undefined;
    });
    expect(sent.attempts).toBe(1);

    const admin = await ctx.staffAuth(...DEMO.admin);
    const outbox = await ctx.app.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: admin });
    expect(outbox.json<{ items: Array<{ to: string; status: string }> }>().items[0]).toMatchObject({
      to: 'smtp.user@example.ru',
      status: 'SENT',
    });
  });

  it('retries while SMTP is down and sends once it is back', async () => {
    const port = await freePort();
    ctx = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      workers: true,
      retry: { retryLimit: 20, retryDelay: 1, retryBackoff: false },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email: 'retry.user@example.ru' },
    });
    const failing = await waitFor(async () => {
      const [item] = await ctx!.outbox('retry.user@example.ru');
      // An attempt in flight shows SENDING (the message is claimed first, decision 019): wait for its outcome.
      return item && item.attempts >= 2 && item.status !== 'SENDING' ? item : undefined;
    });
    expect(failing.status).toBe('QUEUED');
    expect(failing.error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtp(port);
    servers.push(smtp.server);
    const sent = await waitFor(async () => {
      const [item] = await ctx!.outbox('retry.user@example.ru');
      return item?.status === 'SENT' ? item : undefined;
    });
    expect(sent.error).toBeNull();
    expect(smtp.received).toHaveLength(1);
  });

  it("an order's e-mail: the order monitoring view shows each failure while SMTP is down, then one sent", async () => {
    const port = await freePort();
    ctx = await createTestContext({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      workers: true,
      retry: { retryLimit: 20, retryDelay: 1, retryBackoff: false },
    });
    const manager = await ctx.staffAuth(...DEMO.manager);
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Почта Вернулась',
        phoneNumber: '+79160000077',
        email: 'smtp.back@example.ru',
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((delivery) => delivery.type === 'ELECTRONIC')!.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json<OrderSummary>();
    const view = async () => {
      const response = await ctx!.app.inject({
        method: 'GET',
        url: `/api/admin/order-monitoring/order/${order.id}`,
        headers: manager,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: OrderMonitoring }>().data;
    };

    const failing = await waitFor(async () => {
      const data = await view();
      const failures = data.events.filter((event) => event.type === 'email_sent' && !event.isSuccess);
      return failures.length >= 2 ? failures : undefined;
    });
    expect(failing[0]!.error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtp(port);
    servers.push(smtp.server);
    const sent = await waitFor(async () => {
      const data = await view();
      return data.events.find((event) => event.type === 'email_sent' && event.isSuccess);
    });
    expect(sent.error).toBeNull();
    // Give a second delivery the chance to happen: the job must not send the confirmation twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const toCustomer = smtp.received.filter((mail) => mail.to.includes('smtp.back@example.ru'));
    expect(toCustomer).toHaveLength(1);
    expect(
      (await view()).events.filter((event) => event.isSuccess && event.type === 'email_sent'),
    ).toHaveLength(1);
  });

  describe('admin outbox and live codes', () => {
    type Item = { to: string; subject: string; text: string; html: string | null };
    const readOutbox = async (to: string) => {
      const admin = await ctx!.staffAuth(...DEMO.admin);
      const response = await ctx!.app.inject({
        method: 'GET',
        url: `/api/admin/mail-outbox?to=${encodeURIComponent(to)}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ items: Item[] }>().items;
    };
    const storedMail = async (to: string) => {
      const rows = await ctx!.database.sql.executeSql(
        'select subject, text, html from mail_outbox where "to" = $1',
        [to],
      );
      return rows.rows[0] as { subject: string; text: string; html: string };
    };

    it('with SMTP hides the code and the sign-in link token from the admin; the stored message (what is sent) keeps them', async () => {
      const smtp = await startSmtp();
      servers.push(smtp.server);
      ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, workers: true });
      const email = 'live.code@example.ru';
      const requested = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload: { email },
      });
      expect(requested.statusCode).toBe(200);
      await waitFor(async () => smtp.received[0]);

      const stored = await storedMail(email);
      const code = /(\d{6})/.exec(stored.subject)![1]!;
      const hash = /hash=([^&\s"]+)/.exec(stored.text)![1]!;
      const [item] = await readOutbox(email);
      expect(item!.subject).toBe('Код для входа: ••••••');
      for (const part of [item!.subject, item!.text, item!.html!]) {
        expect(part).not.toContain(code);
        expect(part).not.toContain(hash);
      }
      expect(item!.text).toContain('hash=••••••');
      expect(item!.html).toContain('hash=••••••');
    });

    it('on the embedded default the recorded outbox keeps them (it is the delivery)', async () => {
      ctx = await createTestContext();
      const email = 'demo.code@example.ru';
      await ctx.app.inject({ method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
      const stored = await storedMail(email);
      const [item] = await readOutbox(email);
      expect(item).toMatchObject({ subject: stored.subject, text: stored.text, html: stored.html });
      expect(item!.subject).toMatch(/^Код для входа: \d{6}$/);
      expect(item!.text).toMatch(/hash=[0-9a-f-]{36}\./);
    });
  });
});
