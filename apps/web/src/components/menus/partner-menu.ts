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
import type { PartnerType } from '@app/contracts';
import {
  PARTNER_MENU_SECTIONS,
  PARTNER_ROUTES,
  partnerMayOpen,
  type PartnerPagePath,
} from '@/lib/access/partner-routes';

/**
 * Partner portal menu (spec 2 partner routes), grouped by programme; derived from the page table
 * (lib/access/partner-routes.ts). Only the icons are chosen here.
 */
export type PartnerMenuLink = { label: string; path: string; icon: Icon };
export type PartnerMenuSection = { key: string; label: string | null; links: PartnerMenuLink[] };

const ICONS: Record<PartnerPagePath, Icon> = {
  dashboard: IconLayoutDashboard,
  profile: IconUser,
  'affiliate/promocodes': IconTicket,
  'affiliate/links': IconLink,
  'affiliate/analytics': IconChartBar,
  'affiliate/click-logs': IconClick,
  'corporate/coupon-batches': IconTicket,
  'corporate/campaigns': IconSpeakerphone,
  'corporate/analytics': IconChartBar,
  'integrator/widgets': IconApps,
  'integrator/api-keys': IconKey,
  'integrator/webhooks': IconWebhook,
  'integrator/docs': IconBook,
  commissions: IconPercentage,
  'history/payouts': IconHistory,
  'payment-details': IconCreditCard,
};

export const PARTNER_MENU: readonly PartnerMenuSection[] = PARTNER_MENU_SECTIONS.map(({ key, label }) => ({
  key,
  label,
  links: PARTNER_ROUTES.filter((page) => page.menu.section === key).map((page) => ({
    label: page.menu.label,
    path: `/partner/${page.path}`,
    icon: ICONS[page.path],
  })),
}));

/** The menu a partner of `type` sees: the pages it may open (an unknown type sees them all). */
export function partnerMenuFor(type: PartnerType | null): readonly PartnerMenuSection[] {
  return PARTNER_MENU.map((section) => ({
    ...section,
    links: section.links.filter((link) => partnerMayOpen(link.path, type)),
  })).filter((section) => section.links.length > 0);
}
