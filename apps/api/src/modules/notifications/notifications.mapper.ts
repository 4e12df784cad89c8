import type { NotificationListResponse } from '@app/contracts';
import type { NotificationRow } from './notifications.repository.ts';

export function toNotification(row: NotificationRow): NotificationListResponse['items'][number] {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    orderId: row.orderId,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
