// /notifications: the notification centre. The list is the server's (GET /api/notifications, built
// from the log: payments, registrations, anchoring, security); filters, read state, delete, mark all
// read and clear all are sent to the server. A side panel shows which e-mail/SMS notifications are
// on and links to change them. Focus stays put when an action changes the list: a deleted row's
// place goes to the row that took it (or the list's region), and Mark All Read and Clear All stay
// focusable once there is nothing left for them to do, rather than drop focus to <body>.
import { Bell, BellOff, Check, CheckCheck, Mail, MessageSquare, RotateCcw, Trash2 } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { Loading } from '@/components/query-states';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';
import { placeOf, returnFocusTo } from '@/lib/focus';
import { paths } from '@/lib/paths';

import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useNotifications } from '../hooks/use-notifications';
import {
  filterNotifications,
  NOTIFICATION_FILTERS,
  summarize,
  type NotificationFilter,
  type NotificationItem,
} from '../lib/notification-store';

const filterLabels: Record<NotificationFilter, string> = {
  all: 'All',
  unread: 'Unread',
  registration: 'Registration',
  security: 'Security',
};

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardContent className="p-3 sm:p-4">
        <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
        <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      </CardContent>
    </Card>
  );
}

function NotificationRow({
  item,
  onToggleRead,
  onDelete,
}: {
  item: NotificationItem;
  onToggleRead: (event: MouseEvent<HTMLButtonElement>) => void;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <li className={cn('flex gap-3 p-4', !item.read && 'bg-accent-soft/50')}>
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-accent')} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 font-medium wrap-anywhere">{item.title}</p>
          <Badge>{item.type}</Badge>
          {item.priority === 'high' ? <Badge variant="warning">High priority</Badge> : null}
          {!item.read ? <span className="sr-only">(unread)</span> : null}
        </div>
        {/* A receipt id or a hash is one long word: it wraps anywhere rather than widen the page. */}
        <p className="mt-1 text-sm text-muted-foreground wrap-anywhere">{item.message}</p>
        <p className="mt-1 text-xs text-muted-foreground">{new Date(item.timestamp).toLocaleString()}</p>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="icon" onClick={onToggleRead} aria-label={item.read ? `Mark "${item.title}" unread` : `Mark "${item.title}" read`}>
          {item.read ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
        </Button>
        <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete "${item.title}"`}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function PreferencesPanel() {
  const preferences = useNotificationPreferences();
  const rows = preferences.data
    ? [
        { label: 'E-mail notifications', on: preferences.data.emailNotifications, Icon: Mail },
        { label: 'Registration updates', on: preferences.data.emailNotifications && preferences.data.registrationUpdates, Icon: Mail },
        { label: 'Payment updates', on: preferences.data.emailNotifications && preferences.data.paymentUpdates, Icon: Mail },
        { label: 'Security alerts', on: preferences.data.emailNotifications && preferences.data.securityAlerts, Icon: Mail },
        { label: 'SMS notifications', on: preferences.data.smsNotifications, Icon: MessageSquare },
      ]
    : [];
  return (
    <Card aria-labelledby="preferences-title" role="region">
      <CardHeader>
        <CardTitle id="preferences-title" className="text-base">
          Preferences
        </CardTitle>
        <CardDescription>How we reach you outside the app.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isPending ? (
          <Spinner label="Loading preferences" />
        ) : preferences.isError ? (
          <p className="text-sm text-danger">Your preferences could not be loaded.</p>
        ) : (
          <ul className="grid gap-2.5">
            {rows.map(({ label, on, Icon }) => (
              <li key={label} className="flex items-center justify-between gap-3 text-sm">
                <span className="flex items-center gap-2">
                  <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                  {label}
                </span>
                {on ? <Badge variant="success">On</Badge> : <Badge>Off</Badge>}
              </li>
            ))}
          </ul>
        )}
        <Button asChild variant="secondary">
          <Link to={paths.notificationSettings}>Manage notification settings</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const notifications = useNotifications();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const summary = summarize(notifications.items, new Date());
  const shown = filterNotifications(notifications.items, filter);

  return (
    <section aria-labelledby="page-title" className="grid gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="page-title" className="text-3xl font-semibold tracking-tight">
            Notifications
          </h1>
          <p className="mt-2 text-muted-foreground">Alerts and updates about your account and registrations.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={notifications.markAllRead} disabled={summary.unread === 0} focusableWhenDisabled>
            <CheckCheck aria-hidden="true" />
            Mark All Read
          </Button>
          <Button variant="secondary" size="sm" onClick={notifications.clearAll} disabled={summary.total === 0} focusableWhenDisabled>
            <Trash2 aria-hidden="true" />
            Clear All
          </Button>
        </div>
      </header>

      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <SummaryCard label="Total" value={summary.total} />
        <SummaryCard label="Unread" value={summary.unread} />
        <SummaryCard label="This week" value={summary.thisWeek} />
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem] lg:items-start">
        <Card className="min-w-0">
          <div role="group" aria-label="Filter notifications" className="flex flex-wrap gap-1 border-b border-border p-2">
            {NOTIFICATION_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  filter === value ? 'bg-accent-soft text-accent-text' : 'text-muted-foreground hover:bg-subtle hover:text-foreground',
                )}
              >
                {filterLabels[value]}
              </button>
            ))}
          </div>
          {notifications.isPending ? (
            <Loading>Loading notifications...</Loading>
          ) : notifications.isError ? (
            <div className="p-4">
              <Alert variant="danger" role="alert" title="Notifications could not be loaded">
                Reload the page to try again.
              </Alert>
            </div>
          ) : shown.length === 0 ? (
            <div className="grid justify-items-center gap-3 px-6 py-14 text-center">
              {filter === 'all' ? (
                <Bell aria-hidden="true" className="size-10 text-muted-foreground" />
              ) : (
                <BellOff aria-hidden="true" className="size-10 text-muted-foreground" />
              )}
              <p className="font-medium">{filter === 'all' ? 'No notifications' : `No ${filterLabels[filter].toLowerCase()} notifications`}</p>
              <p className="max-w-sm text-sm text-muted-foreground">
                You&apos;re all caught up. Registration, payment and security updates will appear here.
              </p>
            </div>
          ) : (
            <ul className="divide-y divide-border" aria-label="Notifications">
              {shown.map((item) => (
                <NotificationRow
                  key={item.id}
                  item={item}
                  onToggleRead={(event) => {
                    // Under the Unread filter, a row marked read leaves the list.
                    const place = placeOf(event.currentTarget);
                    const done = () => returnFocusTo(place);
                    if (item.read) notifications.markUnread(item.id, done);
                    else notifications.markRead(item.id, done);
                  }}
                  onDelete={(event) => {
                    const place = placeOf(event.currentTarget);
                    notifications.remove(item.id, () => returnFocusTo(place, true));
                  }}
                />
              ))}
            </ul>
          )}
        </Card>
        <PreferencesPanel />
      </div>
    </section>
  );
}
