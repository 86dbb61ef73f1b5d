// The check independent of this site: `npm run verify` with TitleLedger's registry pinned. A `.tr`
// file names its own RPC and registry contract, so the command is only worth running with a pin the
// verifier chose (docs/proof-format.md, "Pins"): our registry key, or our registry contract read over
// an RPC the verifier trusts. This site gives both values; the verifier compares them with a source
// they trust before relying on them.
import { HashText } from '@/components/hash-text';

import { useLedgerStatus } from '../api/get-ledger-status';
import { useRegistryPublicKey } from '../api/get-registry-public-key';

export function PinnedVerifyCommand({ fileName, chainId }: { fileName: string; chainId: number | null }) {
  const status = useLedgerStatus();
  const key = useRegistryPublicKey();
  const file = /^[\w.-]+$/.test(fileName) ? fileName : 'file.tr';
  const publicKey = key.data?.publicKey ?? '<the key from GET /api/registry/public-key>';
  const contract = status.data?.contract ?? '<the registry contract from GET /api/ledger/status>';
  const chain = chainId ?? status.data?.chainId;
  return (
    <section aria-label="Check it independently of this site" className="grid gap-2 text-sm">
      <p className="font-medium text-foreground">Check it independently of this site</p>
      <p className="text-muted-foreground">
        Run the verifier with TitleLedger’s registry pinned, by its signing key or by its contract read over an RPC you
        trust (without one of them it can only say the file is consistent):
      </p>
      <HashText value={`npm run verify -- ${file} --registry-key ${publicKey}`} label="command with the registry key" />
      <HashText
        value={`npm run verify -- ${file} --contract ${contract} --rpc <an RPC of chain ${chain ?? 'N'} you trust>`}
        label="command with the registry contract"
      />
      <p className="text-xs text-muted-foreground">
        This site gave you both values: compare the contract and the key with a source you trust, such as the registry
        contract on a block explorer (its registryKeys() lists the key’s SHA-256 fingerprint).
      </p>
    </section>
  );
}
