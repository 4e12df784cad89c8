import { PushNotificationsPage } from '@/features/crm-push/components/push-notifications-page';

export { PushNotificationsPage as Component };
