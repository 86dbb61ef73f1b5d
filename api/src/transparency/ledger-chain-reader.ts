// verify-log on the server reads anchored checkpoints from the chain the ledger anchors on: the RPC
// and registry `ledger_status` names (the API has no Ethereum library: the one call is written out,
// checked against the registry's ABI by test/ledger/checkpoint-anchors.int.test.ts). A checkpoint
// anchored on another chain or contract is skipped with the reason, as the command line's reader does.
import type pg from 'pg';
import { chainStatus } from '../anchoring/anchor-queries.js';
import { callChain, type ChainAnswer } from '../anchoring/chain-call.js';
import type { CheckpointAnchorReader } from './verify-log.js';

/** keccak-256("checkpointOf(uint64)")[0..4]. */
export const CHECKPOINT_OF_SELECTOR = '0xf3729e10';

export function checkpointOfCallData(treeSize: number): string {
  return `${CHECKPOINT_OF_SELECTOR}${BigInt(treeSize).toString(16).padStart(64, '0')}`;
}

/** The reader, and which chain it reads; null while the ledger has not named its chain yet. */
export async function ledgerCheckpointReader(pool: pg.Pool, timeoutMs = 5_000): Promise<{ reader: CheckpointAnchorReader; chain: string } | null> {
  const status = await chainStatus(pool);
  if (!status?.rpc_url || !status.contract || status.chain_id === null) return null;
  const { rpc_url: rpcUrl, contract } = status;
  const chainId = Number(status.chain_id);
  const reader: CheckpointAnchorReader = async (treeSize, anchor) => {
    if (anchor.chainId !== chainId || anchor.contract.toLowerCase() !== contract.toLowerCase()) {
      return { skipped: `anchored on chain ${anchor.chainId} at ${anchor.contract}, not the ledger's chain ${chainId} at ${contract}` };
    }
    let answer: ChainAnswer;
    try {
      answer = await callChain(rpcUrl, 'eth_call', [{ to: contract, data: checkpointOfCallData(treeSize) }, 'latest'], timeoutMs);
    } catch (error) {
      return { skipped: `the chain did not answer (${(error as Error).message})` };
    }
    if (typeof answer.result !== 'string' || !/^0x[0-9a-fA-F]{192}$/.test(answer.result)) {
      return { skipped: `the chain answered no checkpoint record (${answer.error?.message ?? 'no result'})` };
    }
    return { root: `0x${answer.result.slice(2, 66)}` };
  };
  return { reader, chain: `chain ${chainId} at ${contract}` };
}
