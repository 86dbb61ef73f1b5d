// A certificate's hash checked independently of this site, without its `.tr` file: the public proof
// of the TR number saved as served, and the verifier run on it with the hash the verifier holds and
// TitleLedger's registry contract pinned, read over an RPC they trust (docs/proof-format.md, "A
// certificate without its `.tr` file"). Nothing in a proof is signed, so the contract is the only pin.
import { Download } from 'lucide-react';

import { Button } from '@/components/button';
import { HashText } from '@/components/hash-text';

import { useVerifierDownload } from '../api/get-verifier-download';
import type { LedgerProof } from '../lib/merkle-check';
import { VerifierDownloadBox, verifierCommand } from './pinned-verify-command';

export function ProofVerifyCommand({ proof, registrationHash }: { proof: LedgerProof; registrationHash: string }) {
  const verifier = useVerifierDownload();
  const fileName = `${proof.tr_number}.proof.json`;
  const args = `--proof ${fileName} --hash ${registrationHash} --contract ${proof.contract} --rpc <an RPC of chain ${String(proof.chainId)} you trust>`;
  return (
    <section aria-label="Check this hash independently of this site" className="grid min-w-0 gap-2 text-sm">
      <p className="font-medium text-foreground">Check this hash independently of this site</p>
      <p className="text-muted-foreground">
        Save this proof and run the verifier on your own computer, with the hash you hold and TitleLedger’s registry contract
        read over an RPC you trust. It proves this hash was anchored at that block’s time; the name and title shown with it
        rest on this record (only the owner’s .tr file proves them).
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <Button asChild variant="secondary" size="sm">
          <a href={`/api/ledger/proof/${encodeURIComponent(proof.tr_number)}`} download={fileName}>
            <Download aria-hidden="true" />
            Save the proof
          </a>
        </Button>
        <span className="min-w-0 font-mono text-xs text-muted-foreground wrap-anywhere">{fileName}</span>
      </div>
      <VerifierDownloadBox verifier={verifier} />
      <HashText value={`${verifierCommand(verifier)} ${args}`} label="command with the registry contract" />
      <p className="text-xs text-muted-foreground">
        This site gave you the contract: compare it with a source you trust, such as the registry contract on a block explorer.
      </p>
    </section>
  );
}
