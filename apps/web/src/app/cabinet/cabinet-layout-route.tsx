import { CabinetLayout } from '@/components/layouts/cabinet-layout';
import { OfflineBanner } from '@/components/offline-banner';
import { useNotificationsWatch } from '@/features/notifications/hooks/use-notifications-watch';
import { SupportWidget } from '@/features/support-widget/components/support-widget';

/**
 * The cabinet shell with what features add to it: the unread counter (and new-arrival toasts), offline notice,
 * the support button (issue 16: a customer with a question about an order reaches support from any cabinet page).
 */
export function CabinetLayoutRoute() {
  const { unreadCount } = useNotificationsWatch();
  return (
    <>
      <CabinetLayout badges={{ notifications: unreadCount }} banner={<OfflineBanner />} />
      <SupportWidget />
    </>
  );
}

export { CabinetLayoutRoute as Component };
