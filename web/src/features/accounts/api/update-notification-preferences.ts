// PUT /api/user/notification-preferences with all six flags, from Account Settings.
import { useMutation } from '@tanstack/react-query';
import { type NotificationPreferences, preferencesUpdatedSchema } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function updateNotificationPreferences(input: NotificationPreferences): Promise<void> {
  await apiCall('PUT', '/api/user/notification-preferences', preferencesUpdatedSchema, input);
}

export function useUpdateNotificationPreferences() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: updateNotificationPreferences, onSuccess: invalidate });
}
