import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { ORDER_LIMITS } from '@app/contracts';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Services } from './container.ts';
import type { Database } from './db/client.ts';
import type { Jobs } from './jobs/jobs.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { analyticsConfigRoutes } from './modules/analytics/analytics-config.routes.ts';
import { ordersPublicRoutes } from './modules/orders/customer/orders.routes.ts';
import { ordersCabinetRoutes } from './modules/orders/customer/orders-cabinet.routes.ts';
import { orderStatusLinkRoutes } from './modules/orders/customer/order-status-link.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { ordersStaffRoutes } from './modules/orders/staff/orders-staff.routes.ts';
import { orderNotesRoutes } from './modules/orders/staff/order-notes.routes.ts';
import { orderEditRoutes } from './modules/orders/staff/order-edit.routes.ts';
import { orderResendRoutes } from './modules/orders/staff/order-resend.routes.ts';
import { ordersBulkRoutes } from './modules/orders/staff/orders-bulk.routes.ts';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { cronRoutes } from './modules/monitoring/cron.routes.ts';
import { queueJobsRoutes } from './modules/monitoring/queue-jobs.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { refundsRoutes } from './modules/payments/refunds.routes.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { pointPhotosRoutes } from './modules/points/point-photos.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { orderResultsRoutes } from './modules/order-results/order-results.routes.ts';
import { formSettingsAdminRoutes } from './modules/form-settings/form-settings-admin.routes.ts';
import { officesRoutes } from './modules/offices/offices.routes.ts';
import { holidaysRoutes } from './modules/holidays/holidays.routes.ts';
import { tariffsRoutes } from './modules/tariffs/tariffs.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { pushStaffRoutes } from './modules/push/push-staff.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { partnerAuthRoutes } from './modules/auth/partner-auth.routes.ts';
import { crmAccessRoutes } from './modules/crm-access/crm-access.routes.ts';
import { formSettingsRoutes } from './modules/form-settings/form-settings.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { partnerApiKeysRoutes } from './modules/partner-api/partner-api-keys.routes.ts';
import { partnerApiRoutes } from './modules/partner-api/partner-api.routes.ts';
import { partnerPortalRoutes } from './modules/partner-portal/partner-portal.routes.ts';
import { paymentDetailsRoutes } from './modules/payment-details/payment-details.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { fraudRoutes } from './modules/fraud/fraud.routes.ts';
import { marketingReportsRoutes } from './modules/marketing/marketing-reports.routes.ts';
import { marketingCampaignsRoutes } from './modules/marketing/marketing-campaigns.routes.ts';
import { marketingJourneysRoutes } from './modules/marketing/marketing-journeys.routes.ts';
import { commissionsRoutes } from './modules/commissions/commissions.routes.ts';
import { partnerProgramRoutes } from './modules/partner-portal/partner-program.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { couponsStaffRoutes } from './modules/coupons/coupons-staff.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { referralsPublicRoutes } from './modules/referrals/referrals-public.routes.ts';
import { referralsStaffRoutes } from './modules/referrals/referrals-staff.routes.ts';
import { widgetsPublicRoutes } from './modules/widgets/widgets-public.routes.ts';
import { widgetsRoutes } from './modules/widgets/widgets.routes.ts';
import { suggestionsRoutes } from './modules/suggestions/suggestions.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  frameworkErrors,
  requestSerializer,
} from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { lazyChildLoggerFactory } from './plugins/request-logger.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  services: Services;
  /** pg-boss, for the readiness check (GET /api/ready). */
  jobs: Jobs;
  /** Where the log goes (tests read it); stdout otherwise. */
  logStream?: DestinationStream;
};

/**
 * Fastify 5.12 no longer takes a hop count (a number fails closed: an origin reachable directly would trust any
 * client's header). TRUST_PROXY=<n> is the operator saying the app is reachable only through n proxies, so a
 * number becomes that trust function; addresses/CIDRs and true/false go to Fastify as they are.
 */
