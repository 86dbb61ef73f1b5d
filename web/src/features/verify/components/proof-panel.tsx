// The blockchain proof of a verified registration, checked by this browser rather than taken on our
// word: the leaf hash and the Merkle path are recomputed with Web Crypto, and the root is looked up
// on the chain with eth_call, through our read-only RPC proxy or an RPC endpoint the verifier names;
// and the same checks without this site, by the verifier on the saved proof (proof-verify-command.tsx).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { leavesOf } from '@titleledger/ledger/merkle/proof';
import { Blocks, LoaderCircle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { Field } from '@/components/field';
import { HashText } from '@/components/hash-text';
import { Input } from '@/components/input';
import { cn } from '@/lib/cn';

import { DEFAULT_RPC_URL, useChainAnchor, type ChainAnchor } from '../api/get-chain-anchor';
import { useLedgerProof } from '../api/get-ledger-proof';
import { verificationQueryOptions } from '../api/get-verification';
import { isAnchored } from '../lib/anchor-call';
import { formatUtc } from '../lib/format';
import { checkProof, type LedgerProof } from '../lib/merkle-check';
import { CheckRow, type CheckState } from './check-row';
import { DEV_CHAIN_ID, DevChainNote } from './dev-chain-note';
import { ProofVerifyCommand } from './proof-verify-command';

export function ProofPanel({ trNumber, registrationHash, status }: { trNumber: string; registrationHash: string; status: string }) {
  const proof = useLedgerProof(trNumber);
  const queryClient = useQueryClient();
  const anchored = proof.data?.state === 'anchored';
  // Once anchored, a pending registration's status moves on: read it again from the server.
  useEffect(() => {
    if (anchored && status === 'pending') {
      void queryClient.invalidateQueries({ queryKey: verificationQueryOptions(trNumber).queryKey });
    }
  }, [anchored, status, trNumber, queryClient]);
  return (
    <Card>
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <Blocks aria-hidden="true" className="size-6 shrink-0 text-accent-text" />
          <CardTitle>Blockchain proof</CardTitle>
        </div>
        <CardDescription>
          Checked by your browser: it recomputes the Merkle path itself and reads the root from the chain.
        </CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" className="max-sm:p-4">
        {proof.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Fetching the proof...
          </p>
        ) : proof.isError ? (
          <Alert variant="danger" role="alert" title="The proof could not be loaded">
            {proof.error.message}{' '}
            <button type="button" className="font-medium text-accent-text underline" onClick={() => void proof.refetch()}>
              Try again
            </button>
          </Alert>
        ) : proof.data.state === 'pending' ? (
          <Alert variant="info" role="status" title="Anchoring pending — this registration will be anchored within seconds">
            <span className="inline-flex items-center gap-2">
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
              Checking again every few seconds.
            </span>
          </Alert>
        ) : (
          <AnchoredProof proof={proof.data.proof} registrationHash={registrationHash} />
        )}
      </CardContent>
    </Card>
  );
}

function state(loading: boolean, ok: boolean): CheckState {
  return loading ? 'checking' : ok ? 'passed' : 'failed';
}

function AnchoredProof({ proof, registrationHash }: { proof: LedgerProof; registrationHash: string }) {
  const [rpcUrl, setRpcUrl] = useState(DEFAULT_RPC_URL);
  const merkle = useQuery({
    queryKey: ['merkle-check', proof.tr_number, proof.root, proof.leaf.hash, registrationHash],
    queryFn: () => checkProof(proof, registrationHash),
  });
  const chain = useChainAnchor(rpcUrl, proof.contract, proof.root);
  const expectedChainId = BigInt(proof.chainId);
  const onChain = chain.data ? isAnchored(chain.data.anchor) && chain.data.chainId === expectedChainId : false;
  const merkleOk = Boolean(merkle.data?.leafIsRegistration && merkle.data.leafHashOk && merkle.data.pathOk);
  const checking = merkle.isPending || (chain.isPending && chain.fetchStatus !== 'idle') || chain.isFetching;
  const verdict: Verdict = checking ? 'checking' : merkleOk && onChain ? 'confirmed' : 'unconfirmed';

  return (
    <div className="grid gap-6">
      <ul className="grid gap-4" aria-label="Proof checks">
        <CheckRow
          state={state(merkle.isPending, Boolean(merkle.data?.leafHashOk && merkle.data.leafIsRegistration))}
          label="Leaf hash"
        >
          <p>
            {merkle.data && !merkle.data.leafIsRegistration
              ? 'The proof is for a different hash than this registration’s.'
              : 'SHA-256(0x00 ‖ registration hash), recomputed here, equals the leaf in the proof.'}
          </p>
          <HashText value={proof.leaf.leafHash} label="leaf hash" />
        </CheckRow>
        <CheckRow state={state(merkle.isPending, Boolean(merkle.data?.pathOk))} label="Merkle path → root">
          <p>
            {proof.proof.path.length === 0
              ? 'The only leaf of its batch: its leaf hash is the batch root'
              : `Leaf index ${proof.leaf.index} of ${leavesOf(proof.proof.treeSize)}, ${proof.proof.path.length} ${
                  proof.proof.path.length === 1 ? 'sibling' : 'siblings'
                } hashed up to the batch root`}
            {merkle.data && !merkle.data.pathOk ? ', which does not give the root in the proof.' : '.'}
          </p>
          <HashText value={proof.root} label="Merkle root" />
        </CheckRow>
        <CheckRow state={state(chain.isPending && chain.fetchStatus !== 'idle', onChain)} label="Root on chain">
          <ChainDetail proof={proof} chain={chain.data} error={chain.error} expectedChainId={expectedChainId} />
        </CheckRow>
      </ul>

      <AnchoredIn proof={proof} chain={chain.data} verdict={verdict} />

      {proof.chainId === DEV_CHAIN_ID ? <DevChainNote /> : null}

      <RpcChooser rpcUrl={rpcUrl} onChange={setRpcUrl} publicRpcUrl={otherPublicRpc(proof.rpcUrl)} />

      <ProofVerifyCommand proof={proof} registrationHash={registrationHash} />
    </div>
  );
}

