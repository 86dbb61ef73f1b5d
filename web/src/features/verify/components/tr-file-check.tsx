// "Is this .tr proof file genuine?": the verifier drops a `.tr` file and the browser runs every check
// `npm run verify` makes (the same code, @titleledger/ledger/verifier): the Ed25519 signature, the
// enclosed work, the registration hash (the salted commitment opened), the Merkle path, the root on
// the chain and the signing key bound by the same registry. The file is read locally and never
// uploaded; the chain is read through this site's read-only RPC proxy, in the registry contract this
// site anchors in (pinned: a file naming another contract fails), so the verdict trusts this site.
// The check independent of it is the pinned `npm run verify` command shown below the result.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Verdict } from '@titleledger/ledger/verifier';
import { isolate } from '@titleledger/api/schemas/isolate';
import { FileKey2, LoaderCircle } from 'lucide-react';

import { Alert } from '@/components/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { UserText } from '@/components/user-text';

import { DEFAULT_RPC_URL } from '../api/get-chain-anchor';
import { ledgerStatusQueryOptions } from '../api/get-ledger-status';
import { formatUtc } from '../lib/format';
import type { ShownRegistration } from '../lib/tr-registration';
import { CheckRow } from './check-row';
import { DEV_CHAIN_ID, DevChainNote } from './dev-chain-note';
import { FileDropZone } from './file-drop-zone';
import { PinnedVerifyCommand } from './pinned-verify-command';

/** A `.tr` file holds the work encrypted; past this it is not one of ours (uploads are far smaller). */
const MAX_TR_BYTES = 200 * 1024 * 1024;

const CHECK_LABELS: Record<string, string> = {
  format: 'Readable .tr file',
  signature: 'Signature',
  document: 'Enclosed work',
  'cryptographic hash': 'Registration hash',
  'merkle proof': 'Merkle proof',
  'registry contract': 'Anchored in this site’s registry',
  'chain id': 'Chain',
  'root on chain': 'Root anchored on chain',
  'registry key on chain': 'Signing key bound on chain',
};

interface Checked {
  readonly name: string;
  readonly checks: readonly { name: string; ok: boolean; detail: string }[];
  readonly verdict: Verdict;
  readonly registration: ShownRegistration | null;
  /** The public key the file's signature names (unchecked: only to pick the key the pinned command shows). */
  readonly signedBy: string | null;
}

/** `contract()`: the registry contract this site anchors in, or null when the site cannot say. */
async function checkTrFile(file: File, contract: () => Promise<string | null>): Promise<Checked> {
  if (file.size > MAX_TR_BYTES) {
    const check = { name: 'format', ok: false, detail: `${isolate(file.name)} is larger than any .tr file (over 200 MB): not a proof file` };
    return { name: file.name, checks: [check], verdict: { status: 'failed', failed: check }, registration: null, signedBy: null };
  }
  const text = await file.text();
  // Loaded on first use: the landing of /verify carries neither the verifier nor zod.
  const [{ verdictOf, verifyTrBundle }, { shownRegistrationSchema }, pinned] = await Promise.all([
    import('@titleledger/ledger/verifier'),
    import('../lib/tr-registration'),
    contract().catch(() => null),
  ]);
  const options = { rpcUrl: new URL(DEFAULT_RPC_URL, window.location.origin).href, ...(pinned ? { contract: pinned } : {}) };
  const checks = await verifyTrBundle(text, options);
  let registration: Checked['registration'] = null;
  let signedBy: string | null = null;
  if (checks.every((c) => c.ok)) {
    const bundle = JSON.parse(text) as { registration?: unknown; signature?: { publicKey?: unknown } };
    const parsed = shownRegistrationSchema.safeParse(bundle.registration);
    registration = parsed.success ? parsed.data : null;
    signedBy = typeof bundle.signature?.publicKey === 'string' ? bundle.signature.publicKey : null;
  }
  return { name: file.name, checks, verdict: verdictOf(checks, options), registration, signedBy };
}

