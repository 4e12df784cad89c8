import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PARTNER_MESSAGES, type PartnerProfile } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('the partner profile and password (spec 2, 5, 7, 8)', () => {
  let ctx: TestContext;
  let partner: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
    partner = await ctx.partnerAuth(...DEMO.affiliate);
  });
  afterAll(() => ctx.close());

  const put = (url: string, payload: unknown, headers = partner) =>
    ctx.app.inject({ method: 'PUT', url, headers, payload: payload as object });

  it('GET answers success + data with the effective commission (the type default when no own rate)', async () => {
    await ctx.database.sql.executeSql(
      `update partner_accounts set commission_percent = null where email = $1`,
      [DEMO.affiliate[0]],
    );
    await ctx.database.sql.executeSql(
      'update partner_program_settings set commission_affiliate_percent = 12.5 where id = 1',
      [],
    );
    const response = await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: partner });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { email: DEMO.affiliate[0], type: 'AFFILIATE', status: 'ACTIVE', commission: 12.5 },
    });
  });

  it('PUT saves name, phone, company, website, description; the e-mail stays', async () => {
    const saved = await put('/api/partner/profile', {
      name: '  Ольга  ',
      email: 'hijack@example.ru',
      phone: '+7 916 000-11-22',
      company: 'ИП Ольга',
      website: 'https://olga.example.ru',
      description: 'Блог о визах\nи переводах',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ success: true; data: PartnerProfile }>()).toMatchObject({
      success: true,
      data: {
        name: 'Ольга',
        email: DEMO.affiliate[0],
        phone: '+79160001122',
        company: 'ИП Ольга',
        website: 'https://olga.example.ru',
        description: 'Блог о визах\nи переводах',
      },
    });
    const cleared = await put('/api/partner/profile', { name: 'Ольга', phone: '', website: '', company: '' });
    expect(cleared.json()).toMatchObject({
      data: { phone: null, website: null, company: null, description: null },
    });
  });

  it('PUT refuses a missing name, a non-URL website, a bad phone, and changes nothing', async () => {
    const bad = await put('/api/partner/profile', { name: '', website: 'not a url', phone: '123' });
    expect(bad.statusCode).toBe(400);
    const byPath = Object.fromEntries(
      bad
        .json<{ details: Array<{ path: string; message: string }> }>()
        .details.map((d) => [d.path.replace(/^body\./, ''), d.message]),
    );
    expect(byPath).toEqual({
      name: MESSAGES.partnerNameRequired,
      website: PARTNER_MESSAGES.partnerWebsiteInvalid,
      phone: MESSAGES.invalidPhone,
    });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: partner });
    expect(after.json()).toMatchObject({ data: { name: 'Ольга' } });
  });

  it('change-password: the current password is checked, spec 5 rules, other sessions end, this one stays', async () => {
    const other = await ctx.partnerAuth(...DEMO.affiliate);
    const short = await put('/api/partner/change-password', {
      currentPassword: DEMO.affiliate[1],
      newPassword: '1234567',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      details: [{ path: 'body.newPassword', message: MESSAGES.passwordTooShort }],
    });
    const missing = await put('/api/partner/change-password', {
      currentPassword: '',
      newPassword: '12345678',
    });
    expect(missing.json()).toMatchObject({
      details: [{ path: 'body.currentPassword', message: PARTNER_MESSAGES.partnerCurrentPasswordRequired }],
    });
    const wrong = await put('/api/partner/change-password', {
      currentPassword: 'not-the-password',
      newPassword: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerCurrentPasswordWrong });
    // A wrong current password ended nothing.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: other })).statusCode,
    ).toBe(200);

    const changed = await put('/api/partner/change-password', {
      currentPassword: DEMO.affiliate[1],
      newPassword: 'brand-new-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, message: MESSAGES.partnerPasswordChanged });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: partner })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: other })).statusCode,
    ).toBe(401);
    await expect(ctx.partnerAuth(...DEMO.affiliate)).rejects.toThrow(/401/);
    await ctx.partnerAuth(DEMO.affiliate[0], 'brand-new-pass');
  });
});
