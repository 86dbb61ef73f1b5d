// The one chain read the verify page makes: AnchorRegistry.anchorOf(bytes32 root) as a raw JSON-RPC
// eth_call. Encoded by hand (a 4-byte selector and one 32-byte word in; four uint64 words out) so the
// page needs no Ethereum library; a unit test checks both directions against ethers' ABI coder.
import { hexToBytes, isHash32, strip0x } from './hex';

/** keccak256("anchorOf(bytes32)")[0..4]. */
export const ANCHOR_OF_SELECTOR = '0xcf4ff901';

/** What anchorOf returns; all zero when the root was never anchored. */
export interface AnchorOnChain {
  readonly batchId: bigint;
  readonly leafCount: bigint;
  readonly timestamp: bigint;
  readonly blockNumber: bigint;
}

export function encodeAnchorOfCall(root: string): string {
  if (!isHash32(root)) throw new Error(`Not a 32-byte root: ${JSON.stringify(root)}`);
  return `${ANCHOR_OF_SELECTOR}${strip0x(root).toLowerCase()}`;
}

/** Reads anchorOf's four words; throws when the answer is too short (no contract at that address). */
export function decodeAnchorOfResult(data: string): AnchorOnChain {
  const bytes = hexToBytes(data);
  if (bytes.length < 4 * 32) {
    throw new Error('The contract returned no anchor record (is the contract address right for this chain?)');
  }
  const word = (i: number) => {
    let value = 0n;
    for (const byte of bytes.subarray(32 * i, 32 * (i + 1))) value = (value << 8n) | BigInt(byte);
    return value;
  };
  return { batchId: word(0), leafCount: word(1), timestamp: word(2), blockNumber: word(3) };
}

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
  return { jsonrpc: '2.0', id, method: 'eth_call', params: [{ to: contract, data: encodeAnchorOfCall(root) }, 'latest'] };
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