export function TrFileCheck() {
  const queryClient = useQueryClient();
  const checking = useMutation({
    mutationFn: (file: File) => checkTrFile(file, async () => (await queryClient.ensureQueryData(ledgerStatusQueryOptions())).contract),
  });
  return (
    <Card>
      <CardHeader className="max-sm:p-4 max-sm:pb-0">
        <div className="flex items-center gap-3">
          <FileKey2 aria-hidden="true" className="size-6 shrink-0 text-accent-text" />
          <CardTitle>Check a .tr proof file</CardTitle>
        </div>
        <CardDescription>
          Your browser checks the file’s signature, opens its registration hash, walks its Merkle proof and reads the
          anchor and the signing key from the chain. The file is not uploaded.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:p-4">
        <FileDropZone
          testId="tr-drop-zone"
          accept=".tr,application/json"
          onFile={(file) => checking.mutate(file)}
          prompt={
            <>
              Drop a .tr file here, or <span className="text-accent-text underline">choose one</span>
            </>
          }
          hint="The proof file downloaded with a registration."
        />
        <div aria-live="polite" className="grid gap-4">
          {checking.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Checking the proof file...
            </p>
          ) : checking.isError ? (
            <Alert variant="danger" role="alert" title="The file could not be checked">
              {checking.error.message}. Try choosing it again.
            </Alert>
          ) : checking.data ? (
            <TrFileResult result={checking.data} />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** The chain id the passed 'chain id' check names ("chain 31337 at …"), or null. */
function checkedChainId(checks: Checked['checks']): number | null {
  const detail = checks.find((c) => c.name === 'chain id' && c.ok)?.detail;
  const match = detail ? /^chain (\d+) /.exec(detail) : null;
  return match ? Number(match[1]) : null;
}

function TrFileResult({ result }: { result: Checked }) {
  const { verdict } = result;
  const chainId = checkedChainId(result.checks);
  const r = result.registration;
  return (
    <>
      {verdict.status === 'failed' ? (
        <Alert variant="danger" role="alert" title={`Not verified: ${CHECK_LABELS[verdict.failed.name] ?? verdict.failed.name} failed`}>
          <span className="wrap-anywhere">{verdict.failed.detail}.</span>
        </Alert>
      ) : verdict.status === 'not tied' ? (
        <Alert variant="warning" role="status" title="Consistent, but not tied to TitleLedger’s registry">
          Every check passed, but this site could not say which registry contract it anchors in, so nothing ties the file
          to TitleLedger. Try again later, or run the verifier with a pin as below.
        </Alert>
      ) : (
        <Alert variant="success" role="status" title="Proof file verified">
          {r ? (
            <>
              {r.trNumber}, “<UserText>{r.title}</UserText>”
              {r.registrantName ? (
                <>
                  {' '}
                  by <UserText>{r.registrantName}</UserText>
                </>
              ) : null}
              , registered {formatUtc(r.registeredAt)}
              {r.fileName ? (
                <>
                  {' '}
                  (<UserText>{r.fileName}</UserText>)
                </>
              ) : null}
              : signed by a key bound in this site’s registry contract, anchored there.
            </>
          ) : (
            'Every check passed.'
          )}
        </Alert>
      )}
      <ul aria-label={`Checks of ${result.name}`} className="grid gap-3">
        {result.checks.map((check) => (
          <CheckRow key={check.name} state={check.ok ? 'passed' : 'failed'} label={CHECK_LABELS[check.name] ?? check.name}>
            <p className="break-all">{check.detail}</p>
          </CheckRow>
        ))}
      </ul>
      {verdict.status === 'failed' ? null : (
        <>
          {chainId === DEV_CHAIN_ID ? <DevChainNote /> : null}
          <p className="text-xs text-muted-foreground">
            The chain was read through this site’s RPC proxy, in the registry contract this site names: this result trusts
            this site.
          </p>
          <PinnedVerifyCommand fileName={result.name} chainId={chainId} signedBy={result.signedBy} />
        </>
      )}
    </>
  );
}
