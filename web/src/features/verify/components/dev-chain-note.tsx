// What an anchor on chain 31337 does not prove (docs/proof-format.md, "What a dev chain proves"):
// one text for every place the verify pages show an anchor, the `.tr` check and the proof panel.
import type { ReactNode } from 'react';

import { Alert } from '@/components/alert';

/** Chain id of a development chain: TitleLedger's embedded Hardhat node, or anyone's. */
export const DEV_CHAIN_ID = 31337;

export function DevChainNote({ children }: { children?: ReactNode }) {
  return (
    <Alert variant="info" title={`Chain ${DEV_CHAIN_ID} is a development chain`}>
      <p>
        Its operator rebuilds it at will: the anchor shows the proof is consistent, not when it was made. Trust rests on
        the registry’s signing key.
      </p>
      {children}
    </Alert>
  );
}
