import { z } from './zod.ts';

// Module notifications: in-app notifications of a signed-in user.

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  orderId: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListResponseSchema = z.object({
  items: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().optional(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;
