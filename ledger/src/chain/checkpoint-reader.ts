// What `npm run audit -- verify-log` compares anchored checkpoints with: the roots the AnchorRegistry
// holds (checkpointOf), on the chain audit-chain.ts opens (CHAIN_RPC_URL, or the embedded chain
// rebuilt from the log).
import type pg from 'pg';
import type { Config } from '@titleledger/api/runtime';
import type { EventStore } from '@titleledger/api/eventstore';
import type { CheckpointAnchorReader } from '@titleledger/api/transparency';
import { getAddress } from 'ethers';
import { openAuditChain } from './audit-chain.js';

export interface OpenCheckpointReader {
  readonly reader: CheckpointAnchorReader;
  /** Which chain was read, for the summary. */
  readonly chain: string;
  close(): Promise<void>;
}

export async function openCheckpointReader(config: Config, store: EventStore, pool: pg.Pool): Promise<OpenCheckpointReader> {
  const opened = await openAuditChain(config, store, pool);
  const { chain, chainId } = opened;
  const reader: CheckpointAnchorReader = async (treeSize, anchor) => {
    if (anchor.chainId !== chainId || getAddress(anchor.contract) !== chain.contract) {
      return { skipped: `anchored on chain ${anchor.chainId} at ${anchor.contract}, not the configured chain ${chainId} at ${chain.contract}` };
    }
    return { root: (await chain.checkpointOf(treeSize)).root };
  };
  return { reader, chain: opened.description, close: () => opened.close() };
}
