import type { ComponentType } from 'react';
import { Outlet, redirect, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { PublicLayout } from '@/app/layouts/public-layout';
import { PagePlaceholder } from '@/components/page-placeholder';
import type { RouteHandle } from '@/components/route-handle';
import { CRM_ROUTES, getCrmHomePath } from '@/lib/access/crm-routes';
import { PARTNER_ROUTES } from '@/lib/access/partner-routes';
import { getCrmRole } from '@/lib/session/credentials';
import {
  adminRedirectLoader,
  cabinetGuardLoader,
  cabinetLoginLoader,
  crmGuardLoader,
  landingLoader,
  orderPagesLoader,
  partnerGuardLoader,
  partnerLoginLoader,
  rootLoader,
  staffLoginLoader,
} from './guards';
import { CabinetOfflinePage, CabinetPageError, RouteErrorPage } from './public/route-error-page';
import { isOfflineFailure } from '@/components/offline-page';
import { NoAccessPage, NotFoundInLayout, NotFoundPage } from './public/status-pages';
import { RootLayout } from './root-layout';

function PublicPageLayout() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

/** Guards re-check on every navigation inside an area (roles differ per page, tokens may be gone). */
const alwaysRevalidate = () => true;

type RouteModule = { Component?: ComponentType | null };

function page(path: string, title: string, lazy?: RouteObject['lazy']): RouteObject {
  const handle: RouteHandle = { title };
  return lazy ? { path, handle, lazy } : { path, handle, Component: PagePlaceholder };
}

/**
 * A cabinet page. Offline, a page whose code was never cached becomes the offline notice inside the cabinet
 * layout (issue 16). It must resolve, not throw: React Router draws nothing below a route whose `lazy` failed, so
 * a boundary on the page itself would leave the screen blank; its "Открыть страницу" reloads the document, which
 * loads the page afresh. Other failures (and errors while drawing) show the error message inside the layout.
 */
function cabinetPage(path: string, title: string, load: () => Promise<RouteModule>): RouteObject {
  const lazy = () =>
    load().catch((error: unknown) => {
      if (isOfflineFailure(error)) return { Component: CabinetOfflinePage };
      throw error;
    });
  return { ...page(path, title, lazy), ErrorBoundary: CabinetPageError };
}

const loadCrmPage = () => import('./crm/crm-page-route');
/** CRM pages built so far (each its own lazy chunk); the rest render the placeholder. */
const CRM_PAGE_MODULES: Record<string, RouteObject['lazy']> = {
  home: () => import('./crm/orders-page'),
  orders: () => import('./crm/orders-page'),
  'orders/:id': () => import('./crm/order-detail-page'),
  'customers/:id': () => import('./crm/customer-page'),
  holidays: () => import('./crm/holidays-page'),
  users: () => import('./crm/users-page'),
  'form-settings': () => import('./crm/form-settings-page'),
  partner: () => import('./crm/partners-page'),
  'partner/:partnerId/points': () => import('./crm/partner-points-page'),
  offices: () => import('./crm/offices-page'),
  tariffs: () => import('./crm/tariffs-page'),
  'tariffs/:id': () => import('./crm/tariff-page'),
  stats: () => import('./crm/stats-page'),
  'push-notifications': () => import('./crm/push-notifications-page'),
  monitoring: () => import('./crm/monitoring-page'),
  'monitoring/queue': () => import('./crm/monitoring-queue-page'),
  'monitoring/cron': () => import('./crm/monitoring-cron-page'),
  'monitoring/order/:orderId': () => import('./crm/monitoring-order-page'),
  'monitoring/job/:id': () => import('./crm/monitoring-job-page'),
  'fraud-monitoring': () => import('./crm/fraud-monitoring-page'),
  'partner-analytics': () => import('./crm/partner-analytics-page'),
  'partner-payouts': () => import('./crm/partner-payouts-page'),
  'commission-adjustments': () => import('./crm/commission-adjustments-page'),
  'partner-program': () => import('./crm/partner-program-page'),
  'partner-program/applications': () => import('./crm/partner-applications-page'),
  marketing: () => import('./crm/marketing-dashboard-page'),
  'marketing/campaigns': () => import('./crm/marketing-campaigns-page'),
  'marketing/analytics': () => import('./crm/marketing-analytics-page'),
  'marketing/utm-builder': () => import('./crm/marketing-utm-builder-page'),
  'marketing/sources-report': () => import('./crm/marketing-sources-report-page'),
  'marketing/funnel': () => import('./crm/marketing-funnel-page'),
  'marketing/lead-scoring': () => import('./crm/marketing-lead-scoring-page'),
  'marketing/touchpoints': () => import('./crm/marketing-touchpoints-page'),
  'marketing/attribution': () => import('./crm/marketing-attribution-page'),
};
const loadPartnerPage = () => import('./partner/partner-page-route');
/** Built partner portal pages (each its own lazy chunk); the rest render the placeholder. */
const PARTNER_PAGE_MODULES: Partial<Record<string, RouteObject['lazy']>> = {
  dashboard: () => import('./partner/dashboard-page'),
  profile: () => import('./partner/partner-profile-route'),
  'affiliate/links': () => import('./partner/affiliate-links-page'),
  'affiliate/promocodes': () => import('./partner/affiliate-promocodes-page'),
  'affiliate/click-logs': () => import('./partner/affiliate-click-logs-page'),
  'affiliate/analytics': () => import('./partner/affiliate-analytics-page'),
  'corporate/coupon-batches': () => import('./partner/corporate-coupon-batches-page'),
  'corporate/campaigns': () => import('./partner/corporate-campaigns-page'),
  'corporate/analytics': () => import('./partner/corporate-analytics-page'),
  'payment-details': () => import('./partner/payment-details-page'),
  commissions: () => import('./partner/commissions-page'),
  'history/payouts': () => import('./partner/payouts-page'),
  'integrator/api-keys': () => import('./partner/integrator-api-keys-page'),
  'integrator/docs': () => import('./partner/integrator-docs-page'),
  'integrator/webhooks': () => import('./partner/integrator-webhooks-page'),
  'integrator/widgets': () => import('./partner/integrator-widgets-page'),
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    shouldRevalidate: alwaysRevalidate,
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        loader: landingLoader,
        lazy: () => import('./public/landing-page').then((module) => ({ Component: module.LandingPage })),
      },

      // Sign-in and redirect pages
      {
        path: 'login',
        loader: staffLoginLoader,
        lazy: () =>
          import('./public/staff-login-page').then((module) => ({ Component: module.StaffLoginPage })),
        handle: { title: 'Вход для сотрудников' },
      },
      {
        path: 'cabinet-login',
        loader: cabinetLoginLoader,
        lazy: () =>
          import('./public/cabinet-login-page').then((module) => ({ Component: module.CabinetLoginPage })),
        handle: { title: 'Вход в личный кабинет' },
      },
      {
        path: 'partner/login',
        loader: partnerLoginLoader,
        lazy: () => import('./partner/partner-login-route'),
        handle: { title: 'Вход для партнёров' },
      },
      {
        path: 'partner/apply',
        lazy: () => import('./public/partner-apply-page'),
        handle: { title: 'Стать партнёром' },
      },
      {
        path: 'partner/set-password',
        lazy: () => import('./public/partner-set-password-page'),
        handle: { title: 'Установка пароля' },
      },
      { path: 'cabinet-redirect', loader: () => redirect('/cabinet/orders') },
      { path: 'partner-redirect', loader: () => redirect('/partner/dashboard') },
      { path: 'admin-redirect', loader: adminRedirectLoader, Component: LoadingScreen },
      {
        path: 'crm-access-request',
        loader: cabinetGuardLoader,
        lazy: () =>
          import('./public/crm-access-request-page').then((module) => ({
            Component: module.CrmAccessRequestPage,
          })),
        handle: { title: 'Доступ к CRM' },
      },
      { path: 'no-access', Component: NoAccessPage, handle: { title: 'Нет доступа' } },
      {
        path: 'api-docs',
        lazy: () => import('./public/api-docs-page'),
        handle: { title: 'Документация API' },
      },
      {
        path: 'profile',
        loader: async (args) => {
          await cabinetGuardLoader(args);
          return redirect('/cabinet/profile');
        },
      },

      // The order pages run on their own light router (app/order-funnel, decision 018): reached from here, they
      // load as a new document.
      { path: 'order', loader: orderPagesLoader },
      { path: 'order/*', loader: orderPagesLoader },
      {
        Component: PublicPageLayout,
        children: [
          page('payment/test/:paymentId', 'Оплата заказа', () => import('./public/order/test-payment-route')),
          page('order-status/:token', 'Статус заказа', () => import('./public/order-status-route')),
          page('debug', 'Отладка'),
          page('landing-old', 'Перевод документов'),
        ],
      },

      // Customer cabinet
      {
        path: 'cabinet',
        loader: cabinetGuardLoader,
        shouldRevalidate: alwaysRevalidate,
        lazy: () => import('./cabinet/cabinet-layout-route'),
        children: [
          { index: true, loader: () => redirect('/cabinet/orders') },
          cabinetPage('orders', 'Мои заказы', () => import('./cabinet/orders-page')),
          cabinetPage('orders/:id', 'Заказ', () => import('./cabinet/order-detail-page')),
          cabinetPage('notifications', 'Уведомления', () => import('./cabinet/notifications-page')),
          cabinetPage('profile', 'Профиль', () => import('./cabinet/profile-page')),
          cabinetPage('organization', 'Организация', () => import('./cabinet/organization-page')),
          cabinetPage('invoices', 'Счета и акты', () => import('./cabinet/invoices-page')),
          { path: '*', Component: NotFoundInLayout },
        ],
      },

      // Back office (lazy chunk; the guard itself is part of the main bundle so it redirects without it)
      {
        path: 'crm',
        loader: crmGuardLoader,
        shouldRevalidate: alwaysRevalidate,
        lazy: () => import('./crm/crm-layout-route'),
        children: [
          {
            // The guard first (its redirect to sign-in must win), then the role's own start page (PARTNER:
            // orders); a bare redirect to /crm/home raced the guard and sent PARTNER to /no-access.
            index: true,
            loader: async (args) => {
              await crmGuardLoader(args);
              return redirect(getCrmHomePath(getCrmRole()));
            },
          },
          ...CRM_ROUTES.map((route) =>
            page(route.path, route.title, CRM_PAGE_MODULES[route.path] ?? loadCrmPage),
          ),
          { path: '*', Component: NotFoundInLayout },
        ],
      },

      // Partner portal
      {
        path: 'partner',
        loader: partnerGuardLoader,
        shouldRevalidate: alwaysRevalidate,
        lazy: () => import('./partner/partner-layout-route'),
        children: [
          { index: true, loader: () => redirect('/partner/dashboard') },
          ...PARTNER_ROUTES.map(({ path, title }) =>
            page(path, title, PARTNER_PAGE_MODULES[path] ?? loadPartnerPage),
          ),
          { path: '*', Component: NotFoundInLayout },
        ],
      },

      { path: '*', Component: NotFoundPage, handle: { title: 'Страница не найдена' } },
    ],
  },
];
