// What `npm run audit -- verify-log` compares anchored checkpoints with: the roots the AnchorRegistry
// holds (checkpointOf). On CHAIN_RPC_URL the configured registry is read; without one, the embedded
// chain is rebuilt from the log exactly as the ledger rebuilds it at start (so stop `npm start` first).
import type pg from 'pg';
import type { Config } from '@titleledger/api/runtime';
import type { EventStore } from '@titleledger/api/eventstore';
import type { CheckpointAnchorReader } from '@titleledger/api/transparency';
import { getAddress, Wallet } from 'ethers';
import { AnchorChain } from './anchor-chain.js';
import { startEmbeddedChain } from './embedded-chain.js';
import { embeddedRegistryKeyFingerprint } from './registry-key-binding.js';

export interface OpenCheckpointReader {
  readonly reader: CheckpointAnchorReader;
  /** Which chain was read, for the summary. */
  readonly chain: string;
  close(): Promise<void>;
}

export async function openCheckpointReader(config: Config, store: EventStore, pool: pg.Pool): Promise<OpenCheckpointReader> {
  let chain: AnchorChain;
  let close = (): Promise<void> => Promise.resolve();
  let rebuilt = '';
  if (config.CHAIN_RPC_URL && config.ANCHOR_CONTRACT) {
    // Reads only: any key will do for the wallet it never signs with.
    chain = new AnchorChain({ rpcUrl: config.CHAIN_RPC_URL, contract: config.ANCHOR_CONTRACT, privateKey: config.ANCHOR_PRIVATE_KEY ?? Wallet.createRandom().privateKey });
  } else {
    const embedded = await startEmbeddedChain({ store, registryKeyFingerprint: await embeddedRegistryKeyFingerprint(pool, config) });
    chain = new AnchorChain({ rpcUrl: embedded.rpcUrl, contract: embedded.contract, privateKey: embedded.anchorerKey, embedded: true });
    close = () => embedded.stop();
    rebuilt = `: ${embedded.replayed} anchor transaction(s) replayed${embedded.mismatches.length > 0 ? `, ${embedded.mismatches.length} did not land as recorded: ${JSON.stringify(embedded.mismatches)}` : ''}`;
  }
  const chainId = await chain.chainId();
  const reader: CheckpointAnchorReader = async (treeSize, anchor) => {
    if (anchor.chainId !== chainId || getAddress(anchor.contract) !== chain.contract) {
      return { skipped: `anchored on chain ${anchor.chainId} at ${anchor.contract}, not the configured chain ${chainId} at ${chain.contract}` };
    }
    return { root: (await chain.checkpointOf(treeSize)).root };
  };
  return { reader, chain: `chain ${chainId} at ${chain.contract}${chain.embedded ? ` (embedded, rebuilt from the log${rebuilt})` : ''}`, close };
}
