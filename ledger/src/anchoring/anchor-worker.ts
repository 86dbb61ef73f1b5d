// INTEGRATION: pending leaves become a sealed batch, the batch's root is anchored on chain.
//
// States of a batch id n (stream `batch-<n>`, mirrored in ledger_batches):
//   sealed   BatchSealed appended (expected revision no_stream: one seal per batch id, across
//            replicas and restarts); its leaves are ledger_leaves [firstLeafIndex, +leafCount).
//   signed   the anchor transaction is signed with a nonce fixed for this batch and its bytes are
//            saved BEFORE they are broadcast, so a restart re-sends the very same transaction.
//   anchored the transaction is mined; RootAnchored appended (expected revision 0).
//
// Contract of `AnchorWorker`:
// - It MUST anchor batches in batch id order and MUST NOT seal batch n+1 before n is anchored (the
//   registry requires increasing batch ids, and the proofs read model follows the log).
// - It MUST look at the chain before sending: if anchorOf(root) or the RootAnchored log of the batch
//   id already shows the anchor, it records that one and sends nothing.
// - It MUST NOT send a second, different transaction for a batch whose signed one could still be
//   mined: re-sends reuse the saved bytes (same nonce, same hash), so at most one can ever land; the
//   contract's increasing batch id is the last line of defence.
// - It MUST keep sequencing-side work untouched when the chain is down: failures back off
//   (0.5 s doubling to 30 s) and are retried forever; registrations stay pending meanwhile.
// - It MUST only run on the instance that holds the ledger's leader lock.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { handleCommand, loadState, type CommandContext } from '@titleledger/api/domain';
import { batchStream } from '@titleledger/api/events';
import { WrongExpectedRevisionError, type EventStore } from '@titleledger/api/eventstore';
import { MerkleTree, hashFromHex, toHex } from '../merkle/index.js';
import { leavesToSeal, msUntilDue, newLeavesCallForALook, type BatchPolicy } from '../batching/policy.js';
import { BatchConflictError, batchDecider, type BatchCommand, type BatchSealedData, type RootAnchoredData } from './decider.js';
import type { AnchorChain } from '../chain/anchor-chain.js';
import { CheckpointAnchorer, type CheckpointAnchorPolicy } from './checkpoint-anchorer.js';
import { ChainUnreachableError } from '../chain/json-rpc.js';

export interface BatchRow {
  readonly batchId: number;
  readonly firstLeafIndex: number;
  readonly leafCount: number;
  readonly root: string;
  readonly nonce: number | null;
  readonly rawTransaction: string | null;
  readonly txHash: string | null;
  readonly anchored: boolean;
}

export interface AnchorWorkerOptions {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly chain: AnchorChain;
  readonly policy: BatchPolicy;
  /** When to anchor the transparency log's latest checkpoint (checkpoint-anchorer.ts); none: never. */
  readonly checkpointPolicy?: CheckpointAnchorPolicy;
  readonly log: Logger;
  readonly confirmations?: number;
  /** Test hook: called after an anchor is broadcast, before anything is recorded. */
  readonly afterBroadcast?: (batch: BatchRow) => Promise<void> | void;
  readonly onAnchored?: (anchor: RootAnchoredData) => void;
  readonly onChainState?: (reachable: boolean, error?: unknown) => void;
  /** The time stamped on the ledger's events (tests pass a fixed clock). */
  readonly clock?: () => Date;
}

/** Thrown when the chain disagrees with the log in a way a retry cannot fix (the ledger is degraded). */
class AnchorConflictError extends Error {
  override name = 'AnchorConflictError';
}

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/**
 * The pause between two looks while there is nothing to do: 100 ms, doubling to 1 s while it stays
 * so (an idle ledger made ~70 queries a second at a fixed 100 ms). While leaves wait for their batch's
 * deadline, the pause lasts until it (at most 1 s). New leaves nudge the worker when they start a
 * deadline or fill a batch; what comes from other processes (a checkpoint signed, a batch another
 * instance sealed) waits at most the longest pause.
 */
const IDLE_POLL_MIN_MS = 100;
const IDLE_POLL_MAX_MS = 1_000;
/** How often the registry keys' bindings are read from the chain while a recorded key has none. */
const KEY_BINDINGS_RETRY_MS = 2_000;

function toBatchRow(row: Record<string, unknown>): BatchRow {
  return {
    batchId: Number(row.batch_id),
    firstLeafIndex: Number(row.first_leaf_index),
    leafCount: Number(row.leaf_count),
    root: String(row.root),
    nonce: row.nonce === null ? null : Number(row.nonce),
    rawTransaction: (row.raw_transaction as string | null) ?? null,
    txHash: (row.tx_hash as string | null) ?? null,
    anchored: row.anchored_at !== null,
  };
}

