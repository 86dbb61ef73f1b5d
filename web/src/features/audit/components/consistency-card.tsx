// Consistency between any two of the listed checkpoints, checked in this browser: the page fetches
// the proof and verifies it against the two signed roots with Web Crypto (lib/consistency.ts).
import type { AuditCheckpoint } from '@titleledger/api/schemas';
import { useState } from 'react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { Label } from '@/components/label';
import { Select } from '@/components/select';
import { errorMessage } from '@/lib/api-error';

import { useCheckConsistency } from '../api/check-consistency';

export function ConsistencyCard({ checkpoints: all }: { checkpoints: readonly AuditCheckpoint[] }) {
  // The empty tree is a prefix of every tree: there is nothing to prove from size 0.
  const checkpoints = all.filter((c) => c.treeSize > 0);
  const options = checkpoints.map((c) => ({ value: String(c.treeSize), label: `Size ${c.treeSize.toLocaleString()}` }));
  const [from, setFrom] = useState(options[0]?.value ?? '');
  const [to, setTo] = useState(options.at(-1)?.value ?? '');
  const check = useCheckConsistency();
  // A verdict belongs to the pair it was checked for: a new pick clears it (QA 38 finding 6).
  const choose = (set: (size: string) => void) => (size: string) => {
    set(size);
    check.reset();
  };
  const pick = (size: string) => checkpoints.find((c) => String(c.treeSize) === size);
  const [older, newer] = [pick(from), pick(to)];
  const ordered = older && newer && older.treeSize <= newer.treeSize;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Consistency, checked in your browser</CardTitle>
        <CardDescription>
          Fetches the RFC 6962 consistency proof between two signed checkpoints and verifies it here with Web Crypto SHA-256: the
          older tree must be a prefix of the newer one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor="consistency-from">Older checkpoint</Label>
            <Select id="consistency-from" options={options} value={from} onChange={(event) => choose(setFrom)(event.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="consistency-to">Newer checkpoint</Label>
            <Select id="consistency-to" options={options} value={to} onChange={(event) => choose(setTo)(event.target.value)} />
          </div>
          {/* Pending, not disabled, while the proof is fetched: disabled, it dropped focus to <body>. */}
          <Button
            pending={check.isPending}
            focusableWhenDisabled
            disabled={!ordered}
            onClick={() => older && newer && check.mutate({ from: older, to: newer })}
          >
            {check.isPending ? 'Checking...' : 'Check consistency'}
          </Button>
        </div>
        {all.length > checkpoints.length ? (
          <p className="text-xs text-muted-foreground">
            Listed: the {checkpoints.length.toLocaleString()} non-empty checkpoints of the {all.length.toLocaleString()} drawn in the chart. The empty
            tree (size 0) is a prefix of every tree: there is nothing to check from it.
          </p>
        ) : null}
        {!ordered && older && newer ? <p className="text-sm text-danger">The older checkpoint must not be larger than the newer one.</p> : null}
        {check.isError ? <Alert variant="danger" role="alert" title="Could not fetch the proof">{errorMessage(check.error, 'Please try again.')}</Alert> : null}
        {check.data ? (
          check.data.ok ? (
            <Alert variant="success" role="status" title={`Consistent: ${check.data.from} → ${check.data.to} ok`}>
              The proof of {check.data.pathLength} hashes verified in this browser against both signed roots.
            </Alert>
          ) : (
            <Alert variant="danger" role="alert" title={`Consistency FAILED: ${check.data.from} → ${check.data.to}`}>
              The server's proof does not join the two signed roots: the log may have been rewritten.
            </Alert>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
