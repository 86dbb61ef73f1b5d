// The notification centre's calls: the list (newest first, at most 200) with the unread count, and
// a notification id in the path. Shared by the API (route schemas) and the web app (reply parsing).
import { z } from 'zod';

export const NOTIFICATION_TYPES = ['registration', 'payment', 'security'] as const;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(['high', 'medium']),
  title: z.string(),
  message: z.string(),
  trNumber: z.string().nullable(),
  /** ISO 8601. */
  timestamp: z.string(),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.string().min(1, 'Notification id is required').max(200, 'Notification id is too long').regex(/^[\w:.-]+$/, 'Notification id is not valid'),
});

export const notificationChangedSchema = z.object({ success: z.literal(true) });