export class AnchorWorker {
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #backoffMs = 0;
  #idleMs = IDLE_POLL_MIN_MS;
  /** Set by a nudge that came while a step was under way: the worker looks again without pausing. */
  #nudged = false;
  /** The leaves known to wait: counted by the last look, plus those nudged in since. */
  #waiting = 0;
  #chainMemoryChecked = false;
  /** Every recorded registry key has its binding on this chain (once true, never read again). */
  #keyBindingsRecorded = false;
  /** When the bindings were last copied (0: not yet, so the first step copies them). */
  #keyBindingsTriedAt = 0;
  readonly #checkpoints: CheckpointAnchorer | null;
  degraded: string | null = null;

  constructor(private readonly options: AnchorWorkerOptions) {
    this.#checkpoints = options.checkpointPolicy
      ? new CheckpointAnchorer({
          store: options.store,
          pool: options.pool,
          chain: options.chain,
          policy: options.checkpointPolicy,
          log: options.log,
          clock: options.clock ?? (() => new Date()),
          waitMined: (txHash) => this.#waitMined(txHash),
          conflict: (message) => new AnchorConflictError(message),
        })
      : null;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Finishes the step in hand (a broadcast is followed by its recording), then stops. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  /**
   * `count` new leaves were sequenced: look again now rather than at the next poll, unless leaves
   * already waited for a deadline the worker will wake at, and these do not fill a batch (at one
   * registration at a time, a look per registration was ~7 queries each, for nothing).
   */
  nudge(count = 1): void {
    const call = newLeavesCallForALook(this.#waiting, count, this.options.policy);
    this.#waiting += count;
    if (!call) return;
    this.#nudged = true;
    this.#idleMs = IDLE_POLL_MIN_MS;
    this.#wake?.();
  }

  async #sleep(ms: number): Promise<void> {
    if (!this.#running) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
    this.#wake = null;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let wait: number;
      this.#nudged = false;
      try {
        wait = await this.step();
        if (this.#nudged) wait = 0;
        if (this.#backoffMs > 0) this.options.onChainState?.(true);
        this.#backoffMs = 0;
      } catch (error) {
        if (error instanceof AnchorConflictError) {
          this.degraded = error.message;
          this.options.log.error({ err: error }, 'LEDGER DEGRADED: the chain disagrees with the event log; anchoring stopped');
          this.#running = false;
          return;
        }
        this.#backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(MIN_BACKOFF_MS, this.#backoffMs * 2));
        const unreachable = error instanceof ChainUnreachableError;
        this.options.onChainState?.(!unreachable, error);
        this.options.log.warn({ err: unreachable ? error.message : error, retryInMs: this.#backoffMs }, 'anchoring step failed; retrying');
        wait = this.#backoffMs;
      }
      if (wait > 0) await this.#sleep(wait);
    }
  }

  /** One unit of work. Returns how long to wait before the next (0: go on at once). */
  async step(): Promise<number> {
    if (!this.#chainMemoryChecked) {
      await this.#checkChainMemory();
      this.#chainMemoryChecked = true;
    }
    await this.#recordKeyBindings();
    await this.#adoptSealedFromLog();
    const open = await this.#firstUnanchored();
    if (open) {
      await this.#anchor(open);
      return this.#busy();
    }
    const pending = await this.#pendingLeaves();
    this.#waiting = pending.count;
    const count = leavesToSeal(pending, this.options.policy);
    if (count > 0) {
      await this.#seal(count);
      return this.#busy();
    }
    if (await this.#checkpoints?.step()) return this.#busy();
    const due = msUntilDue(pending, this.options.policy);
    if (due !== undefined) return Math.min(due, IDLE_POLL_MAX_MS) || 1;
    const idle = this.#idleMs;
    this.#idleMs = Math.min(IDLE_POLL_MAX_MS, idle * 2);
    return idle;
  }

  /** A step did work: go on at once, and pause briefly again once there is none. */
  #busy(): 0 {
    this.#idleMs = IDLE_POLL_MIN_MS;
    return 0;
  }

  /**
   * Before the first anchor on this chain: it must still hold what the log says was anchored on it.
   * A chain that forgot (a fresh dev node behind the same URL, a reset) is reported and anchoring
   * stops: anchoring on as if nothing happened would leave every earlier proof unverifiable.
   */
  async #checkChainMemory(): Promise<void> {
    const { chain, pool } = this.options;
    const chainId = await chain.chainId();
    const remedy =
      'Anchoring is stopped, not restarted from nothing: restore the chain (its state or the node behind CHAIN_RPC_URL), or deploy a new registry on purpose (`npm run chain -- deploy --force`) and set ANCHOR_CONTRACT to it.';
    if (!(await chain.hasCode())) {
      throw new AnchorConflictError(
        `No contract at ANCHOR_CONTRACT ${chain.contract} on chain ${chainId}: a wrong address, or a chain that forgot its state (a fresh dev node?). ${remedy}`,
      );
    }
    const { rows } = await pool.query<{ batch_id: string; root: string }>(
      `SELECT batch_id, root FROM registration_proofs
        WHERE chain_id = $1 AND lower(contract) = lower($2) AND anchored_at IS NOT NULL
        ORDER BY batch_id DESC LIMIT 1`,
      [chainId, chain.contract],
    );
    const last = rows[0];
    if (last && (await chain.anchorOf(last.root)).timestamp === 0n) {
      throw new AnchorConflictError(
        `The chain forgot: batch ${last.batch_id} (root ${last.root}) was anchored on chain ${chainId} at ${chain.contract}, and the registry there does not know it now. ${remedy}`,
      );
    }
    const checkpoint = await this.#checkpoints?.lastAnchoredHere(chainId);
    if (checkpoint && (await chain.checkpointOf(checkpoint.treeSize)).root.toLowerCase() !== checkpoint.root) {
      throw new AnchorConflictError(
        `The chain forgot: the log's checkpoint of size ${checkpoint.treeSize} (root ${checkpoint.root}) was anchored on chain ${chainId} at ${chain.contract}, and the registry there does not know it now. ${remedy}`,
      );
    }
  }

  /**
   * Where each registry key is bound on this chain (GET /api/registry/keys shows it). The ledger holds
   * no registry key and records none: the api or the projections record the first at their start,
   * which may come after the ledger's, so the bindings are copied until every recorded key has one
   * (read from the chain at most every KEY_BINDINGS_RETRY_MS meanwhile).
   */
  async #recordKeyBindings(): Promise<void> {
    if (this.#keyBindingsRecorded || Date.now() - this.#keyBindingsTriedAt < KEY_BINDINGS_RETRY_MS) return;
    const { chain, pool } = this.options;
    // Copied at the first step in any case (the registry may have moved to another chain since).
    const first = this.#keyBindingsTriedAt === 0;
    this.#keyBindingsTriedAt = Date.now();
    const chainId = await chain.chainId();
    for (const binding of await chain.registryKeyBindings()) {
      await pool.query(
        `UPDATE registry_keys SET bound_chain_id = $2, bound_contract = $3, bound_tx_hash = $4, bound_block_number = $5, valid_from = to_timestamp($6)
          WHERE fingerprint = $1`,
        [binding.fingerprint, chainId, chain.contract, binding.txHash, binding.blockNumber, binding.validFrom],
      );
    }
    const { rows } = await pool.query<{ unbound: string; keys: string }>(
      'SELECT count(*) FILTER (WHERE bound_tx_hash IS NULL) AS unbound, count(*) AS keys FROM registry_keys',
    );
    this.#keyBindingsRecorded = rows[0]!.unbound === '0' && rows[0]!.keys !== '0';
    if (!this.#keyBindingsRecorded && first) {
      this.options.log.info('a registry key is not recorded yet, or not bound on this chain: the api or the projections record it at their start; its binding is read again until then');
    }
  }

  async #nextFirstLeaf(): Promise<{ batchId: number; firstLeafIndex: number }> {
    const { rows } = await this.options.pool.query<{ batch_id: string; end: string }>(
      'SELECT batch_id, first_leaf_index + leaf_count AS end FROM ledger_batches ORDER BY batch_id DESC LIMIT 1',
    );
    const last = rows[0];
    return last ? { batchId: Number(last.batch_id) + 1, firstLeafIndex: Number(last.end) } : { batchId: 1, firstLeafIndex: 0 };
  }

  async #pendingLeaves(): Promise<{ count: number; oldestAgeMs: number }> {
    const { firstLeafIndex } = await this.#nextFirstLeaf();
    const { rows } = await this.options.pool.query<{ count: string; age_ms: number | null }>(
      `SELECT count(*) AS count, (extract(epoch FROM now() - min(sequenced_at)) * 1000)::float8 AS age_ms
         FROM ledger_leaves WHERE leaf_index >= $1`,
      [firstLeafIndex],
    );
    return { count: Number(rows[0]!.count), oldestAgeMs: rows[0]!.age_ms ?? 0 };
  }

  async #firstUnanchored(): Promise<BatchRow | null> {
    const { rows } = await this.options.pool.query<Record<string, unknown>>('SELECT * FROM ledger_batches WHERE anchored_at IS NULL ORDER BY batch_id LIMIT 1');
    return rows[0] ? toBatchRow(rows[0]) : null;
  }

  /**
   * Batches sealed (or anchored) in the log but not yet in ledger_batches: after a crash between an
   * append and the table write, or sealed by another instance before it lost the lead.
   */
  async #adoptSealedFromLog(): Promise<void> {
    for (;;) {
      const { batchId } = await this.#nextFirstLeaf();
      const { state } = await loadState(this.options.store, batchStream(batchId), batchDecider);
      if (state.status === 'none') return;
      await this.#recordSealed(state.sealed);
      if (state.status === 'anchored') await this.#recordAnchored(state.anchor);
    }
  }

