// The check independent of this site: `npm run verify` with TitleLedger's registry pinned. A `.tr`
// file names its own RPC and registry contract, so the command is only worth running with a pin the
// verifier chose (docs/proof-format.md, "Pins"): our registry key, or our registry contract read over
// an RPC the verifier trusts. This site gives both values; the verifier compares them with a source
// they trust before relying on them.
import { HashText } from '@/components/hash-text';

import { useLedgerStatus } from '../api/get-ledger-status';
import { useRegistryKeys } from '../api/get-registry-keys';
import { keyToPin } from '../lib/pinned-key';

/** `signedBy`: the public key the file's signature names (lib/pinned-key.ts picks the key to pin). */
export function PinnedVerifyCommand({ fileName, chainId, signedBy }: { fileName: string; chainId: number | null; signedBy: string | null }) {
  const status = useLedgerStatus();
  const keys = useRegistryKeys().data?.keys;
  const file = /^[\w.-]+$/.test(fileName) ? fileName : 'file.tr';
  const key = keyToPin(keys, signedBy);
  const publicKey = key?.publicKey ?? '<a key from GET /api/registry/keys>';
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
      {key && !key.current ? (
        <p className="text-xs text-muted-foreground">
          That is registry key {key.position}, which signed this file and was rotated since{key.validTo ? ` (${key.validTo})` : ''}.
        </p>
      ) : null}
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
