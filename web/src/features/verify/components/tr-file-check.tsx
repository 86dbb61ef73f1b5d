// "Is this .tr proof file genuine?": the verifier drops a `.tr` file and the browser runs every check
// `npm run verify` makes (the same code, @titleledger/ledger/verifier): the Ed25519 signature, the
// enclosed work, the registration hash (the salted commitment opened), the Merkle path, the root on
// the chain and the signing key bound by the same registry. The file is read locally and never
// uploaded; the chain is read through this site's read-only RPC proxy, in the registry contract this
// site anchors in (pinned: a file naming another contract fails), so the verdict trusts this site.
// The check independent of it is the pinned `npm run verify` command shown below the result.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isolate } from '@titleledger/api/schemas/isolate';
import { FileKey2, LoaderCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';

import { Alert } from '@/components/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';

import { DEFAULT_RPC_URL } from '../api/get-chain-anchor';
import { ledgerStatusQueryOptions } from '../api/get-ledger-status';
import { FileDropZone } from './file-drop-zone';
import type { Checked, Claims } from './tr-file-result';

// The result (its texts, the registry's current record, the pinned command) comes with the first one.
const TrFileResult = lazy(async () => ({ default: (await import('./tr-file-result')).TrFileResult }));

/** A `.tr` file holds the work encrypted; past this it is not one of ours (uploads are far smaller). */
const MAX_TR_BYTES = 200 * 1024 * 1024;

/** The TR number, hash and RPC a readable file names, whatever the checks said of it. */
function claimsOf(text: string): Claims | null {
  try {
    const bundle = JSON.parse(text) as { registration?: { trNumber?: unknown; cryptographicHash?: unknown }; chain?: { rpcUrl?: unknown } };
    const trNumber = bundle.registration?.trNumber;
    if (typeof trNumber !== 'string' || !/^TR-[A-Z0-9-]{1,40}$/.test(trNumber)) return null;
    const hash = bundle.registration?.cryptographicHash;
    const rpcUrl = bundle.chain?.rpcUrl;
    return { trNumber, cryptographicHash: typeof hash === 'string' ? hash : null, rpcUrl: typeof rpcUrl === 'string' ? rpcUrl : null };
  } catch {
    return null;
  }
}

/** `contract()`: the registry contract this site anchors in, or null when the site cannot say. */
async function checkTrFile(file: File, contract: () => Promise<string | null>): Promise<Checked> {
  if (file.size > MAX_TR_BYTES) {
    const check = { name: 'format', ok: false, detail: `${isolate(file.name)} is larger than any .tr file (over 200 MB): not a proof file` };
    return { name: file.name, checks: [check], verdict: { status: 'failed', failed: check }, registration: null, signedBy: null, claims: null };
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
  const claims = checks[0]?.ok ? claimsOf(text) : null;
  return { name: file.name, checks, verdict: verdictOf(checks, options), registration, signedBy, claims };
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
            <Suspense fallback={<p className="text-sm text-muted-foreground">Checking the proof file...</p>}>
              <TrFileResult result={checking.data} />
            </Suspense>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
