import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PARTNER_MESSAGES,
  type PartnerApplication,
  type PartnerApplicationListResponse,
  type PartnerAuthResponse,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const application = (email: string, patch: Record<string, unknown> = {}) => ({
  type: 'AFFILIATE',
  name: 'Ольга Блогер',
  company: 'Блог о визах',
  website: 'https://visa-blog.ru',
  email,
  phone: '8 (916) 123-45-67',
  promotion: 'Пишу о визах и переводах документов, 20 тысяч читателей в Telegram.',
  consent: true,
  ...patch,
});

/** The set-password token from the newest mail to that address. */
const tokenFrom = (text: string) => /set-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('joining the partner programme (decision 060)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx.close());
  /** Rows of a query, typed by the caller. */
  const rowsOf = async <T>(sql: string, params: unknown[]) => ({
    rows: (await ctx.database.sql.executeSql(sql, params)).rows as T[],
  });

  const apply = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/partner/apply', payload: payload as object });
  const pendingOf = async (email: string) => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/partner-applications?status=PENDING&limit=100',
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    return list.json<PartnerApplicationListResponse>().items.find((item) => item.email === email);
  };
  const countRows = async (sql: string, params: unknown[]) =>
    (await ctx.database.sql.executeSql(sql, params)).rows.length;

  it('refuses a bad application with the field messages and stores nothing', async () => {
    const bad = await apply(
      application('bad@example.ru', {
        type: 'RESELLER',
        name: '   ',
        website: 'javascript:alert(1)',
        phone: '12345',
        promotion: 'коротко',
        consent: false,
      }),
    );
    expect(bad.statusCode).toBe(400);
    const messages = bad.json<{ details: Array<{ path: string; message: string }> }>().details;
    const byPath = Object.fromEntries(messages.map((d) => [d.path.replace(/^body\./, ''), d.message]));
    expect(byPath).toMatchObject({
      name: MESSAGES.partnerNameRequired,
      website: PARTNER_MESSAGES.partnerWebsiteInvalid,
      phone: MESSAGES.invalidPhone,
      promotion: PARTNER_MESSAGES.partnerPromotionRequired,
      consent: PARTNER_MESSAGES.partnerConsentRequired,
    });
    expect(byPath.type).toBeDefined();
    const tooLong = await apply(application('long@example.ru', { promotion: 'а'.repeat(2001) }));
    expect(tooLong.statusCode).toBe(400);
    const control = await apply(application('ctl@example.ru', { name: 'Ольга\u0000' }));
    expect(control.statusCode).toBe(400);
    expect(
      await countRows(
        `select id from partner_applications where email in ('bad@example.ru','long@example.ru','ctl@example.ru')`,
        [],
      ),
    ).toBe(0);
  });

  it('one open application per e-mail; the admins are mailed; an existing partner hears so', async () => {
    const first = await apply(application('Olga.Blog@Example.ru'));
    expect(first.statusCode).toBe(200);
    const again = await apply(application('olga.blog@example.ru', { name: 'Ещё раз' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerApplicationPending });
    const stored = await pendingOf('olga.blog@example.ru');
    expect(stored).toMatchObject({
      type: 'AFFILIATE',
      name: 'Ольга Блогер',
      phone: '+79161234567',
      website: 'https://visa-blog.ru',
      status: 'PENDING',
    });
    const [mail] = await ctx.outbox(DEMO.admin[0]);
    expect(mail?.subject).toBe('Заявка в партнёрскую программу: olga.blog@example.ru');
    expect(mail?.text).toContain('http://localhost:3000/crm/partner-program/applications');

    const existing = await apply(application(DEMO.affiliate[0]));
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerApplicationAccountExists });
  });

  it('only ADMIN lists and decides applications', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/partner-applications',
      headers: manager,
    });
    expect(list.statusCode).toBe(403);
    const badStatus = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/partner-applications?status=MAYBE',
      headers: admin,
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('approve → account + single-use link by e-mail → set password → signed in; the link works once', async () => {
    const email = 'new.partner@example.ru';
    expect((await apply(application(email, { type: 'INTEGRATOR', name: 'Интегратор' }))).statusCode).toBe(
      200,
    );
    const pending = (await pendingOf(email))!;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-applications/${pending.id}/approve`,
      headers: admin,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<PartnerApplication>()).toMatchObject({ status: 'APPROVED' });
    const accountId = approved.json<PartnerApplication>().partnerAccountId!;
    const { rows } = await rowsOf<{
      type: string;
      status: string;
      password_hash: string;
    }>('select type, status, password_hash from partner_accounts where id = $1', [accountId]);
    expect(rows[0]).toMatchObject({ type: 'INTEGRATOR', status: 'ACTIVE' });
    expect(rows[0]!.password_hash.startsWith('scrypt$')).toBe(false);

    // No password yet: signing in fails.
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/auth/login',
      payload: { email, password: 'unset$' },
    });
    expect(early.statusCode).toBe(401);

    const [mail] = await ctx.outbox(email);
    expect(mail?.subject).toBe('Вы — партнёр: установите пароль');
    const token = tokenFrom(mail!.text)!;
    expect(token).toBeDefined();
    const { rows: tokens } = await rowsOf<{
      token_hash: string;
      expires_at: Date;
      created_at: Date;
    }>(
      'select token_hash, expires_at, created_at from partner_password_tokens where partner_account_id = $1',
      [accountId],
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.token_hash).not.toContain(token);
    const ttl = new Date(tokens[0]!.expires_at).getTime() - new Date(tokens[0]!.created_at).getTime();
    expect(ttl).toBe(72 * 3600_000);

    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/password/set',
      payload: { token, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      details: [{ path: 'body.newPassword', message: MESSAGES.passwordTooShort }],
    });

    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/password/set',
      headers: { 'user-agent': 'Test Browser 1.0' },
      payload: { token, newPassword: 'partner-new-pass' },
    });
    expect(set.statusCode).toBe(200);
    const session = set.json<PartnerAuthResponse>();
    expect(session.partner).toMatchObject({ email, type: 'INTEGRATOR', status: 'ACTIVE', commission: 10 });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/partner/profile',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(profile.json()).toMatchObject({ success: true, data: { email } });

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/password/set',
      payload: { token, newPassword: 'another-pass-1' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerPasswordLinkInvalid });
    await ctx.partnerAuth(email, 'partner-new-pass');

    // Sign-ins are recorded as keyed hashes, never the raw address or browser.
    const { rows: signIns } = await rowsOf<{ ip_hash: string; device_hash: string }>(
      'select ip_hash, device_hash from partner_sign_ins where partner_account_id = $1',
      [accountId],
    );
    expect(signIns.length).toBe(2);
    for (const row of signIns) {
      expect(row.ip_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(row.device_hash).not.toContain('Test Browser');
    }

    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-applications/${pending.id}/refuse`,
      headers: admin,
      payload: { reason: 'Передумали' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerApplicationDecided });
    const audit = await ctx.database.sql.executeSql(
      `select action from audit_log where entity = 'partner_application' and entity_id = $1`,
      [pending.id],
    );
    expect(audit.rows).toEqual([{ action: 'partner_application.approve' }]);
  });

  it('refuse needs a reason, mails it, and creates no account', async () => {
    const email = 'refused@example.ru';
    expect((await apply(application(email))).statusCode).toBe(200);
    const pending = (await pendingOf(email))!;
    const noReason = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-applications/${pending.id}/refuse`,
      headers: admin,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      details: [{ message: PARTNER_MESSAGES.partnerRefusalReasonRequired }],
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-applications/${pending.id}/refuse`,
      headers: admin,
      payload: { reason: 'Сайт не о переводах' },
    });
    expect(refused.json()).toMatchObject({ status: 'REFUSED', refusalReason: 'Сайт не о переводах' });
    const [mail] = await ctx.outbox(email);
    expect(mail?.text).toContain('Причина: Сайт не о переводах');
    expect(await countRows('select id from partner_accounts where email = $1', [email])).toBe(0);
    // A refused e-mail may apply again.
    expect((await apply(application(email))).statusCode).toBe(200);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/partner-applications/00000000-0000-4000-8000-000000000000/approve',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('«Забыли пароль?» answers the same for any e-mail and mails a link only to a real, unbanned partner', async () => {
    const ask = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/partner/password/forgot', payload: { email } });
    const known = await ask(DEMO.affiliate[0]);
    const unknown = await ask('nobody@example.ru');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, message: PARTNER_MESSAGES.partnerPasswordResetSent });
    expect(await ctx.outbox('nobody@example.ru')).toHaveLength(0);
    const [mail] = await ctx.outbox(DEMO.affiliate[0]);
    expect(mail?.subject).toBe('Восстановление пароля кабинета партнёра');
    // A second ask within a minute sends nothing more.
    await ask(DEMO.affiliate[0]);
    expect(await ctx.outbox(DEMO.affiliate[0])).toHaveLength(1);

    // The old password still works until the link is used; then the old sessions end.
    const before = await ctx.partnerAuth(...DEMO.affiliate);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/partner/password/set',
      payload: { token: tokenFrom(mail!.text), newPassword: 'affiliate-reset-pass' },
    });
    expect(set.statusCode).toBe(200);
    const old = await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: before });
    expect(old.statusCode).toBe(401);
    await ctx.partnerAuth(DEMO.affiliate[0], 'affiliate-reset-pass');
  });

  it('rate-limits the public forms per client address', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '2' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/partner/password/forgot',
          payload: { email: 'someone@example.ru' },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
