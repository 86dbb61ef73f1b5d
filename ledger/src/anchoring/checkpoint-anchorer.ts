// Transparency-log checkpoints anchored on chain (AnchorRegistry.anchorCheckpoint), a step of the
// anchoring worker (anchor-worker.ts), so it runs only under the ledger's leader lock and its
// transactions take the anchorer's nonces in turn with the batch anchors.
//
// Contract of `CheckpointAnchorer.step`:
// - It MUST anchor only the latest signed checkpoint, and only when due: `everyEntries` entries
//   beyond the last anchored checkpoint, or `everyMs` since the oldest checkpoint not anchored yet
//   was signed (the clock is injected: tests move it, never sleep). The last anchor's own event does
//   not count, so an idle log stops being anchored.
// - It MUST anchor a checkpoint at most once: the signed transaction is saved in its row BEFORE it is
//   broadcast (a restart re-sends the very same bytes), the chain is asked first (checkpointOf, the
//   CheckpointAnchored log), CheckpointAnchored is appended on `checkpoint-<treeSize>` with
//   no_stream, and the registry refuses a tree size that does not grow.
// - It MUST record the anchor in the checkpoint's row (tlog_checkpoints) from the event.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { handleCommand, loadState, type CommandContext } from '@titleledger/api/domain';
import { checkpointStream } from '@titleledger/api/events';
import { WrongExpectedRevisionError, type EventStore } from '@titleledger/api/eventstore';
import type { AnchorChain, MinedAnchor } from '../chain/anchor-chain.js';
import { checkpointAnchorDecider, CheckpointConflictError, type CheckpointAnchoredData } from './checkpoint-decider.js';

export interface CheckpointAnchorPolicy {
  /** Anchor the latest checkpoint once it is this many entries beyond the last anchored one. */
  readonly everyEntries: number;
  /** …or once the oldest checkpoint not anchored yet has waited this long. */
  readonly everyMs: number;
}

interface CheckpointRow {
  readonly treeSize: number;
  readonly root: string;
  readonly nonce: number | null;
  readonly rawTransaction: string | null;
  readonly txHash: string | null;
}

export interface CheckpointAnchorerOptions {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly chain: AnchorChain;
  readonly policy: CheckpointAnchorPolicy;
  readonly log: Logger;
  readonly clock: () => Date;
  readonly waitMined: (txHash: string) => Promise<MinedAnchor>;
  /** Raised for a disagreement between the chain and the log that a retry cannot fix. */
  readonly conflict: (message: string) => Error;
}

const UNDEFINED_TABLE = '42P01';

export class CheckpointAnchorer {
  /** False where the event store keeps no transparency log (no tlog_checkpoints table). */
  #available = true;

  constructor(private readonly options: CheckpointAnchorerOptions) {}

