import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmAccessRequest, NotificationListResponse } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { startSmtp, type Received } from '#test/fakes/smtp.ts';
import { waitFor } from '#test/wait-for.ts';

// Decision 048 (issue 17): the request page promises the decision by e-mail; admins hear of new requests.
describe('CRM access requests: e-mails (SMTP)', () => {
  let ctx: TestContext;
  let smtp: { server: SMTPServer; port: number; received: Received[] };
  let admin: { authorization: string };

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0',
      },
      workers: true,
    });
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  /** The message as it was sent (the admin outbox hides sign-in links when mail goes out by SMTP). */
  const sentTo = (to: string, subject: RegExp) =>
    waitFor(async () => {
      const { rows } = await ctx.database.sql.executeSql(
        `select subject, text, status from mail_outbox where "to" = $1 order by created_at`,
        [to],
      );
      const mail = (rows as Array<{ subject: string; text: string; status: string }>).find((row) =>
        subject.test(row.subject),
      );
      const delivered = smtp.received.some((message) => message.to.includes(to));
      return mail?.status === 'SENT' && delivered ? mail : undefined;
    });
  /** Signs a customer in: with SMTP the admin outbox hides codes, so the code is read from the stored message. */
  const signIn = async (email: string) => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
    const { rows } = await ctx.database.sql.executeSql(
      `select subject from mail_outbox where "to" = $1 order by created_at desc limit 1`,
      [email],
    );
    const code = /(\d{6})/.exec((rows as Array<{ subject: string }>)[0]!.subject)![1];
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email, verificationCode: code },
    });
    expect(verified.statusCode).toBe(200);
    return { authorization: `Bearer ${verified.json<{ token: string }>().token}` };
  };
  const ask = (authorization: string, comment?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/crm-access-request',
      headers: { authorization },
      payload: comment ? { comment } : {},
    });

  it('a new request is mailed to every ADMIN with the requests page, and pushed to them in-app, once', async () => {
    const user = await signIn('new.staff@example.ru');
    expect((await ask(user.authorization, 'Менеджер офиса на Тверской')).statusCode).toBe(200);
    expect((await ask(user.authorization)).statusCode).toBe(200);

    const mail = await sentTo(DEMO.admin[0], /Заявка на доступ к CRM/);
    expect(mail.subject).toBe('Заявка на доступ к CRM: new.staff@example.ru');
    expect(mail.text).toContain('new.staff@example.ru просит доступ к CRM.');
    expect(mail.text).toContain('Комментарий: Менеджер офиса на Тверской');
    expect(mail.text).toContain('/crm/users');
    const { rows } = await ctx.database.sql.executeSql(
      `select count(*)::int as n from mail_outbox where "to" = $1 and subject like 'Заявка на доступ к CRM%'`,
      [DEMO.admin[0]],
    );
    expect(rows).toEqual([{ n: 1 }]);

    const inbox = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: admin });
    expect(inbox.json<NotificationListResponse>().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'crm_access_request',
          title: 'Новая заявка на доступ к CRM',
          body: 'new.staff@example.ru просит доступ к CRM.',
        }),
      ]),
    );
  });

  it('a grant is mailed to the person with the role and a sign-in link into the CRM', async () => {
    const user = await signIn('granted.staff@example.ru');
    const request = (await ask(user.authorization)).json<CrmAccessRequest>();
    const granted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/crm-access-requests/${request.id}/grant`,
      headers: admin,
      payload: { role: 'MANAGER' },
    });
    expect(granted.statusCode).toBe(200);

    const mail = await sentTo('granted.staff@example.ru', /Доступ к CRM открыт/);
    expect(mail.text).toContain('Ваша заявка на доступ к CRM одобрена. Ваша роль — «Менеджер».');
    expect(mail.text).toMatch(/\/admin-redirect\?email=granted\.staff%40example\.ru&hash=[0-9a-f-]+\.[\w-]+/);
  });

  it('a refusal is mailed with its reason; without a reason, without that line', async () => {
    const first = await signIn('refused.one@example.ru');
    const second = await signIn('refused.two@example.ru');
    for (const [user, payload] of [
      [first, { reason: 'Нет договора с офисом' }],
      [second, undefined],
    ] as const) {
      const request = (await ask(user.authorization)).json<CrmAccessRequest>();
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/crm-access-requests/${request.id}/refuse`,
        headers: admin,
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode).toBe(200);
    }
    const withReason = await sentTo('refused.one@example.ru', /отклонена/);
    expect(withReason.subject).toBe('Заявка на доступ к CRM отклонена');
    expect(withReason.text).toContain('Причина: Нет договора с офисом');
    const withoutReason = await sentTo('refused.two@example.ru', /отклонена/);
    expect(withoutReason.text).not.toContain('Причина');
  });

  it('refuses a reason over 1000 characters with 400 and decides nothing', async () => {
    const user = await signIn('long.reason@example.ru');
    const request = (await ask(user.authorization)).json<CrmAccessRequest>();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/crm-access-requests/${request.id}/refuse`,
      headers: admin,
      payload: { reason: 'я'.repeat(1001) },
    });
    expect(refused.statusCode).toBe(400);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/crm-access-request/my',
      headers: { authorization: user.authorization },
    });
    expect(mine.json()).toMatchObject({ status: 'PENDING' });
  });
});
