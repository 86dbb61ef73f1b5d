// A catch-up-then-live subscription to the log whose position is a checkpoint row in Postgres, moved
// in the same transaction as what the subscriber writes: used by the projection runner, the ledger's
// sequencer and its proofs projection.
//
// Contract of `CheckpointedSubscription`:
// - `commit(events)` MUST, in one transaction: lock the checkpoint row, hand `apply` only the events
//   after the checkpoint, and move the checkpoint to the last event given. A crash (or a lost
//   connection) anywhere in it rolls all of it back: no event is ever applied twice or skipped,
//   and a batch delivered again after a restart applies nothing new.
// - `skip(event, work)` MUST move the checkpoint past one event with `work` (e.g. parking it in a
//   failures table) in one transaction, never moving it backwards.
// - Each delivered batch goes to `handleBatch` (default: `commit`); an error it throws leaves the
//   batch to the event store's subscription, which delivers it again from the same position.
// - `afterCommit` runs after each committed transaction that applied something (wake-ups: the
//   anchoring worker is nudged when the sequencer added leaves).
import type pg from 'pg';
import { comparePositions, START, type Position } from '../eventstore/position.js';
import type { EventStore, RecordedEvent, Subscription } from '../eventstore/types.js';
import { inTransaction } from '../db/pool.js';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

interface PositionRow {
  commit_position: string;
  prepare_position: string;
}

const positionOf = (row: PositionRow | undefined): Position =>
  row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;

/**
 * A checkpoint table: `name text PRIMARY KEY, commit_position bigint, prepare_position bigint,
 * updated_at timestamptz DEFAULT now()` (more columns may follow, with defaults).
 */
