// GET /api/notifications: the signed-in user's notifications (the server's read model, built from
// the log), newest first, with the unread count the side menu shows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListSchema, type NotificationList } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

async function getNotifications(): Promise<NotificationList> {
  const response = await apiRequest('GET', '/api/notifications');
  return notificationListSchema.parse(await response.json());
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/notifications'],
    queryFn: getNotifications,
    // New ones arrive from the log (a payment, an anchoring): read again when the page is shown.
    staleTime: 0,
  });

export function useNotificationList() {
  return useQuery(notificationsQueryOptions());
}
