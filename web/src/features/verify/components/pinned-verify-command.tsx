// The check independent of this site: the verifier, one file run with plain `node` (this site serves
// it, with its size and SHA-256), with TitleLedger's registry pinned; `npm run verify` for someone
// with a checkout. A `.tr` file names its own RPC and registry contract, so the command is only worth
// running with a pin the verifier chose (docs/proof-format.md, "Pins"): our registry key, or our
// registry contract read over an RPC the verifier trusts. This site gives both values and the
// verifier's hash; the verifier compares them with a source they trust before relying on them.
import { Download } from 'lucide-react';

import { Button } from '@/components/button';
import { HashText } from '@/components/hash-text';

import { useLedgerStatus } from '../api/get-ledger-status';
import { useRegistryKeys } from '../api/get-registry-keys';
import { useVerifierDownload } from '../api/get-verifier-download';
import { formatBytes } from '../lib/format';
import { keyToPin } from '../lib/pinned-key';

/** `signedBy`: the public key the file's signature names (lib/pinned-key.ts picks the key to pin). */
export function PinnedVerifyCommand({ fileName, chainId, signedBy }: { fileName: string; chainId: number | null; signedBy: string | null }) {
  const status = useLedgerStatus();
  const keys = useRegistryKeys().data?.keys;
  const verifier = useVerifierDownload();
  const runs = verifierCommand(verifier);
  const file = /^[\w.-]+$/.test(fileName) ? fileName : 'file.tr';
  const key = keyToPin(keys, signedBy);
  const publicKey = key?.publicKey ?? '<a key from GET /api/registry/keys>';
  const contract = status.data?.contract ?? '<the registry contract from GET /api/ledger/status>';
  const chain = chainId ?? status.data?.chainId;
  const pins = [
    { by: 'the registry key', args: `${file} --registry-key ${publicKey}` },
    { by: 'the registry contract', args: `${file} --contract ${contract} --rpc <an RPC of chain ${chain ?? 'N'} you trust>` },
  ];
  const keyNote =
    key && !key.current ? (
      <p className="text-xs text-muted-foreground">
        That is registry key {key.position}, which signed this file and was rotated since{key.validTo ? ` (${key.validTo})` : ''}.
      </p>
    ) : null;
  return (
    <section aria-label="Check it independently of this site" className="grid min-w-0 gap-2 text-sm">
      <p className="font-medium text-foreground">Check it independently of this site</p>
      <p className="text-muted-foreground">
        Run the verifier on your own computer with TitleLedger’s registry pinned, by its signing key or by its contract read
        over an RPC you trust (without one of them it can only say the file is consistent).
        {verifier.isError ? ':' : ' It is one file that runs with Node.js 20 or later, nothing to install:'}
      </p>
      <VerifierDownloadBox verifier={verifier} />
      <HashText value={`${runs} ${pins[0]!.args}`} label="command with the registry key" />
      {keyNote}
      <HashText value={`${runs} ${pins[1]!.args}`} label="command with the registry contract" />
      <p className="text-xs text-muted-foreground">
        This site gave you both values: compare the contract and the key with a source you trust, such as the registry
        contract on a block explorer (its registryKeys() lists the key’s SHA-256 fingerprint).
      </p>
      {verifier.isError ? null : (
        <details className="text-xs text-muted-foreground">
          <summary className="w-fit cursor-pointer rounded-sm font-medium text-accent-text">With a TitleLedger checkout</summary>
          <div className="mt-2 grid gap-2">
            <p>
              <code className="font-mono">npm run verify</code> runs the same verifier from the source, with the same options:
            </p>
            {pins.map((pin) => (
              <HashText key={pin.by} value={`npm run verify -- ${pin.args}`} label={`checkout command with ${pin.by}`} />
            ))}
          </div>
        </details>
      )}
    </section>
  );
}

type VerifierDownload = ReturnType<typeof useVerifierDownload>;

/** How the verifier is started: the downloaded file, or without it (a server that has none, or its answer failed) the checkout's command. */
export const verifierCommand = (verifier: VerifierDownload) =>
  verifier.isError ? 'npm run verify --' : `node ${verifier.data?.fileName ?? 'titleledger-verify.mjs'}`;

/** The verifier's download with its size and SHA-256, and how to check that hash before running it. */
export function VerifierDownloadBox({ verifier }: { verifier: VerifierDownload }) {
  const download = verifier.data;
  if (verifier.isPending) {
    return (
      <p role="status" className="text-xs text-muted-foreground">
        Looking up the verifier’s download...
      </p>
    );
  }
  if (!download) return null;
  return (
    <div className="grid min-w-0 gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button asChild variant="secondary" size="sm">
          <a href={download.url} download={download.fileName}>
            <Download aria-hidden="true" />
            Download {download.fileName}
          </a>
        </Button>
        <span className="text-xs text-muted-foreground">
          {formatBytes(download.bytes)} ({download.bytes.toLocaleString('en')} bytes)
        </span>
      </div>
      <p className="text-xs text-muted-foreground">Its SHA-256, as this site computed it:</p>
      <HashText value={download.sha256} label="verifier’s SHA-256" />
      <p className="text-xs text-muted-foreground">
        Before you run it, compute its SHA-256 (<code className="font-mono">sha256sum {download.fileName}</code>, or{' '}
        <code className="font-mono">shasum -a 256</code> on a Mac) and compare it with this one and with a copy from a
        source you trust, such as one built from TitleLedger’s source (<code className="font-mono">npm run build</code>{' '}
        writes the same file).
      </p>
    </div>
  );
}
