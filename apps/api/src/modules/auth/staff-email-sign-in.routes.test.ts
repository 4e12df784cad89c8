import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

/** Staff with a password sign in with it only: the e-mail code and one-click links refuse them (decision 020). */
describe('staff and the e-mail sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
  });
  afterAll(() => ctx.close());

  const refused = { statusCode: 403, code: 'FORBIDDEN', message: MESSAGES.staffSignInWithPassword };
  /** Gives the address a staff role and the demo manager's password, as a staff account made by an ADMIN. */
  const makeStaffWithPassword = (email: string) =>
    ctx.database.sql.executeSql(
      `update users set role = 'MANAGER',
         password_hash = (select password_hash from users where email = 'manager@demo.local')
       where email = $1`,
      [email],
    );

  it.each([DEMO.admin[0], DEMO.manager[0], DEMO.partner[0]])(
    'refuses a code for %s with a pointer to /login and mails nothing',
    async (email) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/email/request-code',
        payload: { email },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
      expect(MESSAGES.staffSignInWithPassword).toContain('/login');
      expect(await ctx.outbox(email)).toHaveLength(0);
    },
  );

  it('refuses a code issued before the account became staff', async () => {
    const email = 'promoted.by.code@example.ru';
    await ctx.customerAuth(email);
    // A fresh code while still a customer (past the per-address cooldown: the earlier code is cleared).
    await ctx.database.sql.executeSql(`delete from email_codes where email = $1`, [email]);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/email/request-code', payload: { email } });
    const code = /(\d{6})/.exec((await ctx.outbox(email))[0]!.subject)![1];
    await makeStaffWithPassword(email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email, verificationCode: code },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refused);
  });

  it('refuses a one-click link issued before the account became staff; new mails to staff carry no link token', async () => {
    const email = 'promoted.by.link@example.ru';
    await ctx.customerAuth(email);
    const link = new URL(await ctx.services.auth.createLoginLink(ctx.database.db, email, '/cabinet/orders'));
    await makeStaffWithPassword(email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/hash',
      payload: { email, hash: link.searchParams.get('hash') },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refused);

    const staffLink = await ctx.services.auth.createLoginLink(ctx.database.db, email, '/cabinet/orders/42');
    expect(staffLink).toBe('http://localhost:3000/cabinet/orders/42');
  });

  it('staff with a password still sign in with it', async () => {
    expect((await ctx.staffAuth(...DEMO.manager)).authorization).toMatch(/^Bearer /);
  });

  it('staff without a password (CRM access granted in the back office) keep the e-mail code', async () => {
    const email = 'granted.manager@example.ru';
    await ctx.customerAuth(email);
    await ctx.database.sql.executeSql(`update users set role = 'MANAGER' where email = $1`, [email]);
    await ctx.database.sql.executeSql(`delete from email_codes where email = $1`, [email]);
    const { body } = await ctx.customerAuth(email);
    expect(body.user).toMatchObject({ email, role: 'MANAGER' });
  });
});
