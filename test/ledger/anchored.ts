// A work registered through the API and waited for until anchored, and an anchor read back through
// the public RPC proxy as a verifier reads it: for the tests that do things to the chain under the
// ledger (chain-attacks, chain-hang).
import { anchorOfCallData } from '@titleledger/ledger/verifier/registry-calls';
import { expect } from 'vitest';
import { jsonBody, type creatorFlows, type Send } from '../support/flows.js';
import { eventually } from './registrations.js';

export interface Anchored {
  readonly trNumber: string;
  readonly root: string;
  readonly contract: string;
}

/** Registers a work and waits, at most `withinMs`, for its proof. */
export async function registerAndAnchor(client: ReturnType<typeof creatorFlows>, token: string, title: string, withinMs: number): Promise<Anchored> {
  const { trNumber } = await client.register(token, Buffer.from(`${title} ${Date.now()} ${Math.random()}\n`), { title });
  const proof = await eventually(
    async () => {
      const response = await client.send({ method: 'GET', url: `/api/ledger/proof/${trNumber}` });
      return response.status === 200 ? response.json<{ root: string; contract: string }>() : null;
    },
    withinMs,
    `${trNumber} anchored`,
  );
  return { trNumber, root: proof.root, contract: proof.contract };
}

/** anchorOf(root) through the proxy, as a verifier asks it: the batch id, or 0 when not anchored. */
export async function anchoredBatchOf(send: Send, contract: string, root: string): Promise<number> {
  const response = await send({ method: 'POST', url: '/api/ledger/rpc', ...jsonBody({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: contract, data: anchorOfCallData(root) }, 'latest'] }) });
  expect(response.status).toBe(200);
  return Number(BigInt(`0x${response.json<{ result: string }>().result.slice(2, 66)}`));
}
