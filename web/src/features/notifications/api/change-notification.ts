// Read, unread, delete one notification, or all of them (POST/DELETE /api/notifications…). Each
// answers once the read model shows it; the list is then read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import { notificationsQueryOptions } from './get-notifications';

export type NotificationChange =
  | { kind: 'read' | 'unread' | 'delete'; id: string }
  | { kind: 'read-all' | 'delete-all' };

async function changeNotification(change: NotificationChange): Promise<void> {
  switch (change.kind) {
    case 'read':
    case 'unread':
      await apiRequest('POST', `/api/notifications/${encodeURIComponent(change.id)}/${change.kind}`);
      return;
    case 'delete':
      await apiRequest('DELETE', `/api/notifications/${encodeURIComponent(change.id)}`);
      return;
    case 'read-all':
      await apiRequest('POST', '/api/notifications/read-all');
      return;
    case 'delete-all':
      await apiRequest('DELETE', '/api/notifications');
      return;
    default: {
      const unhandled: never = change;
      return unhandled;
    }
  }
}

export function useChangeNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
