import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const BOT_TOKEN = '123456:TEST-bot-token';

function signTelegram(fields: Record<string, string | number>, token = BOT_TOKEN) {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(dataCheckString).digest('hex') };
}

describe('auth', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_BOT_NAME: 'perevod_test_bot',
        RATE_LIMIT_AUTH_PER_IP: '1000',
      },
    });
  });
  afterAll(() => ctx.close());

  describe('staff login', () => {
    it.each([DEMO.admin, DEMO.manager, DEMO.partner])('signs in %s', async (login, password) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login, password },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<AuthResponse>();
      expect(body.token.split('.')).toHaveLength(3);
      expect(body.user.email).toBe(login);
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ email: login, role: body.user.role });
    });

    it('answers a wrong password and an unknown login the same way, without a token', async () => {
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: DEMO.admin[0], password: 'nope' },
      });
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'ghost@demo.local', password: 'nope' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: MESSAGES.invalidCredentials,
      });
      expect(wrong.body).not.toContain('token');
    });

    it('refuses a customer account on the staff login', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: DEMO.customer, password: 'anything' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('stores passwords as salted scrypt hashes', async () => {
      const rows = await ctx.database.sql.executeSql(
        `select password_hash from users where email in ('admin@demo.local', 'manager@demo.local')`,
        [],
      );
      const hashes = rows.rows.map((row) => (row as { password_hash: string }).password_hash);
      expect(hashes).toHaveLength(2);
      for (const hash of hashes) expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(hashes.join()).not.toContain('demo-pass');
    });
  });

  describe('e-mail code', () => {
    it('mails a 6-digit code, signs in with it and creates the customer on first sign-in', async () => {
      const email = 'new.customer@example.ru';
      const { body } = await ctx.customerAuth(email);
      expect(body.user).toMatchObject({ email, role: 'USER' });
      const [mail] = await ctx.outbox(email);
      expect(mail?.text).toMatch(/\d{6}/);
      const stored = await ctx.database.sql.executeSql('select code_hash from email_codes where email = $1', [
        email,
      ]);
      const code = /(\d{6})/.exec(mail!.subject)![1]!;
      expect(JSON.stringify(stored.rows)).not.toContain(code);
    });

    it('accepts a code only once', async () => {
      const email = 'once@example.ru';
      await ctx.app.inject({ method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
      const code = /(\d{6})/.exec((await ctx.outbox(email))[0]!.subject)![1];
      const first = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        payload: { email, verificationCode: code },
      });
      const second = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        payload: { email, verificationCode: code },
      });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(400);
    });

    it('kills the code after 5 wrong tries, even for the right code', async () => {
      const email = 'guesser@example.ru';
      await ctx.app.inject({ method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
      const code = /(\d{6})/.exec((await ctx.outbox(email))[0]!.subject)![1]!;
      const wrongCode = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/email/verify',
          payload: { email, verificationCode: wrongCode },
        });
        expect(response.statusCode).toBe(400);
        messages.push(response.json<{ message: string }>().message);
      }
      expect(messages.slice(0, 4)).toEqual(Array(4).fill(MESSAGES.invalidCode));
      expect(messages[4]).toBe(MESSAGES.codeTooManyAttempts);
      const right = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        payload: { email, verificationCode: code },
      });
      expect(right.statusCode).toBe(400);
      expect(right.json()).toMatchObject({ message: MESSAGES.codeTooManyAttempts });
    });

    it('allows one new code per address per minute', async () => {
      const email = 'impatient@example.ru';
      const first = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload: { email },
      });
      const second = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload: { email },
      });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBeDefined();
      expect(await ctx.outbox(email)).toHaveLength(1);
    });

    it('rejects a bad e-mail with a Russian message and stores nothing', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload: { email: 'not-an-email' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.invalidEmail });
      expect(await ctx.outbox('not-an-email')).toHaveLength(0);
    });
  });

  describe('e-mail link', () => {
    it('signs in once with the link from the code e-mail', async () => {
      const email = 'linker@example.ru';
      await ctx.app.inject({ method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
      const text = (await ctx.outbox(email))[0]!.text;
      const link = new URL(/(http\S+)/.exec(text)![1]!);
      expect(link.pathname).toBe('/cabinet/orders');
      const payload = { email: link.searchParams.get('email'), hash: link.searchParams.get('hash') };
      const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/hash', payload });
      expect(first.statusCode).toBe(200);
      expect(first.json<AuthResponse>().user.email).toBe(email);
      const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/hash', payload });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ message: MESSAGES.invalidLoginLink });
    });

    it('refuses a link for another e-mail or with a forged signature', async () => {
      const link = await ctx.services.auth.createLoginLink(
        ctx.database.db,
        'owner@example.ru',
        '/cabinet/orders',
      );
      const hash = new URL(link).searchParams.get('hash')!;
      const otherEmail = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/hash',
        payload: { email: 'thief@example.ru', hash },
      });
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/hash',
        payload: { email: 'owner@example.ru', hash: `${hash.split('.')[0]}.AAAAAAAAAAAAAAAAAAAA` },
      });
      expect(otherEmail.statusCode).toBe(401);
      expect(forged.statusCode).toBe(401);
    });

    it('refuses an expired link', async () => {
      const link = await ctx.services.auth.createLoginLink(ctx.database.db, 'late@example.ru', '/');
      await ctx.database.sql.executeSql(
        `update login_links set expires_at = now() - interval '1 minute'`,
        [],
      );
      const url = new URL(link);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/hash',
        payload: { email: url.searchParams.get('email'), hash: url.searchParams.get('hash') },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('telegram', () => {
    const now = () => Math.floor(Date.now() / 1000);

    it('signs in with a correctly signed widget payload', async () => {
      const payload = signTelegram({ id: 777001, first_name: 'Иван', username: 'ivan', auth_date: now() });
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth', payload });
      expect(response.statusCode).toBe(200);
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${response.json<AuthResponse>().token}` },
      });
      expect(profile.json()).toMatchObject({ telegramId: '777001', firstName: 'Иван', username: 'ivan' });
    });

    it('rejects a tampered payload and a stale auth_date', async () => {
      const signed = signTelegram({ id: 777002, first_name: 'Пётр', auth_date: now() });
      const tampered = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { ...signed, first_name: 'Злоумышленник' },
      });
      expect(tampered.statusCode).toBe(401);
      const stale = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: signTelegram({ id: 777002, auth_date: now() - 2 * 24 * 3600 }),
      });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ message: MESSAGES.telegramStale });
      const otherBot = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: signTelegram({ id: 777002, auth_date: now() }, 'another:token'),
      });
      expect(otherBot.statusCode).toBe(401);
    });

    it('shows the bot name in the auth config', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(response.json()).toEqual({ telegramBotName: 'perevod_test_bot' });
    });
  });

  describe('sessions', () => {
    it('logout revokes the token; refresh renews a live one', async () => {
      const headers = await ctx.staffAuth(...DEMO.manager);
      const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers });
      expect(refreshed.statusCode).toBe(200);
      const newHeaders = { authorization: `Bearer ${refreshed.json<AuthResponse>().token}` };
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: newHeaders })).statusCode,
      ).toBe(200);

      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: newHeaders });
      expect(logout.statusCode).toBe(200);
      for (const h of [headers, newHeaders]) {
        const after = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: h });
        expect(after.statusCode).toBe(401);
      }
    });

    it('rejects a token signed with another secret and garbage tokens', async () => {
      for (const token of ['garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/profile',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(401);
      }
    });
  });

  describe('partner portal', () => {
    it('signs in with its own token kind that the cabinet does not accept, and vice versa', async () => {
      const partner = await ctx.partnerAuth(...DEMO.affiliate);
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: partner });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({
        success: true,
        data: { email: 'affiliate@demo.local', type: 'AFFILIATE', status: 'ACTIVE' },
      });
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: partner })).statusCode,
      ).toBe(401);

      const staff = await ctx.staffAuth(...DEMO.admin);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: staff })).statusCode,
      ).toBe(401);
    });

    it('refuses wrong partner credentials with 401', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner/auth/login',
        payload: { email: 'affiliate@demo.local', password: 'admin-demo-pass' },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});

describe('auth without telegram and with default rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '3' } });
  });
  afterAll(() => ctx.close());

  it('hides telegram and refuses the endpoint with a 4xx', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
      telegramBotName: null,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: signTelegram({ id: 1, auth_date: Math.floor(Date.now() / 1000) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.telegramNotConfigured });
  });

  it('rate-limits sign-in attempts per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'admin@demo.local', password: 'wrong' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
