import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Jobs, JobHandlers } from './jobs/jobs.ts';
import type { Clock } from './lib/clock.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCrmAccessRepository } from './modules/crm-access/crm-access.repository.ts';
import { createCrmAccessService } from './modules/crm-access/crm-access.service.ts';
import { createFormSettingsService } from './modules/form-settings/form-settings.service.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createPartnerApiRepository } from './modules/partner-api/partner-api.repository.ts';
import { createPartnerApiService } from './modules/partner-api/partner-api.service.ts';
import { createPartnerJoiningService } from './modules/partner-portal/partner-joining.service.ts';
import { createPartnerPortalRepository } from './modules/partner-portal/partner-portal.repository.ts';
import { createPartnerPortalService } from './modules/partner-portal/partner-portal.service.ts';
import { createCommissionsRepository } from './modules/commissions/commissions.repository.ts';
import { createFraudRepository } from './modules/fraud/fraud.repository.ts';
import { createFraudService } from './modules/fraud/fraud.service.ts';
import { createMarketingJourneys } from './modules/marketing/marketing-journeys.ts';
import { createPartnerAnalyticsService } from './modules/fraud/partner-analytics.service.ts';
import { createMarketingRepository } from './modules/marketing/marketing.repository.ts';
import { createMarketingService } from './modules/marketing/marketing.service.ts';
import { createPaymentDetailsRepository } from './modules/payment-details/payment-details.repository.ts';
import { createPaymentDetailsService } from './modules/payment-details/payment-details.service.ts';
import { createCommissionsService } from './modules/commissions/commissions.service.ts';
import { createPayoutsService } from './modules/commissions/payouts.service.ts';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { createWebhookHttp } from './providers/webhook-http.ts';
import { createPartnerProgramService } from './modules/partner-portal/partner-program.service.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { createCouponsRepository } from './modules/coupons/coupons.repository.ts';
import { createCouponsService } from './modules/coupons/coupons.service.ts';
import { createReferralsRepository } from './modules/referrals/referrals.repository.ts';
import { createReferralsService } from './modules/referrals/referrals.service.ts';
import { createWidgetsRepository } from './modules/widgets/widgets.repository.ts';
import { createWidgetsService } from './modules/widgets/widgets.service.ts';
import type { MailTransport } from './providers/mail.ts';
import { createOrdersRepository } from './modules/orders/orders.repository.ts';
import { createOrdersService } from './modules/orders/customer/orders.service.ts';
import { createDeliveryPriceService } from './modules/orders/customer/delivery-price.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { createRefundsRepository } from './modules/payments/refunds.repository.ts';
import { createRefundsService } from './modules/payments/refunds.service.ts';
import { createOrdersQueryService } from './modules/orders/query/orders-query.service.ts';
import { createOrderStatusService } from './modules/orders/order-status.service.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createPushRepository } from './modules/push/push.repository.ts';
import { createPushService } from './modules/push/push.service.ts';
import { createOrdersStaffService } from './modules/orders/staff/orders-staff.service.ts';
import { createOrderEditService } from './modules/orders/staff/order-edit.service.ts';
import { createOrderResendService } from './modules/orders/staff/order-resend.service.ts';
import { createOrderTimelineService } from './modules/orders/staff/order-timeline.service.ts';
import { createOrderNotesService } from './modules/orders/staff/order-notes.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { createPartnersRepository } from './modules/partners/partners.repository.ts';
import { createPartnersService } from './modules/partners/partners.service.ts';
import { createMonitoringService } from './modules/monitoring/monitoring.service.ts';
import { createMonitoringRepository } from './modules/monitoring/monitoring.repository.ts';
import { createQueueJobsService } from './modules/monitoring/queue-jobs.service.ts';
import { createPointsService } from './modules/points/points.service.ts';
import { createPointPhotosService } from './modules/points/point-photos.service.ts';
import { createFormSettingsRepository } from './modules/form-settings/form-settings.repository.ts';
import { createFormSettingsAdminService } from './modules/form-settings/form-settings-admin.service.ts';
import { createOfficesRepository } from './modules/offices/offices.repository.ts';
import { createOfficesService } from './modules/offices/offices.service.ts';
import { createHolidaysRepository } from './modules/holidays/holidays.repository.ts';
import { createHolidaysService } from './modules/holidays/holidays.service.ts';
import { createSavedViewsRepository } from './modules/saved-views/saved-views.repository.ts';
import { createSavedViewsService } from './modules/saved-views/saved-views.service.ts';
import { createTariffsRepository } from './modules/tariffs/tariffs.repository.ts';
import { createTariffsService } from './modules/tariffs/tariffs.service.ts';
import { createSystemRepository } from './modules/system/system.repository.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { createPushStaffService, SEND_STAFF_PUSH_JOB } from './modules/push/push-staff.service.ts';
import { createOrderResultsRepository } from './modules/order-results/order-results.repository.ts';
import { createOrderResultsService } from './modules/order-results/order-results.service.ts';
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import {
  createTariffPricer,
  createYandexDeliveryClient,
  createYandexDeliveryPricer,
  type DeliveryClient,
  type DeliveryPricer,
} from './providers/delivery.ts';
import { createOrderAutomationService } from './modules/orders/automation/order-automation.service.ts';
import { createPointsRepository } from './modules/points/points.repository.ts';
import { createPointsSyncService } from './modules/points/points-sync.service.ts';
import { createYooKassaProvider, type PaymentProvider } from './providers/payment.ts';
import { createLocalStorage, type FileStorage } from './providers/storage.ts';
import type { PushSender, VapidKeys } from './providers/push.ts';
import { createDadataClient, type SuggestionsClient } from './providers/suggestions.ts';
import { createSuggestionsService } from './modules/suggestions/suggestions.service.ts';

