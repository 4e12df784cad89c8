/**
 * Every page address of the web app (`:name` is one path segment). The server answers anything else outside /api
 * and the build files with the app's "page not found" and HTTP 404 (issue 16: it answered 200). The web's router
 * is checked against this list (apps/web/src/app/spa-routes.test.ts): a page added there must be added here.
 */
export const SPA_PAGE_PATTERNS: readonly string[] = [
  '/',
  '/login',
  '/cabinet-login',
  '/partner/login',
  '/partner/apply',
  '/partner/set-password',
  '/cabinet-redirect',
  '/partner-redirect',
  '/admin-redirect',
  '/crm-access-request',
  '/no-access',
  '/api-docs',
  '/profile',
  // The guest status page from the e-mails (decision 036)
  '/order-status/:token',
  // The order pages (their own small app, decision 018)
  '/order',
  '/order/step-1',
  '/order/step-2',
  '/order/step-3',
  '/order/success',
  '/order/:orderId/success',
  '/payment/test/:paymentId',
  '/debug',
  '/landing-old',
  // Customer cabinet
  '/cabinet',
  '/cabinet/orders',
  '/cabinet/orders/:id',
  '/cabinet/notifications',
  '/cabinet/profile',
  '/cabinet/organization',
  '/cabinet/invoices',
  // Back office and partner portal: their areas; a page of theirs is listed below
  '/crm',
  '/partner',
];

/** Pages of the back office and the partner portal, below /crm/ and /partner/ (lib/access/*-routes.ts). */
export const SPA_AREA_PAGE_PATTERNS: Readonly<Record<'crm' | 'partner', readonly string[]>> = {
  crm: [
    'commission-adjustments',
    'customers/:id',
    'form-settings',
    'fraud-monitoring',
    'holidays',
    'home',
    'marketing',
    'marketing/analytics',
    'marketing/attribution',
    'marketing/campaigns',
    'marketing/funnel',
    'marketing/lead-scoring',
    'marketing/sources-report',
    'marketing/touchpoints',
    'marketing/utm-builder',
    'monitoring',
    'monitoring/cron',
    'monitoring/job/:id',
    'monitoring/order/:orderId',
    'monitoring/queue',
    'offices',
    'orders',
    'orders/:id',
    'partner',
    'partner-analytics',
    'partner-payouts',
    'partner-program',
    'partner-program/applications',
    'partner/:partnerId/points',
    'push-notifications',
    'stats',
    'tariffs',
    'tariffs/:id',
    'users',
  ],
  partner: [
    'dashboard',
    'profile',
    'affiliate/promocodes',
    'affiliate/links',
    'affiliate/analytics',
    'affiliate/click-logs',
    'corporate/coupon-batches',
    'corporate/campaigns',
    'corporate/analytics',
    'integrator/widgets',
    'integrator/api-keys',
    'integrator/webhooks',
    'integrator/docs',
    'commissions',
    'history/payouts',
    'payment-details',
  ],
};

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/');
  return (
    parts.length === segments.length &&
    parts.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
  );
}

/** Whether `pathname` (no query) is a page of the web app; a trailing slash is allowed. */
export function isSpaPage(pathname: string): boolean {
  const segments = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
  if (pathname === '/') return true;
  const patterns = [
    ...SPA_PAGE_PATTERNS,
    ...SPA_AREA_PAGE_PATTERNS.crm.map((path) => `/crm/${path}`),
    ...SPA_AREA_PAGE_PATTERNS.partner.map((path) => `/partner/${path}`),
  ];
  return patterns.some((pattern) => matches(pattern, segments));
}
