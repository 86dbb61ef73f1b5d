// PUT /api/user/notifications from Account Settings: one preference key and a boolean per call (seed
// 001 §7.1). Save sends one call for each switch that changed, in turn (each reads the account the
// previous one wrote); the first failure stops the rest. The account is read again either way, so the
// switches then show what the server kept.
import { useMutation } from '@tanstack/react-query';
import { preferencesUpdatedSchema, type NotificationPreferences } from '@titleledger/api/schemas';

import { apiCall } from '@/lib/api-client';
import { changedPreferences } from '@/lib/notification-preferences';

import { useInvalidateAccount } from './invalidate-account';

type Change = { saved: NotificationPreferences; draft: NotificationPreferences };

async function saveNotificationSwitches({ saved, draft }: Change): Promise<void> {
  for (const key of changedPreferences(saved, draft)) {
    await apiCall('PUT', '/api/user/notifications', preferencesUpdatedSchema, { key, value: draft[key] });
  }
}

export function useSaveNotificationSwitches() {
  const invalidate = useInvalidateAccount();
  return useMutation({ mutationFn: saveNotificationSwitches, onSettled: invalidate });
}
