// The one chain read the verify page makes: AnchorRegistry.anchorOf(bytes32 root) as a raw JSON-RPC
// eth_call. The call data and the answer's words are the verifier's (@titleledger/ledger's
// verifier/registry-calls.ts, encoded by hand so the page needs no Ethereum library); a unit test
// checks both directions against ethers' ABI coder.
import { anchorOfCallData, type AnchorOnChain } from '@titleledger/ledger/verifier/registry-calls';

export function isAnchored(anchor: AnchorOnChain): boolean {
  return anchor.timestamp !== 0n;
}

export interface JsonRpcRequest {
  readonly jsonrpc: '2.0';
  readonly id: number;
  readonly method: string;
  readonly params: readonly unknown[];
}

export function anchorOfRequest(contract: string, root: string, id = 1): JsonRpcRequest {
  return { jsonrpc: '2.0', id, method: 'eth_call', params: [{ to: contract, data: anchorOfCallData(root) }, 'latest'] };
}

export function chainIdRequest(id = 2): JsonRpcRequest {
  return { jsonrpc: '2.0', id, method: 'eth_chainId', params: [] };
}

/** The `result` of a JSON-RPC answer, or an error carrying the node's message. */
export function readRpcResult(answer: unknown): string {
  if (typeof answer !== 'object' || answer === null) throw new Error('The RPC endpoint did not answer JSON-RPC');
  const { result, error } = answer as { result?: unknown; error?: { message?: unknown } };
  if (error) throw new Error(`RPC error: ${typeof error.message === 'string' ? error.message : 'unknown error'}`);
  if (typeof result !== 'string') throw new Error('The RPC endpoint answered without a result');
  return result;
}
