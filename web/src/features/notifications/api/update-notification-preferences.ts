// PUT /api/user/notification-preferences with all six flags.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferencesUpdatedSchema, type NotificationPreferences } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { notificationPreferencesQueryOptions } from './get-notification-preferences';

async function updateNotificationPreferences(input: NotificationPreferences): Promise<void> {
  await apiCall('PUT', '/api/user/notification-preferences', preferencesUpdatedSchema, input);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryOptions().queryKey }),
  });
}
