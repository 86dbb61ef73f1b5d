// The root's anchor read from the chain itself: eth_chainId and anchorOf(root) sent as raw JSON-RPC,
// by default to the app's read-only proxy, or to an RPC endpoint the verifier chose, so the answer
// need not come from us at all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { decodeAnchorOf, type AnchorOnChain } from '@titleledger/ledger/verifier/registry-calls';

import { loadSchemas } from '@/lib/load-schemas';

import { anchorOfRequest, chainIdRequest, readRpcResult, type JsonRpcRequest } from '../lib/anchor-call';

export const DEFAULT_RPC_URL = '/api/ledger/rpc';

export interface ChainAnchor {
  readonly chainId: bigint;
  readonly anchor: AnchorOnChain;
}

/** Why a call was refused: our proxy's error body, or the JSON-RPC error (the proxy's screen, or a node). */
async function refusalReason(answer: unknown): Promise<string | null> {
  const { apiErrorSchema, rpcRefusalSchema } = await loadSchemas();
  const body = apiErrorSchema.safeParse(answer);
  if (body.success) return body.data.message;
  const refused = rpcRefusalSchema.safeParse(answer);
  if (!refused.success) return null;
  return (Array.isArray(refused.data) ? refused.data[0] : refused.data)?.error.message ?? null;
}

async function rpc(rpcUrl: string, request: JsonRpcRequest): Promise<string> {
  let response: Response;
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      // Only our own proxy gets cookies; a third-party endpoint gets nothing but the call.
      credentials: rpcUrl === DEFAULT_RPC_URL ? 'same-origin' : 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new Error(`Could not reach the RPC endpoint ${rpcUrl}`);
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new Error(`The RPC endpoint answered ${response.status} ${response.statusText} without JSON-RPC`.replace(/\s+/g, ' '));
  }
  if (!response.ok) {
    // Our proxy explains a refusal in the error body; a node (or the proxy's screen) in the JSON-RPC error.
    const reason = (await refusalReason(answer)) ?? response.statusText;
    throw new Error(`The RPC endpoint answered ${response.status}${reason ? `: ${reason}` : ''}`);
  }
  return readRpcResult(answer);
}

async function getChainAnchor(rpcUrl: string, contract: string, root: string): Promise<ChainAnchor> {
  const chainId = BigInt(await rpc(rpcUrl, chainIdRequest()));
  const anchor = decodeAnchorOf(await rpc(rpcUrl, anchorOfRequest(contract, root)));
  return { chainId, anchor };
}

const chainAnchorQueryOptions = (rpcUrl: string, contract: string, root: string) =>
  queryOptions({
    queryKey: ['chain-anchor', rpcUrl, contract.toLowerCase(), root.toLowerCase()],
    queryFn: () => getChainAnchor(rpcUrl, contract, root),
  });

export function useChainAnchor(rpcUrl: string, contract: string | undefined, root: string | undefined) {
  return useQuery({ ...chainAnchorQueryOptions(rpcUrl, contract ?? '', root ?? ''), enabled: Boolean(contract && root) });
}
