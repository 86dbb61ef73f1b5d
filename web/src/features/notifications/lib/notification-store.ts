// The notification centre's items as GET /api/notifications sends them (the server's read model,
// built from the log; seed 001 §2.5 had a purely local list), and pure reads for the page's filters
// and summary. The reducer applies the centre's changes in memory; the page itself sends each change
// to the server and reads the list again (hooks/use-notifications.ts).
type NotificationType = 'registration' | 'payment' | 'security';

export type NotificationItem = {
  readonly id: string;
  readonly type: NotificationType;
  readonly priority: 'high' | 'medium';
  readonly title: string;
  readonly message: string;
  /** ISO 8601. */
  readonly timestamp: string;
  readonly read: boolean;
};

export const NOTIFICATION_FILTERS = ['all', 'unread', 'registration', 'security'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export type NotificationAction =
  | { type: 'received'; item: NotificationItem }
  | { type: 'markedRead'; id: string }
  | { type: 'markedUnread'; id: string }
  | { type: 'deleted'; id: string }
  | { type: 'allMarkedRead' }
  | { type: 'cleared' };

export function notificationsReducer(items: readonly NotificationItem[], action: NotificationAction): readonly NotificationItem[] {
  const setRead = (id: string, read: boolean) => items.map((item) => (item.id === id ? { ...item, read } : item));
  switch (action.type) {
    case 'received':
      // Newest first; a repeated id replaces the old entry rather than doubling it.
      return [action.item, ...items.filter((item) => item.id !== action.item.id)];
    case 'markedRead':
      return setRead(action.id, true);
    case 'markedUnread':
      return setRead(action.id, false);
    case 'deleted':
      return items.filter((item) => item.id !== action.id);
    case 'allMarkedRead':
      return items.every((item) => item.read) ? items : items.map((item) => ({ ...item, read: true }));
    case 'cleared':
      return items.length === 0 ? items : [];
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}

export function filterNotifications(items: readonly NotificationItem[], filter: NotificationFilter): readonly NotificationItem[] {
  switch (filter) {
    case 'all':
      return items;
    case 'unread':
      return items.filter((item) => !item.read);
    case 'registration':
    case 'security':
      return items.filter((item) => item.type === filter);
    default: {
      const unhandled: never = filter;
      return unhandled;
    }
  }
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export type NotificationSummary = { total: number; unread: number; thisWeek: number };

/** Totals for the summary cards; "this week" is the last 7 days up to `now`. */
export function summarize(items: readonly NotificationItem[], now: Date): NotificationSummary {
  const since = now.getTime() - WEEK_MS;
  return {
    total: items.length,
    unread: items.filter((item) => !item.read).length,
    thisWeek: items.filter((item) => {
      const at = Date.parse(item.timestamp);
      return at >= since && at <= now.getTime();
    }).length,
  };
}
