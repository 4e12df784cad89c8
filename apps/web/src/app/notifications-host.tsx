import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@/lib/notify';

/**
 * The toasts' container, loaded after the first paint (decision 013): toasts shown before it mounts wait in
 * the notifications store and appear as soon as it does.
 */
export function NotificationsHost() {
  return (
    <Notifications position="top-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} limit={5} zIndex={1000} />
  );
}
