// "Is this .tr proof file genuine?": the verifier drops a `.tr` file and the browser runs every check
// `npm run verify` makes (the same code, @titleledger/ledger/verifier): the Ed25519 signature, the
// enclosed work, the registration hash (the salted commitment opened), the Merkle path, the root on
// the chain and the signing key bound by the same registry. The file is read locally and never
// uploaded; the chain is read through this site's read-only RPC proxy.
import { useMutation } from '@tanstack/react-query';
import { FileKey2, LoaderCircle } from 'lucide-react';

import { Alert } from '@/components/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';

import { DEFAULT_RPC_URL } from '../api/get-chain-anchor';
import { formatUtc } from '../lib/format';
import type { ShownRegistration } from '../lib/tr-registration';
import { CheckRow } from './check-row';
import { FileDropZone } from './file-drop-zone';

/** A `.tr` file holds the work encrypted; past this it is not one of ours (uploads are far smaller). */
const MAX_TR_BYTES = 200 * 1024 * 1024;

const CHECK_LABELS: Record<string, string> = {
  format: 'Readable .tr file',
  signature: 'Signature',
  document: 'Enclosed work',
  'cryptographic hash': 'Registration hash',
  'merkle proof': 'Merkle proof',
  'chain id': 'Chain',
  'root on chain': 'Root anchored on chain',
  'registry key on chain': 'Signing key bound on chain',
};

interface Checked {
  readonly name: string;
  readonly checks: readonly { name: string; ok: boolean; detail: string }[];
  readonly registration: ShownRegistration | null;
}

async function checkTrFile(file: File): Promise<Checked> {
  if (file.size > MAX_TR_BYTES) {
    return { name: file.name, checks: [{ name: 'format', ok: false, detail: `${file.name} is larger than any .tr file (over 200 MB): not a proof file` }], registration: null };
  }
  const text = await file.text();
  // Loaded on first use: the landing of /verify carries neither the verifier nor zod.
  const [{ verifyTrBundle }, { shownRegistrationSchema }] = await Promise.all([import('@titleledger/ledger/verifier'), import('../lib/tr-registration')]);
  const checks = await verifyTrBundle(text, { rpcUrl: new URL(DEFAULT_RPC_URL, window.location.origin).href });
  let registration: Checked['registration'] = null;
  if (checks.every((c) => c.ok)) {
    const parsed = shownRegistrationSchema.safeParse((JSON.parse(text) as { registration?: unknown }).registration);
    registration = parsed.success ? parsed.data : null;
  }
  return { name: file.name, checks, registration };
}

export function TrFileCheck() {
  const checking = useMutation({ mutationFn: checkTrFile });
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

function TrFileResult({ result }: { result: Checked }) {
  const failed = result.checks.find((c) => !c.ok);
  const devChain = result.checks.some((c) => c.name === 'chain id' && c.ok && c.detail.startsWith('chain 31337 '));
  const r = result.registration;
  return (
    <>
      {failed ? (
        <Alert variant="danger" role="alert" title={`Not verified: ${CHECK_LABELS[failed.name] ?? failed.name} failed`}>
          <span className="wrap-anywhere">{failed.detail}.</span>
        </Alert>
      ) : (
        <Alert variant="success" role="status" title="Proof file verified">
          {r ? (
            <>
              {r.trNumber}, “{r.title}”{r.registrantName ? ` by ${r.registrantName}` : ''}, registered {formatUtc(r.registeredAt)}
              {r.fileName ? ` (${r.fileName})` : ''}: signed by the registry’s key, anchored on chain.
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
      {failed ? null : devChain ? (
        <Alert variant="info" title="Chain 31337 is a development chain">
          Its operator rebuilds it at will: the anchor shows the proof is consistent, not when it was made. Trust rests on
          the signing key. For a check independent of this site, run <code>npm run verify -- file.tr --rpc URL</code> with
          an RPC of your own.
        </Alert>
      ) : (
        <p className="text-xs text-muted-foreground">
          The chain was read through this site’s RPC proxy. For a check independent of this site, run{' '}
          <code>npm run verify -- file.tr --rpc URL</code> with an RPC of your own.
        </p>
      )}
    </>
  );
}
