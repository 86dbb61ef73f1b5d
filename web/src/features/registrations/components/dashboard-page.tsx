// /dashboard (seed 000 §2 "Dashboard"): the five numbers, and the user's registrations with a
// client-side search and a status filter. An empty list says which it is: nothing registered yet
// (with "Register Your First Title"), or titles that the search or the filter left out (saying
// which, with "Clear filters").
import { Activity, CalendarPlus, Clock, FileCheck2, Files, Filter, Plus, Search, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/card';
import { Input } from '@/components/input';
import { Loading, LoadFailed } from '@/components/query-states';
import { UserText } from '@/components/user-text';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

import { useDashboardStats } from '../api/get-dashboard-stats';
import { useUserTitles } from '../api/get-user-titles';
import { filterTitles, STATUS_FILTERS, type StatusFilter } from '../lib/title-filter';
import { useResumePendingDownload } from '../api/download-file';
import { formatDate, StatusBadge, TitleDownloads } from './title-downloads';

type StatKey = 'totalRegistrations' | 'activeRegistrations' | 'pendingRegistrations' | 'thisMonthRegistrations' | 'recent_activity';

const STAT_CARDS: ReadonlyArray<{ key: StatKey; label: string; caption: string; Icon: LucideIcon }> = [
  { key: 'totalRegistrations', label: 'Total Registrations', caption: 'all time', Icon: Files },
  { key: 'activeRegistrations', label: 'Active Titles', caption: 'currently active', Icon: FileCheck2 },
  { key: 'pendingRegistrations', label: 'Pending', caption: 'awaiting processing', Icon: Clock },
  { key: 'thisMonthRegistrations', label: 'This Month', caption: 'new registrations', Icon: CalendarPlus },
  { key: 'recent_activity', label: 'Recent Activity', caption: 'last 24 hours', Icon: Activity },
];

const FILTER_LABELS: Record<StatusFilter, string> = { all: 'All', pending: 'Pending', registered: 'Registered' };

function StatCards() {
  const stats = useDashboardStats();
  return (
    <section aria-label="Statistics" className="grid gap-3">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {STAT_CARDS.map(({ key, label, caption, Icon }) => (
          <li key={key} className="flex flex-col rounded-xl border border-border bg-surface p-4 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm font-medium leading-5">{label}</p>
              <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </div>
            {/* mt-auto keeps the numbers on one line when a label wraps. */}
            <p className="mt-auto pt-2 text-2xl font-semibold tabular-nums tracking-tight">
              {stats.data ? stats.data[key] : <span className="text-muted-foreground">–</span>}
            </p>
            <p className="text-xs text-muted-foreground">{caption}</p>
          </li>
        ))}
      </ul>
      {stats.isError ? (
        <Alert variant="danger" title="Statistics unavailable">
          {errorMessage(stats.error, 'The numbers could not be loaded.')}
        </Alert>
      ) : null}
    </section>
  );
}

/**
 * What left every title out: the search (in the spec's words), the status filter, or both. A filter
 * alone is not a search, so it is named instead.
 */
function noMatchText(term: string, status: StatusFilter): string {
  const filter = status === 'all' ? null : FILTER_LABELS[status];
  if (term && filter) return `No titles match your search. The ${filter} filter is on too.`;
  if (term) return 'No titles match your search.';
  return `None of your titles is ${(filter ?? '').toLowerCase()}.`;
}

function TitleList() {
  const titles = useUserTitles();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [filterOpen, setFilterOpen] = useState(false);
  const searchId = useId();
  const filterId = useId();
  const rows = filterTitles(titles.data ?? [], search, status);
  const hasTitles = (titles.data?.length ?? 0) > 0;
  const searchInput = useRef<HTMLInputElement>(null);
  const clearFilters = () => {
    setSearch('');
    setStatus('all');
    // The button goes with the empty state: focus goes to the search box, where narrowing starts.
    searchInput.current?.focus();
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <CardTitle>My Title Registrations</CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.myDocuments}>View All</Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex gap-2">
          <div className="relative flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search your titles
            </label>
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              ref={searchInput}
              id={searchId}
              type="search"
              placeholder="Search your titles..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
          <Button
            variant={status === 'all' ? 'secondary' : 'primary'}
            aria-expanded={filterOpen}
            aria-controls={filterId}
            onClick={() => setFilterOpen((open) => !open)}
          >
            <Filter aria-hidden="true" />
            Filter
            {status !== 'all' ? <span className="sr-only">(showing {FILTER_LABELS[status]})</span> : null}
          </Button>
        </div>
        <div id={filterId} hidden={!filterOpen} role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
          {STATUS_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm transition-colors',
                status === value
                  ? 'border-accent bg-accent-soft font-medium text-accent-text'
                  : 'border-border text-muted-foreground hover:text-foreground',
              )}
            >
              {FILTER_LABELS[value]}
            </button>
          ))}
        </div>

        {titles.isPending ? (
          <Loading>Loading your registrations...</Loading>
        ) : titles.isError ? (
          <LoadFailed title="Your registrations could not be loaded" error={titles.error} onRetry={() => void titles.refetch()} />
        ) : rows.length === 0 && !hasTitles ? (
          <div className="grid justify-items-center gap-2 py-10 text-center">
            <Files aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">No registrations found</p>
            <p className="text-sm text-muted-foreground">You haven't registered any titles yet.</p>
            <Button asChild className="mt-2">
              <Link to={paths.registerTitle}>Register Your First Title</Link>
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <div role="status" className="grid justify-items-center gap-2 py-10 text-center">
            <Search aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">No registrations found</p>
            <p className="max-w-full text-sm text-muted-foreground wrap-anywhere">{noMatchText(search.trim(), status)}</p>
            <Button variant="secondary" className="mt-2" onClick={clearFilters}>
              Clear filters
            </Button>
          </div>
        ) : (
          <ul className="grid divide-y divide-border rounded-lg border border-border" aria-label="Registrations">
            {rows.map((row) => (
              <li key={row.tr_number} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <UserText as="p" className="min-w-0 wrap-anywhere font-medium">{row.title}</UserText>
                    <StatusBadge status={row.status} highlight={['registered']} />
                  </div>
                  <p className="break-all font-mono text-xs text-muted-foreground">{row.tr_number}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatDate(row.registration_date)} · {row.material_type}
                  </p>
                </div>
                <TitleDownloads trNumber={row.tr_number} title={row.title} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  useResumePendingDownload();
  return (
    <div className="grid gap-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Dashboard</h1>
          <p className="text-muted-foreground">Manage your title registrations and account</p>
        </div>
        <Button asChild>
          <Link to={paths.registerTitle}>
            <Plus aria-hidden="true" />
            Register New Title
          </Link>
        </Button>
      </header>
      <StatCards />
      <TitleList />
    </div>
  );
}
