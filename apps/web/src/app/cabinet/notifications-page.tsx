import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { PushSwitch } from '@/features/push/components/push-switch';

export function NotificationsPage() {
  return <NotificationsList headerExtra={<PushSwitch />} />;
}

export { NotificationsPage as Component };
