// The notification centre's list: the server's notifications (built from the log), with every
// action on them sent to the server. Until the first answer the list is empty.
import type { NotificationItem } from '../lib/notification-store';
import { useChangeNotification, type NotificationChange } from '../api/change-notification';
import { useNotificationList } from '../api/get-notifications';

const empty: readonly NotificationItem[] = [];

export function useNotifications() {
  const list = useNotificationList();
  const change = useChangeNotification();
  const send = (what: NotificationChange) => change.mutate(what);
  return {
    items: (list.data?.notifications ?? empty),
    isPending: list.isPending,
    isError: list.isError,
    markRead: (id: string) => send({ kind: 'read', id }),
    markUnread: (id: string) => send({ kind: 'unread', id }),
    remove: (id: string) => send({ kind: 'delete', id }),
    markAllRead: () => send({ kind: 'read-all' }),
    clearAll: () => send({ kind: 'delete-all' }),
  };
}
