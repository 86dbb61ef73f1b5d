// The ledger's events, on stream `batch-<batchId>`: `BatchSealed` (revision 0, appended with
// expected revision no_stream, so a batch id is sealed exactly once whatever the number of ledger
// instances) then `RootAnchored` (revision 1). Together they are everything needed to rebuild the
// proofs read model and the embedded chain: the leaves are in BatchSealed, the signed transaction in
// RootAnchored.
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@titleledger/api/eventstore';
import { z } from 'zod';

const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/, 'a 0x-prefixed lowercase 32-byte hex value');
const registrationHash = z.string().regex(/^[0-9a-f]{64}$/);

export const batchSealedSchema = z.object({
  batchId: z.number().int().positive(),
  /** RFC 6962 root of the batch's tree, 0x + 64 lowercase hex. */
  root: hex32,
  leafCount: z.number().int().positive(),
  /** Global leaf index (ledger_leaves) of the batch's first leaf; its leaves are contiguous. */
  firstLeafIndex: z.number().int().nonnegative(),
  /** The registrations in leaf order: trNumbers[i] is leaf i of the tree. */
  trNumbers: z.array(z.string()),
  /** Their cryptographic hashes (the leaf data, 32 raw bytes each) in the same order. */
  hashes: z.array(registrationHash),
});
export type BatchSealedData = z.infer<typeof batchSealedSchema>;

export const rootAnchoredSchema = z.object({
  batchId: z.number().int().positive(),
  root: hex32,
  chainId: z.number().int().positive(),
  /** AnchorRegistry address, EIP-55 checksummed. */
  contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  txHash: hex32,
  blockNumber: z.number().int().nonnegative(),
  /** Seconds since the epoch, the block's own timestamp. */
  blockTimestamp: z.number().int().nonnegative(),
  /** The signed anchor transaction as broadcast: replayed to rebuild the embedded chain. */
  rawTransaction: z.string().regex(/^0x[0-9a-f]*$/),
});
export type RootAnchoredData = z.infer<typeof rootAnchoredSchema>;

export const ledgerSchemaVersions = { BatchSealed: 1, RootAnchored: 1 } as const;

export const batchStream = (batchId: number) => `batch-${batchId}`;

/** A system event of the ledger, with the metadata every event carries. */
export function ledgerEvent<T extends keyof typeof ledgerSchemaVersions>(type: T, data: unknown, correlationId: string): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      correlationId,
      causationId: null,
      actor: { kind: 'system', id: 'ledger', role: null },
      clientIp: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: ledgerSchemaVersions[type],
    },
  };
}