  /** Runs a command on a batch's stream as the ledger; a conflict with the log degrades the ledger. */
  async #decide(batchId: number, command: BatchCommand) {
    const context: CommandContext = {
      actor: { kind: 'system', id: 'ledger', role: null },
      correlationId: randomUUID(),
      now: (this.options.clock ?? (() => new Date()))(),
    };
    try {
      return await handleCommand(this.options.store, batchStream(batchId), batchDecider, command, context);
    } catch (error) {
      if (error instanceof BatchConflictError) throw new AnchorConflictError(error.message);
      throw error;
    }
  }

  async #recordSealed(sealed: BatchSealedData): Promise<void> {
    await this.options.pool.query(
      `INSERT INTO ledger_batches (batch_id, first_leaf_index, leaf_count, root) VALUES ($1, $2, $3, $4)
       ON CONFLICT (batch_id) DO NOTHING`,
      [sealed.batchId, sealed.firstLeafIndex, sealed.leafCount, sealed.root],
    );
  }

  async #recordAnchored(anchor: RootAnchoredData): Promise<void> {
    await this.options.pool.query(
      `UPDATE ledger_batches SET tx_hash = $2, raw_transaction = $3, block_number = $4, block_timestamp = $5::bigint,
              anchored_at = to_timestamp($5::bigint) WHERE batch_id = $1`,
      [anchor.batchId, anchor.txHash, anchor.rawTransaction, anchor.blockNumber, anchor.blockTimestamp],
    );
  }

  async #seal(count: number): Promise<void> {
    const { batchId, firstLeafIndex } = await this.#nextFirstLeaf();
    const { rows } = await this.options.pool.query<{ tr_number: string; cryptographic_hash: string }>(
      `SELECT tr_number, cryptographic_hash FROM ledger_leaves
        WHERE leaf_index >= $1 AND leaf_index < $2 ORDER BY leaf_index`,
      [firstLeafIndex, firstLeafIndex + count],
    );
    if (rows.length !== count) throw new Error(`Leaves ${firstLeafIndex}…${firstLeafIndex + count - 1} are not contiguous`);
    const tree = MerkleTree.fromLeaves(rows.map((r) => hashFromHex(r.cryptographic_hash)));
    const sealed: BatchSealedData = {
      batchId,
      root: `0x${toHex(tree.root)}`,
      leafCount: count,
      firstLeafIndex,
      trNumbers: rows.map((r) => r.tr_number),
      hashes: rows.map((r) => r.cryptographic_hash),
    };
    try {
      // Nothing appended: another instance (or this one before a crash) sealed this batch id, and
      // #adoptSealedFromLog takes its seal on the next round.
      if ((await this.#decide(batchId, { type: 'SealBatch', batch: sealed })).events.length === 0) return;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return;
      throw error;
    }
    await this.#recordSealed(sealed);
    this.options.log.info({ batchId, leafCount: count, root: sealed.root }, 'batch sealed');
  }

  async #anchor(batch: BatchRow): Promise<void> {
    const { chain } = this.options;
    // 1. Already on chain? (sent before a crash and mined, or recorded by nobody yet)
    const found = await this.#findOnChain(batch);
    if (found) {
      await this.#complete(batch, found.txHash, found.rawTransaction);
      return;
    }
    // 2. Signed before? Re-send the same bytes: same nonce, same hash, at most one can be mined.
    let current = batch;
    if (!current.rawTransaction) {
      const last = await chain.lastBatchId();
      if (last >= BigInt(batch.batchId)) {
        throw new AnchorConflictError(
          `The registry's last batch id is ${last} but batch ${batch.batchId} (root ${batch.root}) is not on chain: another writer used this anchorer key or contract`,
        );
      }
      const signed = await chain.signAnchor(batch.batchId, batch.root, batch.leafCount, await chain.minedNonce());
      await this.options.pool.query('UPDATE ledger_batches SET nonce = $2, raw_transaction = $3, tx_hash = $4 WHERE batch_id = $1', [
        batch.batchId,
        signed.nonce,
        signed.rawTransaction,
        signed.txHash,
      ]);
      current = { ...batch, nonce: signed.nonce, rawTransaction: signed.rawTransaction, txHash: signed.txHash };
    } else if ((await chain.minedNonce()) > (current.nonce ?? Number.MAX_SAFE_INTEGER)) {
      // Our nonce was used by a transaction that is not our anchor (checked above): sign again.
      const mined = await chain.receipt(current.txHash!);
      if (!mined) {
        await this.options.pool.query('UPDATE ledger_batches SET nonce = NULL, raw_transaction = NULL, tx_hash = NULL WHERE batch_id = $1', [batch.batchId]);
        return;
      }
    }
    await chain.broadcast(current.rawTransaction!);
    this.options.log.info({ batchId: batch.batchId, txHash: current.txHash, nonce: current.nonce }, 'anchor sent');
    await this.options.afterBroadcast?.(current);
    const mined = await this.#waitMined(current.txHash!);
    if (mined.status !== 1) {
      throw new AnchorConflictError(`The anchor of batch ${batch.batchId} (${current.txHash}) reverted in block ${mined.blockNumber}`);
    }
    await this.#complete(current, current.txHash!, current.rawTransaction!);
  }

  async #findOnChain(batch: BatchRow): Promise<{ txHash: string; rawTransaction: string } | null> {
    const { chain } = this.options;
    const onChain = await chain.anchorOf(batch.root);
    const log = await chain.findAnchorLog(batch.batchId);
    if (onChain.timestamp === 0n && !log) return null;
    if (onChain.timestamp !== 0n && onChain.batchId !== BigInt(batch.batchId)) {
      throw new AnchorConflictError(`Root ${batch.root} of batch ${batch.batchId} is anchored on chain as batch ${onChain.batchId}`);
    }
    if (!log || log.root.toLowerCase() !== batch.root.toLowerCase()) {
      throw new AnchorConflictError(`Batch ${batch.batchId} is anchored on chain with root ${log?.root ?? '(no log)'}, not ${batch.root}`);
    }
    const rawTransaction = batch.txHash === log.txHash && batch.rawTransaction ? batch.rawTransaction : await chain.rawTransactionOf(log.txHash);
    this.options.log.warn({ batchId: batch.batchId, txHash: log.txHash }, 'anchor found on chain before sending: recording it, not sending again');
    return { txHash: log.txHash, rawTransaction };
  }

  async #waitMined(txHash: string) {
    const confirmations = this.options.confirmations ?? 1;
    for (let pause = 50; ; pause = Math.min(pause * 2, 1_000)) {
      const mined = await this.options.chain.receipt(txHash);
      if (mined && (confirmations <= 1 || (await this.options.chain.blockNumber()) - mined.blockNumber + 1 >= confirmations)) return mined;
      if (!this.#running && !mined) throw new Error(`Stopping before ${txHash} was mined; it is re-checked at the next start`);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  async #complete(batch: BatchRow, txHash: string, rawTransaction: string): Promise<void> {
    const mined = await this.#waitMined(txHash);
    const anchor: RootAnchoredData = {
      batchId: batch.batchId,
      root: batch.root,
      chainId: await this.options.chain.chainId(),
      contract: this.options.chain.contract,
      txHash,
      blockNumber: mined.blockNumber,
      blockTimestamp: mined.blockTimestamp,
      rawTransaction,
    };
    let appended: boolean;
    try {
      appended = (await this.#decide(batch.batchId, { type: 'RecordAnchor', anchor })).events.length > 0;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      appended = false;
    }
    if (!appended) {
      // Recorded already (by this instance before a crash, or another): take the recorded one.
      const { state } = await loadState(this.options.store, batchStream(batch.batchId), batchDecider);
      if (state.status !== 'anchored') throw new Error(`The anchor of batch ${batch.batchId} could not be recorded; retrying`);
      await this.#recordAnchored(state.anchor);
      return;
    }
    await this.#recordAnchored(anchor);
    this.options.log.info({ batchId: batch.batchId, txHash, blockNumber: mined.blockNumber }, 'batch anchored');
    this.options.onAnchored?.(anchor);
  }
}
