// GET /api/user/notification-preferences: the six flags. Read fresh on every visit, because
// Account Settings changes the same flags.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationPreferencesSchema, type NotificationPreferences } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return apiCall('GET', '/api/user/notification-preferences', notificationPreferencesSchema);
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/user/notification-preferences'],
    queryFn: getNotificationPreferences,
    refetchOnMount: 'always',
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
