// /audit (auditor and master admin; issue 17 item 4): the latest signed checkpoint and its anchor, the
// tree growing over time, consistency between two checkpoints checked in the browser, the last
// replay / verify-log results, and how to export the log. Loaded lazily (Recharts stays off the
// public pages); the staff frame around it comes from the app's router.
import { Badge } from '@/components/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { HashText } from '@/components/hash-text';
import { LoadFailed, Loading } from '@/components/query-states';

import { useAuditCheckpoints } from '../api/get-audit-checkpoints';
import { useCheckpointAnchor } from '../api/get-checkpoint-anchor';
import { AuditRunsCard } from './audit-runs-card';
import { ConsistencyCard } from './consistency-card';
import { TreeGrowthChart } from './tree-growth-chart';

const EXPORT_COMMAND = 'npm run audit -- export ./tlog-export';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm text-foreground">{children}</dd>
    </div>
  );
}

/** The latest checkpoint anchored on chain (the ledger anchors one every N entries or T seconds). */
function CheckpointAnchor() {
  const anchored = useCheckpointAnchor();
  if (anchored.isPending) return <span className="text-muted-foreground">Loading...</span>;
  if (anchored.isError) return <span className="text-muted-foreground">Could not load the anchor.</span>;
  const checkpoint = anchored.data;
  if (!checkpoint?.anchor) return <span className="text-muted-foreground" data-testid="checkpoint-anchor">Not anchored yet: the ledger anchors the latest checkpoint every so many entries or minutes.</span>;
  const { anchor } = checkpoint;
  return (
    <span className="grid gap-1" data-testid="checkpoint-anchor">
      <span>
        Tree size {checkpoint.treeSize.toLocaleString()} anchored in block {anchor.blockNumber.toLocaleString()} on chain {anchor.chainId},{' '}
        {new Date(anchor.blockTimestamp * 1000).toLocaleString()}
      </span>
      <HashText value={anchor.txHash} label="Copy the anchoring transaction hash" />
    </span>
  );
}

export default function AuditDashboard() {
  const checkpoints = useAuditCheckpoints();
  const latest = checkpoints.data?.checkpoints.at(-1);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Latest checkpoint</CardTitle>
          <CardDescription>The newest signed tree head of the event log (a C2SP signed note, served at /api/log/checkpoint).</CardDescription>
        </CardHeader>
        <CardContent>
          {checkpoints.isPending ? <Loading>Loading the checkpoints...</Loading> : null}
          {checkpoints.isError ? <LoadFailed title="Could not load the checkpoints" error={checkpoints.error} onRetry={() => void checkpoints.refetch()} /> : null}
          {checkpoints.data && !latest ? <p className="text-sm text-muted-foreground">The log has no signed checkpoint yet.</p> : null}
          {checkpoints.data && latest ? (
            <dl className="grid gap-5 sm:grid-cols-2">
              <Fact term="Tree size">
                <span data-testid="latest-tree-size">{latest.treeSize.toLocaleString()}</span> leaves
              </Fact>
              <Fact term="Signature">
                {latest.signatureOk ? <Badge variant="success">Signature ok</Badge> : <Badge variant="danger">Signature FAILED</Badge>}
              </Fact>
              <Fact term="Root">
                <HashText value={latest.root} label="Copy the checkpoint root" />
              </Fact>
              <Fact term="Signed">{new Date(latest.signedAt).toLocaleString()}</Fact>
              <Fact term="Verifier key">
                <HashText value={checkpoints.data.verifierKey} label="Copy the verifier key" />
              </Fact>
              <Fact term="On-chain anchor">
                <CheckpointAnchor />
              </Fact>
            </dl>
          ) : null}
        </CardContent>
      </Card>

      {checkpoints.data && checkpoints.data.checkpoints.length > 0 ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>The tree over time</CardTitle>
            </CardHeader>
            <CardContent>
              <TreeGrowthChart checkpoints={checkpoints.data.checkpoints} total={checkpoints.data.total} />
            </CardContent>
          </Card>
          <ConsistencyCard checkpoints={checkpoints.data.checkpoints} />
        </>
      ) : null}

      <AuditRunsCard />

      <Card>
        <CardHeader>
          <CardTitle>Export the log</CardTitle>
          <CardDescription>
            Writes every entry (JSONL), every checkpoint and the tiles to a directory; <code className="font-mono">npm run audit -- verify-log --from-mirror DIR</code> checks such a copy.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <HashText value={EXPORT_COMMAND} label="Copy the export command" />
        </CardContent>
      </Card>
    </div>
  );
}
