// The ledger's events, on stream `batch-<batchId>`: `BatchSealed` (revision 0, appended with
// expected revision no_stream, so a batch id is sealed exactly once whatever the number of ledger
// instances) then `RootAnchored` (revision 1). Together they are everything needed to rebuild the
// proofs read model and the embedded chain: the leaves are in BatchSealed, the signed transaction in
// RootAnchored. The `ledger` package writes them (its decider, anchoring/decider.ts); they are
// declared here because the catalogue lives in the API package, which every other package reads.
import { z } from 'zod';
import { defineEvents } from '../events/define.js';

const hex32 = z.string().regex(/^0x[0-9a-f]{64}$/, 'a 0x-prefixed lowercase 32-byte hex value');
const registrationHash = z.string().regex(/^[0-9a-f]{64}$/);

export const batchStream = (batchId: number) => `batch-${batchId}`;

const batchSealedSchema = z.object({
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

/** Where and how a root was anchored on chain: the same for a batch root and a checkpoint root. */
const onChainAnchorFields = {
  chainId: z.number().int().positive(),
  /** AnchorRegistry address, EIP-55 checksummed. */
  contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  txHash: hex32,
  blockNumber: z.number().int().nonnegative(),
  /** Seconds since the epoch, the block's own timestamp. */
  blockTimestamp: z.number().int().nonnegative(),
  /** The signed anchor transaction as broadcast: replayed to rebuild the embedded chain. */
  rawTransaction: z.string().regex(/^0x[0-9a-f]*$/),
};

const rootAnchoredSchema = z.object({
  batchId: z.number().int().positive(),
  root: hex32,
  ...onChainAnchorFields,
});

export const checkpointStream = (treeSize: number) => `checkpoint-${treeSize}`;

/**
 * A transparency-log checkpoint anchored on chain by AnchorRegistry.anchorCheckpoint, on stream
 * `checkpoint-<treeSize>` (appended with no_stream: each checkpoint is anchored at most once).
 */
const checkpointAnchoredSchema = z.object({
  treeSize: z.number().int().positive(),
  /** The checkpoint's RFC 6962 root, 0x + 64 lowercase hex. */
  root: hex32,
  ...onChainAnchorFields,
});

export const checkpointEvents = defineEvents({
  CheckpointAnchored: { schemaVersion: 1, schema: checkpointAnchoredSchema },
});

export const registryKeyStream = (position: number) => `registrykey-${position}`;

/**
 * The registry's signing key rotated (`npm run chain -- rotate-key`): key number `position` (1 for
 * the first rotation; 0 is bound by the deployment) bound on chain by AnchorRegistry.rotateKey, on
 * stream `registrykey-<position>` (appended with no_stream: each position is bound once). Replayed,
 * like anchors, to rebuild the embedded chain; `registry_keys` gets its row from it.
 */
const registryKeyRotatedSchema = z.object({
  position: z.number().int().positive(),
  /** 0x + SHA-256 of the new key's raw public key, as bound on chain. */
  fingerprint: hex32,
  /** The new key's raw 32-byte Ed25519 public key, base64. */
  publicKey: z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'a base64 32-byte key'),
  /** The key it replaces (position - 1). */
  previousFingerprint: hex32,
  ...onChainAnchorFields,
});

export const registryKeyEvents = defineEvents({
  RegistryKeyRotated: { schemaVersion: 1, schema: registryKeyRotatedSchema },
});

export const batchEvents = defineEvents({
  BatchSealed: { schemaVersion: 1, schema: batchSealedSchema },
  RootAnchored: { schemaVersion: 1, schema: rootAnchoredSchema },
});

