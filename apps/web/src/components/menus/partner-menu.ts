import {
  IconApps,
  IconBook,
  IconChartBar,
  IconClick,
  IconCreditCard,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconLink,
  IconPercentage,
  IconSpeakerphone,
  IconTicket,
  IconUser,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';

/** Partner portal menu (spec 2 partner routes), grouped by programme. */
export type PartnerMenuLink = { label: string; path: string; icon: Icon };
export type PartnerMenuSection = { key: string; label: string | null; links: PartnerMenuLink[] };

export const PARTNER_MENU: readonly PartnerMenuSection[] = [
  {
    key: 'main',
    label: null,
    links: [
      { label: 'Обзор', path: '/partner/dashboard', icon: IconLayoutDashboard },
      { label: 'Профиль', path: '/partner/profile', icon: IconUser },
    ],
  },
  {
    key: 'affiliate',
    label: 'Партнёрская программа',
    links: [
      { label: 'Промокоды', path: '/partner/affiliate/promocodes', icon: IconTicket },
      { label: 'Ссылки', path: '/partner/affiliate/links', icon: IconLink },
      { label: 'Аналитика', path: '/partner/affiliate/analytics', icon: IconChartBar },
      { label: 'Журнал переходов', path: '/partner/affiliate/click-logs', icon: IconClick },
    ],
  },
  {
    key: 'corporate',
    label: 'Корпоративные клиенты',
    links: [
      { label: 'Пакеты купонов', path: '/partner/corporate/coupon-batches', icon: IconTicket },
      { label: 'Кампании', path: '/partner/corporate/campaigns', icon: IconSpeakerphone },
      { label: 'Аналитика', path: '/partner/corporate/analytics', icon: IconChartBar },
    ],
  },
  {
    key: 'integrator',
    label: 'Интеграция',
    links: [
      { label: 'Виджеты', path: '/partner/integrator/widgets', icon: IconApps },
      { label: 'API-ключи', path: '/partner/integrator/api-keys', icon: IconKey },
      { label: 'Вебхуки', path: '/partner/integrator/webhooks', icon: IconWebhook },
      { label: 'Документация', path: '/partner/integrator/docs', icon: IconBook },
    ],
  },
  {
    key: 'finance',
    label: 'Финансы',
    links: [
      { label: 'Комиссии', path: '/partner/commissions', icon: IconPercentage },
      { label: 'История выплат', path: '/partner/history/payouts', icon: IconHistory },
      { label: 'Платёжные реквизиты', path: '/partner/payment-details', icon: IconCreditCard },
    ],
  },
];
