import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { startSmtp } from '#test/fakes/smtp.ts';

const RUNS = 5;

/**
 * Concurrent runs of one `send-email` job on a real PostgreSQL server (PGlite runs one query at a time and hides
 * races), so only the api-postgres project runs this file. Decision 019.
 */
describe('e-mail delivery under concurrent runs (PostgreSQL)', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({
      poolMax: RUNS + 4,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('5 concurrent runs of one send-email job send the message once', async () => {
    for (let burst = 0; burst < 3; burst += 1) {
      const to = `twice.${burst}@example.ru`;
      const row = await ctx.database.db.transaction((tx) =>
        ctx.services.mail.queue(tx, { to, template: 'email-change-code', params: { code: `00000${burst}` } }),
      );
      const results = await Promise.allSettled(
        Array.from({ length: RUNS }, () =>
          ctx.services.mail.deliver(row.id, { retryCount: 0, retryLimit: 7 }),
        ),
      );
      expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
      // Give a second SMTP session, if any, the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
      const [item] = await ctx.outbox(to);
      expect(item).toMatchObject({ status: 'SENT', attempts: 1 });
    }
  });
});
