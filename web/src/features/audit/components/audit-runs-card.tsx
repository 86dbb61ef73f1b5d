// The last replay, verify-log and verify-anchors results (from `npm run audit` and from this page), and a
// button that runs verify-log on the server (verify-anchors runs where the ledger's code is: the CLI). A run under way is polled until its verdict lands.
import type { AuditRun } from '@titleledger/api/schemas';
import { Play } from 'lucide-react';

import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { LoadFailed, Loading } from '@/components/query-states';
import { errorMessage } from '@/lib/api-error';

import { useAuditRuns } from '../api/get-audit-runs';
import { useStartVerifyLog } from '../api/start-verify-log';

const statusBadge = { running: 'accent', ok: 'success', failed: 'danger' } as const;
const statusText = { running: 'Running', ok: 'OK', failed: 'Failed' } as const;

function RunRow({ run }: { run: AuditRun }) {
  return (
    <li className="grid gap-1 py-3" data-testid="audit-run">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-foreground">{run.kind}</span>
        <Badge variant={statusBadge[run.status]}>{statusText[run.status]}</Badge>
        <span className="text-muted-foreground">
          {run.source === 'cli' ? 'npm run audit' : `from this page${run.startedBy ? ` by ${run.startedBy.email}` : ''}`} ·{' '}
          {new Date(run.startedAt).toLocaleString()}
        </span>
        {run.firstBadPosition !== null ? <Badge variant="danger">first bad position {run.firstBadPosition}</Badge> : null}
      </div>
      <p className="wrap-anywhere font-mono text-xs text-muted-foreground">{run.summary}</p>
    </li>
  );
}

export function AuditRunsCard() {
  const runs = useAuditRuns();
  const start = useStartVerifyLog();
  const running = runs.data?.runs.some((run) => run.status === 'running') ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit results</CardTitle>
        <CardDescription>
          Recorded by <code className="font-mono">npm run audit -- replay</code>, <code className="font-mono">verify-log</code> and{' '}
          <code className="font-mono">verify-anchors</code> (every batch root recomputed and checked on chain), and by the button below.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          {/* Unavailable while a run is under way, but focusable: disabled, it dropped focus to <body> as it was pressed. */}
          <Button onClick={() => start.mutate()} pending={start.isPending} focusableWhenDisabled disabled={running}>
            <Play aria-hidden="true" />
            {running ? 'verify-log is running...' : 'Run verify-log on the server'}
          </Button>
        </div>
        {start.isError ? <Alert variant="danger" role="alert" title="verify-log did not start">{errorMessage(start.error, 'Please try again.')}</Alert> : null}
        {runs.isPending ? <Loading>Loading the results...</Loading> : null}
        {runs.isError ? <LoadFailed title="Could not load the results" error={runs.error} onRetry={() => void runs.refetch()} /> : null}
        {runs.data && runs.data.runs.length === 0 ? <p className="text-sm text-muted-foreground">No audit has been run yet.</p> : null}
        {runs.data && runs.data.runs.length > 0 ? (
          <ul aria-label="Audit runs" className="divide-y divide-border">
            {runs.data.runs.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
