// The public verification calls' answers (`/api/ledger/*`, served by api/src/anchoring), shared with
// the web app's verify page.
import { z } from 'zod';

// GET /api/titles/verify/{tr}'s answer (active or archived) is titleVerificationSchema in ./admin.ts.

/** GET /api/ledger/proof/{tr} once the registration's batch is anchored (docs/proof-format.md). */
export const ledgerProofSchema = z.object({
  tr_number: z.string(),
  status: z.literal('anchored'),
  leaf: z.object({ hash: z.string(), leafHash: z.string(), index: z.number() }),
  proof: z.object({ treeSize: z.number(), path: z.array(z.string()) }),
  root: z.string(),
  batchId: z.number(),
  chainId: z.number(),
  contract: z.string().nullable(),
  txHash: z.string().nullable(),
  blockNumber: z.number(),
  blockTimestamp: z.number(),
  /** A public JSON-RPC address of the chain (CHAIN_PUBLIC_RPC_URL, or our read-only proxy), absolute. */
  rpcUrl: z.string(),
});

/** GET /api/ledger/proof/{tr} (202) while the batch holding it is not anchored yet. */
export const ledgerProofPendingSchema = z.object({ tr_number: z.string(), status: z.literal('pending'), message: z.string() });

/** GET /api/ledger/proof/{tr} as a client reads it: 200 with the anchored proof, or 202 while pending. */
export const ledgerProofReplySchema = z.union([ledgerProofSchema, ledgerProofPendingSchema]);
export type LedgerProofReply = z.infer<typeof ledgerProofReplySchema>;

/** GET /api/ledger/status. */
export const ledgerStatusSchema = z.object({
  pendingCount: z.number(),
  lastBatch: z.object({ batchId: z.number(), leafCount: z.number(), root: z.string() }).nullable(),
  lastAnchorAt: z.string().nullable(),
  chainReachable: z.boolean(),
  chainId: z.number().nullable(),
  contract: z.string().nullable(),
  degraded: z.string().optional(),
});

/** A JSON-RPC 2.0 error answer: what POST /api/ledger/rpc refuses a call with (and what a node answers). */
export const jsonRpcErrorSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }),
});

/** One JSON-RPC 2.0 answer: a result or an error. */
const jsonRpcResponseSchema = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), result: z.unknown() }),
  jsonRpcErrorSchema,
]);

/** POST /api/ledger/rpc: the node's answer to the call (or batch) as it sent it. */
export const rpcProxyResponseSchema = z.union([jsonRpcResponseSchema, z.array(jsonRpcResponseSchema)]);

/** POST /api/ledger/rpc refusing a call (or a batch): the JSON-RPC error(s) of the refused calls. */
export const rpcRefusalSchema = z.union([jsonRpcErrorSchema, z.array(jsonRpcErrorSchema)]);
