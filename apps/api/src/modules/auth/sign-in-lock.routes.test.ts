import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const LOCK_SUBJECT = 'Вход временно заблокирован после неудачных попыток';

/** Per-login failure limit on password sign-in (decision 020). */
describe('sign-in lock', () => {
  let ctx: TestContext | undefined;
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  const advanceSeconds = (seconds: number) => {
    now += seconds * 1000;
  };
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  const start = async () => {
    now = Date.now();
    ctx = await createTestContext({ clock, env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
    return ctx;
  };

  const staffLogin = (login: string, password: string) =>
    ctx!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
  const partnerLogin = (email: string, password: string) =>
    ctx!.app.inject({ method: 'POST', url: '/api/partner/auth/login', payload: { email, password } });
  const lockMails = async (to: string) =>
    (await ctx!.outbox(to)).filter((mail) => mail.subject === LOCK_SUBJECT);
  const locked = (minutes: number) => ({
    statusCode: 429,
    code: 'TOO_MANY_REQUESTS',
    message: formatMessage(MESSAGES.signInLocked, { minutes }),
  });

  it('locks a staff login for a minute after 5 wrong passwords, even against the right one, and mails the owner once', async () => {
    await start();
    const [login, password] = DEMO.admin;
    for (let i = 0; i < 4; i += 1) expect((await staffLogin(login, 'wrong-password')).statusCode).toBe(401);
    const fifth = await staffLogin(login, 'wrong-password');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual(locked(1));
    expect(fifth.headers['retry-after']).toBe('60');

    advanceSeconds(30);
    const right = await staffLogin(login, password);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('30');
    expect(right.body).not.toContain('token');
    expect(await staffLogin(login, 'wrong-password')).toMatchObject({ statusCode: 429 });

    const mails = await lockMails(login);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/Войти снова можно после .+ \(МСК\)/);

    advanceSeconds(31);
    expect((await staffLogin(login, password)).statusCode).toBe(200);
  });

  it('each failure after a lock ends locks again for twice as long, up to 30 minutes; one mail per lock', async () => {
    await start();
    const [login] = DEMO.manager;
    for (let i = 0; i < 5; i += 1) await staffLogin(login, 'wrong-password');
    const retryAfter: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      advanceSeconds(31 * 60);
      const response = await staffLogin(login, 'wrong-password');
      expect(response.statusCode).toBe(429);
      retryAfter.push(String(response.headers['retry-after']));
    }
    expect(retryAfter).toEqual(['120', '240', '480', '960', '1800', '1800', '1800']);
    expect(await lockMails(login)).toHaveLength(8);
  });

  it('a successful sign-in starts the count again', async () => {
    await start();
    const [login, password] = DEMO.manager;
    for (let i = 0; i < 4; i += 1) await staffLogin(login, 'wrong-password');
    expect((await staffLogin(login, password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await staffLogin(login, 'wrong-password')).statusCode).toBe(401);
    expect(await lockMails(login)).toHaveLength(0);
  });

  it('answers an unknown login exactly like a known one, and mails nobody', async () => {
    await start();
    const answers = async (login: string) => {
      const result: Array<{ status: number; body: unknown; retryAfter: unknown }> = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await staffLogin(login, 'wrong-password');
        result.push({
          status: response.statusCode,
          body: response.json(),
          retryAfter: response.headers['retry-after'],
        });
      }
      return result;
    };
    const known = await answers(DEMO.admin[0]);
    const unknown = await answers('ghost.staff@demo.local');
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(await ctx!.outbox('ghost.staff@demo.local')).toHaveLength(0);
  });

  it('locks a partner portal login the same way and mails the partner', async () => {
    await start();
    const [email, password] = DEMO.affiliate;
    for (let i = 0; i < 4; i += 1) expect((await partnerLogin(email, 'wrong-password')).statusCode).toBe(401);
    const fifth = await partnerLogin(email, 'wrong-password');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual(locked(1));
    expect((await partnerLogin(email, password)).statusCode).toBe(429);
    expect(await lockMails(email)).toHaveLength(1);
    // The staff lock is another realm: the same address on the other door is not locked.
    expect((await staffLogin(email, 'wrong-password')).statusCode).toBe(401);
    advanceSeconds(61);
    expect((await partnerLogin(email, password)).statusCode).toBe(200);
  });

  it('counts concurrent failures exactly: 30 wrong passwords at once lock the login after 5', async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
    const [login, password] = DEMO.manager;
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => staffLogin(login, 'wrong-password')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(26);
    const rows = await ctx.database.sql.executeSql(
      `select failures, locked_until > now() as locked from sign_in_failures where realm = 'staff' and login = $1`,
      [login],
    );
    expect(rows.rows).toEqual([{ failures: 5, locked: true }]);
    expect(await lockMails(login)).toHaveLength(1);
    expect((await staffLogin(login, password)).statusCode).toBe(429);
  });
});