  /** Anchors a checkpoint if one is in flight or due; returns whether it did anything. */
  async step(): Promise<boolean> {
    if (!this.#available) return false;
    let row: CheckpointRow | null;
    try {
      row = (await this.#inFlight()) ?? (await this.#due());
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
      this.#available = false;
      return false;
    }
    if (!row) return false;
    await this.#anchor(row);
    return true;
  }

  /** The last checkpoint anchored on this chain and contract, for the start-up memory check. */
  async lastAnchoredHere(chainId: number): Promise<{ treeSize: number; root: string } | null> {
    try {
      const { rows } = await this.options.pool.query<{ tree_size: string; root: Buffer }>(
        `SELECT tree_size, root FROM tlog_checkpoints
          WHERE anchored_at IS NOT NULL AND anchor_chain_id = $1 AND lower(anchor_contract) = lower($2)
          ORDER BY tree_size DESC LIMIT 1`,
        [chainId, this.options.chain.contract],
      );
      const row = rows[0];
      return row ? { treeSize: Number(row.tree_size), root: `0x${row.root.toString('hex')}` } : null;
    } catch (error) {
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return null;
      throw error;
    }
  }

  async #inFlight(): Promise<CheckpointRow | null> {
    const { rows } = await this.options.pool.query<Record<string, unknown>>(
      `SELECT tree_size, root, anchor_nonce, anchor_raw_transaction, anchor_tx_hash FROM tlog_checkpoints
        WHERE anchored_at IS NULL AND anchor_raw_transaction IS NOT NULL ORDER BY tree_size LIMIT 1`,
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async #due(): Promise<CheckpointRow | null> {
    const { rows } = await this.options.pool.query<Record<string, unknown> & { last_size: string; oldest_signed_at: Date }>(
      `WITH last AS (SELECT coalesce(max(tree_size), 0) AS size FROM tlog_checkpoints WHERE anchored_at IS NOT NULL)
       SELECT c.tree_size, c.root, c.anchor_nonce, c.anchor_raw_transaction, c.anchor_tx_hash, last.size AS last_size,
              (SELECT min(signed_at) FROM tlog_checkpoints o WHERE o.tree_size > last.size) AS oldest_signed_at
         FROM tlog_checkpoints c, last
        WHERE c.tree_size > last.size AND c.tree_size > 0
        ORDER BY c.tree_size DESC LIMIT 1`,
    );
    const latest = rows[0];
    if (!latest) return null;
    const { everyEntries, everyMs } = this.options.policy;
    // The last anchor's own CheckpointAnchored is an entry of the log too: growth by that one alone
    // is no news, or an idle log would be anchored again and again, every everyMs, for ever.
    const lastSize = Number(latest.last_size);
    const grown = Number(latest.tree_size) - lastSize - (lastSize > 0 ? 1 : 0);
    if (grown < 1) return null;
    const waited = this.options.clock().getTime() - latest.oldest_signed_at.getTime();
    return grown >= everyEntries || waited >= everyMs ? toRow(latest) : null;
  }

  async #anchor(row: CheckpointRow): Promise<void> {
    const { chain, pool } = this.options;
    const found = await this.#findOnChain(row);
    if (found) {
      await this.#complete(row, found.txHash, found.rawTransaction);
      return;
    }
    let current = row;
    if (!current.rawTransaction) {
      const last = await chain.lastCheckpointSize();
      if (last >= BigInt(row.treeSize)) {
        throw this.options.conflict(
          `The registry's last checkpoint size is ${last} but checkpoint ${row.treeSize} (root ${row.root}) is not on chain: another writer used this anchorer key or contract`,
        );
      }
      const signed = await chain.signCheckpointAnchor(row.treeSize, row.root, await chain.minedNonce());
      await pool.query('UPDATE tlog_checkpoints SET anchor_nonce = $2, anchor_raw_transaction = $3, anchor_tx_hash = $4 WHERE tree_size = $1', [
        row.treeSize,
        signed.nonce,
        signed.rawTransaction,
        signed.txHash,
      ]);
      current = { ...row, nonce: signed.nonce, rawTransaction: signed.rawTransaction, txHash: signed.txHash };
    } else if ((await chain.minedNonce()) > (current.nonce ?? Number.MAX_SAFE_INTEGER) && !(await chain.receipt(current.txHash!))) {
      // Our nonce went to another transaction (not this anchor, checked above): sign again next round.
      await pool.query('UPDATE tlog_checkpoints SET anchor_nonce = NULL, anchor_raw_transaction = NULL, anchor_tx_hash = NULL WHERE tree_size = $1', [row.treeSize]);
      return;
    }
    await chain.broadcast(current.rawTransaction!);
    this.options.log.info({ treeSize: row.treeSize, txHash: current.txHash, nonce: current.nonce }, 'checkpoint anchor sent');
    const mined = await this.options.waitMined(current.txHash!);
    if (mined.status !== 1) throw this.options.conflict(`The anchor of checkpoint ${row.treeSize} (${current.txHash}) reverted in block ${mined.blockNumber}`);
    await this.#complete(current, current.txHash!, current.rawTransaction!);
  }

  async #findOnChain(row: CheckpointRow): Promise<{ txHash: string; rawTransaction: string } | null> {
    const { chain } = this.options;
    const onChain = await chain.checkpointOf(row.treeSize);
    if (BigInt(onChain.root) === 0n) return null;
    const log = await chain.findCheckpointLog(row.treeSize);
    if (onChain.root.toLowerCase() !== row.root || !log) {
      throw this.options.conflict(`Checkpoint ${row.treeSize} is anchored on chain with root ${onChain.root}, not ${row.root}`);
    }
    const rawTransaction = row.txHash === log.txHash && row.rawTransaction ? row.rawTransaction : await chain.rawTransactionOf(log.txHash);
    return { txHash: log.txHash, rawTransaction };
  }

  async #complete(row: CheckpointRow, txHash: string, rawTransaction: string): Promise<void> {
    const { chain, store } = this.options;
    const mined = await this.options.waitMined(txHash);
    const anchor: CheckpointAnchoredData = {
      treeSize: row.treeSize,
      root: row.root,
      chainId: await chain.chainId(),
      contract: chain.contract,
      txHash,
      blockNumber: mined.blockNumber,
      blockTimestamp: mined.blockTimestamp,
      rawTransaction,
    };
    const context: CommandContext = { actor: { kind: 'system', id: 'ledger', role: null }, correlationId: randomUUID(), now: this.options.clock() };
    try {
      await handleCommand(store, checkpointStream(row.treeSize), checkpointAnchorDecider, { type: 'RecordCheckpointAnchor', anchor }, context);
    } catch (error) {
      if (error instanceof CheckpointConflictError) throw this.options.conflict(error.message);
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    // The recorded anchor is the truth (ours, or one recorded before a crash or by another leader).
    const { state } = await loadState(store, checkpointStream(row.treeSize), checkpointAnchorDecider);
    if (state.status !== 'anchored') throw new Error(`The anchor of checkpoint ${row.treeSize} could not be recorded; retrying`);
    await recordCheckpointAnchor(this.options.pool, state.anchor);
    this.options.log.info({ treeSize: row.treeSize, txHash: state.anchor.txHash, blockNumber: state.anchor.blockNumber }, 'checkpoint anchored');
  }
}

/** Writes a recorded CheckpointAnchored into its checkpoint's row. */
async function recordCheckpointAnchor(pool: pg.Pool, anchor: CheckpointAnchoredData): Promise<void> {
  await pool.query(
    `UPDATE tlog_checkpoints SET anchor_tx_hash = $2, anchor_raw_transaction = $3, anchor_chain_id = $4, anchor_contract = $5,
            anchor_block_number = $6, anchor_block_timestamp = $7::bigint, anchored_at = to_timestamp($7::bigint)
      WHERE tree_size = $1`,
    [anchor.treeSize, anchor.txHash, anchor.rawTransaction, anchor.chainId, anchor.contract, anchor.blockNumber, anchor.blockTimestamp],
  );
}

function toRow(row: Record<string, unknown>): CheckpointRow {
  return {
    treeSize: Number(row.tree_size),
    root: `0x${(row.root as Buffer).toString('hex')}`,
    nonce: row.anchor_nonce === null ? null : Number(row.anchor_nonce),
    rawTransaction: (row.anchor_raw_transaction as string | null) ?? null,
    txHash: (row.anchor_tx_hash as string | null) ?? null,
  };
}
