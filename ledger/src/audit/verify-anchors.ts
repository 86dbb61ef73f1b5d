// `npm run audit -- verify-anchors`: gathers what anchor-audit.ts judges. From the event log, every
// TitleRegistered, BatchSealed and RootAnchored (each checked against its schema); from the database,
// the ledger's tables; from the chain (audit-chain.ts), for each anchored batch, anchorOf(root), the
// receipt of the recorded transaction, and what the registry holds for the batch id when anchorOf
// disagrees.
import type pg from 'pg';
import type { EventStore, Position, RecordedEvent } from '@titleledger/api/eventstore';
import { START } from '@titleledger/api/eventstore';
import { eventTypes, isEvent, parseEvent } from '@titleledger/api/events';
import { getAddress } from 'ethers';
import type { AuditChain } from '../chain/audit-chain.js';
import {
  auditAnchors,
  type AnchorAudit,
  type BatchRowFacts,
  type ChainAnchorFacts,
  type ChainFacts,
  type Finding,
  type LogFacts,
  type LoggedBatch,
  type LoggedRegistration,
  type ProofRowFacts,
  type ReceiptFacts,
  type TableFacts,
} from './anchor-audit.js';

/** How long a registration may wait for its batch and a batch for its anchor, unless told (`--grace-minutes`). */
export const DEFAULT_ANCHOR_GRACE_MS = 15 * 60_000;
const PAGE = 5_000;
/** Chain reads in flight at once. */
const CHAIN_CONCURRENCY = 8;

export interface VerifyAnchorsOptions {
  /** null: the chain is not read; anchored batches are listed as not checked. */
  readonly chain: AuditChain | null;
  readonly graceMs?: number;
  readonly now?: () => Date;
}

export async function verifyAnchors(pool: pg.Pool, store: EventStore, options: VerifyAnchorsOptions): Promise<AnchorAudit> {
  const log = await readLogFacts(store);
  const tables = await readTableFacts(pool);
  const chain = options.chain ? await readChainFacts(options.chain, log) : null;
  return auditAnchors({ log, tables, chain, now: (options.now ?? (() => new Date()))(), graceMs: options.graceMs ?? DEFAULT_ANCHOR_GRACE_MS });
}

/** One line for the verdict: what the CLI prints first and the audit page's run list keeps. */
export function verifyAnchorsSummary(audit: AnchorAudit, chain: string | null): string {
  if (!audit.ok) {
    const [first] = audit.problems;
    return `verify-anchors: FAILED — ${audit.problems.length} problem(s); the first: ${first!.message}`;
  }
  const onChain = chain ? `${audit.checkedOnChain} anchored root(s) match ${chain}` : 'the chain was not read';
  const notChecked = audit.notChecked.length > 0 ? `; ${audit.notChecked.length} thing(s) not checked, listed below` : '';
  return `verify-anchors: OK — ${audit.batches} batch(es) of ${audit.registrations} registration(s): every root recomputed from the leaves the log holds agrees with BatchSealed, RootAnchored, ledger_batches, ledger_leaves and registration_proofs; ${onChain}${notChecked}`;
}

