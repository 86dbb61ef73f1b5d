// The notification centre's list: the server's notifications (built from the log), with every
// action on them sent to the server. Until the first answer the list is empty.
import type { NotificationItem } from '../lib/notification-store';
import { useChangeNotification, type NotificationChange } from '../api/change-notification';
import { useNotificationList } from '../api/get-notifications';

const empty: readonly NotificationItem[] = [];

export function useNotifications() {
  const list = useNotificationList();
  const change = useChangeNotification();
  // `done` runs once the list has been read again after the change (the page then moves focus).
  const send = (what: NotificationChange, done?: () => void) => change.mutate(what, done ? { onSettled: done } : undefined);
  return {
    items: (list.data?.notifications ?? empty),
    isPending: list.isPending,
    isError: list.isError,
    markRead: (id: string, done?: () => void) => send({ kind: 'read', id }, done),
    markUnread: (id: string, done?: () => void) => send({ kind: 'unread', id }, done),
    remove: (id: string, done?: () => void) => send({ kind: 'delete', id }, done),
    markAllRead: () => send({ kind: 'read-all' }),
    clearAll: () => send({ kind: 'delete-all' }),
  };
}
