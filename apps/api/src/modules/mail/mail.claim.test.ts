import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { startSmtp } from '#test/fakes/smtp.ts';
import { MAIL_CLAIM_STALE_MS } from './mail.service.ts';

/** The claim that keeps two runs of one `send-email` job from both sending (decision 019). */
describe('e-mail delivery claim', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  async function queued(to: string) {
    return ctx.database.db.transaction((tx) =>
      ctx.services.mail.queue(tx, { to, template: 'email-change-code', params: { code: '000000' } }),
    );
  }
  const claimAgo = (id: string, ms: number) =>
    ctx.database.sql.executeSql(
      `update mail_outbox set status = 'SENDING', claimed_at = now() - ($2::int * interval '1 millisecond') where id = $1`,
      [id, ms],
    );
  const deliver = (id: string) => ctx.services.mail.deliver(id, { retryCount: 0, retryLimit: 7 });
  const sentTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to)).length;

  it('a message another run is sending is not sent again: the run fails and retries later', async () => {
    const row = await queued('claimed@example.ru');
    await claimAgo(row.id, 1000);
    await expect(deliver(row.id)).rejects.toThrow('Письмо уже отправляется');
    expect(sentTo('claimed@example.ru')).toBe(0);
  });

  it('a stale claim (the sender crashed) is taken over and the message is sent', async () => {
    const row = await queued('stale@example.ru');
    await claimAgo(row.id, MAIL_CLAIM_STALE_MS + 60_000);
    await deliver(row.id);
    expect(sentTo('stale@example.ru')).toBe(1);
    expect((await ctx.outbox('stale@example.ru'))[0]).toMatchObject({ status: 'SENT' });
    // A later run of the same job finds it sent and does nothing.
    await deliver(row.id);
    expect(sentTo('stale@example.ru')).toBe(1);
  });
});
