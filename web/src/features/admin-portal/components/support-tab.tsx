// The support inbox: requests from the support form and the contact page, for staff to answer. Open
// ones come most urgent first, then oldest first; one past its advertised response time is marked
// overdue. Staff reply by e-mail (the sender's address is a mailto link quoting the ticket) and then
// mark the request resolved, with an optional note; admin1 reads only (the server refuses the rest).
import {
  handleSupportRequestSchema,
  supportIssueTypeLabels,
  supportPriorityLabels,
  type SupportInboxItem,
  type SupportInboxQuery,
} from '@titleledger/api/schemas';
import { isolate } from '@titleledger/api/schemas/isolate';
import { CheckCircle2, Mail, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';

import { Badge, type BadgeProps } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { Label } from '@/components/label';
import { Loading, LoadFailed } from '@/components/query-states';
import { Select } from '@/components/select';
import { UserText } from '@/components/user-text';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';

import { useSupportRequests } from '../api/get-support-requests';
import { useHandleSupportRequest } from '../api/manage-records';
import { formatDateTime } from '../lib/format';
import { isOverdue } from '../lib/overdue';
import type { PortalRights } from '../lib/rights';
import { Pager } from './pager';
import { ReasonDialog } from './reason-dialog';
import { SearchField } from './search-field';

type Status = SupportInboxQuery['status'];

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: Status; label: string }[];

const PRIORITY_BADGES: Record<SupportInboxItem['priority'], BadgeProps['variant']> = {
  urgent: 'danger',
  high: 'warning',
  normal: 'neutral',
  low: 'neutral',
};

const noteSchema = handleSupportRequestSchema.shape.note.unwrap();

function HandleButton({ request, leavesList }: { request: SupportInboxItem; leavesList: boolean }) {
  const handle = useHandleSupportRequest();
  const action = request.status === 'open' ? 'resolve' : 'reopen';
  const onConfirm = async (note: string) => {
    try {
      await handle.mutateAsync({ requestId: request.id, action, ...(note ? { note } : {}) });
      toast({
        title: action === 'resolve' ? 'Request Resolved' : 'Request Reopened',
        description: `${request.ticketNumber} is ${action === 'resolve' ? 'resolved' : 'open again'}.`,
        variant: 'success',
      });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, `Failed to ${action} the support request`), variant: 'destructive' });
      return false;
    }
  };
  return (
    <ReasonDialog
      title={action === 'resolve' ? 'Resolve support request' : 'Reopen support request'}
      question={
        action === 'resolve' ? (
          <>
            Mark {request.ticketNumber} (&quot;<UserText>{request.subject}</UserText>&quot;) resolved? Reply to {request.email} first: nothing is sent
            from here.
          </>
        ) : (
          <>
            Put {request.ticketNumber} (&quot;<UserText>{request.subject}</UserText>&quot;) back in the open queue?
          </>
        )
      }
      confirmLabel={action === 'resolve' ? 'Resolve' : 'Reopen'}
      pendingLabel={action === 'resolve' ? 'Resolving...' : 'Reopening...'}
      fieldLabel="Note"
      schema={noteSchema}
      optional
      destructive={false}
      removesRow={leavesList}
      onConfirm={onConfirm}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`${action === 'resolve' ? 'Resolve' : 'Reopen'} ${request.ticketNumber}`}>
          {action === 'resolve' ? <CheckCircle2 aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          {action === 'resolve' ? 'Resolve' : 'Reopen'}
        </Button>
      }
    />
  );
}

