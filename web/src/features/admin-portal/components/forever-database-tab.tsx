// The Forever Database (admin3 and the master admin): every archived registration with who archived
// it, when and why, searched and paged by the server. Archived records stay forever in the log; the
// master admin can restore one, which puts it back in search, its owner's lists and the counts.
import type { ArchivedRegistration } from '@titleledger/api/schemas';
import { ArchiveRestore } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { HashText } from '@/components/hash-text';
import { Loading, LoadFailed } from '@/components/query-states';
import { UserText } from '@/components/user-text';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useForeverDatabase } from '../api/get-forever-database';
import { useRestoreRegistration } from '../api/manage-records';
import { formatDate, formatDateTime } from '../lib/format';
import type { PortalRights } from '../lib/rights';
import { Pager } from './pager';
import { ReasonDialog } from './reason-dialog';
import { SearchField } from './search-field';

const CAUSES: Record<ArchivedRegistration['cause'], string> = {
  admin_deleted_registration: 'Registration deleted by an admin',
  admin_deleted_user: 'Owner deleted by an admin',
  owner_deleted_account: 'Owner deleted their account',
};

function RestoreButton({ record }: { record: ArchivedRegistration }) {
  const restore = useRestoreRegistration();
  const onConfirm = async (reason: string) => {
    try {
      await restore.mutateAsync({ trNumber: record.id, ...(reason ? { reason } : {}) });
      toast({ title: 'Registration Restored', description: `${record.trNumber} is active again.`, variant: 'success' });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to restore registration'), variant: 'destructive' });
      return false;
    }
  };
  return (
    <ReasonDialog
      title="Restore registration"
      question={
        <>
          Restore "<UserText>{record.title}</UserText>" ({record.trNumber})? It returns to search, its owner&apos;s lists and the counts.
        </>
      }
      confirmLabel="Restore"
      pendingLabel="Restoring..."
      optional
      destructive={false}
      removesRow
      onConfirm={onConfirm}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`Restore ${record.title} (${record.trNumber})`}>
          <ArchiveRestore aria-hidden="true" />
          Restore
        </Button>
      }
    />
  );
}

function ArchivedRow({ record, rights }: { record: ArchivedRegistration; rights: PortalRights }) {
  return (
    <li aria-label={record.trNumber} className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-start sm:px-6">
      <div className="grid min-w-0 gap-2">
        <div className="grid gap-1">
          <UserText as="p" className="wrap-anywhere font-medium text-foreground">{record.title}</UserText>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="font-mono text-xs leading-5 text-foreground">{record.trNumber}</span>
            <span>{record.materialType}</span>
            <span>Registered {formatDate(record.createdAt)}</span>
          </p>
          <p className="wrap-anywhere text-sm text-muted-foreground">{record.ownerEmail ?? 'Owner account deleted'}</p>
        </div>
        <dl className="grid gap-1 rounded-md border border-border bg-subtle px-3 py-2 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Archived</dt>
            <dd>
              <time dateTime={record.archivedAt}>{formatDateTime(record.archivedAt)}</time>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">By</dt>
            <dd className="wrap-anywhere">
              {record.archivedByEmail ?? CAUSES[record.cause]}
              {record.archivedByRole ? ` (${record.archivedByRole})` : ''}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Why</dt>
            <UserText as="dd" className="min-w-0 wrap-anywhere">{record.reason}</UserText>
          </div>
        </dl>
        <HashText value={record.blockchain_hash} label={`anchored hash of ${record.trNumber}`} />
      </div>
      {/* The server refuses it too (409): a deleted account's titles would bring its name back to search. */}
      {rights.restore && record.ownerEmail !== null ? <RestoreButton record={record} /> : null}
      {rights.restore && record.ownerEmail === null ? (
        <p className="text-sm text-muted-foreground sm:max-w-48">Stays archived: its owner’s account was deleted.</p>
      ) : null}
    </li>
  );
}

export function ForeverDatabaseTab({ rights }: { rights: PortalRights }) {
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(term);
  const list = useForeverDatabase(q, page);

  const [asked, setAsked] = useState(q);
  if (asked !== q) {
    setAsked(q);
    setPage(1);
  }

  return (
    <section aria-label="Forever Database" className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Forever Database</CardTitle>
          <CardDescription>
            Deleted registrations are archived here, never erased: their hashes stay anchored and their certificates keep
            verifying as archived.{rights.restore ? ' As master admin you can restore one.' : ''}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SearchField label="Search the Forever Database" placeholder="Title, TR number, owner e-mail or reason" value={term} onChange={setTerm} />
        </CardContent>
      </Card>
      <Card>
        <div>
          {list.isPending ? (
            <Loading>Loading the Forever Database...</Loading>
          ) : list.isError ? (
            <div className="p-4 sm:p-6">
              <LoadFailed title="Could not load the Forever Database" error={list.error} onRetry={() => void list.refetch()} />
            </div>
          ) : list.data.records.length === 0 ? (
            <p role="status" className="px-6 py-10 text-center text-sm text-muted-foreground">{q ? 'No archived records match.' : 'Nothing has been archived.'}</p>
          ) : (
            <>
              <ul aria-label="Archived registrations" aria-busy={list.isFetching} className="divide-y divide-border">
                {list.data.records.map((record) => (
                  <ArchivedRow key={record.id} record={record} rights={rights} />
                ))}
              </ul>
              <Pager label="Forever Database" info={list.data} onPage={setPage} />
            </>
          )}
        </div>
      </Card>
    </section>
  );
}