export class CheckpointTable {
  constructor(readonly table: string) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Not a table name: ${table}`);
  }

  async read(db: Queryable, name: string): Promise<Position> {
    const { rows } = await db.query<PositionRow>(`SELECT commit_position, prepare_position FROM ${this.table} WHERE name = $1`, [name]);
    return positionOf(rows[0]);
  }

  /** The earliest checkpoint of `names` (START when none has a row). */
  async earliest(db: Queryable, names: readonly string[]): Promise<Position> {
    const { rows } = await db.query<PositionRow>(
      `SELECT commit_position, prepare_position FROM ${this.table} WHERE name = ANY($1::text[])
        ORDER BY commit_position, prepare_position LIMIT 1`,
      [names],
    );
    return positionOf(rows[0]);
  }

  /** Creates the row at START if there is none. */
  async ensure(db: Queryable, name: string): Promise<void> {
    await db.query(`INSERT INTO ${this.table} (name, commit_position, prepare_position) VALUES ($1, 0, 0) ON CONFLICT (name) DO NOTHING`, [name]);
  }

  /** Locks the row for the transaction (so two committers take turns) and reads it. */
  async lock(tx: pg.PoolClient, name: string): Promise<Position> {
    const { rows } = await tx.query<PositionRow>(`SELECT commit_position, prepare_position FROM ${this.table} WHERE name = $1 FOR UPDATE`, [name]);
    return positionOf(rows[0]);
  }

  /**
   * Locks the rows of `names` (in name order, so two lockers never deadlock), moves each forward to
   * `position` (never back) and returns where each was, in one statement: locking, then advancing
   * after the work, took a round trip each. The caller's transaction holds the move until it commits,
   * and a failure of its work rolls the move back with it. A name without a row is given one at
   * `position` (and is not in the map: it was at START).
   */
  async lockAndAdvance(tx: pg.PoolClient, names: readonly string[], position: Position): Promise<Map<string, Position>> {
    const { rows } = await tx.query<PositionRow & { name: string }>(
      `WITH locked AS (
         SELECT name, commit_position, prepare_position FROM ${this.table} WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE
       ), moved AS (
         UPDATE ${this.table} c SET commit_position = $2, prepare_position = $3, updated_at = now()
           FROM locked l
          WHERE c.name = l.name AND (l.commit_position, l.prepare_position) < ($2::bigint, $3::bigint)
       )
       SELECT name, commit_position, prepare_position FROM locked`,
      [names, position.commit.toString(), position.prepare.toString()],
    );
    const before = new Map(rows.map((r) => [r.name, positionOf(r)]));
    for (const name of names) if (!before.has(name)) await this.advance(tx, name, position);
    return before;
  }

  /** Moves the checkpoint forward to `position` (never back). */
  async advance(tx: pg.PoolClient, name: string, position: Position): Promise<void> {
    await tx.query(
      `INSERT INTO ${this.table} (name, commit_position, prepare_position) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET commit_position = $2, prepare_position = $3, updated_at = now()
         WHERE (${this.table}.commit_position, ${this.table}.prepare_position) < ($2::bigint, $3::bigint)`,
      [name, position.commit.toString(), position.prepare.toString()],
    );
  }
}

export interface CheckpointedSubscriptionOptions<Result> {
  readonly store: EventStore;
  /** Where the checkpoint and what `apply` writes live. */
  readonly pool: pg.Pool;
  readonly checkpoints: CheckpointTable;
  /** The checkpoint row's name. */
  readonly name: string;
  readonly eventTypes?: readonly string[];
  /** Writes the effect of `events` (all after the checkpoint, in log order) through `tx`. */
  readonly apply: (events: readonly RecordedEvent[], tx: pg.PoolClient) => Promise<Result>;
  /** Handles each delivered batch (default: `commit` it). The projection runner retries and parks here. */
  readonly handleBatch?: (events: readonly RecordedEvent[], subscription: CheckpointedSubscription<Result>) => Promise<void>;
  /** After a committed transaction that applied events, with what `apply` returned. */
  readonly afterCommit?: (result: Result, events: readonly RecordedEvent[]) => Promise<void> | void;
  /** A batch failed; it is delivered again from the same position. */
  readonly onError?: (error: unknown) => void;
}

export class CheckpointedSubscription<Result = void> {
  #subscription: Subscription | null = null;

  constructor(private readonly options: CheckpointedSubscriptionOptions<Result>) {}

  get name(): string {
    return this.options.name;
  }

  /** Subscribes from the checkpoint (creating its row at START the first time). */
  async start(): Promise<void> {
    const { store, pool, checkpoints, name, eventTypes, handleBatch, onError } = this.options;
    await checkpoints.ensure(pool, name);
    const from = await checkpoints.read(pool, name);
    this.#subscription = store.subscribeAll({
      from,
      ...(eventTypes ? { eventTypes } : {}),
      onEvents: (events) => (handleBatch ? handleBatch(events, this) : this.commit(events).then(() => undefined)),
      ...(onError ? { onError } : {}),
    });
  }

  /** Resolves once the batch in hand is committed or rolled back and no other will be taken. */
  async stop(): Promise<void> {
    await this.#subscription?.stop();
    this.#subscription = null;
  }

  position(): Promise<Position> {
    return this.options.checkpoints.read(this.options.pool, this.options.name);
  }

  /**
   * Applies the events after the checkpoint and moves it to the last of `events`, in one
   * transaction. Resolves with the events applied (none when all were at or before it).
   */
  async commit(events: readonly RecordedEvent[]): Promise<readonly RecordedEvent[]> {
    const last = events[events.length - 1];
    if (!last) return [];
    const { pool, checkpoints, name, apply } = this.options;
    const done = await inTransaction(pool, async (tx) => {
      const current = (await checkpoints.lockAndAdvance(tx, [name], last.position)).get(name) ?? START;
      // Events at or before the checkpoint were applied by an earlier transaction: skip them.
      const fresh = events.filter((e) => comparePositions(e.position, current) > 0);
      if (fresh.length === 0) return null;
      return { fresh, result: await apply(fresh, tx) };
    });
    if (!done) return [];
    await this.options.afterCommit?.(done.result, done.fresh);
    return done.fresh;
  }

  /** Moves the checkpoint past `event` without applying it, with `work` in the same transaction. */
  async skip(event: RecordedEvent, work: (tx: pg.PoolClient) => Promise<void>): Promise<void> {
    const { pool, checkpoints, name } = this.options;
    await inTransaction(pool, async (tx) => {
      await checkpoints.lock(tx, name);
      await work(tx);
      await checkpoints.advance(tx, name, event.position);
    });
  }
}
