import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { CODE_MAX_ATTEMPTS } from './auth.service.ts';
import { waitForLockWaiters } from '#test/lock-waiters.ts';

const BURST = 30;

/**
 * Concurrent e-mail code checks on a real PostgreSQL server (PGlite runs one query at a time and hides races),
 * so only the api-postgres project runs this file. Decision 019.
 */
describe('e-mail code under concurrent tries (PostgreSQL)', () => {
  let ctx: TestContext;
  let other: pg.Client;
  /** Holds the code row in a transaction of its own (pg_stat_activity stays frozen inside a transaction). */
  let locker: pg.Client;

  beforeAll(async () => {
    // Every request of a burst holds its own connection while it waits on the code row.
    ctx = await createTestContext({
      poolMax: BURST + 2,
      env: { RATE_LIMIT_AUTH_PER_IP: '10000', RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' },
    });
    other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await other?.end();
    await locker?.end();
    await ctx?.close();
  });

  async function requestCode(email: string): Promise<{ id: string; code: string; wrong: string }> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const code = /(\d{6})/.exec((await ctx.outbox(email))[0]!.subject)![1]!;
    const { rows } = await other.query<{ id: string }>(
      `select id from email_codes where email = $1 and used_at is null`,
      [email],
    );
    expect(rows).toHaveLength(1);
    return { id: rows[0]!.id, code, wrong: code === '000000' ? '111111' : '000000' };
  }

  const verify = (email: string, verificationCode: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { email, verificationCode } });

  async function attemptsOf(id: string): Promise<number> {
    const { rows } = await other.query<{ attempts: number }>(
      `select attempts from email_codes where id = $1`,
      [id],
    );
    return rows[0]!.attempts;
  }

  async function sessionsOf(email: string): Promise<number> {
    const { rows } = await other.query<{ n: number }>(
      `select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1`,
      [email],
    );
    return rows[0]!.n;
  }

  it('29 wrong tries and then the right code, all queued on the code row: exactly the limit is weighed', async () => {
    const email = 'burst.guesser@example.ru';
    let signedIn = 0;
    for (let burst = 0; burst < 3; burst += 1) {
      const { id, code, wrong } = await requestCode(email);
      // Hold the code row, so that all 30 tries are in the database, waiting on it, when it is released.
      await locker.query('begin');
      await locker.query('select id from email_codes where id = $1 for update', [id]);
      const wrongTries = Array.from({ length: BURST - 1 }, () => verify(email, wrong));
      await waitForLockWaiters(other, BURST - 1);
      const rightTry = verify(email, code);
      await waitForLockWaiters(other, BURST);
      await locker.query('commit');
      const responses = await Promise.all([...wrongTries, rightTry]);

      // PostgreSQL does not promise the queue's order, so the right code may be among the first five weighed;
      // what must hold is the limit: exactly five tries counted, the fifth wrong one already says «too many», the
      // right one signs in only as one of those five, and every try after them is refused unweighed («too many»,
      // or «expired» once the right one has used the code).
      expect(await attemptsOf(id)).toBe(CODE_MAX_ATTEMPTS);
      const messageOf = (response: (typeof responses)[number]) =>
        response.json<{ message?: string }>().message;
      const wrongWeighed = responses.filter((response) => messageOf(response) === MESSAGES.invalidCode);
      const right = responses.at(-1)!;
      expect(responses.slice(0, -1).every((response) => response.statusCode === 400)).toBe(true);
      expect(wrongWeighed.length).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS - 1);
      if (right.statusCode !== 200) expect(messageOf(right)).toBe(MESSAGES.codeTooManyAttempts);
      const tooMany = responses.filter((response) => messageOf(response) === MESSAGES.codeTooManyAttempts);
      // A try that finds no tries left after the right code has signed in finds the code used: «expired», never
      // a sign-in. Only then (seen on a loaded machine: the right code weighed before the last wrong ones).
      const used = responses.filter((response) => messageOf(response) === MESSAGES.codeExpired);
      if (right.statusCode !== 200) expect(used).toEqual([]);
      expect(tooMany.length + used.length + wrongWeighed.length + (right.statusCode === 200 ? 1 : 0)).toBe(
        BURST,
      );
      if (responses.at(-1)!.statusCode === 200) signedIn += 1;
    }
    expect(await sessionsOf(email)).toBe(signedIn);
  });

  it('a burst of wrong tries with the right code last never counts more tries than the limit', async () => {
    const email = 'burst.counter@example.ru';
    for (let burst = 0; burst < 5; burst += 1) {
      const { id, code, wrong } = await requestCode(email);
      const responses = await Promise.all([
        ...Array.from({ length: BURST - 1 }, () => verify(email, wrong)),
        verify(email, code),
      ]);
      const attempts = await attemptsOf(id);
      expect(attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
      // Every try that was weighed against the code is one of the counted ones, the right one included.
      const weighed = responses.filter(
        (response) =>
          response.statusCode === 200 ||
          response.json<{ message: string }>().message === MESSAGES.invalidCode,
      ).length;
      expect(weighed).toBeLessThanOrEqual(attempts);
    }
  });

  it('the right code sent many times at once signs in exactly once', async () => {
    const email = 'burst.twice@example.ru';
    for (let burst = 0; burst < 3; burst += 1) {
      const { code } = await requestCode(email);
      const responses = await Promise.all(Array.from({ length: BURST }, () => verify(email, code)));
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(await sessionsOf(email)).toBe(burst + 1);
    }
  });

  describe('code requests all at once', () => {
    let slow: TestContext;
    beforeAll(async () => {
      slow = await createTestContext({
        poolMax: BURST + 2,
        env: { RATE_LIMIT_AUTH_PER_IP: '10000', RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '60' },
      });
    });
    afterAll(() => slow?.close());

    it('one new code per address per cooldown: of 30 requests at once one sends a code, the others are a 429', async () => {
      for (let burst = 0; burst < 3; burst += 1) {
        const email = `burst.requester.${burst}@example.ru`;
        const responses = await Promise.all(
          Array.from({ length: BURST }, () =>
            slow.app.inject({ method: 'POST', url: '/api/auth/email/request-code', payload: { email } }),
          ),
        );
        expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
        expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(BURST - 1);
        expect(await slow.outbox(email)).toHaveLength(1);
        const codes = await slow.database.sql.executeSql(
          'select count(*)::int as n from email_codes where email = $1',
          [email],
        );
        expect(codes.rows).toEqual([{ n: 1 }]);
      }
    });
  });
});