export type ServiceDeps = {
  config: Config;
  database: Database;
  jobs: Jobs;
  mailTransport: MailTransport;
  clock: Clock;
  /** Adapters to the outside world; tests may pass clients pointed at fake servers. */
  createPushSender?: (vapid: VapidKeys) => PushSender;
  paymentProvider?: PaymentProvider;
  deliveryPricer?: DeliveryPricer;
  /** Courier claims and pickup points; null = no provider (jobs skip). */
  deliveryClient?: DeliveryClient | null;
  storage?: FileStorage;
  /** Requisites and address suggestions; null = none (the form's fields stay manual). */
  suggestionsClient?: SuggestionsClient | null;
};

function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payments.provider === 'yookassa') return createYooKassaProvider(config.payments);
  return {
    kind: 'test',
    // The built-in page confirms or declines; the payment row id is the provider's id.
    async createPayment(request) {
      return {
        providerPaymentId: request.paymentId,
        status: 'pending',
        paid: false,
        amount: request.amount,
        // The built-in page, on the site the payer came from (the return URL's origin, see createPaymentLink).
        confirmationUrl: `${new URL(request.returnUrl).origin}/payment/test/${request.paymentId}`,
        metadata: {},
        receiptRegistration: null,
      };
    },
    async getPayment() {
      return null;
    },
    // No money moved on the test page, so none goes back: the refund is done at once.
    async createRefund(request) {
      return {
        providerRefundId: request.refundId,
        status: 'succeeded',
        amount: request.amount,
        cancellationReason: null,
      };
    },
    async getRefund() {
      return null;
    },
  };
}