function RequestRow({ request, rights, now, status }: { request: SupportInboxItem; rights: PortalRights; now: number; status: Status }) {
  const reply = `mailto:${request.email}?subject=${encodeURIComponent(`Re: ${isolate(request.subject)} [${request.ticketNumber}]`)}`;
  return (
    <li aria-label={request.ticketNumber} className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-start sm:px-6">
      <div className="grid min-w-0 gap-2">
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <UserText className="wrap-anywhere font-medium text-foreground">{request.subject}</UserText>
            <Badge variant={PRIORITY_BADGES[request.priority]}>{supportPriorityLabels[request.priority].label}</Badge>
            <Badge variant={request.status === 'open' ? 'accent' : 'success'} className="capitalize">
              {request.status}
            </Badge>
            {isOverdue(request, now) ? <Badge variant="danger">Overdue</Badge> : null}
          </p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="font-mono text-xs leading-5 text-foreground">{request.ticketNumber}</span>
            <span>{supportIssueTypeLabels[request.issueType].label}</span>
            <span>
              Submitted <time dateTime={request.submittedAt}>{formatDateTime(request.submittedAt)}</time>
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <UserText className="wrap-anywhere text-foreground">{request.fullName}</UserText>
            <a href={reply} className="inline-flex min-w-0 items-center gap-1 wrap-anywhere text-accent-text underline-offset-4 hover:underline">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {request.email}
            </a>
          </p>
        </div>
        <UserText as="p" className="whitespace-pre-wrap wrap-anywhere rounded-md border border-border bg-subtle px-3 py-2 text-sm text-foreground">
          {request.message}
        </UserText>
        {request.handledAt ? (
          <p className="wrap-anywhere text-sm text-muted-foreground">
            {request.status === 'resolved' ? 'Resolved' : 'Reopened'} <time dateTime={request.handledAt}>{formatDateTime(request.handledAt)}</time>
            {request.handledByEmail ? ` by ${request.handledByEmail}` : ''}
            {request.handledByRole ? ` (${request.handledByRole})` : ''}
            {request.note ? (
              <>
                : “<UserText>{request.note}</UserText>”
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {/* Resolved, an open request leaves the Open list (and reopened, the Resolved one); All keeps it. */}
      {rights.edit ? <HandleButton request={request} leavesList={status !== 'all'} /> : null}
    </li>
  );
}

export function SupportTab({ rights }: { rights: PortalRights }) {
  const [status, setStatus] = useState<Status>('open');
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(term);
  const list = useSupportRequests(status, q, page);
  const statusId = useId();

  const [asked, setAsked] = useState(`${status} ${q}`);
  if (asked !== `${status} ${q}`) {
    setAsked(`${status} ${q}`);
    setPage(1);
  }

  const now = Date.now();
  const empty = q ? 'No support requests match.' : status === 'open' ? 'No open support requests.' : 'No support requests yet.';

  return (
    <section aria-label="Support requests" className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Support requests</CardTitle>
          <CardDescription>
            Requests from the support form and the contact page. Reply by e-mail, then mark the request resolved.
            {list.data ? ` ${list.data.openCount.toLocaleString()} open.` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-2 sm:w-40">
            <Label htmlFor={statusId}>Show</Label>
            <Select id={statusId} options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as Status)} />
          </div>
          <SearchField label="Search support requests" placeholder="Ticket number, e-mail, name or subject" value={term} onChange={setTerm} />
        </CardContent>
      </Card>
      <Card>
        <div>
          {list.isPending ? (
            <Loading>Loading support requests...</Loading>
          ) : list.isError ? (
            <div className="p-4 sm:p-6">
              <LoadFailed title="Could not load support requests" error={list.error} onRetry={() => void list.refetch()} />
            </div>
          ) : list.data.requests.length === 0 ? (
            <p role="status" className="px-6 py-10 text-center text-sm text-muted-foreground">{empty}</p>
          ) : (
            <>
              <ul aria-label="Support requests" aria-busy={list.isFetching} className="divide-y divide-border">
                {list.data.requests.map((request) => (
                  <RequestRow key={request.id} request={request} rights={rights} now={now} status={status} />
                ))}
              </ul>
              <Pager label="Support requests" info={list.data} onPage={setPage} />
            </>
          )}
        </div>
      </Card>
    </section>
  );
}
