// The judgement of `npm run audit -- verify-anchors`, pure: given what the event log says about
// registrations and batches, what the ledger's tables hold and what the chain answered, every place
// they disagree, each naming its batch and the first TR number concerned. verify-anchors.ts gathers
// the facts; nothing here reads a database or the chain.
//
// The log is the truth (BatchSealed, RootAnchored, TitleRegistered). Each batch's root is recomputed
// from the hashes its BatchSealed holds with the ledger's own tree (merkle/tree.ts), and each hash must
// be its registration's. The tables are the ledger's memory and read model: ledger_batches (what the
// anchor worker would anchor), ledger_leaves (what it would seal next), registration_proofs (what
// /api/ledger/proof and the .tr files serve) and registrations.status (the public "registered").
// The chain must hold each anchored root as the log recorded it: anchorOf(root), the transaction, its
// block and its RootAnchored log.
import { Interface, Transaction, getAddress } from 'ethers';
import { anchorRegistryAbi } from '@titleledger/contracts';
import type { BatchSealedData, RootAnchoredData } from '../anchoring/decider.js';
import { ROOT_ANCHORED_TOPIC, type AnchorLog, type OnChainAnchor } from '../chain/anchor-chain.js';
import { MerkleTree, hashFromHex, toHex } from '../merkle/index.js';

const registry = new Interface(anchorRegistryAbi);

export interface LoggedRegistration {
  readonly trNumber: string;
  readonly hash: string;
  /** When the log recorded it (the event's occurredAt). */
  readonly at: Date;
}

export interface LoggedBatch {
  readonly sealed: BatchSealedData;
  readonly sealedAt: Date;
  readonly anchor: RootAnchoredData | null;
  /** When the log recorded the anchor. */
  readonly anchoredAt: Date | null;
}

export interface LogFacts {
  /** Every registration once, in log order (a TR number registered again is left out, as the sequencer leaves it). */
  readonly registrations: readonly LoggedRegistration[];
  /** The batches the log seals, by batch id. */
  readonly batches: ReadonlyMap<number, LoggedBatch>;
  /** Ledger events that break the rules of their stream or schema (already worded). */
  readonly malformed: readonly Finding[];
}

export interface BatchRowFacts {
  readonly batchId: number;
  readonly firstLeafIndex: number;
  readonly leafCount: number;
  readonly root: string;
  readonly txHash: string | null;
  readonly rawTransaction: string | null;
  readonly blockNumber: number | null;
  readonly blockTimestamp: number | null;
  readonly anchored: boolean;
}

export interface ProofRowFacts {
  readonly trNumber: string;
  readonly batchId: number;
  readonly leafIndex: number;
  readonly treeSize: number;
  readonly hash: string;
  readonly leafHash: string;
  readonly path: readonly string[];
  readonly root: string;
  readonly chainId: number | null;
  readonly contract: string | null;
  readonly txHash: string | null;
  readonly blockNumber: number | null;
  readonly blockTimestamp: number | null;
}

export interface TableFacts {
  /** null: the ledger's tables are not in this database (no ledger has run on it). */
  readonly batches: readonly BatchRowFacts[] | null;
  readonly leaves: readonly { readonly leafIndex: number; readonly trNumber: string; readonly hash: string }[] | null;
  readonly proofs: readonly ProofRowFacts[] | null;
  /** TR numbers `registrations.status` shows as registered; null without the table. */
  readonly registered: readonly string[] | null;
}

export interface ReceiptFacts {
  readonly status: number;
  readonly blockNumber: number;
  readonly logs: readonly { readonly address: string; readonly topics: readonly string[] }[];
}

/** What the chain answered for one anchored batch. */
export type ChainAnchorFacts =
  | { readonly skipped: string }
  | {
      /** anchorOf(the log's RootAnchored root). */
      readonly anchorOf: OnChainAnchor;
      /** The registry's RootAnchored log for the batch id, asked when anchorOf does not agree. */
      readonly byBatchId?: AnchorLog | null;
      /** The receipt of the transaction the log recorded; null: the chain does not know it. */
      readonly receipt: ReceiptFacts | null;
    };

