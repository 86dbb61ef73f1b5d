// Queries and answers of the transparency log's calls (`/api/log/*`), shared with the web app.
import { z } from 'zod';

/** A leaf index or tree size as a query parameter: a whole decimal number, no sign, no leading zeros. */
const logNumber = (name: string, min: number) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^(0|[1-9]\d*)$/, `${name} must be a whole number`)
    // Up to 2^53 − 1 (16 digits at most): a larger one is named too large, not "not a whole number".
    .refine((text) => text.length < 16 || (text.length === 16 && Number(text) <= Number.MAX_SAFE_INTEGER), `${name} is too large (at most ${Number.MAX_SAFE_INTEGER})`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`));

/** Compares two parameters only when both parsed: "from must not be above to" says nothing of "abc". */
const bothParsed = (a: unknown, b: unknown) => Number.isSafeInteger(a) && Number.isSafeInteger(b);

export const inclusionProofQuery = z
  .object({ index: logNumber('index', 0), treeSize: logNumber('treeSize', 1) })
  .refine((q) => !bothParsed(q.index, q.treeSize) || q.index < q.treeSize, { message: 'index must be below treeSize', path: ['index'] });

export const consistencyProofQuery = z
  .object({ from: logNumber('from', 1), to: logNumber('to', 1) })
  .refine((q) => !bothParsed(q.from, q.to) || q.from <= q.to, { message: 'from must not be above to', path: ['from'] });

export const logEntriesQuery = z.object({
  from: logNumber('from', 0),
  limit: logNumber('limit', 1).pipe(z.number().max(1000, 'limit must be at most 1000')).optional().default(100),
});

const hexHash = z.string().regex(/^[0-9a-f]{64}$/);

export const inclusionProofResponse = z.object({ index: z.number(), treeSize: z.number(), path: z.array(hexHash) });
export const consistencyProofResponse = z.object({ from: z.number(), to: z.number(), path: z.array(hexHash) });
export const logEntriesResponse = z.object({
  entries: z.array(z.object({ index: z.number(), canonical: z.string(), event: z.unknown() })),
});

export type InclusionProofResponse = z.infer<typeof inclusionProofResponse>;
export type ConsistencyProofResponse = z.infer<typeof consistencyProofResponse>;
export type LogEntriesResponse = z.infer<typeof logEntriesResponse>;

/** One recorded run of an auditor's check (`npm run audit -- replay | verify-log | verify-anchors`, or the audit page's button). */
export const auditRunSchema = z.object({
  id: z.number(),
  kind: z.enum(['replay', 'verify-log', 'verify-anchors']),
  status: z.enum(['running', 'ok', 'failed']),
  /** What the run printed as its verdict (for a failure: what disagrees, and where). */
  summary: z.string(),
  /** The first log position that disagrees, when a failure names one. */
  firstBadPosition: z.number().nullable(),
  /** `cli`: `npm run audit`; `api`: started from the audit page. */
  source: z.enum(['cli', 'api']),
  /** Who started a run from the audit page (their e-mail then); null for `npm run audit` (the operator's shell). */
  startedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AuditRun = z.infer<typeof auditRunSchema>;

/** GET /api/audit/runs: the latest runs, newest first. */
export const auditRunsResponse = z.object({ runs: z.array(auditRunSchema) });
export type AuditRunsResponse = z.infer<typeof auditRunsResponse>;

/** POST /api/audit/verify-log (202): the run now under way; its verdict lands in GET /api/audit/runs. */
export const auditRunStartedResponse = z.object({ run: auditRunSchema });

/** One signed checkpoint as the audit page shows it. */
export const auditCheckpointSchema = z.object({
  treeSize: z.number(),
  root: hexHash,
  signedAt: z.string(),
  /** Whether the note's Ed25519 signature verifies with the log's verifier key (checked by the server). */
  signatureOk: z.boolean(),
});
export type AuditCheckpoint = z.infer<typeof auditCheckpointSchema>;

/**
 * GET /api/audit/checkpoints: the log's signed checkpoints, oldest first, thinned evenly to at most
 * `limit` (the first and the latest always kept), with how many there are in all.
 */
export const auditCheckpointsQuery = z.object({
  limit: logNumber('limit', 2).pipe(z.number().max(1000, 'limit must be at most 1000')).optional().default(200),
});
export const auditCheckpointsResponse = z.object({
  total: z.number(),
  verifierKey: z.string(),
  checkpoints: z.array(auditCheckpointSchema),
  /** The latest checkpoint's note, as `GET /api/log/checkpoint` serves it (null before the first). */
  latestNote: z.string().nullable(),
});
export type AuditCheckpointsResponse = z.infer<typeof auditCheckpointsResponse>;

export const logCheckpointsQuery = z.object({
  from: logNumber('from', 0).optional().default(0),
  limit: logNumber('limit', 1).pipe(z.number().max(1000, 'limit must be at most 1000')).optional().default(100),
});

/** Where a checkpoint is anchored on chain (AnchorRegistry.checkpointOf(treeSize) returns its root). */
const checkpointAnchorSchema = z.object({
  chainId: z.number(),
  contract: z.string(),
  txHash: z.string(),
  blockNumber: z.number(),
  /** Seconds since the epoch: the block's timestamp. */
  blockTimestamp: z.number(),
});

export const logCheckpointResponse = z.object({
  treeSize: z.number(),
  root: hexHash,
  signedAt: z.string(),
  /** The signed note itself, as GET /api/log/checkpoint serves the latest. */
  note: z.string(),
  anchor: checkpointAnchorSchema.nullable(),
});

export const logCheckpointsResponse = z.object({ checkpoints: z.array(logCheckpointResponse) });

/**
 * GET /api/log/checkpoint/anchor: the latest checkpoint anchored on chain, or `anchored: false` (the
 * normal state until the ledger first anchors one, minutes after a start): not an error.
 */
export const checkpointAnchorResponse = z.discriminatedUnion('anchored', [
  logCheckpointResponse.extend({ anchored: z.literal(true), anchor: checkpointAnchorSchema }),
  z.object({ anchored: z.literal(false), message: z.string() }),
]);

export type CheckpointAnchorResponse = z.infer<typeof checkpointAnchorResponse>;

export type LogCheckpointResponse = z.infer<typeof logCheckpointResponse>;
export type LogCheckpointsResponse = z.infer<typeof logCheckpointsResponse>;

/** GET /api/registry/keys: every registry signing key, oldest first, with its validity and its binding on chain. */
export const registryKeysResponse = z.object({
  keys: z.array(
    z.object({
      position: z.number(),
      /** The raw 32-byte Ed25519 public key, base64. */
      publicKey: z.string(),
      /** 0x + SHA-256 of the raw public key: what AnchorRegistry.registryKeys() lists. */
      fingerprint: z.string(),
      current: z.boolean(),
      recordedAt: z.string(),
      /** From the block that bound it on chain (null until the ledger has read the binding). */
      validFrom: z.string().nullable(),
      /** Until the next key's validFrom; null for the current key. */
      validTo: z.string().nullable(),
      binding: z.object({ chainId: z.number(), contract: z.string(), txHash: z.string(), blockNumber: z.number() }).nullable(),
    }),
  ),
});

export type RegistryKeysResponse = z.infer<typeof registryKeysResponse>;
