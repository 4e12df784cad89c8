import { CabinetLayout } from '@/components/layouts/cabinet-layout';
import { OfflineBanner } from '@/components/offline-banner';
import { useNotificationsWatch } from '@/features/notifications/hooks/use-notifications-watch';

/** The cabinet shell with what features add to it: the unread counter (and new-arrival toasts), offline notice. */
export function CabinetLayoutRoute() {
  const { unreadCount } = useNotificationsWatch();
  return <CabinetLayout badges={{ notifications: unreadCount }} banner={<OfflineBanner />} />;
}

export { CabinetLayoutRoute as Component };
