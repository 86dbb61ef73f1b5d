// PUT /api/user/notification-preferences with all six flags, from Account Settings.
import { useMutation } from '@tanstack/react-query';
import type { NotificationPreferences } from '@titleledger/api/schemas';

import { apiRequest } from '@/lib/api-client';

import { useInvalidateAccount } from './invalidate-account';

async function updateNotificationPreferences(input: NotificationPreferences): Promise<void> {
  await apiRequest('PUT', '/api/user/notification-preferences', input);
}

export function useUpdateNotificationPreferences() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: updateNotificationPreferences, onSuccess: invalidate });
}
