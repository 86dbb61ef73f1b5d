// Access Logs: every staff event and every admin action on a registration, a creator's account or a
// support request, newest first, 50 at a time: when, what, by whom, to whom (and why), from which IP.
// "Load older entries" keeps focus while it loads, then hands it to the first older entry.
import type { AuditLogEntry } from '@titleledger/api/schemas';
import { isolate } from '@titleledger/api/schemas/isolate';
import { useState } from 'react';

import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Loading, LoadFailed } from '@/components/query-states';
import { useFocusOnNextMount } from '@/hooks/use-focus-on-next-mount';

import { useAccessLogs } from '../api/get-access-logs';

const ACTIONS: Record<string, string> = {
  master_admin_created: 'Master admin created',
  admin_invited: 'Admin invited',
  invitation_accepted: 'Invitation accepted',
  login: 'Signed in',
  login_failed: 'Sign-in failed',
  logout: 'Signed out',
  role_changed: 'Role changed',
  admin_deleted: 'Admin deleted',
  password_reset_sent: 'Password reset sent',
  password_reset: 'Password reset',
  two_factor_enabled: 'Two-factor enabled',
  two_factor_disabled: 'Two-factor disabled',
  registration_archived: 'Registration deleted (archived)',
  registration_restored: 'Registration restored',
  registration_corrected: 'Registration corrected',
  user_deleted: 'User deleted',
  user_profile_edited: 'User profile edited',
  support_request_resolved: 'Support request resolved',
  support_request_reopened: 'Support request reopened',
};

function describeDetails(entry: AuditLogEntry): string {
  const d = entry.details as Record<string, string | undefined>;
  switch (entry.action) {
    case 'role_changed':
      return `${entry.targetEmail ?? ''}: ${d.from ?? '?'} → ${d.to ?? '?'}`;
    case 'admin_invited':
      return `${d.email ?? ''} as ${d.role ?? ''}`;
    case 'password_reset':
      return [entry.targetEmail, d.via === 'cli' ? "from the server's command line" : 'with the e-mailed link'].filter(Boolean).join(', ');
    case 'login':
    case 'login_failed':
      return [entry.targetEmail, d.portal ? `${d.portal} portal` : null, d.reason?.replaceAll('_', ' ')].filter(Boolean).join(', ');
    case 'registration_archived':
    case 'registration_restored':
    case 'registration_corrected':
    case 'user_deleted':
    case 'user_profile_edited':
    case 'support_request_resolved':
    case 'support_request_reopened':
      // Admin actions on records: which record, and the reason or note the admin gave.
      return [entry.targetId, d.reason ? `“${isolate(d.reason)}”` : null].filter(Boolean).join(': ');
    default:
      return entry.targetEmail ?? d.email ?? '';
  }
}

export function AccessLogsTab() {
  const logs = useAccessLogs();
  const [firstOlder, setFirstOlder] = useState(-1);
  const focusOlder = useFocusOnNextMount<HTMLLIElement>();
  if (logs.isPending) return <Loading>Loading the access log...</Loading>;
  if (logs.isError) return <LoadFailed title="Could not load the access log" error={logs.error} onRetry={() => void logs.refetch()} />;
  const entries = logs.data.pages.flatMap((page) => page.logs);
  if (entries.length === 0) return <p className="py-10 text-center text-sm text-muted-foreground">No staff activity yet.</p>;
  const loadOlder = () => {
    if (logs.isFetchingNextPage) return;
    setFirstOlder(entries.length);
    focusOlder.arm();
    void logs.fetchNextPage();
  };
  return (
    // The rows pad themselves: CardContent's p-6 won over a "p-0" beside it (cn does not merge), and
    // the entries had 48 px less than the card on every width.
    <Card>
      <ol aria-label="Access log" className="divide-y divide-border">
        {entries.map((entry, index) => (
          <li key={entry.id} ref={index === firstOlder ? focusOlder.ref : undefined} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr_auto] sm:items-baseline sm:gap-4 sm:px-6">
            <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
              {new Date(entry.createdAt).toLocaleString()}
            </time>
            <div className="min-w-0">
              <p className="font-medium text-foreground">{ACTIONS[entry.action] ?? entry.action}</p>
              <p className="wrap-anywhere text-muted-foreground">
                {describeDetails(entry)}
                {entry.adminEmail && entry.adminEmail !== entry.targetEmail ? <span className="wrap-anywhere"> · by {entry.adminEmail}</span> : null}
              </p>
            </div>
            <span className="font-mono text-xs text-muted-foreground" title="IP address">
              {entry.ipAddress ?? '—'}
            </span>
          </li>
        ))}
      </ol>
      {logs.hasNextPage ? (
        <div className="border-t border-border p-4 text-center">
          <Button variant="secondary" onClick={loadOlder} pending={logs.isFetchingNextPage}>
            {logs.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
