// The chain an auditor's command reads (`npm run audit -- verify-log | verify-anchors`): the registry
// on CHAIN_RPC_URL at ANCHOR_CONTRACT, or, without them, the embedded chain rebuilt from the log
// exactly as the ledger rebuilds it at start (a node of its own on a free port, stopped by `close`).
import type pg from 'pg';
import type { Config } from '@titleledger/api/runtime';
import type { EventStore } from '@titleledger/api/eventstore';
import { Wallet } from 'ethers';
import { AnchorChain } from './anchor-chain.js';
import { startEmbeddedChain } from './embedded-chain.js';
import { embeddedRegistryKeyFingerprint } from './registry-key-binding.js';

export interface AuditChain {
  readonly chain: AnchorChain;
  readonly chainId: number;
  /** Which chain was read, for the summary. */
  readonly description: string;
  /** The embedded chain's rebuild: each recorded transaction that did not land as the log says. */
  readonly replayMismatches: readonly string[];
  close(): Promise<void>;
}

export async function openAuditChain(config: Config, store: EventStore, pool: pg.Pool): Promise<AuditChain> {
  let chain: AnchorChain;
  let close = (): Promise<void> => Promise.resolve();
  let rebuilt = '';
  let replayMismatches: string[] = [];
  if (config.CHAIN_RPC_URL && config.ANCHOR_CONTRACT) {
    // Reads only: any key will do for the wallet it never signs with.
    chain = new AnchorChain({ rpcUrl: config.CHAIN_RPC_URL, contract: config.ANCHOR_CONTRACT, privateKey: config.ANCHOR_PRIVATE_KEY ?? Wallet.createRandom().privateKey });
  } else {
    const embedded = await startEmbeddedChain({ store, registryKeyFingerprint: await embeddedRegistryKeyFingerprint(pool, config) });
    chain = new AnchorChain({ rpcUrl: embedded.rpcUrl, contract: embedded.contract, privateKey: embedded.anchorerKey, embedded: true });
    close = () => embedded.stop();
    replayMismatches = embedded.mismatches.map(
      (m) =>
        `${m.anchored}: its recorded transaction ${m.expected.txHash} (block ${m.expected.blockNumber}) landed as ${m.actual.txHash ?? 'nothing'} (block ${m.actual.blockNumber ?? '-'}) when the chain was rebuilt from the log`,
    );
    rebuilt = `: ${embedded.replayed} anchor transaction(s) replayed${embedded.mismatches.length > 0 ? `, ${embedded.mismatches.length} did not land as recorded: ${JSON.stringify(embedded.mismatches)}` : ''}`;
  }
  try {
    const chainId = await chain.chainId();
    return {
      chain,
      chainId,
      description: `chain ${chainId} at ${chain.contract}${chain.embedded ? ` (embedded, rebuilt from the log${rebuilt})` : ''}`,
      replayMismatches,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
