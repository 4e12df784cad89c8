import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

/**
 * Approvals and single-use password links racing each other, on a real PostgreSQL server (PGlite runs one query
 * at a time and hides races), so only the api-postgres project runs this file. Decision 019, 060.
 */
describe('joining the partner programme under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let otherAdmin: { authorization: string };
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestContext({ poolMax: 10, env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
    admin = await ctx.staffAuth(...DEMO.admin);
    otherAdmin = await ctx.staffAuth(...DEMO.admin);
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    watcher = new pg.Client({ connectionString: ctx.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await ctx?.close();
  });

  const apply = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/partner/apply',
      payload: {
        type: 'CORPORATE_REFERRAL',
        name: 'Гонка',
        email,
        promotion: 'Рекомендую бюро клиентам нашей компании.',
        consent: true,
      },
    });
  const applicationId = async (email: string) =>
    (await watcher.query<{ id: string }>('select id from partner_applications where email = $1', [email]))
      .rows[0]!.id;

  it('two admins approving one application at once create ONE account; the other hears it is decided', async () => {
    for (let round = 0; round < 3; round += 1) {
      const email = `approve.race.${round}@example.ru`;
      expect((await apply(email)).statusCode).toBe(200);
      const id = await applicationId(email);
      // Both approvals queue behind a held row and are released together.
      await locker.query('begin');
      await locker.query('select id from partner_applications where id = $1 for update', [id]);
      const approvals = [admin, otherAdmin].map((headers) =>
        ctx.app.inject({ method: 'POST', url: `/api/admin/partner-applications/${id}/approve`, headers }),
      );
      await waitForLockWaiters(watcher, 2);
      await locker.query('commit');
      const responses = await Promise.all(approvals);

      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(responses.find((r) => r.statusCode === 409)!.json()).toMatchObject({
        message: PARTNER_MESSAGES.partnerApplicationDecided,
      });
      const accounts = await watcher.query('select id from partner_accounts where email = $1', [email]);
      expect(accounts.rows).toHaveLength(1);
      const links = await watcher.query(
        'select id from partner_password_tokens where partner_account_id = $1',
        [(accounts.rows[0] as { id: string }).id],
      );
      expect(links.rows).toHaveLength(1);
      const audit = await watcher.query(
        `select id from audit_log where entity = 'partner_application' and entity_id = $1`,
        [id],
      );
      expect(audit.rows).toHaveLength(1);
      const mails = await watcher.query(`select id from mail_outbox where "to" = $1`, [email]);
      expect(mails.rows).toHaveLength(1);
    }
  });

  it('a set-password link used twice at once sets the password once; the other use is refused', async () => {
    const email = 'token.race@example.ru';
    expect((await apply(email)).statusCode).toBe(200);
    const id = await applicationId(email);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/partner-applications/${id}/approve`,
      headers: admin,
    });
    expect(approved.statusCode).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      if (round > 0) {
        // A fresh link for the next round («Забыли пароль?» mails at most one a minute: age the previous one).
        await watcher.query(
          `update partner_password_tokens set created_at = created_at - interval '1 hour'
            where partner_account_id = (select id from partner_accounts where email = $1)`,
          [email],
        );
        const forgot = await ctx.app.inject({
          method: 'POST',
          url: '/api/partner/password/forgot',
          payload: { email },
        });
        expect(forgot.statusCode).toBe(200);
      }
      const [mail] = await ctx.outbox(email);
      const token = /set-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      const tokenRow = await watcher.query<{ id: string }>(
        `select id from partner_password_tokens where used_at is null
          and partner_account_id = (select id from partner_accounts where email = $1)`,
        [email],
      );
      expect(tokenRow.rows).toHaveLength(1);
      await locker.query('begin');
      await locker.query('select id from partner_password_tokens where id = $1 for update', [
        tokenRow.rows[0]!.id,
      ]);
      const uses = [`first-pass-${round}`, `second-pass-${round}`].map((newPassword) =>
        ctx.app.inject({ method: 'POST', url: '/api/partner/password/set', payload: { token, newPassword } }),
      );
      await waitForLockWaiters(watcher, 2);
      await locker.query('commit');
      const responses = await Promise.all(uses);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(responses.find((r) => r.statusCode === 400)!.json()).toMatchObject({
        message: PARTNER_MESSAGES.partnerPasswordLinkInvalid,
      });
      // The password is the one of the use that won.
      const winner = responses[0]!.statusCode === 200 ? `first-pass-${round}` : `second-pass-${round}`;
      await ctx.partnerAuth(email, winner);
    }
  });

  it('«Забыли пароль?» four times at once: one link, one mail (one a minute)', async () => {
    const [email] = DEMO.affiliate;
    const { rows: accounts } = await watcher.query<{ id: string }>(
      'select id from partner_accounts where email = $1',
      [email],
    );
    const accountId = accounts[0]!.id;
    // Another request holds the account: the four queue behind it, past any check made before the lock.
    await locker.query('begin');
    await locker.query('select id from partner_accounts where id = $1 for update', [accountId]);
    const requests = Array.from({ length: 4 }, () =>
      ctx.app.inject({ method: 'POST', url: '/api/partner/password/forgot', payload: { email } }),
    );
    await waitForLockWaiters(watcher, 4);
    await locker.query('rollback');
    const answers = await Promise.all(requests);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const { rows } = await watcher.query<{ links: number; mails: number }>(
      `select (select count(*)::int from partner_password_tokens where partner_account_id = $1) as links,
              (select count(*)::int from mail_outbox where "to" = $2) as mails`,
      [accountId, email],
    );
    expect(rows[0]).toEqual({ links: 1, mails: 1 });
  });

  it("two admins changing one partner's status at once from the status they saw: one change, the other hears 409", async () => {
    const [email] = DEMO.integrator;
    const { rows } = await watcher.query<{ id: string }>('select id from partner_accounts where email = $1', [
      email,
    ]);
    const id = rows[0]!.id;
    const change = (headers: { authorization: string }, status: 'SUSPENDED' | 'BANNED') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/partner-program/partners/${id}/status`,
        headers,
        payload: { status, expectedStatus: 'ACTIVE', reason: 'Проверка гонки' },
      });
    await locker.query('begin');
    await locker.query('select id from partner_accounts where id = $1 for update', [id]);
    const changes = [change(admin, 'SUSPENDED'), change(otherAdmin, 'BANNED')];
    await waitForLockWaiters(watcher, 2);
    await locker.query('rollback');
    const answers = await Promise.all(changes);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((response) => response.statusCode === 409)!;
    expect(refused.json<{ message: string }>().message).toBe(PARTNER_MESSAGES.partnerStatusChangedMeanwhile);
    const { rows: audits } = await watcher.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'partner_account.status' and entity_id = $1`,
      [id],
    );
    expect(audits[0]!.n).toBe(1);
  });
});
