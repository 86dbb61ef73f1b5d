// One JSON-RPC call the API itself makes to the ledger's chain node (the proxy's own health probes,
// its head for eth_getLogs, verify-log's checkpoint reads), with a timeout. Rejects when the node does
// not answer in time or not in JSON; the caller reads `result` or `error`.
export interface ChainAnswer {
  readonly result?: unknown;
  readonly error?: { readonly message?: string };
}

export async function callChain(url: string, method: string, params: readonly unknown[], timeoutMs: number): Promise<ChainAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return (await response.json()) as ChainAnswer;
}