function toFastifyTrustProxy(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, services, jobs } = deps;
  const { logStream } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestSerializer },
            ...(logStream ? { stream: logStream } : {}),
          },
    // The request's pino child is made on its first written line, not per request (decision 040).
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    // Path parameters are ids, dates and file names; a longer one is a 414 in the shared error body.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.env === 'production' });
  // Same-origin by default: the CORS hook exists only when other origins are configured.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }
  await app.register(rateLimit, { global: false });
  // Multipart requests elsewhere are parsed as before (no body: the route's contract answers), without
  // @fastify/multipart's per-request hooks; the plugin itself lives with the upload routes (below).
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, {
    resolvePrincipal: (token) => services.auth.resolvePrincipal(token),
    resolveApiKey: (key, ip, scope) => services.partnerApi.resolveApiKey(key, ip, scope),
  });
  await app.register(openapiPlugin);

  await app.register(systemRoutes, { config, database, jobs });
  await app.register(authRoutes, { auth: services.auth, config });
  await app.register(profileRoutes, { profile: services.profile, auth: services.auth });
  await app.register(crmAccessRoutes, { crmAccess: services.crmAccess });
  await app.register(partnerAuthRoutes, { auth: services.auth, config });
  await app.register(partnerPortalRoutes, {
    partnerPortal: services.partnerPortal,
    partnerJoining: services.partnerJoining,
    config,
  });
  await app.register(partnerProgramRoutes, {
    partnerJoining: services.partnerJoining,
    partnerProgram: services.partnerProgram,
  });
  await app.register(partnerApiKeysRoutes, { partnerApi: services.partnerApi });
  await app.register(partnerApiRoutes, {
    partnerApi: services.partnerApi,
    formSettings: services.formSettings,
  });
  await app.register(paymentDetailsRoutes, { paymentDetails: services.paymentDetails });
  await app.register(webhooksRoutes, { webhooks: services.webhooks });
  await app.register(fraudRoutes, { fraud: services.fraud, partnerAnalytics: services.partnerAnalytics });
  await app.register(commissionsRoutes, { commissions: services.commissions, payouts: services.payouts });
  await app.register(mailRoutes, { mail: services.mail });
  await app.register(formSettingsRoutes, { formSettings: services.formSettings });
  await app.register(marketingJourneysRoutes, { journeys: services.marketingJourneys });
  await app.register(analyticsRoutes, {
    analytics: services.analytics,
    perIpPerMinute: config.rateLimits.analyticsPerIp,
    perSessionPerMinute: config.rateLimits.analyticsPerSession,
  });
  await app.register(analyticsConfigRoutes, { analytics: services.analytics });
  await app.register(ordersPublicRoutes, {
    orders: services.orders,
    deliveryPrice: services.deliveryPrice,
    ordersPerMinute: config.rateLimits.ordersPerMinute,
  });
  await app.register(ordersStaffRoutes, { staff: services.ordersStaff });
  await app.register(orderNotesRoutes, { notes: services.orderNotes });
  await app.register(orderEditRoutes, { edit: services.orderEdit, timeline: services.orderTimeline });
  await app.register(orderResendRoutes, { resend: services.orderResend });
  await app.register(ordersBulkRoutes, { status: services.orderStatus });
  await app.register(savedViewsRoutes, { views: services.savedViews });
  await app.register(monitoringRoutes, { monitoring: services.monitoring });
  await app.register(cronRoutes, { monitoring: services.monitoring });
  await app.register(queueJobsRoutes, { queueJobs: services.queueJobs });
  await app.register(usersRoutes, { users: services.users });
  await app.register(customersRoutes, { customers: services.customers });
  await app.register(partnersRoutes, { partners: services.partners });
  await app.register(ordersCabinetRoutes, {
    query: services.ordersQuery,
    status: services.orderStatus,
    partnerView: (actor, orderId) => services.ordersStaff.getForPartner(actor, orderId),
  });
  await app.register(orderStatusLinkRoutes, { query: services.ordersQuery });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(documentsRoutes, { documents: services.documents });
  await app.register(pushRoutes, { push: services.push });
  await app.register(paymentsRoutes, { payments: services.payments, refunds: services.refunds });
  await app.register(refundsRoutes, { refunds: services.refunds });
  await app.register(pointsRoutes, { points: services.points });
  await app.register(suggestionsRoutes, { suggestions: services.suggestions });
  // Decision 031: @fastify/multipart adds an async onRequest and onResponse hook to every route of its context;
  // registered here, only the two upload routes pay for them (GET form-params, the hot path, does not).
  await app.register(async (uploadScope) => {
    uploadScope.removeContentTypeParser('multipart/form-data');
    await uploadScope.register(multipart, {
      limits: { fileSize: ORDER_LIMITS.maxFileBytes, files: ORDER_LIMITS.maxFiles, fields: 10, parts: 30 },
    });
    await uploadScope.register(pointPhotosRoutes, { pointPhotos: services.pointPhotos });
    await uploadScope.register(uploadsRoutes, { uploads: services.uploads });
    await uploadScope.register(orderResultsRoutes, { results: services.orderResults });
  });
  await app.register(formSettingsAdminRoutes, { admin: services.formSettingsAdmin });
  await app.register(officesRoutes, { offices: services.offices });
  await app.register(holidaysRoutes, { holidays: services.holidays });
  await app.register(tariffsRoutes, { tariffs: services.tariffs });
  await app.register(statsRoutes, { stats: services.stats });
  await app.register(marketingReportsRoutes, { marketing: services.marketing });
  await app.register(marketingCampaignsRoutes, { marketing: services.marketing });
  await app.register(pushStaffRoutes, { pushStaff: services.pushStaff });
  await app.register(referralsRoutes, { referrals: services.referrals });
  await app.register(referralsStaffRoutes, { referrals: services.referrals });
  await app.register(referralsPublicRoutes, { referrals: services.referrals });
  await app.register(couponsRoutes, { coupons: services.coupons });
  await app.register(couponsStaffRoutes, { coupons: services.coupons });
  await app.register(widgetsRoutes, { widgets: services.widgets });
  await app.register(widgetsPublicRoutes, { widgets: services.widgets });

  await app.register(staticSpaPlugin, {
    distDir: config.serveWeb ? config.webDistDir : null,
    paymentsTestMode: config.env === 'production' && config.payments.testMode,
  });
  return app;
}