async function readLogFacts(store: EventStore): Promise<LogFacts> {
  const registrations: LoggedRegistration[] = [];
  const seen = new Set<string>();
  const batches = new Map<number, { sealed?: LoggedBatch['sealed']; sealedAt?: Date; anchor?: LoggedBatch['anchor']; anchoredAt?: Date }>();
  const malformed: Finding[] = [];
  let from: Position = START;
  for (;;) {
    const page: RecordedEvent[] = await store.readAll({ from, maxCount: PAGE, eventTypes: eventTypes('TitleRegistered', 'BatchSealed', 'RootAnchored') });
    if (page.length === 0) break;
    from = page.at(-1)!.position;
    for (const recorded of page) {
      let event;
      try {
        event = parseEvent(recorded);
      } catch (error) {
        malformed.push({ batchId: null, trNumber: null, message: `${recorded.type} on ${recorded.streamId} (event ${recorded.metadata.eventId}) does not match its schema: ${(error as Error).message.replace(/\s+/g, ' ').slice(0, 300)}` });
        continue;
      }
      const at = new Date(recorded.metadata.occurredAt);
      if (isEvent(event, 'TitleRegistered')) {
        if (seen.has(event.data.trNumber)) continue;
        seen.add(event.data.trNumber);
        registrations.push({ trNumber: event.data.trNumber, hash: event.data.cryptographicHash.toLowerCase(), at });
      } else if (isEvent(event, 'BatchSealed', 'RootAnchored')) {
        const id = event.data.batchId;
        const entry = batches.get(id) ?? {};
        batches.set(id, entry);
        const where = `batch ${id}: ${event.type} (event ${recorded.metadata.eventId}) on stream ${recorded.streamId}`;
        if (recorded.streamId !== `batch-${id}`) malformed.push({ batchId: id, trNumber: null, message: `${where}, not batch-${id}` });
        if (isEvent(event, 'BatchSealed')) {
          if (entry.sealed) malformed.push({ batchId: id, trNumber: null, message: `${where}: the batch is sealed twice` });
          else Object.assign(entry, { sealed: event.data, sealedAt: at });
        } else if (!entry.sealed) {
          malformed.push({ batchId: id, trNumber: null, message: `${where}: anchored before it was sealed` });
        } else if (entry.anchor) {
          malformed.push({ batchId: id, trNumber: null, message: `${where}: the batch is anchored twice` });
        } else {
          Object.assign(entry, { anchor: event.data, anchoredAt: at });
        }
      }
    }
  }
  const sealed = new Map<number, LoggedBatch>();
  for (const [id, entry] of batches) {
    if (entry.sealed) sealed.set(id, { sealed: entry.sealed, sealedAt: entry.sealedAt!, anchor: entry.anchor ?? null, anchoredAt: entry.anchoredAt ?? null });
  }
  return { registrations, batches: sealed, malformed };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function readTableFacts(pool: pg.Pool): Promise<TableFacts> {
  const { rows: [present] } = await pool.query<{ batches: boolean; leaves: boolean; proofs: boolean; registrations: boolean }>(
    `SELECT to_regclass('ledger_batches') IS NOT NULL AS batches, to_regclass('ledger_leaves') IS NOT NULL AS leaves,
            to_regclass('registration_proofs') IS NOT NULL AS proofs, to_regclass('registrations') IS NOT NULL AS registrations`,
  );
  const batches = present!.batches
    ? (await pool.query<Record<string, unknown>>('SELECT * FROM ledger_batches ORDER BY batch_id')).rows.map(
        (r): BatchRowFacts => ({
          batchId: Number(r.batch_id),
          firstLeafIndex: Number(r.first_leaf_index),
          leafCount: Number(r.leaf_count),
          root: String(r.root),
          txHash: (r.tx_hash as string | null) ?? null,
          rawTransaction: (r.raw_transaction as string | null) ?? null,
          blockNumber: num(r.block_number),
          blockTimestamp: num(r.block_timestamp),
          anchored: r.anchored_at !== null,
        }),
      )
    : null;
  const leaves = present!.leaves
    ? (await pool.query<{ leaf_index: string; tr_number: string; cryptographic_hash: string }>('SELECT leaf_index, tr_number, cryptographic_hash FROM ledger_leaves ORDER BY leaf_index')).rows.map(
        (r) => ({ leafIndex: Number(r.leaf_index), trNumber: r.tr_number, hash: r.cryptographic_hash }),
      )
    : null;
  const proofs = present!.proofs
    ? (await pool.query<Record<string, unknown>>('SELECT * FROM registration_proofs ORDER BY batch_id, leaf_index')).rows.map(
        (r): ProofRowFacts => ({
          trNumber: String(r.tr_number),
          batchId: Number(r.batch_id),
          leafIndex: Number(r.leaf_index),
          treeSize: Number(r.tree_size),
          hash: String(r.cryptographic_hash),
          leafHash: String(r.leaf_hash),
          path: r.path as string[],
          root: String(r.root),
          chainId: num(r.chain_id),
          contract: (r.contract as string | null) ?? null,
          txHash: (r.tx_hash as string | null) ?? null,
          blockNumber: num(r.block_number),
          blockTimestamp: num(r.block_timestamp),
        }),
      )
    : null;
  const registered = present!.registrations
    ? (await pool.query<{ tr_number: string }>(`SELECT tr_number FROM registrations WHERE status = 'registered'`)).rows.map((r) => r.tr_number)
    : null;
  return { batches, leaves, proofs, registered };
}

async function readChainFacts(opened: AuditChain, log: LogFacts): Promise<ChainFacts> {
  const { chain, chainId } = opened;
  const byBatch = new Map<number, ChainAnchorFacts>();
  const anchored = [...log.batches.values()].filter((b) => b.anchor !== null);
  const readOne = async ({ sealed, anchor }: LoggedBatch): Promise<void> => {
    const a = anchor!;
    if (a.chainId !== chainId || getAddress(a.contract) !== chain.contract) {
      byBatch.set(sealed.batchId, { skipped: `anchored on chain ${a.chainId} at ${a.contract}, not the configured chain ${chainId} at ${chain.contract}` });
      return;
    }
    const [anchorOf, rawReceipt] = await Promise.all([
      chain.anchorOf(a.root),
      chain.call<{ status: string; blockNumber: string; logs: { address: string; topics: string[] }[] } | null>('eth_getTransactionReceipt', [a.txHash]),
    ]);
    const receipt: ReceiptFacts | null = rawReceipt
      ? { status: Number(BigInt(rawReceipt.status)), blockNumber: Number(BigInt(rawReceipt.blockNumber)), logs: rawReceipt.logs.map((l) => ({ address: l.address, topics: l.topics })) }
      : null;
    const agrees = anchorOf.timestamp !== 0n && anchorOf.batchId === BigInt(sealed.batchId);
    byBatch.set(sealed.batchId, { anchorOf, receipt, ...(agrees ? {} : { byBatchId: await chain.findAnchorLog(sealed.batchId) }) });
  };
  for (let i = 0; i < anchored.length; i += CHAIN_CONCURRENCY) await Promise.all(anchored.slice(i, i + CHAIN_CONCURRENCY).map(readOne));
  return {
    chainId,
    contract: chain.contract,
    description: opened.description,
    lastBatchId: await chain.lastBatchId(),
    byBatch,
    replayMismatches: opened.replayMismatches,
  };
}
