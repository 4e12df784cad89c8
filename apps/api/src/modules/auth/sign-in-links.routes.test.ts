import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

/** One-click sign-in links: single-use, short-lived, only the newest works, a sign-in ends them (decision 020). */
describe('sign-in links', () => {
  let ctx: TestContext;
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  const HOUR = 60 * 60 * 1000;
  beforeAll(async () => {
    ctx = await createTestContext({ clock, env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
  });
  afterAll(() => ctx.close());

  const newLink = async (email: string) =>
    new URL(await ctx.services.auth.createLoginLink(ctx.database.db, email, '/cabinet/orders'));
  const useLink = async (link: URL) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/hash',
      payload: { email: link.searchParams.get('email'), hash: link.searchParams.get('hash') },
    });
    return { statusCode: response.statusCode, ...response.json<{ message?: string }>() };
  };
  const refused = { statusCode: 401, message: MESSAGES.invalidLoginLink };
  /** The sign-in code and link of a fresh code e-mail (past the per-address cooldown). */
  const requestCode = async (email: string) => {
    now += 2 * 60 * 1000;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/request-code',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await ctx.outbox(email);
    return {
      code: /(\d{6})/.exec(mail!.subject)![1]!,
      link: new URL(/(http\S+)/.exec(mail!.text)![1]!),
    };
  };

  it('lives 24 hours by default', async () => {
    const early = await newLink('day.early@example.ru');
    const late = await newLink('day.late@example.ru');
    now += 24 * HOUR - 60_000;
    expect((await useLink(early)).statusCode).toBe(200);
    now += 2 * 60_000;
    expect(await useLink(late)).toMatchObject(refused);
  });

  it('works once', async () => {
    const link = await newLink('once.link@example.ru');
    expect((await useLink(link)).statusCode).toBe(200);
    expect(await useLink(link)).toMatchObject(refused);
  });

  it('is replaced by a newer link for the same address', async () => {
    const older = await newLink('newer.link@example.ru');
    const newer = await newLink('newer.link@example.ru');
    expect(await useLink(older)).toMatchObject(refused);
    expect((await useLink(newer)).statusCode).toBe(200);
  });

  it('is replaced by a newer code e-mail for the same address (its own link works)', async () => {
    const email = 'newer.code@example.ru';
    const older = await newLink(email);
    const { link } = await requestCode(email);
    expect(await useLink(older)).toMatchObject(refused);
    expect((await useLink(link)).statusCode).toBe(200);
  });

  it('ends when the account signs in another way; so does an open code', async () => {
    const email = 'signed.in@example.ru';
    const { code } = await requestCode(email);
    const link = await newLink(email);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email, verificationCode: code },
    });
    expect(verified.statusCode).toBe(200);
    expect(await useLink(link)).toMatchObject(refused);

    // Signed in by a link: the code mailed before it no longer works either.
    const second = await requestCode(email);
    expect((await useLink(second.link)).statusCode).toBe(200);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      payload: { email, verificationCode: second.code },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: MESSAGES.codeExpired });
  });
});

describe('sign-in links with SIGN_IN_LINK_TTL_HOURS', () => {
  it('follow the configured lifetime', async () => {
    let now = Date.now();
    const ctx = await createTestContext({
      clock: { now: () => new Date(now) },
      env: { SIGN_IN_LINK_TTL_HOURS: '2' },
    });
    try {
      const link = new URL(
        await ctx.services.auth.createLoginLink(ctx.database.db, 'two.hours@example.ru', '/cabinet/orders'),
      );
      now += 2 * 60 * 60 * 1000 + 1000;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/hash',
        payload: { email: link.searchParams.get('email'), hash: link.searchParams.get('hash') },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});
