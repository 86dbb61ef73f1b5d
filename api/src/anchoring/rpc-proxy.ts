// What the public JSON-RPC proxy (POST /api/ledger/rpc) lets through to the ledger's chain. A
// verifier needs a handful of reads about OUR registry; anything else could be used against the
// node that anchors every registration (issue 12, finding 2: an `eth_call` without `to` runs its
// data as code, and an endless loop up to a huge gas limit tied Hardhat up and grew it until the
// kernel killed it). So each call is rebuilt from validated fields only:
//   - eth_call: `to` MUST be our registry, `data` at most 1 KiB, gas capped at RPC_GAS_CAP (also
//     when the caller names none: Hardhat would take the block gas limit), no state overrides;
//   - eth_getCode and eth_getLogs: our registry's address only; eth_getLogs's block numbers are
//     bounded by the chain's head (a range ending at 2^64 - 1 kept Hardhat busy for good: QA of
//     2026-11-27), so a numeric toBlock past it reads as the head and a fromBlock past it is refused;
//   - eth_chainId, eth_blockNumber, eth_getBlockByNumber, eth_getTransactionReceipt as they are;
//   - every other method is refused.
import { z } from 'zod';

/** Far above what `anchorOf` costs (≈ 24k with the intrinsic 21k), far below anything that hurts. */
export const RPC_GAS_CAP = 100_000;
/** Calls per request (a batch). */
export const MAX_RPC_BATCH = 10;
/** The whole request body, in bytes. */
export const MAX_RPC_BODY_BYTES = 16 * 1024;

const RPC_METHODS = [
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_getCode',
  'eth_getLogs',
  'eth_getBlockByNumber',
  'eth_getTransactionReceipt',
] as const;
type RpcMethod = (typeof RPC_METHODS)[number];

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address is 0x and 40 hex digits');
const quantity = z.string().regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,15})$/, 'a quantity is 0x and up to 16 hex digits');
const blockTag = z.union([z.enum(['latest', 'earliest', 'pending', 'safe', 'finalized']), quantity]);
const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a hash is 0x and 64 hex digits');
const calldata = z.string().regex(/^0x([0-9a-fA-F]{2}){0,1024}$/, 'data is 0x and at most 1 KiB of hex bytes');

const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  method: z.string().max(64),
  params: z.array(z.unknown()).max(4).optional(),
});
export type RpcRequest = z.infer<typeof rpcRequestSchema>;
export const rpcBodySchema = z.union([rpcRequestSchema, z.array(rpcRequestSchema).min(1).max(MAX_RPC_BATCH)]);

const paramsOf: Record<RpcMethod, (contract: string) => z.ZodType<readonly unknown[]>> = {
  eth_chainId: () => z.tuple([]),
  eth_blockNumber: () => z.tuple([]),
  eth_call: (contract) => {
    const call = z
      .object({ to: ours(contract), data: calldata.optional(), input: calldata.optional(), from: address.optional(), gas: quantity.optional() })
      .strict();
    return upToOneBlock(call, 'eth_call takes the call and a block (state overrides are not forwarded)').transform(([given, block]) => [
      {
        to: given.to,
        ...(given.from ? { from: given.from } : {}),
        data: given.data ?? given.input ?? '0x',
        gas: `0x${Math.min(RPC_GAS_CAP, given.gas ? Number(BigInt(given.gas)) : RPC_GAS_CAP).toString(16)}`,
      },
      block ?? 'latest',
    ]);
  },
  eth_getCode: (contract) =>
    upToOneBlock(ours(contract), 'eth_getCode takes the address and a block').transform(([given, block]) => [given, block ?? 'latest']),
  eth_getLogs: (contract) =>
    z.tuple([
      z
        .object({
          address: ours(contract),
          fromBlock: blockTag.optional(),
          toBlock: blockTag.optional(),
          blockHash: hash32.optional(),
          topics: z.array(z.union([hash32, z.null(), z.array(hash32).max(4)])).max(4).optional(),
        })
        .strict(),
    ]),
  eth_getBlockByNumber: () => z.tuple([blockTag, z.boolean()]),
  eth_getTransactionReceipt: () => z.tuple([hash32]),
};

/** `[first, block?]`, and nothing after. */
function upToOneBlock<T extends z.ZodType>(first: T, message: string) {
  return z.array(z.unknown()).max(2, message).pipe(z.tuple([first, blockTag.optional()]));
}

function ours(contract: string) {
  return address.refine((value) => value.toLowerCase() === contract.toLowerCase(), {
    message: `only the TitleLedger registry ${contract} can be read through this proxy`,
  });
}

export type Screened =
  | { readonly ok: true; readonly request: { jsonrpc: '2.0'; id: RpcRequest['id']; method: RpcMethod; params: readonly unknown[] } }
  | { readonly ok: false; readonly error: { jsonrpc: '2.0'; id: NonNullable<RpcRequest['id']> | null; error: { code: number; message: string } } };

type LogFilter = { fromBlock?: string; toBlock?: string; blockHash?: string };

/**
 * An eth_getLogs filter whose numeric blocks are bounded by `head`: a toBlock past it becomes the head,
 * a fromBlock past it or above toBlock is refused (the message says why).
 */
function boundLogRange(filter: LogFilter, head: bigint): LogFilter | string {
  const numeric = (tag: string | undefined) => (tag?.startsWith('0x') ? BigInt(tag) : null);
  const from = numeric(filter.fromBlock);
  const to = numeric(filter.toBlock);
  const hex = (n: bigint) => `0x${n.toString(16)}`;
  if (from !== null && from > head) return `fromBlock ${filter.fromBlock} is past the chain's head (${hex(head)})`;
  if (from !== null && to !== null && from > to) return `fromBlock ${filter.fromBlock} is after toBlock ${filter.toBlock}`;
  return to !== null && to > head ? { ...filter, toBlock: hex(head) } : filter;
}

/** Whether screening `request` needs the chain's head (an eth_getLogs filter names a block number). */
export function needsChainHead(request: RpcRequest): boolean {
  return request.method === 'eth_getLogs';
}

/**
 * The call as it will reach the node (rebuilt from validated fields), or the JSON-RPC error to answer.
 * `head`, the chain's latest block number, is needed where `needsChainHead` says so.
 */
export function screenRpcRequest(request: RpcRequest, contract: string, head?: bigint): Screened {
  const refuse = (code: number, message: string): Screened => ({ ok: false, error: { jsonrpc: '2.0', id: request.id ?? null, error: { code, message } } });
  if (!(RPC_METHODS as readonly string[]).includes(request.method)) {
    return refuse(-32601, `${request.method} is not allowed: this proxy only forwards ${RPC_METHODS.join(', ')}`);
  }
  const method = request.method as RpcMethod;
  const params = paramsOf[method](contract).safeParse(request.params ?? []);
  if (!params.success) {
    const issue = params.error.issues[0];
    const where = issue?.path.length ? ` (params.${issue.path.join('.')})` : '';
    return refuse(-32602, `${method}: ${issue?.message ?? 'invalid params'}${where}`);
  }
  if (method === 'eth_getLogs') {
    if (head === undefined) throw new Error('eth_getLogs is screened with the chain head');
    const bounded = boundLogRange(params.data[0] as LogFilter, head);
    if (typeof bounded === 'string') return refuse(-32602, `${method}: ${bounded} (params.0)`);
    return { ok: true, request: { jsonrpc: '2.0', id: request.id, method, params: [bounded] } };
  }
  return { ok: true, request: { jsonrpc: '2.0', id: request.id, method, params: params.data } };
}
