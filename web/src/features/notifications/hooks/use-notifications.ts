// The notification centre's list as React state. It starts empty and lives only as long as the
// page: nothing feeds it yet (the spec fixes the count at 0), but every action on it is real.
import { useReducer } from 'react';

import { notificationsReducer, type NotificationItem } from '../lib/notification-store';

const empty: readonly NotificationItem[] = [];

export function useNotifications(initial: readonly NotificationItem[] = empty) {
  const [items, dispatch] = useReducer(notificationsReducer, initial);
  return {
    items,
    markRead: (id: string) => dispatch({ type: 'markedRead', id }),
    markUnread: (id: string) => dispatch({ type: 'markedUnread', id }),
    remove: (id: string) => dispatch({ type: 'deleted', id }),
    markAllRead: () => dispatch({ type: 'allMarkedRead' }),
    clearAll: () => dispatch({ type: 'cleared' }),
  };
}