export interface ChainFacts {
  readonly chainId: number;
  readonly contract: string;
  readonly description: string;
  /** The registry's lastBatchId(). */
  readonly lastBatchId: bigint;
  readonly byBatch: ReadonlyMap<number, ChainAnchorFacts>;
  readonly replayMismatches: readonly string[];
}

export interface Finding {
  readonly batchId: number | null;
  readonly trNumber: string | null;
  readonly message: string;
}

export interface AnchorAudit {
  readonly ok: boolean;
  readonly problems: readonly Finding[];
  /** Normal states worth knowing: the last batch being anchored, registrations waiting for their batch. */
  readonly pending: readonly string[];
  /** Anchored batches not checked on chain, with why. */
  readonly notChecked: readonly string[];
  readonly batches: number;
  readonly anchored: number;
  readonly registrations: number;
  readonly checkedOnChain: number;
}

export interface AuditInput {
  readonly log: LogFacts;
  readonly tables: TableFacts;
  /** null: no chain was read (every anchored batch is listed as not checked). */
  readonly chain: ChainFacts | null;
  readonly now: Date;
  /** How long a registration may wait for its batch, and a batch for its anchor, before it is a problem. */
  readonly graceMs: number;
}

const ago = (now: Date, at: Date) => {
  const s = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  return s < 120 ? `${s} s ago` : s < 7200 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`;
};

/** `batch 3 (TR-…, 4 registrations)`: every batch is named with its first registration. */
function batchLabel(sealed: Pick<BatchSealedData, 'batchId' | 'trNumbers'>): string {
  const [first] = sealed.trNumbers;
  const n = sealed.trNumbers.length;
  return `batch ${sealed.batchId} (${first ?? 'no registrations'}${n > 1 ? ` and ${n - 1} more` : ''})`;
}

const sameHex = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
type Cell = string | number | null;
/** A table's value against the log's: hex in either case (addresses are checksummed in the log). */
const sameCell = (table: Cell, logged: Cell) => (table === null || logged === null ? table === logged : sameHex(String(table), String(logged)));

export function auditAnchors(input: AuditInput): AnchorAudit {
  const { log, tables, chain, now, graceMs } = input;
  const problems: Finding[] = [...log.malformed];
  const pending: string[] = [];
  const notChecked: string[] = [];
  const overdue = (at: Date) => now.getTime() - at.getTime() > graceMs;
  const problem = (batchId: number | null, trNumber: string | null, message: string) => problems.push({ batchId, trNumber, message });

  const registrationOf = new Map(log.registrations.map((r, order) => [r.trNumber, { ...r, order }]));
  /** Where the log seals each TR number: batch id and leaf index within the batch. */
  const sealedAt = new Map<string, { batchId: number; leaf: number; global: number }>();
  const ids = [...log.batches.keys()].sort((a, b) => a - b);
  const lastId = ids.at(-1) ?? 0;
  const trees = new Map<number, MerkleTree>();
  let expectedFirstLeaf = 0;
  let anchored = 0;

  // 1. The log against itself: ids, leaves, roots, anchors.
  for (let id = 1; id <= lastId; id++) {
    const batch = log.batches.get(id);
    if (!batch) {
      problem(id, null, `batch ${id}: the log has no BatchSealed for it, though it seals batches up to ${lastId}`);
      continue;
    }
    const { sealed, anchor } = batch;
    const label = batchLabel(sealed);
    if (sealed.trNumbers.length !== sealed.leafCount || sealed.hashes.length !== sealed.leafCount) {
      problem(id, sealed.trNumbers[0] ?? null, `${label}: BatchSealed lists ${sealed.trNumbers.length} TR numbers and ${sealed.hashes.length} hashes for ${sealed.leafCount} leaves`);
    }
    if (sealed.firstLeafIndex !== expectedFirstLeaf) {
      problem(id, sealed.trNumbers[0] ?? null, `${label}: its first leaf is ${sealed.firstLeafIndex}, but the batches before it end at leaf ${expectedFirstLeaf}`);
    }
    expectedFirstLeaf = sealed.firstLeafIndex + sealed.leafCount;

    const wrongLeaves: string[] = [];
    sealed.trNumbers.forEach((trNumber, leaf) => {
      const hash = sealed.hashes[leaf];
      const registration = registrationOf.get(trNumber);
      const before = sealedAt.get(trNumber);
      let wrong: string | null = null;
      if (!registration) wrong = `leaf ${leaf} is ${trNumber}, which the log never registered`;
      else if (before) wrong = `leaf ${leaf} is ${trNumber}, already sealed as leaf ${before.leaf} of batch ${before.batchId}`;
      else if (!sameHex(hash, registration.hash)) wrong = `leaf ${leaf} (${trNumber}) holds hash ${hash ?? 'none'}, but its TitleRegistered has ${registration.hash}: the batch's leaves were changed`;
      if (wrong) {
        if (wrongLeaves.length === 0) problem(id, trNumber, `${label}: ${wrong}`);
        wrongLeaves.push(trNumber);
      }
      if (!before) sealedAt.set(trNumber, { batchId: id, leaf, global: sealed.firstLeafIndex + leaf });
    });
    if (wrongLeaves.length > 1) problem(id, wrongLeaves[1]!, `${label}: ${wrongLeaves.length - 1} more of its leaves disagree with the log's registrations (the next: ${wrongLeaves[1]})`);

    const tree = MerkleTree.fromLeaves(sealed.hashes.map(hashFromHex), { forProofs: true });
    trees.set(id, tree);
    const recomputed = `0x${toHex(tree.root)}`;
    if (recomputed !== sealed.root) {
      problem(id, wrongLeaves[0] ?? sealed.trNumbers[0] ?? null, `${label}: its ${tree.size} leaves give root ${recomputed}, but BatchSealed says ${sealed.root}`);
    }

    if (anchor) {
      anchored += 1;
      if (anchor.root !== sealed.root) {
        problem(id, sealed.trNumbers[0] ?? null, `${label}: RootAnchored says root ${anchor.root}, but the batch was sealed with ${sealed.root}`);
      }
      const call = recordedCall(anchor);
      if (call.error) problem(id, sealed.trNumbers[0] ?? null, `${label}: ${call.error}`);
      else if (call.batchId !== id || !sameHex(call.root, anchor.root) || call.leafCount !== sealed.leafCount) {
        problem(
          id,
          sealed.trNumbers[0] ?? null,
          `${label}: the recorded anchor transaction ${anchor.txHash} anchors batch ${call.batchId} root ${call.root} with ${call.leafCount} leaves, but the log says batch ${id} root ${anchor.root} with ${sealed.leafCount}`,
        );
      }
    } else if (id !== lastId) {
      problem(id, sealed.trNumbers[0] ?? null, `${label} is sealed but was never anchored, though batch ${lastId} was sealed after it (the ledger anchors in order)`);
    } else if (overdue(batch.sealedAt)) {
      problem(id, sealed.trNumbers[0] ?? null, `${label} was sealed ${ago(now, batch.sealedAt)} and is still not anchored: is the ledger running, and its chain reachable (GET /api/health)?`);
    } else {
      pending.push(`${label}: sealed ${ago(now, batch.sealedAt)}, not anchored yet (normal for the last batch)`);
    }
  }

  // 2. Registrations the ledger has not batched.
  const lastSealedOrder = Math.max(-1, ...[...sealedAt.keys()].map((tr) => registrationOf.get(tr)?.order ?? -1));
  const unbatched = log.registrations.filter((r) => !sealedAt.has(r.trNumber));
  const skipped = unbatched.filter((r) => registrationOf.get(r.trNumber)!.order < lastSealedOrder);
  for (const r of skipped.slice(0, 3)) {
    problem(null, r.trNumber, `${r.trNumber} (registered ${r.at.toISOString()}) was never batched, though later registrations were`);
  }
  if (skipped.length > 3) problem(null, skipped[3]!.trNumber, `${skipped.length - 3} more registrations were never batched, though later ones were`);
  const waiting = unbatched.filter((r) => registrationOf.get(r.trNumber)!.order > lastSealedOrder);
  if (waiting.length > 0) {
    const oldest = waiting[0]!;
    const what = `${waiting.length} registration(s) not batched yet, the oldest ${oldest.trNumber} registered ${ago(now, oldest.at)}`;
    if (overdue(oldest.at)) problem(null, oldest.trNumber, `${what}: is the ledger running (GET /api/health)?`);
    else pending.push(what);
  }

  // 3. The ledger's tables against the log.
  const lastBatch = log.batches.get(lastId);
  /** A table may lag the log by its last batch for a moment (the worker writes it after the event). */
  const mayLag = (id: number) => id === lastId && lastBatch !== undefined && !overdue(lastBatch.anchoredAt ?? lastBatch.sealedAt);
  if (tables.batches) {
    const rows = new Map(tables.batches.map((r) => [r.batchId, r]));
    for (const [id, { sealed, anchor }] of log.batches) {
      const row = rows.get(id);
      const label = batchLabel(sealed);
      if (!row) {
        if (mayLag(id)) pending.push(`${label}: not in ledger_batches yet`);
        else problem(id, sealed.trNumbers[0] ?? null, `${label}: ledger_batches has no row for it`);
        continue;
      }
      const differs: string[] = [];
      const compare = (column: string, table: Cell, logged: Cell, source: string) => {
        if (!sameCell(table, logged)) differs.push(`${column} is ${String(table)}, ${source} says ${String(logged)}`);
      };
      compare('root', row.root, sealed.root, 'BatchSealed');
      compare('first_leaf_index', row.firstLeafIndex, sealed.firstLeafIndex, 'BatchSealed');
      compare('leaf_count', row.leafCount, sealed.leafCount, 'BatchSealed');
      if (anchor && row.anchored) {
        compare('tx_hash', row.txHash, anchor.txHash, 'RootAnchored');
        compare('block_number', row.blockNumber, anchor.blockNumber, 'RootAnchored');
        compare('block_timestamp', row.blockTimestamp, anchor.blockTimestamp, 'RootAnchored');
        compare('raw_transaction', row.rawTransaction, anchor.rawTransaction, 'RootAnchored');
      } else if (anchor) {
        if (mayLag(id)) pending.push(`${label}: anchored in the log, not yet in ledger_batches`);
        else differs.push(`anchored_at is empty, but RootAnchored recorded ${anchor.txHash}`);
      } else if (row.anchored) {
        differs.push(`it is marked anchored (${row.txHash ?? 'no transaction'}), but the log has no RootAnchored`);
      }
      if (differs.length > 0) problem(id, sealed.trNumbers[0] ?? null, `${label}: ledger_batches differs from the log: ${differs.join('; ')}`);
    }
    for (const row of tables.batches) {
      if (!log.batches.has(row.batchId)) problem(row.batchId, null, `batch ${row.batchId}: ledger_batches has a row for it (root ${row.root}), but the log never sealed it`);
    }
  }

  if (tables.leaves) {
    let reported = 0;
    for (const row of tables.leaves) {
      const registration = registrationOf.get(row.trNumber);
      const sealedHere = sealedAt.get(row.trNumber);
      let wrong: string | null = null;
      if (!registration) wrong = `leaf ${row.leafIndex} is ${row.trNumber}, which the log never registered`;
      else if (!sameHex(row.hash, registration.hash)) wrong = `leaf ${row.leafIndex} (${row.trNumber}) has hash ${row.hash}, its TitleRegistered ${registration.hash}`;
      else if (sealedHere && sealedHere.global !== row.leafIndex) wrong = `${row.trNumber} is leaf ${row.leafIndex}, but the log sealed it as leaf ${sealedHere.global} (batch ${sealedHere.batchId})`;
      if (wrong && reported++ < 3) problem(sealedHere?.batchId ?? null, row.trNumber, `ledger_leaves: ${wrong}${sealedHere ? '' : ' (the next batch would be sealed from it)'}`);
    }
    if (reported > 3) problem(null, null, `ledger_leaves: ${reported - 3} more rows disagree with the log`);
  }

  if (tables.proofs) {
    const rows = new Map(tables.proofs.map((r) => [r.trNumber, r]));
    for (const [id, { sealed, anchor }] of log.batches) {
      const label = batchLabel(sealed);
      const tree = trees.get(id)!;
      const missing: string[] = [];
      for (let leaf = 0; leaf < sealed.trNumbers.length; leaf++) {
        const trNumber = sealed.trNumbers[leaf]!;
        if (sealedAt.get(trNumber)?.batchId !== id) continue; // sealed twice: reported above
        const row = rows.get(trNumber);
        if (!row) {
          missing.push(trNumber);
          continue;
        }
        const differs: string[] = [];
        const compare = (column: string, table: Cell, logged: Cell | undefined) => {
          if (!sameCell(table, logged ?? null)) differs.push(`${column} is ${String(table)}, the log's ${String(logged)}`);
        };
        compare('batch_id', row.batchId, id);
        compare('leaf_index', row.leafIndex, leaf);
        compare('tree_size', row.treeSize, sealed.leafCount);
        compare('cryptographic_hash', row.hash, sealed.hashes[leaf]);
        compare('root', row.root, sealed.root);
        if (leaf < tree.size) {
          const proof = tree.inclusionProof(leaf);
          compare('leaf_hash', row.leafHash, `0x${toHex(proof.leafHash)}`);
          compare('path', row.path.join(','), proof.path.map((p) => `0x${toHex(p)}`).join(','));
        }
        if (anchor && row.txHash !== null) {
          compare('chain_id', row.chainId, anchor.chainId);
          compare('contract', row.contract, anchor.contract);
          compare('tx_hash', row.txHash, anchor.txHash);
          compare('block_number', row.blockNumber, anchor.blockNumber);
          compare('block_timestamp', row.blockTimestamp, anchor.blockTimestamp);
        } else if (anchor && !mayLag(id)) {
          differs.push(`it has no anchor, but RootAnchored recorded ${anchor.txHash}`);
        } else if (!anchor && row.txHash !== null) {
          differs.push(`it names anchor ${row.txHash}, but the log has not anchored the batch`);
        }
        if (differs.length > 0) {
          problem(id, trNumber, `${label}: registration_proofs of ${trNumber} differs from the log: ${differs.join('; ')}`);
          break; // the first TR that disagrees names the batch's problem
        }
      }
      if (missing.length > 0) {
        const what = `${label}: registration_proofs has no row for ${missing[0]}${missing.length > 1 ? ` and ${missing.length - 1} more` : ''}`;
        if (mayLag(id)) pending.push(`${what} yet`);
        else problem(id, missing[0]!, what);
      }
    }
    for (const row of tables.proofs) {
      if (!sealedAt.has(row.trNumber)) problem(row.batchId, row.trNumber, `registration_proofs has a proof for ${row.trNumber} (batch ${row.batchId}, root ${row.root}), but the log never sealed it`);
    }
  }

  if (tables.registered) {
    let reported = 0;
    for (const trNumber of tables.registered) {
      const at = sealedAt.get(trNumber);
      if (at && log.batches.get(at.batchId)?.anchor) continue;
      if (reported++ < 3) {
        problem(at?.batchId ?? null, trNumber, `${trNumber} shows as registered (registrations.status), but the log ${at ? `has not anchored its batch ${at.batchId}` : 'never batched it'}`);
      }
    }
    if (reported > 3) problem(null, null, `${reported - 3} more registrations show as registered without an anchored batch`);
  }

  const absent = Object.entries({ ledger_batches: tables.batches, ledger_leaves: tables.leaves, registration_proofs: tables.proofs, registrations: tables.registered })
    .filter(([, rows]) => rows === null)
    .map(([table]) => table);
  if (absent.length > 0) notChecked.push(`${absent.join(', ')}: not in this database (no ledger, or no projections, has run on it)`);

  // 4. The chain against the log.
  let checkedOnChain = 0;
  if (chain) {
    for (const mismatch of chain.replayMismatches) problem(null, null, `the embedded chain: ${mismatch}`);
    const where = `chain ${chain.chainId} at ${chain.contract}`;
    for (const [id, { sealed, anchor }] of [...log.batches].sort(([a], [b]) => a - b)) {
      if (!anchor) continue;
      const label = batchLabel(sealed);
      const tr = sealed.trNumbers[0] ?? null;
      const facts = chain.byBatch.get(id);
      if (!facts) {
        notChecked.push(`${label}: not read from the chain`);
        continue;
      }
      if ('skipped' in facts) {
        notChecked.push(`${label}: ${facts.skipped}`);
        continue;
      }
      const before = problems.length;
      const { anchorOf, byBatchId, receipt } = facts;
      if (anchorOf.timestamp === 0n) {
        const holds = byBatchId
          ? `it holds root ${byBatchId.root} for batch ${id} (transaction ${byBatchId.txHash}, block ${byBatchId.blockNumber})`
          : `it holds nothing for batch ${id}`;
        problem(id, tr, `${label}: root ${anchor.root} is not anchored in the registry on ${where}; ${holds}, the log's RootAnchored says ${anchor.root}`);
      } else {
        const got = `batch ${anchorOf.batchId}, ${anchorOf.leafCount} leaves, block ${anchorOf.blockNumber}, time ${anchorOf.timestamp}`;
        const want = `batch ${id}, ${sealed.leafCount} leaves, block ${anchor.blockNumber}, time ${anchor.blockTimestamp}`;
        if (got !== want) problem(id, tr, `${label}: the registry on ${where} records root ${anchor.root} as ${got}; the log says ${want}`);
      }
      if (!receipt) {
        problem(id, tr, `${label}: the chain does not know the anchor transaction ${anchor.txHash} the log recorded`);
      } else {
        if (receipt.status !== 1) problem(id, tr, `${label}: the anchor transaction ${anchor.txHash} reverted on chain`);
        if (receipt.blockNumber !== anchor.blockNumber) problem(id, tr, `${label}: the anchor transaction ${anchor.txHash} is in block ${receipt.blockNumber}, the log says block ${anchor.blockNumber}`);
        const emitted = receipt.logs.some(
          (l) => sameHex(l.address, chain.contract) && sameHex(l.topics[0], ROOT_ANCHORED_TOPIC) && l.topics[1] !== undefined && BigInt(l.topics[1]) === BigInt(id) && sameHex(l.topics[2], anchor.root),
        );
        if (receipt.status === 1 && !emitted) problem(id, tr, `${label}: the anchor transaction ${anchor.txHash} emitted no RootAnchored(batch ${id}, root ${anchor.root}) from ${chain.contract}`);
      }
      if (problems.length === before) checkedOnChain += 1;
    }
    const lastAnchored = Math.max(0, ...[...log.batches].filter(([, b]) => b.anchor).map(([id]) => id));
    if (chain.lastBatchId > BigInt(lastId)) {
      problem(Number(chain.lastBatchId), null, `the registry on ${where} has anchored batches up to ${chain.lastBatchId}, but the log seals batches up to ${lastId} only: another writer used the registry, or the log lost batches`);
    } else if (chain.lastBatchId > BigInt(lastAnchored)) {
      pending.push(`batch ${chain.lastBatchId}: anchored on chain, not yet recorded in the log`);
    }
  } else {
    for (const [, { sealed, anchor }] of log.batches) if (anchor) notChecked.push(`${batchLabel(sealed)}: no chain was read`);
  }

  return {
    ok: problems.length === 0,
    problems,
    pending,
    notChecked,
    batches: log.batches.size,
    anchored,
    registrations: log.registrations.length,
    checkedOnChain,
  };
}

/** What the anchor transaction the log recorded calls: its signed bytes decoded, or why they do not decode. */
function recordedCall(anchor: RootAnchoredData): { error?: string; batchId?: number; root?: string; leafCount?: number } {
  let tx: Transaction;
  try {
    tx = Transaction.from(anchor.rawTransaction);
  } catch {
    return { error: `the recorded anchor transaction is not a signed transaction` };
  }
  if (tx.hash !== anchor.txHash) return { error: `the recorded anchor transaction's bytes hash to ${tx.hash}, not to its recorded hash ${anchor.txHash}` };
  if (!tx.to || getAddress(tx.to) !== getAddress(anchor.contract)) return { error: `the recorded anchor transaction ${anchor.txHash} is sent to ${tx.to ?? 'no address'}, not to the registry ${anchor.contract}` };
  const call = registry.parseTransaction({ data: tx.data });
  if (call?.name !== 'anchor') return { error: `the recorded anchor transaction ${anchor.txHash} calls ${call?.name ?? 'an unknown function'}, not anchor()` };
  return { batchId: Number(call.args[0] as bigint), root: String(call.args[1]).toLowerCase(), leafCount: Number(call.args[2] as bigint) };
}