/** Wires every service once; the API and the worker share this. */
export function createServices(deps: ServiceDeps) {
  const { config, database, jobs, mailTransport, clock } = deps;
  const db = database.db;
  // PostgreSQL only: PGlite runs one statement at a time in its own small memory (decision 084).
  const reportWorkMemMb = database.kind === 'postgres' ? config.marketingReportWorkMemMb : 0;
  // The owner of order_events; mail records its events with this module's SQL (orderEventCte, decision 064).
  const ordersRepo = createOrdersRepository();
  const mail = createMailService({
    db,
    repo: createMailRepository(),
    jobs,
    transport: mailTransport,
    clock,
    brand: { publicUrl: config.publicUrl, support: config.support, seller: config.seller },
  });
  const authRepo = createAuthRepository();
  const audit = createAuditRepository();
  const partnerPortalRepo = createPartnerPortalRepository();
  const auth = createAuthService({ db, repo: authRepo, mail, config, clock, partnerPortalRepo });
  const formSettings = createFormSettingsService({ db, clock });
  const deliveryPricer =
    deps.deliveryPricer ??
    (config.delivery.provider === 'yandex'
      ? createYandexDeliveryPricer(config.delivery)
      : createTariffPricer(async () => {
          const { deliveries } = await formSettings.getFormParams();
          return deliveries.find((delivery) => delivery.type === 'COURIER')?.price ?? 0;
        }));
  const storage = deps.storage ?? createLocalStorage(config.uploadDir);
  const formSettingsRepo = createFormSettingsRepository();
  const uploadsRepo = createUploadsRepository();
  const paymentsRepo = createPaymentsRepository();
  const ordersQuery = createOrdersQueryService({ db, repo: ordersRepo, storage, clock });
  const notificationsRepo = createNotificationsRepository();
  const notifications = createNotificationsService({ db, repo: notificationsRepo, jobs, clock });
  const push = createPushService({
    db,
    repo: createPushRepository(),
    systemRepo: createSystemRepository(),
    config,
    createSender: deps.createPushSender,
  });
  // Integrator webhooks (decision 071): the order, commission and payout changes write their events through it.
  const webhooks = createWebhooksService({
    db,
    repo: createWebhooksRepository(),
    jobs,
    mail,
    http: createWebhookHttp(config.webhooks),
    publicUrl: config.publicUrl,
    clock,
  });
  const analyticsRepo = createAnalyticsRepository();
  const analytics = createAnalyticsService({
    db,
    repo: analyticsRepo,
    audit,
    clock,
    jobs,
    secret: config.jwtSecret,
    ownHostname: new URL(config.publicUrl).hostname,
  });
  const commissionsRepo = createCommissionsRepository();
  const commissions = createCommissionsService({ db, repo: commissionsRepo, audit, webhooks, clock });
  const fraud = createFraudService({
    db,
    repo: createFraudRepository(),
    commissionsRepo,
    partnerPortalRepo,
    authRepo,
    audit,
    clock,
  });
  const coupons = createCouponsService({
    db,
    repo: createCouponsRepository(),
    audit,
    clock,
    referralsRepo: createReferralsRepository(),
  });
  const orderStatus = createOrderStatusService({
    db,
    commissions,
    webhooks,
    coupons,
    analytics,
    repo: ordersRepo,
    query: ordersQuery,
    mail,
    notifications,
    jobs,
    paymentsRepo,
    audit,
    config,
    clock,
  });
  const deliveryClient =
    deps.deliveryClient !== undefined
      ? deps.deliveryClient
      : config.delivery.provider === 'yandex'
        ? createYandexDeliveryClient(config.delivery)
        : null;
  const uploads = createUploadsService({ db, repo: uploadsRepo, storage, clock });
  const pointsRepo = createPointsRepository();
  const pointPhotos = createPointPhotosService({ db, repo: pointsRepo, storage, clock });
  const paymentProvider = deps.paymentProvider ?? createPaymentProvider(config);
  const referrals = createReferralsService({
    db,
    repo: createReferralsRepository(),
    promoRepo: formSettingsRepo,
    audit,
    config,
    clock,
  });
  const payments = createPaymentsService({
    db,
    provider: paymentProvider,
    repo: paymentsRepo,
    ordersRepo,
    orderStatus,
    audit,
    config,
    clock,
  });
  const orders = createOrdersService({
    db,
    repo: ordersRepo,
    authRepo,
    auth,
    formSettings,
    promoRepo: formSettingsRepo,
    uploadsRepo,
    mail,
    referrals,
    coupons,
    fraud,
    webhooks,
    analytics,
    clock,
  });
  return {
    referrals,
    coupons,
    widgets: createWidgetsService({
      db,
      repo: createWidgetsRepository(),
      referrals,
      formSettings,
      config,
      clock,
    }),
    mail,
    auth,
    ordersQuery,
    monitoring: createMonitoringService({ database, jobs, clock }),
    queueJobs: createQueueJobsService({
      database,
      db,
      jobs,
      repo: createMonitoringRepository(),
      audit,
      clock,
    }),
    ordersStaff: createOrdersStaffService({
      db,
      repo: ordersRepo,
      paymentsRepo,
      audit,
      mail,
      publicUrl: config.publicUrl,
      clock,
    }),
    orderEdit: createOrderEditService({
      db,
      repo: ordersRepo,
      paymentsRepo,
      authRepo,
      audit,
      mail,
      formSettings,
      publicUrl: config.publicUrl,
      clock,
    }),
    orderTimeline: createOrderTimelineService({ database }),
    orderNotes: createOrderNotesService({ db, repo: ordersRepo, audit, clock }),
    users: createUsersService({ db, authRepo, audit, clock }),
    customers: createCustomersService({ db }),
    partners: createPartnersService({
      db,
      repo: createPartnersRepository(),
      pointsRepo,
      authRepo,
      audit,
      clock,
      pointPhotos,
    }),
    orderStatus,
    orderAutomation: createOrderAutomationService({
      db,
      repo: ordersRepo,
      orderStatus,
      mail,
      delivery: deliveryClient,
      config,
      clock,
    }),
    pointsSync: createPointsSyncService({ db, repo: pointsRepo, delivery: deliveryClient, clock }),
    notifications,
    push,
    documents: createDocumentsService({
      db,
      repo: createDocumentsRepository(),
      query: ordersQuery,
      storage,
      config,
      clock,
    }),
    profile: createProfileService({ db, authRepo, clock }),
    crmAccess: createCrmAccessService({
      db,
      repo: createCrmAccessRepository(),
      authRepo,
      audit,
      mail,
      notifications,
      auth,
      config,
      clock,
    }),
    commissions,
    payouts: createPayoutsService({ db, repo: commissionsRepo, audit, mail, webhooks, clock }),
    webhooks,
    partnerPortal: createPartnerPortalService({ db, repo: partnerPortalRepo, authRepo, clock }),
    partnerJoining: createPartnerJoiningService({
      db,
      repo: partnerPortalRepo,
      authRepo,
      auth,
      audit,
      mail,
      config,
      clock,
    }),
    partnerProgram: createPartnerProgramService({ db, repo: partnerPortalRepo, authRepo, audit, clock }),
    formSettings,
    orders,
    partnerApi: createPartnerApiService({
      db,
      repo: createPartnerApiRepository(),
      orders,
      formSettings,
      requestsPerMinute: config.rateLimits.partnerApiPerMinute,
      clock,
    }),
    deliveryPrice: createDeliveryPriceService({ pricer: deliveryPricer, formSettings }),
    suggestions: createSuggestionsService({
      client:
        deps.suggestionsClient !== undefined
          ? deps.suggestionsClient
          : config.suggestions.provider === 'dadata'
            ? createDadataClient(config.suggestions)
            : null,
      clock,
    }),
    refunds: createRefundsService({
      db,
      commissions,
      coupons,
      provider: paymentProvider,
      repo: createRefundsRepository(),
      ordersRepo,
      mail,
      audit,
      config,
      clock,
    }),
    payments,
    orderResend: createOrderResendService({ db, repo: ordersRepo, auth, payments, mail, audit }),
    points: createPointsService({ db }),
    pointPhotos,
    uploads,
    orderResults: createOrderResultsService({
      db,
      repo: createOrderResultsRepository(),
      ordersRepo,
      orderStatus,
      uploads,
      mail,
      notifications,
      audit,
      storage,
      config,
      clock,
    }),
    analytics,
    formSettingsAdmin: createFormSettingsAdminService({
      db,
      repo: formSettingsRepo,
      audit,
      formSettings,
      clock,
    }),
    offices: createOfficesService({ db, repo: createOfficesRepository(), audit, formSettings, clock }),
    savedViews: createSavedViewsService({ db, repo: createSavedViewsRepository() }),
    holidays: createHolidaysService({ db, repo: createHolidaysRepository(), audit, formSettings, clock }),
    tariffs: createTariffsService({ db, repo: createTariffsRepository(), audit, formSettings, clock }),
    stats: createStatsService({ db }),
    pushStaff: createPushStaffService({ db, push, notificationsRepo, audit, jobs }),
    paymentDetails: createPaymentDetailsService({
      db,
      repo: createPaymentDetailsRepository(),
      audit,
      mail,
      publicUrl: config.publicUrl,
      clock,
    }),
    fraud,
    partnerAnalytics: createPartnerAnalyticsService({ db }),
    marketing: createMarketingService({
      db,
      repo: createMarketingRepository(),
      clock,
      publicUrl: config.publicUrl,
      reportWorkMemMb,
    }),
    marketingJourneys: createMarketingJourneys({ db, clock, reportWorkMemMb }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Job name → handler. Later features add theirs here. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    'send-email': async (data, context) => {
      await services.mail.deliver(data.mailId, context);
    },
    // Push is best effort: a failed push is not retried (the in-app notification stays).
    'send-push': async (data) => {
      await services.push.deliverNotification(data.notificationId);
    },
    'change-status': (data, context) => services.orderAutomation.changeStatus(data, context),
    'create-delivery': (data, context) => services.orderAutomation.createDelivery(data.orderId, context),
    // Scheduled jobs (decision 009): pg-boss schedules put their runs into the queues of jobs/schedules.ts.
    // Payments still pending, then refunds still pending (decision 046): both read back from the provider.
    'check-new-paid-orders': async () => {
      const paid = await services.payments.reconcilePending();
      const refunded = await services.refunds.reconcilePending();
      return { ...paid, summary: `${paid.summary}; ${refunded.summary}`, refundsChecked: refunded.checked };
    },
    'send-payment-reminders': () => services.orderAutomation.sendPaymentReminders(),
    'send-act-exchange-reminders': () => services.orderAutomation.sendActExchangeReminders(),
    'sync-yandex-pickup-points': () => services.pointsSync.syncYandexPickupPoints(),
    'check-yandex-delivery-statuses': () => services.orderAutomation.checkDeliveryStatuses(),
    'remove-unattached-uploads': () => services.uploads.removeUnattached(),
    'scan-partner-fraud': () => services.fraud.scanPartners(),
    'approve-partner-commissions': () => services.commissions.approveDue(),
    // Retried by pg-boss with backoff while it throws; the last attempt marks the delivery FAILED (decision 071).
    'deliver-webhook': (data, context) => services.webhooks.deliver(data.deliveryId, context),
    'purge-analytics': async () => {
      await services.analytics.purgeExpired();
    },
    'close-analytics-days': async () => {
      const sessions = await services.analytics.closeDays();
      const journeys = await services.marketingJourneys.journeyDays.closeDays();
      const leads = await services.marketingJourneys.leadScoreDays.closeDays();
      const funnel = await services.marketingJourneys.funnelDays.closeDays();
      return {
        ...sessions,
        journeyDays: journeys.days,
        leadScoreDays: leads.days,
        funnelDays: funnel.days,
        summary:
          `${sessions.summary}; дней атрибуции: ${journeys.days}; дней оценки лидов: ${leads.days}; ` +
          `дней воронки: ${funnel.days}`,
      };
    },
    'close-lead-score-days': async () => {
      const { days } = await services.marketingJourneys.leadScoreDays.closeDays();
      return { leadScoreDays: days, summary: `дней оценки лидов: ${days}` };
    },
    // A back-office message: every subscribed browser of its audience, then the counts (decision 014).
    [SEND_STAFF_PUSH_JOB]: async (data) => {
      await services.pushStaff.deliver(data.campaignId);
    },
  };
}
