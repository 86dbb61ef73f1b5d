// A minimal JSON-RPC client over fetch, with a timeout on every call: the ledger must notice a chain
// that is down within seconds (and keep registrations flowing as pending), which ethers' provider,
// retrying network detection forever, does not make easy.
export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number | undefined,
    message: string,
    readonly data?: unknown,
  ) {
    super(`${method}: ${message}`);
    this.name = 'JsonRpcError';
  }
}

/** The chain did not answer (connection refused, timeout, not JSON). */
export class ChainUnreachableError extends Error {
  constructor(
    readonly rpcUrl: string,
    cause: unknown,
  ) {
    super(`Chain RPC ${rpcUrl} is unreachable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ChainUnreachableError';
  }
}

let nextId = 1;

export async function rpcCall<T = unknown>(rpcUrl: string, method: string, params: readonly unknown[] = [], timeoutMs = 5_000): Promise<T> {
  let body: { result?: T; error?: { code?: number; message?: string; data?: unknown } };
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw new ChainUnreachableError(rpcUrl, error);
  }
  if (body.error) throw new JsonRpcError(method, body.error.code, body.error.message ?? 'error', body.error.data);
  return body.result as T;
}
