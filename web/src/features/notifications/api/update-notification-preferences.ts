// PUT /api/user/notification-preferences with all six flags.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

import { notificationPreferencesQueryOptions } from './get-notification-preferences';

async function updateNotificationPreferences(input: NotificationPreferences): Promise<void> {
  await apiRequest('PUT', '/api/user/notification-preferences', input);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryOptions().queryKey }),
  });
}
