import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPlugin } from './auth.ts';
import { createApiKey, createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

/**
 * partnerPortal: an AFFILIATE's portal session; integrator: an INTEGRATOR's portal session; apiKey: an
 * integrator's API key with every scope (decision 070) — a principal of the partner API only: elsewhere it is no
 * credential (a public route serves it as anyone, a signed-in route answers 401); corporatePortal: a
 * CORPORATE_REFERRAL partner's portal session (decision 069).
 */
type Who =
  | 'anonymous'
  | 'USER'
  | 'MANAGER'
  | 'ADMIN'
  | 'PARTNER'
  | 'partnerPortal'
  | 'integrator'
  | 'corporatePortal'
  | 'apiKey';
const EVERYONE: Who[] = [
  'anonymous',
  'USER',
  'MANAGER',
  'ADMIN',
  'PARTNER',
  'partnerPortal',
  'integrator',
  'corporatePortal',
  'apiKey',
];
const SIGNED_IN: Who[] = ['USER', 'MANAGER', 'ADMIN', 'PARTNER'];
const PARTNERS: Who[] = ['partnerPortal', 'integrator', 'corporatePortal'];
const isPortal = (who: Who) => who === 'partnerPortal' || who === 'integrator' || who === 'corporatePortal';
const API_KEY: Who[] = ['apiKey'];

/**
 * The expected access of every /api route, written out by hand (not derived from the declarations):
 * a new route fails this test until someone decides who may call it.
 */
const EXPECTED: Record<string, { allowed: Who[]; revokes?: boolean }> = {
  'GET /api/health': { allowed: EVERYONE },
  'GET /api/ready': { allowed: EVERYONE },
  'GET /api/config/public': { allowed: EVERYONE },
  'GET /api/openapi.json': { allowed: EVERYONE },
  'GET /api/auth/config': { allowed: EVERYONE },
  'POST /api/auth/login': { allowed: EVERYONE },
  'POST /api/auth/email/request-code': { allowed: EVERYONE },
  'POST /api/auth/email/verify': { allowed: EVERYONE },
  'POST /api/auth/hash': { allowed: EVERYONE },
  'POST /api/auth': { allowed: EVERYONE },
  'POST /api/auth/refresh': { allowed: SIGNED_IN },
  'POST /api/auth/logout': { allowed: SIGNED_IN, revokes: true },
  'GET /api/profile': { allowed: SIGNED_IN },
  'PATCH /api/profile': { allowed: SIGNED_IN },
  'PUT /api/profile/organization': { allowed: SIGNED_IN },
  'POST /api/profile/email/request-code': { allowed: SIGNED_IN },
  'POST /api/profile/email/confirm': { allowed: SIGNED_IN },
  'GET /api/crm-access-request/my': { allowed: SIGNED_IN },
  'POST /api/crm-access-request': { allowed: SIGNED_IN },
  'GET /api/admin/crm-access-requests': { allowed: ['ADMIN'] },
  'POST /api/admin/crm-access-requests/:id/grant': { allowed: ['ADMIN'] },
  'POST /api/admin/crm-access-requests/:id/refuse': { allowed: ['ADMIN'] },
  'POST /api/partner/auth/login': { allowed: EVERYONE },
  'POST /api/partner/auth/logout': { allowed: PARTNERS, revokes: true },
  'GET /api/partner/profile': { allowed: PARTNERS },
  'GET /api/partner/payment-details': { allowed: PARTNERS },
  'PUT /api/partner/payment-details': { allowed: PARTNERS },
  'GET /api/partner/corporate/coupon-batches': { allowed: ['corporatePortal'] },
  'POST /api/partner/corporate/coupon-batches': { allowed: ['corporatePortal'] },
  'GET /api/partner/corporate/coupon-batches/:id/coupons': { allowed: ['corporatePortal'] },
  'GET /api/partner/corporate/coupon-batches/:id/export.csv': { allowed: ['corporatePortal'] },
  'GET /api/partner/corporate/campaigns': { allowed: ['corporatePortal'] },
  'POST /api/partner/corporate/campaigns': { allowed: ['corporatePortal'] },
  'PUT /api/partner/corporate/campaigns/:id': { allowed: ['corporatePortal'] },
  'POST /api/partner/corporate/campaigns/:id/archive': { allowed: ['corporatePortal'] },
  'PUT /api/partner/corporate/campaigns/:id/links': { allowed: ['corporatePortal'] },
  'GET /api/partner/corporate/analytics': { allowed: ['corporatePortal'] },
  'GET /api/partner/corporate/analytics/export.csv': { allowed: ['corporatePortal'] },
  // Partner sessions of INTEGRATOR partners only (decision 071): the affiliate gets 403.
  'GET /api/partner/webhooks': { allowed: ['integrator'] },
  'POST /api/partner/webhooks': { allowed: ['integrator'] },
  'PATCH /api/partner/webhooks/:id': { allowed: ['integrator'] },
  'DELETE /api/partner/webhooks/:id': { allowed: ['integrator'] },
  'POST /api/partner/webhooks/:id/rotate-secret': { allowed: ['integrator'] },
  'POST /api/partner/webhooks/:id/test': { allowed: ['integrator'] },
  'GET /api/partner/webhooks/:id/deliveries': { allowed: ['integrator'] },
  'GET /api/partner/webhooks/:id/deliveries/:deliveryId': { allowed: ['integrator'] },
  'POST /api/partner/webhooks/:id/deliveries/:deliveryId/resend': { allowed: ['integrator'] },
  'POST /api/partner/payment-details/confirm': { allowed: EVERYONE },
  'GET /api/admin/fraud-events': { allowed: ['ADMIN'] },
  'POST /api/admin/fraud-events/:id/release': { allowed: ['ADMIN'] },
  'POST /api/admin/fraud-events/:id/reverse': { allowed: ['ADMIN'] },
  'POST /api/admin/fraud-events/:id/ban': { allowed: ['ADMIN'] },
  'GET /api/admin/partner-analytics': { allowed: ['ADMIN'] },
  'GET /api/admin/partner-analytics/export.csv': { allowed: ['ADMIN'] },
  'GET /api/marketing/reports/dashboard': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/reports/sources': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/reports/events': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/reports/:report/export.csv': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/campaigns': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/marketing/campaigns': { allowed: ['ADMIN', 'MANAGER'] },
  'PUT /api/marketing/campaigns/:id': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/marketing/campaigns/:id/archive': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/marketing/campaigns/:id/restore': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/marketing/campaigns/:id/spend': { allowed: ['ADMIN', 'MANAGER'] },
  'DELETE /api/marketing/campaigns/:id/spend/:spendId': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/utm-links': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/marketing/utm-links': { allowed: ['ADMIN', 'MANAGER'] },
  'DELETE /api/marketing/utm-links/:id': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/funnel': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/funnel/export.csv': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/attribution': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/attribution/export.csv': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/touchpoints': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/touchpoints/export.csv': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/lead-scoring': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/marketing/lead-scoring/export.csv': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/partner/commissions': { allowed: PARTNERS },
  'GET /api/partner/payouts': { allowed: PARTNERS },
  'GET /api/partner/payouts/:id/statement.pdf': { allowed: PARTNERS },
  'GET /api/commission-adjustments': { allowed: ['ADMIN'] },
  'POST /api/commission-adjustments': { allowed: ['ADMIN'] },
  'GET /api/commission-adjustments/partners': { allowed: ['ADMIN'] },
  'GET /api/partner-payouts': { allowed: ['ADMIN'] },
  'POST /api/partner-payouts': { allowed: ['ADMIN'] },
  'GET /api/partner-payouts/:id': { allowed: ['ADMIN'] },
  'GET /api/partner-payouts/:id/registry.csv': { allowed: ['ADMIN'] },
  'POST /api/partner-payouts/:id/mark-paid': { allowed: ['ADMIN'] },
  'POST /api/partner-payouts/:id/cancel': { allowed: ['ADMIN'] },
  'GET /api/partner/affiliate/links': { allowed: PARTNERS },
  'POST /api/partner/affiliate/links': { allowed: PARTNERS },
  'POST /api/partner/affiliate/links/:id/archive': { allowed: PARTNERS },
  'GET /api/partner/affiliate/promocodes': { allowed: PARTNERS },
  'POST /api/partner/affiliate/promocodes': { allowed: PARTNERS },
  'GET /api/partner/affiliate/click-logs': { allowed: PARTNERS },
  'GET /api/partner/affiliate/click-logs/export.csv': { allowed: PARTNERS },
  'GET /api/partner/affiliate/analytics': { allowed: PARTNERS },
  'GET /api/partner/dashboard': { allowed: PARTNERS },
  // Issue 20 (decision 070): the keys page is INTEGRATOR partners'; the partner API is API keys' only.
  'GET /api/partner/integrator/api-keys': { allowed: ['integrator'] },
  'POST /api/partner/integrator/api-keys': { allowed: ['integrator'] },
  'POST /api/partner/integrator/api-keys/:id/revoke': { allowed: ['integrator'] },
  'GET /api/v1/partner/form-params': { allowed: API_KEY },
  'POST /api/v1/partner/quote': { allowed: API_KEY },
  'POST /api/v1/partner/orders': { allowed: API_KEY },
  'GET /api/v1/partner/orders': { allowed: API_KEY },
  'GET /api/v1/partner/orders/:id': { allowed: API_KEY },
  // Issue 20 (decision 072): the integrator's widgets; what the embedded widget calls is public.
  'GET /api/partner/integrator/widgets': { allowed: ['integrator'] },
  'POST /api/partner/integrator/widgets': { allowed: ['integrator'] },
  'PUT /api/partner/integrator/widgets/:id': { allowed: ['integrator'] },
  'POST /api/partner/integrator/widgets/:id/archive': { allowed: ['integrator'] },
  'GET /api/widget/:id/config': { allowed: EVERYONE },
  'GET /api/widget/:id/quote': { allowed: EVERYONE },
  'GET /api/form-settings/promocode/partners': { allowed: ['ADMIN'] },
  'PUT /api/form-settings/promocode/:code/partner': { allowed: ['ADMIN'] },
  'PUT /api/partner/profile': { allowed: PARTNERS },
  'PUT /api/partner/change-password': { allowed: PARTNERS },
  'POST /api/partner/apply': { allowed: EVERYONE },
  'POST /api/partner/password/set': { allowed: EVERYONE },
  'POST /api/partner/password/forgot': { allowed: EVERYONE },
  'GET /api/admin/partner-applications': { allowed: ['ADMIN'] },
  'POST /api/admin/partner-applications/:id/approve': { allowed: ['ADMIN'] },
  'POST /api/admin/partner-applications/:id/refuse': { allowed: ['ADMIN'] },
  'GET /api/admin/partner-program/settings': { allowed: ['ADMIN'] },
  'GET /api/admin/partner-program/coupon-batches': { allowed: ['ADMIN'] },
  'POST /api/admin/partner-program/coupon-batches/:id/approve': { allowed: ['ADMIN'] },
  'POST /api/admin/partner-program/coupon-batches/:id/refuse': { allowed: ['ADMIN'] },
  'PUT /api/admin/partner-program/settings': { allowed: ['ADMIN'] },
  'GET /api/admin/partner-program/partners': { allowed: ['ADMIN'] },
  'PUT /api/admin/partner-program/partners/:id/status': { allowed: ['ADMIN'] },
  'PUT /api/admin/partner-program/partners/:id/commission': { allowed: ['ADMIN'] },
  'GET /api/admin/mail-outbox': { allowed: ['ADMIN'] },
  'GET /api/order/form-params': { allowed: EVERYONE },
  'POST /api/analytics/session': { allowed: EVERYONE },
  'POST /api/analytics/event': { allowed: EVERYONE },
  'POST /api/analytics/conversion': { allowed: EVERYONE },
  'POST /api/analytics/funnel-stage': { allowed: EVERYONE },
  'POST /api/analytics/batch': { allowed: EVERYONE },
  'GET /api/analytics/counters': { allowed: EVERYONE },
  'GET /api/marketing/analytics-config': { allowed: ['ADMIN'] },
  'POST /api/marketing/analytics-config': { allowed: ['ADMIN'] },
  'POST /api/order': { allowed: EVERYONE },
  'GET /api/form-settings/promocode/validate': { allowed: EVERYONE },
  'POST /api/order/yandex-delivery/check-price': { allowed: EVERYONE },
  'POST /api/order/:id/create-payment-link': { allowed: EVERYONE },
  'GET /api/order-status/:token': { allowed: EVERYONE },
  'POST /api/order-status/:token/payment-link': { allowed: EVERYONE },
  'GET /api/order/:id/payment-outcome': { allowed: EVERYONE },
  'POST /api/order/:id/retry-payment': { allowed: EVERYONE },
  'POST /api/payments/yookassa/webhook': { allowed: EVERYONE },
  'GET /api/payments/test/:id': { allowed: EVERYONE },
  'POST /api/payments/test/:id/:decision': { allowed: EVERYONE },
  'GET /api/point/active': { allowed: EVERYONE },
  'GET /api/point/:id': { allowed: EVERYONE },
  'POST /api/upload/public': { allowed: EVERYONE },
  'GET /api/suggestions/status': { allowed: EVERYONE },
  'POST /api/suggestions/party': { allowed: EVERYONE },
  'POST /api/suggestions/address': { allowed: EVERYONE },
  'POST /api/upload': { allowed: SIGNED_IN },
  'GET /api/order/my': { allowed: SIGNED_IN },
  'GET /api/order/:id': { allowed: SIGNED_IN },
  'GET /api/order/:id/files/:fileId': { allowed: SIGNED_IN },
  'POST /api/order/:id/confirm-owner': { allowed: SIGNED_IN },
  'GET /api/order/:id/results': { allowed: SIGNED_IN },
  'GET /api/order/:id/refunds': { allowed: SIGNED_IN },
  'POST /api/order/:id/results': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/order/:id/results/send': { allowed: ['ADMIN', 'MANAGER'] },
  'DELETE /api/order/:id/results/:resultId': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/order/:id/results/:resultId': { allowed: SIGNED_IN },
  'POST /api/order/:id/edit/preview': { allowed: ['ADMIN', 'MANAGER'] },
  'PUT /api/order/:id/edit': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/order/:id/timeline': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/order/:id/resend': { allowed: ['ADMIN', 'MANAGER'] },
  'PATCH /api/order/status': { allowed: SIGNED_IN },
  'GET /api/order': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/order/export.csv': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/order/partner': { allowed: ['PARTNER'] },
  'GET /api/order/partner/:id': { allowed: ['PARTNER'] },
  'POST /api/order/export.csv': { allowed: ['ADMIN', 'MANAGER'] },
  'PATCH /api/order/amount': { allowed: ['ADMIN'] },
  'POST /api/order/:id/refunds': { allowed: ['ADMIN'] },
  'POST /api/order/:id/refunds/:refundId/retry': { allowed: ['ADMIN'] },
  'PATCH /api/order/other-document-amount': { allowed: ['ADMIN', 'MANAGER'] },
  'DELETE /api/order': { allowed: ['ADMIN'] },
  'GET /api/order/filter-options': { allowed: ['ADMIN', 'MANAGER'] },
  'PATCH /api/order/act-exchanged': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/order/bulk-status': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/order/views': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/order/views': { allowed: ['ADMIN', 'MANAGER'] },
  'DELETE /api/order/views/:id': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/order/:id/notes': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/order/:id/notes': { allowed: ['ADMIN', 'MANAGER'] },
  'DELETE /api/order/:id/notes/:noteId': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/user/list': { allowed: ['ADMIN'] },
  'GET /api/customer/:id': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/admin/queue/info': { allowed: ['ADMIN'] },
  'GET /api/admin/queue/jobs/:status': { allowed: ['ADMIN'] },
  'GET /api/admin/queue/order/:orderId': { allowed: ['ADMIN'] },
  'DELETE /api/admin/queue/order/:orderId': { allowed: ['ADMIN'] },
  'GET /api/admin/order-monitoring/dashboard': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/admin/order-monitoring/order/:orderId': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/admin/queue/failed-groups': { allowed: ['ADMIN'] },
  'POST /api/admin/queue/jobs/:id/retry': { allowed: ['ADMIN'] },
  'POST /api/admin/queue/:queue/retry-failed': { allowed: ['ADMIN'] },
  'GET /api/admin/cron/info': { allowed: ['ADMIN'] },
  'POST /api/admin/cron/initialize': { allowed: ['ADMIN'] },
  'DELETE /api/admin/cron/all': { allowed: ['ADMIN'] },
  // Queues (decision 056): lists, charts and pauses are ADMIN's; one job's detail is STAFF's (masked for MANAGER).
  'GET /api/admin/queue/jobs': { allowed: ['ADMIN'] },
  'GET /api/admin/queue/job/:id': { allowed: ['ADMIN', 'MANAGER'] },
  'POST /api/admin/queue/jobs/retry': { allowed: ['ADMIN'] },
  'POST /api/admin/queue/jobs/cancel': { allowed: ['ADMIN'] },
  'GET /api/admin/queue/queues': { allowed: ['ADMIN'] },
  'POST /api/admin/queue/:queue/pause': { allowed: ['ADMIN'] },
  'POST /api/admin/queue/:queue/resume': { allowed: ['ADMIN'] },
  'GET /api/admin/queue/throughput': { allowed: ['ADMIN'] },
  'POST /api/admin/cron/:name/run': { allowed: ['ADMIN'] },
  'PATCH /api/user/:id/role': { allowed: ['ADMIN'] },
  'DELETE /api/user/:id': { allowed: ['ADMIN'] },
  'GET /api/partner': { allowed: ['ADMIN'] },
  'POST /api/partner': { allowed: ['ADMIN'] },
  'PUT /api/partner': { allowed: ['ADMIN'] },
  'GET /api/point': { allowed: ['ADMIN'] },
  'GET /api/point/partner/:id': { allowed: ['ADMIN'] },
  'POST /api/point': { allowed: ['ADMIN'] },
  'PUT /api/point': { allowed: ['ADMIN'] },
  'PATCH /api/point/status': { allowed: ['ADMIN'] },
  'DELETE /api/point': { allowed: ['ADMIN'] },
  'POST /api/point/photo/:id': { allowed: ['ADMIN'] },
  'DELETE /api/point/photo/:id': { allowed: ['ADMIN'] },
  'GET /api/point/photos/:file': { allowed: EVERYONE },
  'GET /api/notifications': { allowed: SIGNED_IN },
  'GET /api/notifications/vapid-public-key': { allowed: EVERYONE },
  'POST /api/notifications/subscribe': { allowed: SIGNED_IN },
  'POST /api/user/orders/:id/generate-invoice': { allowed: SIGNED_IN },
  'POST /api/user/orders/:id/generate-act': { allowed: SIGNED_IN },
  'GET /api/user/documents': { allowed: SIGNED_IN },
  'GET /api/user/documents/:id/download': { allowed: SIGNED_IN },
  'POST /api/notifications/:id/read': { allowed: SIGNED_IN },
  'POST /api/notifications/read-all': { allowed: SIGNED_IN },
  'GET /api/form-settings/document': { allowed: ['ADMIN'] },
  'POST /api/form-settings/document': { allowed: ['ADMIN'] },
  'PUT /api/form-settings/document': { allowed: ['ADMIN'] },
  'DELETE /api/form-settings/document': { allowed: ['ADMIN'] },
  'GET /api/form-settings/assurance': { allowed: ['ADMIN'] },
  'POST /api/form-settings/assurance': { allowed: ['ADMIN'] },
  'PUT /api/form-settings/assurance': { allowed: ['ADMIN'] },
  'DELETE /api/form-settings/assurance': { allowed: ['ADMIN'] },
  'GET /api/form-settings/delivery': { allowed: ['ADMIN'] },
  'POST /api/form-settings/delivery': { allowed: ['ADMIN'] },
  'PUT /api/form-settings/delivery': { allowed: ['ADMIN'] },
  'DELETE /api/form-settings/delivery': { allowed: ['ADMIN'] },
  'GET /api/form-settings/promocode': { allowed: ['ADMIN'] },
  'POST /api/form-settings/promocode': { allowed: ['ADMIN'] },
  'PUT /api/form-settings/promocode': { allowed: ['ADMIN'] },
  'DELETE /api/form-settings/promocode': { allowed: ['ADMIN'] },
  // Spec 6: offices are ADMIN's; MANAGER reads the active ones in the order form parameters (decision 021).
  'GET /api/office': { allowed: ['ADMIN'] },
  'GET /api/office/:id': { allowed: ['ADMIN'] },
  'POST /api/office': { allowed: ['ADMIN'] },
  'PUT /api/office': { allowed: ['ADMIN'] },
  'DELETE /api/office': { allowed: ['ADMIN'] },
  'GET /api/holidays': { allowed: ['ADMIN'] },
  'POST /api/holidays': { allowed: ['ADMIN'] },
  'DELETE /api/holidays/:date': { allowed: ['ADMIN'] },
  'GET /api/tariffs': { allowed: ['ADMIN'] },
  'GET /api/tariffs/:id': { allowed: ['ADMIN'] },
  'POST /api/tariffs': { allowed: ['ADMIN'] },
  'PUT /api/tariffs/:id': { allowed: ['ADMIN'] },
  'DELETE /api/tariffs/:id': { allowed: ['ADMIN'] },
  'GET /api/admin/stats/unit-economics': { allowed: ['ADMIN'] },
  'POST /api/admin/push': { allowed: ['ADMIN', 'MANAGER'] },
  'GET /api/admin/push': { allowed: ['ADMIN', 'MANAGER'] },
  // The user directory behind the recipient picker is ADMIN's, like GET /api/user/list (decision 021).
  'GET /api/admin/push/recipients': { allowed: ['ADMIN'] },
  'GET /api/admin/push/:id': { allowed: ['ADMIN', 'MANAGER'] },
};

describe('route authorization', () => {
  let ctx: TestContext;
  const headers = new Map<Who, Record<string, string>>();

  async function signIn(who: Who): Promise<Record<string, string>> {
    switch (who) {
      case 'anonymous':
        return {};
      case 'USER':
        return {
          authorization: (await ctx.customerAuth(`matrix-${Math.random()}@example.ru`)).authorization,
        };
      case 'MANAGER':
        return ctx.staffAuth(...DEMO.manager);
      case 'ADMIN':
        return ctx.staffAuth(...DEMO.admin);
      case 'PARTNER':
        return ctx.staffAuth(...DEMO.partner);
      case 'partnerPortal':
        return ctx.partnerAuth(...DEMO.affiliate);
      case 'corporatePortal':
        return ctx.partnerAuth(...DEMO.payee);
      case 'integrator':
        return ctx.partnerAuth(...DEMO.integrator);
      case 'apiKey':
        return {
          authorization: `Bearer ${await createApiKey(ctx, await ctx.partnerAuth(...DEMO.integrator))}`,
        };
    }
  }

  beforeAll(async () => {
    ctx = await createTestContext({
      env: { RATE_LIMIT_AUTH_PER_IP: '10000', RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0' },
    });
    for (const who of EVERYONE) headers.set(who, await signIn(who));
  });
  afterAll(() => ctx.close());

  it('every registered /api route has an access declaration and an expectation here', () => {
    const registered = ctx.app.accessTable.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered).toEqual(Object.keys(EXPECTED).sort());
  });

  it('refuses to register an /api route without an access declaration', async () => {
    const app = Fastify();
    await app.register(authPlugin, { resolvePrincipal: async () => null });
    await expect(
      app.register(async (child) => {
        child.get('/api/undeclared', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/has no access declaration/);
  });

  it('allows and denies each route for each kind of caller', async () => {
    const failures: string[] = [];
    for (const [key, expectation] of Object.entries(EXPECTED)) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url
        .replace(':id', '00000000-0000-4000-8000-000000000000')
        .replace(':decision', 'confirm')
        .replace(':fileId', '00000000-0000-4000-8000-000000000000')
        .replace(':deliveryId', '00000000-0000-4000-8000-000000000000')
        .replace(':orderId', '00000000-0000-4000-8000-000000000000')
        .replace(':status', 'waiting')
        .replace(':token', '0'.repeat(64));
      for (const who of EVERYONE) {
        const response = await ctx.app.inject({
          method: method as 'GET',
          url: path,
          headers: headers.get(who),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const isAllowed = expectation.allowed.includes(who);
        const denied = response.statusCode === 401 || response.statusCode === 403;
        if (isAllowed === denied) failures.push(`${key} as ${who}: ${response.statusCode}`);
        if (!isAllowed) {
          // 401: no credentials, or a credential of another area (cabinet/CRM, partner portal, partner API);
          // 403: the right area, the wrong role or partner type.
          const isPartnerRoute = expectation.allowed.some(isPortal);
          const isPartner = isPortal(who);
          const isApiRoute = url.startsWith('/api/v1/');
          const isOtherArea =
            who === 'anonymous' || who === 'apiKey' || isApiRoute || isPartner !== isPartnerRoute;
          const want = isOtherArea ? 401 : 403;
          if (response.statusCode !== want)
            failures.push(`${key} as ${who}: ${response.statusCode}, want ${want}`);
        }
        if (expectation.revokes && isAllowed) headers.set(who, await signIn(who));
      }
    }
    expect(failures).toEqual([]);
    // Every route × eight callers, one request each: minutes, not 30 s, on a busy two-core machine.
  }, 240_000);

  it('a MANAGER gets 403 on ADMIN-only routes with the catalogue message', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/mail-outbox',
      headers: headers.get('MANAGER'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'У вас нет прав для выполнения этого действия',
    });
  });
});
