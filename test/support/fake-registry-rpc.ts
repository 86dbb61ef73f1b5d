// A forger's JSON-RPC endpoint: it answers eth_chainId, and anchorOf(root) and registryKeys() for
// whatever contract it is asked about, with the forgery's own values. A `.tr` file may name any RPC,
// so the verifier must not believe this one unless it chose it (tests of the verifier's pins).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANCHOR_OF_SELECTOR, REGISTRY_KEYS_SELECTOR } from '../../ledger/src/verifier/registry-calls.js';

export interface FakeRegistry {
  readonly chainId: number;
  /** What anchorOf answers for every root. */
  readonly anchor: { readonly batchId: number; readonly leafCount: number; readonly timestamp: number; readonly blockNumber: number };
  /** The fingerprints (64 hex, SHA-256 of the raw key) registryKeys() lists, read at each call (a forger binds the key it signs with after making it). */
  readonly fingerprints: readonly string[];
}

export interface FakeRpc {
  readonly url: string;
  /** The contracts it was asked about, lower case, in order. */
  readonly calledContracts: string[];
  close(): Promise<void>;
}

const word = (n: number | bigint) => BigInt(n).toString(16).padStart(64, '0');

export async function startFakeRegistryRpc(registry: FakeRegistry): Promise<FakeRpc> {
  const calledContracts: string[] = [];
  const answer = (method: string, params: { to?: string; data?: string }[]): string => {
    if (method === 'eth_chainId') return `0x${registry.chainId.toString(16)}`;
    const call = params[0];
    if (method !== 'eth_call' || !call?.data) return '0x';
    calledContracts.push(String(call.to).toLowerCase());
    const { batchId, leafCount, timestamp, blockNumber } = registry.anchor;
    if (call.data.startsWith(ANCHOR_OF_SELECTOR)) return `0x${word(batchId)}${word(leafCount)}${word(timestamp)}${word(blockNumber)}`;
    if (call.data.startsWith(REGISTRY_KEYS_SELECTOR)) return `0x${word(32)}${word(registry.fingerprints.length)}${registry.fingerprints.map((fp) => `${fp}${word(1_600_000_000)}${word(1)}`).join('')}`;
    return '0x';
  };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: { to?: string; data?: string }[] };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: answer(method, params) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/rpc`, calledContracts, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