function ChainDetail({
  proof,
  chain,
  error,
  expectedChainId,
}: {
  proof: LedgerProof;
  chain: ChainAnchor | undefined;
  error: Error | null;
  expectedChainId: bigint;
}) {
  const where = (
    <>
      chain id <span className="font-mono text-foreground">{expectedChainId.toString()}</span>, contract
    </>
  );
  let verdict: string;
  if (error) verdict = `The chain could not be asked: ${error.message}`;
  else if (!chain) verdict = 'Asking the chain for anchorOf(root)...';
  else if (chain.chainId !== expectedChainId) verdict = `This RPC serves chain id ${chain.chainId.toString()}, not the chain in the proof.`;
  else if (!isAnchored(chain.anchor)) verdict = 'The contract has no anchor for this root.';
  else verdict = `anchorOf(root) on the chain: batch ${chain.anchor.batchId.toString()} of ${leavesOf(Number(chain.anchor.leafCount))}.`;
  return (
    <>
      <p>{verdict}</p>
      <p>{where}</p>
      <HashText value={proof.contract} label="contract address" />
    </>
  );
}

type Verdict = 'checking' | 'confirmed' | 'unconfirmed';

function AnchoredIn({ proof, chain, verdict }: { proof: LedgerProof; chain: ChainAnchor | undefined; verdict: Verdict }) {
  // Only a registration whose every check passed is called anchored, with the chain's own record.
  const confirmed = verdict === 'confirmed' && chain;
  return (
    <div
      className={cn(
        'grid gap-2 rounded-lg border p-4',
        verdict === 'unconfirmed' ? 'border-danger/30 bg-danger-soft' : 'border-border bg-subtle/60',
      )}
    >
      <p className="text-sm font-medium text-foreground">
        {confirmed ? (
          <>
            Anchored in block <span className="font-mono">{chain.anchor.blockNumber.toString()}</span> at{' '}
            <time>{formatUtc(chain.anchor.timestamp)}</time>
          </>
        ) : verdict === 'checking' ? (
          'Checking the anchor...'
        ) : (
          <>
            Not confirmed: the proof names block <span className="font-mono">{String(proof.blockNumber)}</span> at{' '}
            <time>{formatUtc(proof.blockTimestamp)}</time>, but the checks above did not all pass.
          </>
        )}
      </p>
      <p className="text-xs text-muted-foreground">Transaction</p>
      <HashText value={proof.txHash} label="transaction hash" className="bg-surface" />
    </div>
  );
}

/** The proof's public RPC, unless it is this site's own proxy (which the page already uses). */
function otherPublicRpc(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin && parsed.pathname === DEFAULT_RPC_URL ? undefined : url;
  } catch {
    return undefined;
  }
}

function RpcChooser({
  rpcUrl,
  onChange,
  publicRpcUrl,
}: {
  rpcUrl: string;
  onChange: (url: string) => void;
  publicRpcUrl: string | undefined;
}) {
  const [draft, setDraft] = useState(rpcUrl === DEFAULT_RPC_URL ? '' : rpcUrl);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(draft.trim() === '' ? DEFAULT_RPC_URL : draft.trim());
  };
  return (
    <details className="group rounded-lg border border-border p-4 [&_summary::-webkit-details-marker]:hidden">
      <summary className="cursor-pointer rounded text-sm font-medium text-accent-text">Advanced: use your own RPC</summary>
      <form onSubmit={apply} className="mt-4 grid gap-3">
        <Field
          label="RPC URL"
          hint={
            rpcUrl === DEFAULT_RPC_URL
              ? 'Now reading the chain through this site’s read-only RPC proxy. Enter any JSON-RPC endpoint of the same chain to ask it instead.'
              : `Now reading the chain through ${rpcUrl}.`
          }
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="https://rpc.example.org"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" size="sm">
            Check with this RPC
          </Button>
          {publicRpcUrl && rpcUrl !== publicRpcUrl ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(publicRpcUrl);
                onChange(publicRpcUrl);
              }}
            >
              Use the chain’s public RPC
            </Button>
          ) : null}
          {rpcUrl !== DEFAULT_RPC_URL ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft('');
                onChange(DEFAULT_RPC_URL);
              }}
            >
              Use the default proxy
            </Button>
          ) : null}
        </div>
      </form>
    </details>
  );
}
