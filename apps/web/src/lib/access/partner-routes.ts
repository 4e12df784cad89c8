import { CORPORATE_PORTAL_TYPES, INTEGRATOR_PORTAL_TYPES, type PartnerType } from '@app/contracts';

/**
 * Every partner portal page (spec 2 partner routes), in menu order: its title and its entry in the portal menu.
 * Every page needs the partner sign-in (the guard and the server's `partner` access); the corporate and the
 * integrator sections open to their partner types only, as their API routes do. The router, the guard and the
 * menu are derived from this table (the menu's icons are chosen by path in components/menus/partner-menu.ts).
 */
export type PartnerMenuSectionKey = 'main' | 'affiliate' | 'corporate' | 'integrator' | 'finance';

export const PARTNER_MENU_SECTIONS: ReadonlyArray<{
  key: PartnerMenuSectionKey;
  label: string | null;
  /** The partner types the section's pages open to; without it, every type. */
  types?: readonly PartnerType[];
}> = [
  { key: 'main', label: null },
  { key: 'affiliate', label: 'Партнёрская программа' },
  { key: 'corporate', label: 'Корпоративные клиенты', types: CORPORATE_PORTAL_TYPES },
  { key: 'integrator', label: 'Интеграция', types: INTEGRATOR_PORTAL_TYPES },
  { key: 'finance', label: 'Финансы' },
];

export type PartnerPagePath =
  | 'dashboard'
  | 'profile'
  | 'affiliate/promocodes'
  | 'affiliate/links'
  | 'affiliate/analytics'
  | 'affiliate/click-logs'
  | 'corporate/coupon-batches'
  | 'corporate/campaigns'
  | 'corporate/analytics'
  | 'integrator/widgets'
  | 'integrator/api-keys'
  | 'integrator/webhooks'
  | 'integrator/docs'
  | 'commissions'
  | 'history/payouts'
  | 'payment-details';

export type PartnerRouteDefinition = {
  /** Path below /partner. */
  path: PartnerPagePath;
  title: string;
  menu: { section: PartnerMenuSectionKey; label: string };
};

function route(
  path: PartnerPagePath,
  title: string,
  section: PartnerMenuSectionKey,
  label: string,
): PartnerRouteDefinition {
  return { path, title, menu: { section, label } };
}

export const PARTNER_ROUTES: readonly PartnerRouteDefinition[] = [
  route('dashboard', 'Обзор', 'main', 'Обзор'),
  route('profile', 'Профиль партнёра', 'main', 'Профиль'),
  route('affiliate/promocodes', 'Промокоды', 'affiliate', 'Промокоды'),
  route('affiliate/links', 'Партнёрские ссылки', 'affiliate', 'Ссылки'),
  route('affiliate/analytics', 'Аналитика', 'affiliate', 'Аналитика'),
  route('affiliate/click-logs', 'Журнал переходов', 'affiliate', 'Журнал переходов'),
  route('corporate/coupon-batches', 'Пакеты купонов', 'corporate', 'Пакеты купонов'),
  route('corporate/campaigns', 'Кампании', 'corporate', 'Кампании'),
  route('corporate/analytics', 'Аналитика корпоративных клиентов', 'corporate', 'Аналитика'),
  route('integrator/widgets', 'Виджеты', 'integrator', 'Виджеты'),
  route('integrator/api-keys', 'API-ключи', 'integrator', 'API-ключи'),
  route('integrator/webhooks', 'Вебхуки', 'integrator', 'Вебхуки'),
  route('integrator/docs', 'Документация для интеграции', 'integrator', 'Документация'),
  route('commissions', 'Комиссии', 'finance', 'Комиссии'),
  route('history/payouts', 'История выплат', 'finance', 'История выплат'),
  route('payment-details', 'Платёжные реквизиты', 'finance', 'Платёжные реквизиты'),
];

/**
 * Whether a partner of `type` may open the portal page at `pathname`: a page of a section with its own partner
 * types opens to those only. An unknown type (no stored profile) is left to the server, which refuses anyway.
 */
export function partnerMayOpen(pathname: string, type: PartnerType | null): boolean {
  if (type === null) return true;
  const path = pathname.replace(/\/+$/, '');
  const page = PARTNER_ROUTES.find((route) => path === `/partner/${route.path}`);
  const types = PARTNER_MENU_SECTIONS.find((section) => section.key === page?.menu.section)?.types;
  return !types || types.includes(type);
}
