import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES, type PaymentDetailsResponse } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

const COMPANY = {
  payeeType: 'COMPANY',
  payeeName: 'ООО «Ромашка»',
  inn: '7707083893',
  kpp: '773601001',
  bik: '044525225',
  account: '40702810938000012345',
  correspondentAccount: '30101810400000000225',
  bankName: 'ПАО Сбербанк',
};
const SELF_EMPLOYED = {
  payeeType: 'SELF_EMPLOYED',
  payeeName: 'Иванов Иван Иванович',
  inn: '500100732259',
  kpp: '',
  bik: '044525974',
  account: '40802810000000123456',
  correspondentAccount: '',
  bankName: 'АО «ТБанк»',
};

describe('partner payment details', () => {
  let ctx: TestContext;
  let partner: { authorization: string };
  let now = new Date();
  const email = DEMO.affiliate[0];

  const get = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/partner/payment-details', headers: partner })
    ).json<PaymentDetailsResponse>();
  const put = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/partner/payment-details', headers: partner, payload });
  const confirm = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/partner/payment-details/confirm', payload: { token } });
  const lastToken = async () => {
    const [mail] = await ctx.outbox(email);
    expect(mail?.subject).toBe('Подтвердите новые платёжные реквизиты');
    return /confirm=([\w-]+)/.exec(mail!.text)![1]!;
  };
  const auditActions = async () =>
    (
      await ctx.database.sql.executeSql(
        `select action from audit_log where entity = 'partner_account' and action like 'partner_payment_details.%' order by created_at`,
        [],
      )
    ).rows.map((row) => (row as { action: string }).action);

  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
    partner = await ctx.partnerAuth(...DEMO.affiliate);
  });
  afterAll(() => ctx.close());

  it('refuses invalid details with a Russian message per field, and stores nothing', async () => {
    const response = await put({ ...COMPANY, account: '40702810938000012346', kpp: '' });
    expect(response.statusCode).toBe(400);
    const details = response.json<{ details: Array<{ path: string; message: string }> }>().details;
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'body.account', message: PARTNER_MESSAGES.invalidSettlementAccount },
        { path: 'body.kpp', message: PARTNER_MESSAGES.payeeKppRequired },
      ]),
    );
    expect(await get()).toEqual({ current: null, pending: null });
    expect(await ctx.outbox(email)).toHaveLength(0);
  });

  it('a change waits for the mailed link; the link applies it once', async () => {
    const saved = await put(COMPANY);
    expect(saved.statusCode).toBe(200);
    const body = saved.json<PaymentDetailsResponse>();
    expect(body.current).toBeNull();
    expect(body.pending).toMatchObject({
      payeeType: 'COMPANY',
      inn: '7707083893',
      account: '40702810938000012345',
    });
    const token = await lastToken();
    const stored = await ctx.database.sql.executeSql(
      'select token_hash from partner_payment_detail_changes where token_hash = $1',
      [token],
    );
    expect(stored.rows).toHaveLength(0); // only the hash is kept

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: PARTNER_MESSAGES.paymentDetailsConfirmed });
    const after = await get();
    expect(after.pending).toBeNull();
    expect(after.current).toMatchObject({
      payeeName: 'ООО «Ромашка»',
      kpp: '773601001',
      bankName: 'ПАО Сбербанк',
    });

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: PARTNER_MESSAGES.paymentDetailsLinkInvalid });
    expect(await auditActions()).toEqual([
      'partner_payment_details.request',
      'partner_payment_details.confirm',
    ]);
  });

  it('a newer request retires the older link; an expired link changes nothing', async () => {
    expect((await put(SELF_EMPLOYED)).statusCode).toBe(200);
    const older = await lastToken();
    expect((await put({ ...SELF_EMPLOYED, payeeName: 'Иванов И. И.' })).statusCode).toBe(200);
    const newer = await lastToken();
    expect(newer).not.toBe(older);
    expect((await confirm(older)).statusCode).toBe(400);

    now = new Date(now.getTime() + 25 * 3_600_000);
    expect((await get()).pending).toBeNull();
    expect((await confirm(newer)).statusCode).toBe(400);
    expect((await get()).current).toMatchObject({ payeeType: 'COMPANY', inn: '7707083893' });
  });

  it('an unknown token is refused', async () => {
    const response = await confirm('nope');
    expect(response.statusCode).toBe(400);
  });
});
