import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARTNER_MESSAGES,
  type PartnerProgramSettingsResponse,
  type PortalPartner,
  type PortalPartnerListResponse,
} from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

describe('CRM partner programme: settings and the portal partner list (ADMIN)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let affiliateId: string;

  const settings = {
    commissionAffiliatePercent: 12.5,
    commissionCorporatePercent: 8,
    commissionIntegratorPercent: 15,
    holdDays: 21,
    minPayoutKopecks: 250_000,
    attributionWindowDays: 45,
    maxPromoDiscountPercent: 20,
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
    admin = await ctx.staffAuth(...DEMO.admin);
    const { rows } = await rowsOf<{ id: string }>('select id from partner_accounts where email = $1', [
      DEMO.affiliate[0],
    ]);
    affiliateId = rows[0]!.id;
  });
  afterAll(() => ctx.close());
  /** Rows of a query, typed by the caller. */
  const rowsOf = async <T>(sql: string, params: unknown[]) => ({
    rows: (await ctx.database.sql.executeSql(sql, params)).rows as T[],
  });

  const list = async (query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/partner-program/partners${query}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return response.json<PortalPartnerListResponse>();
  };

  it('reads and saves the settings (bounded, kopecks), audited; MANAGER is refused', async () => {
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/partner-program/settings',
      headers: admin,
    });
    expect(before.json()).toMatchObject({
      holdDays: 14,
      attributionWindowDays: 30,
      minPayoutKopecks: 100_000,
    });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/partner-program/settings',
      headers: admin,
      payload: settings,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PartnerProgramSettingsResponse>()).toMatchObject(settings);
    const audit = await ctx.database.sql.executeSql(
      `select action from audit_log where entity = 'partner_program_settings'`,
      [],
    );
    expect(audit.rows).toEqual([{ action: 'partner_program.settings' }]);

    for (const [field, value, message] of [
      ['commissionAffiliatePercent', 51, PARTNER_MESSAGES.partnerPercentInvalid],
      ['commissionCorporatePercent', -1, PARTNER_MESSAGES.partnerPercentInvalid],
      ['commissionIntegratorPercent', 10.005, PARTNER_MESSAGES.partnerPercentInvalid],
      ['holdDays', 366, PARTNER_MESSAGES.partnerDaysInvalid],
      ['holdDays', 1.5, PARTNER_MESSAGES.partnerDaysInvalid],
      ['minPayoutKopecks', 100_000_001, PARTNER_MESSAGES.partnerMinPayoutInvalid],
      ['attributionWindowDays', 0, PARTNER_MESSAGES.partnerWindowDaysInvalid],
      ['maxPromoDiscountPercent', 60, PARTNER_MESSAGES.partnerDiscountInvalid],
    ] as const) {
      const bad = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/partner-program/settings',
        headers: admin,
        payload: { ...settings, [field]: value },
      });
      expect(bad.statusCode, `${field}=${value}`).toBe(400);
      expect(bad.json()).toMatchObject({ details: [{ path: `body.${field}`, message }] });
    }
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/partner-program/settings',
      headers: admin,
    });
    expect(after.json()).toMatchObject(settings);

    const manager = await ctx.staffAuth(...DEMO.manager);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/partner-program/settings',
      headers: manager,
      payload: settings,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lists portal partners with search and filters; the own rate is empty = the type default', async () => {
    await ctx.database.sql.executeSql('update partner_accounts set commission_percent = null where id = $1', [
      affiliateId,
    ]);
    const all = await list();
    const affiliate = all.items.find((item) => item.id === affiliateId)!;
    expect(affiliate).toMatchObject({
      type: 'AFFILIATE',
      commissionPercent: null,
      effectiveCommissionPercent: 12.5,
    });
    expect((await list(`?search=${encodeURIComponent('AFFILIATE@demo')}`)).items.map((p) => p.id)).toContain(
      affiliateId,
    );
    expect((await list('?search=%25')).items).toHaveLength(0);
    expect((await list('?type=INTEGRATOR')).items.map((p) => p.id)).not.toContain(affiliateId);
    expect((await list('?status=BANNED')).items).toHaveLength(0);
    const badFilter = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/partner-program/partners?status=GONE',
      headers: admin,
    });
    expect(badFilter.statusCode).toBe(400);
    const paged = await list('?limit=1');
    expect(paged.items).toHaveLength(1);
  });

  it('sets and clears a partner’s own commission, audited', async () => {
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/partner-program/partners/${affiliateId}/commission`,
      headers: admin,
      payload: { commissionPercent: 7.25 },
    });
    expect(set.json<PortalPartner>()).toMatchObject({
      commissionPercent: 7.25,
      effectiveCommissionPercent: 7.25,
    });
    const partner = await ctx.partnerAuth(...DEMO.affiliate);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: partner });
    expect(profile.json()).toMatchObject({ data: { commission: 7.25 } });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/partner-program/partners/${affiliateId}/commission`,
      headers: admin,
      payload: { commissionPercent: 99 },
    });
    expect(bad.statusCode).toBe(400);
    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/partner-program/partners/${affiliateId}/commission`,
      headers: admin,
      payload: { commissionPercent: null },
    });
    expect(cleared.json()).toMatchObject({ commissionPercent: null, effectiveCommissionPercent: 12.5 });
    const audit = await ctx.database.sql.executeSql(
      `select data from audit_log where action = 'partner_account.commission' and entity_id = $1 order by created_at`,
      [affiliateId],
    );
    expect(audit.rows.map((row) => (row as { data: unknown }).data)).toEqual([
      { from: null, to: 7.25 },
      { from: 7.25, to: null },
    ]);
  });

  it('status changes: old → new with a reason; SUSPENDED still signs in; BANNED ends sessions and sign-in', async () => {
    const change = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/partner-program/partners/${affiliateId}/status`,
        headers: admin,
        payload,
      });
    const noReason = await change({ status: 'SUSPENDED', expectedStatus: 'ACTIVE', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      details: [{ path: 'body.reason', message: PARTNER_MESSAGES.partnerStatusReasonRequired }],
    });
    const pending = await change({ status: 'PENDING', expectedStatus: 'ACTIVE', reason: 'Проверка' });
    expect(pending.statusCode).toBe(400);
    const stale = await change({ status: 'SUSPENDED', expectedStatus: 'BANNED', reason: 'Проверка' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerStatusChangedMeanwhile });
    const same = await change({ status: 'ACTIVE', expectedStatus: 'ACTIVE', reason: 'Проверка' });
    expect(same.json()).toMatchObject({ message: PARTNER_MESSAGES.partnerStatusUnchanged });

    const session = await ctx.partnerAuth(...DEMO.affiliate);
    const suspended = await change({
      status: 'SUSPENDED',
      expectedStatus: 'ACTIVE',
      reason: 'Проверка трафика',
    });
    expect(suspended.json()).toMatchObject({ status: 'SUSPENDED' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: session })).json(),
    ).toMatchObject({
      data: { status: 'SUSPENDED' },
    });
    await ctx.partnerAuth(...DEMO.affiliate);

    const banned = await change({
      status: 'BANNED',
      expectedStatus: 'SUSPENDED',
      reason: 'Самореферальные заказы',
    });
    expect(banned.json()).toMatchObject({ status: 'BANNED' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/partner/profile', headers: session })).statusCode,
    ).toBe(401);
    const { rows } = await ctx.database.sql.executeSql(
      'select id from sessions where partner_account_id = $1 and revoked_at is null',
      [affiliateId],
    );
    expect(rows).toHaveLength(0);
    await expect(ctx.partnerAuth(...DEMO.affiliate)).rejects.toThrow(/401/);

    const back = await change({ status: 'ACTIVE', expectedStatus: 'BANNED', reason: 'Разобрались' });
    expect(back.json()).toMatchObject({ status: 'ACTIVE' });
    await ctx.partnerAuth(...DEMO.affiliate);
    const audit = await ctx.database.sql.executeSql(
      `select data from audit_log where action = 'partner_account.status' and entity_id = $1 order by created_at`,
      [affiliateId],
    );
    expect(audit.rows.map((row) => (row as { data: { from: string; to: string } }).data)).toEqual([
      { from: 'ACTIVE', to: 'SUSPENDED', reason: 'Проверка трафика' },
      { from: 'SUSPENDED', to: 'BANNED', reason: 'Самореферальные заказы' },
      { from: 'BANNED', to: 'ACTIVE', reason: 'Разобрались' },
    ]);
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/partner-program/partners/00000000-0000-4000-8000-000000000000/status',
      headers: admin,
      payload: { status: 'BANNED', expectedStatus: 'ACTIVE', reason: 'Проверка' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
