// Runs projections. They start as one group: one catch-up-then-live subscription from the earliest
// checkpoint, each batch applied by every projection that has not seen it, with their checkpoints
// moved, in ONE transaction. A batch thus costs one read of the log and one commit for all the read
// models, rather than one of each per read model. A read model that an answer waits on after some
// events (`commitFirstOn`) commits alone first when a batch holds one, so that answer does not wait
// for every other read model's statements. A crash (even SIGKILL) never applies an event
// twice or skips one. One runner leads at a time (`LeaderLock`). After each commit the runner
// NOTIFYs, so the API's read-your-writes waits look again at once, in whichever process they run.
//
// No event can stop a read model, nor one read model the others: a projection that fails in the
// group's transaction (rolled back, then committed again without it) leaves the group and runs on
// its own subscription (`CheckpointedSubscription`) until the runner next leads. There a batch that
// fails is applied again event by event; an event that keeps failing is retried with backoff a
// bounded number of times, then parked in `projection_failures` (with the checkpoint moved past it,
// in one transaction) and the projection goes on. `retryParkedEvents` re-applies parked events after
// a fix; a rebuild replays them in order.
// Failures of the database itself (connection lost, deadlock) are not the event's fault: those
// leave the batch to the subscription, which tries it again from the same position.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import {
  CheckpointTable,
  CheckpointedSubscription,
  CommittedNotifier,
  LeaderLock,
  READ_MODELS_CHANNEL,
  inTransaction,
  type CheckpointsMoved,
  type LeaderLockLog,
} from '@titleledger/api/runtime';
import { START, comparePositions, formatPosition, type EventStore, type Position, type RecordedEvent, type Subscription } from '@titleledger/api/eventstore';
import type { Projection } from './projection.js';
import { storable, storableText } from './storable.js';

const LEADER_LOCK = 0x70726f6a; // "proj"

export interface RetryPolicy {
  /** Tries of one failing event before it is parked (default 5). */
  readonly attempts: number;
  /** Pause after the first failed try, doubled after each (default 100 ms, at most `maxDelayMs`, 2 s). */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, firstDelayMs: 100, maxDelayMs: 2000 };

/** One parked event, as `projection_failures` holds it. */
export interface ParkedEvent {
  readonly projection: string;
  readonly position: Position;
  readonly eventId: string;
  readonly streamId: string;
  readonly eventType: string;
  readonly error: string;
  readonly attempts: number;
}

export interface ProjectionRunnerOptions {
  readonly store: EventStore;
  /** Where the read models live (may differ from the event store's database). */
  readonly pool: pg.Pool;
  readonly projections: readonly Projection[];
  /** A projection started failing (called once per change of state or of error, not per retry). */
  readonly onError?: (error: unknown, projection: string) => void;
  /** A projection that was failing applied a batch again. */
  readonly onRecovered?: (projection: string) => void;
  /** An event was parked after its retries. */
  readonly onParked?: (parked: ParkedEvent) => void;
  readonly retry?: Partial<RetryPolicy>;
  /** Called after each committed batch: lets tests slow a run down or observe it. */
  readonly afterBatch?: (projection: string, position: Position, count: number) => Promise<void> | void;
  /** Where the leader lock reports (a lost lock is logged there); default: a pino logger of its own. */
  readonly log?: LeaderLockLog;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly position: Position;
}

const checkpoints = new CheckpointTable('projection_checkpoints');

const messageOf = (error: unknown) => storableText(error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * The database or the connection failed, not the event: lost connections (class 08, pg's
 * "Connection terminated"), shutdowns (57P), too many connections, serialization failures and
 * deadlocks. Parking an event for those would park every event while Postgres restarts.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') {
    if (/^(08|57P|53)/.test(code) || code === '40001' || code === '40P01') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|pool (is|has been) ended|Cannot use a pool after calling end/i.test(message);
}

/** The event as a projection may see it: nothing in it Postgres would refuse. */
export function storableEvent(event: RecordedEvent): RecordedEvent {
  const data = storable(event.data);
  const metadata = storable(event.metadata);
  return data === event.data && metadata === event.metadata ? event : { ...event, data, metadata };
}

class StoppingError extends Error {
  constructor() {
    super('projection runner stopping');
  }
}

export class ProjectionRunner {
  /** The group's subscription and those of projections that left it, while this runner leads. */
  private subscriptions: Subscription[] = [];
  /** The projections still applied together, in one transaction per batch. */
  private readonly group = new Set<Projection>();
  private readonly lock: LeaderLock;
  private running = false;
  private readonly retry: RetryPolicy;
  /** Each projection's current failure, until it applies a batch again. */
  private readonly failures = new Map<string, string>();
  /** Wakes the API's read-your-writes waits, in every process, once a checkpoint has moved. */
  private readonly moved: CommittedNotifier<CheckpointsMoved>;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.moved = new CommittedNotifier<CheckpointsMoved>(options.pool, READ_MODELS_CHANNEL);
    this.lock = new LeaderLock({
      pool: options.pool,
      key: LEADER_LOCK,
      name: 'projections',
      ...(options.log ? { log: options.log } : {}),
      lead: () => this.lead(),
      stepDown: () => this.stepDown(),
    });
  }

  /** Registers every projection's checkpoint row, then leads when it can. */
  async start(): Promise<void> {
    this.running = true;
    for (const projection of this.options.projections) await checkpoints.ensure(this.options.pool, projection.name);
    await this.lock.start();
  }

  get isLeader(): boolean {
    return this.lock.isHeld;
  }

  /** While this runner holds the leader lock: every projection in the group, one subscription for all. */
  private async lead(): Promise<void> {
    const { pool, projections, store } = this.options;
    const names = projections.map((p) => p.name);
    // A leader that died while a projection was failing left it marked stalled: start afresh.
    await pool.query('UPDATE projection_checkpoints SET stalled_since = NULL, last_error = NULL WHERE name = ANY($1::text[])', [names]);
    this.failures.clear();
    this.group.clear();
    if (projections.length === 0) return;
    for (const projection of projections) this.group.add(projection);
    this.subscriptions.push(
      store.subscribeAll({
        from: await checkpoints.earliest(pool, names),
        onEvents: (events) => this.applyGroup(events),
        onError: (error) => {
          if (error instanceof StoppingError) return;
          for (const projection of this.group) void this.failing(projection.name, error);
        },
      }),
    );
  }

  private async stepDown(): Promise<void> {
    // A batch in hand may still split a failing projection off (a new subscription) before its own
    // subscription stops: stop until none is left.
    while (this.subscriptions.length > 0) {
      const stopping = this.subscriptions;
      this.subscriptions = [];
      await Promise.all(stopping.map((s) => s.stop()));
    }
  }

  /**
   * One batch, applied by every projection of the group that has not seen it, with their checkpoints
   * moved, in one transaction (two when the batch holds an event some read model commits first on,
   * `Projection.commitFirstOn`: that read model's transaction, then the rest's). A projection that
   * fails takes the transaction down with it: it leaves the group (for its own subscription, which
   * retries and parks) and the rest commit without it.
   * Failures of the database itself are thrown: the subscription delivers the batch again.
   */
  private async applyGroup(events: readonly RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1]!.position;
    const storableEvents = events.map(storableEvent);
    const types = new Set(events.map((e) => e.type));
    const first = (projection: Projection) => projection.commitFirstOn?.some((type) => types.has(type)) === true;
    // The read models an answer waits on for this batch commit first; the rest follow in one transaction.
    await this.applyTogether(storableEvents, last, first);
    await this.applyTogether(storableEvents, last, (projection) => !first(projection));
  }

  /** The batch applied, in one transaction, by the members of the group that `include` picks. */
  private async applyTogether(storableEvents: readonly RecordedEvent[], last: Position, include: (projection: Projection) => boolean): Promise<void> {
    for (;;) {
      const members = [...this.group].filter(include);
      if (members.length === 0) return;
      let failed: { projection: Projection; error: unknown } | null = null;
      // Read models only ('derived': committed without waiting for the disk): a crash of Postgres
      // loses them with their checkpoints, and the replay from those checkpoints restores them.
      const applied = await inTransaction(this.options.pool, async (tx) => {
        // Every member's checkpoint moves to `last` here; applying nothing (all of it was applied
        // before) leaves one already there, and a failure below rolls the moves back.
        const positions = await checkpoints.lockAndAdvance(tx, members.map((p) => p.name), last);
        const done: Array<{ projection: Projection; count: number }> = [];
        for (const projection of members) {
          const current = positions.get(projection.name) ?? START;
          // Events at or before its checkpoint were applied by an earlier transaction: skip them.
          const fresh = storableEvents.filter((e) => comparePositions(e.position, current) > 0);
          if (fresh.length === 0) continue;
          try {
            await projection.apply(fresh, tx);
          } catch (error) {
            failed = { projection, error };
            throw error;
          }
          done.push({ projection, count: fresh.length });
        }
        return done;
      }, { derived: true }).catch((error: unknown) => {
        if (!failed || isTransientDatabaseError(error) || !this.running) throw error;
        return null;
      });
      if (applied) {
        // Every member's checkpoint is at `last` now, whether it had events to apply or not.
        if (applied.length > 0) this.moved.notify(undefined, { readModels: members.map((p) => p.name), position: last });
        for (const { projection, count } of applied) {
          await this.recovered(projection.name);
          await this.options.afterBatch?.(projection.name, last, count);
        }
        return;
      }
      const { projection, error } = failed!;
      this.group.delete(projection);
      await this.failing(projection.name, error);
      const own = this.subscription(projection);
      this.subscriptions.push(own);
      await own.start();
    }
  }

  /** A projection that left the group: its own subscription, which retries a failing event and parks it. */
  private subscription(projection: Projection): CheckpointedSubscription {
    return new CheckpointedSubscription({
      store: this.options.store,
      pool: this.options.pool,
      checkpoints,
      name: projection.name,
      apply: (events, tx) => projection.apply(events.map(storableEvent), tx),
      afterCommit: () => this.moved.notify(),
      handleBatch: (events, subscription) => this.applyBatch(projection, subscription, events),
      onError: (error) => {
        if (!(error instanceof StoppingError)) void this.failing(projection.name, error);
      },
    });
  }

  private async applyBatch(projection: Projection, subscription: CheckpointedSubscription, events: readonly RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1]!.position;
    try {
      await subscription.commit(events);
    } catch (error) {
      if (isTransientDatabaseError(error) || !this.running) throw error;
      // Some event in the batch cannot be applied: find it, one event at a time.
      await this.failing(projection.name, error);
      for (const event of events) await this.applyOne(projection, subscription, event);
    }
    await this.recovered(projection.name);
    await this.options.afterBatch?.(projection.name, last, events.length);
  }

  /** One event: applied, or retried with backoff and then parked. Transient database errors are thrown. */
  private async applyOne(projection: Projection, subscription: CheckpointedSubscription, event: RecordedEvent): Promise<void> {
    const firstSeen = new Date();
    let delay = this.retry.firstDelayMs;
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.retry.attempts; attempt += 1) {
      if (!this.running) throw new StoppingError();
      try {
        await subscription.commit([event]);
        return;
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        lastError = error;
      }
      if (attempt < this.retry.attempts) {
        await sleep(delay);
        delay = Math.min(delay * 2, this.retry.maxDelayMs);
      }
    }
    await this.park(projection, subscription, event, lastError, firstSeen);
  }

  private async park(projection: Projection, subscription: CheckpointedSubscription, event: RecordedEvent, error: unknown, firstSeen: Date): Promise<void> {
    const parked: ParkedEvent = {
      projection: projection.name,
      position: event.position,
      eventId: storableText(String(event.metadata?.eventId ?? '')),
      streamId: storableText(event.streamId),
      eventType: storableText(event.type),
      error: messageOf(error),
      attempts: this.retry.attempts,
    };
    await subscription.skip(event, async (client) => {
      await client.query(
        `INSERT INTO projection_failures (projection, commit_position, prepare_position, event_id, stream_id, event_type,
                                          error, attempts, first_seen, last_seen)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
         ON CONFLICT (projection, commit_position, prepare_position)
           DO UPDATE SET error = excluded.error, attempts = projection_failures.attempts + excluded.attempts, last_seen = now()`,
        [
          parked.projection, parked.position.commit.toString(), parked.position.prepare.toString(), parked.eventId,
          parked.streamId, parked.eventType, parked.error, parked.attempts, firstSeen,
        ],
      );
    });
    this.moved.notify();
    this.options.onParked?.(parked);
  }

  /** Marks the projection stalled (once per change of error) so waiters answer at once instead of waiting. */
  private async failing(name: string, error: unknown): Promise<void> {
    const message = messageOf(error);
    if (this.failures.get(name) === message) return;
    const first = !this.failures.has(name);
    this.failures.set(name, message);
    this.options.onError?.(error, name);
    await this.options.pool
      .query(
        `UPDATE projection_checkpoints SET last_error = $2, stalled_since = CASE WHEN $3 THEN now() ELSE coalesce(stalled_since, now()) END
          WHERE name = $1`,
        [name, message, first],
      )
      // Waits on it answer 503 at once rather than at their next look.
      .then(() => this.moved.notify())
      .catch(() => undefined); // the database may be what failed
  }

  private async recovered(name: string): Promise<void> {
    if (!this.failures.has(name)) return;
    this.failures.delete(name);
    await this.options.pool.query('UPDATE projection_checkpoints SET last_error = NULL, stalled_since = NULL WHERE name = $1', [name]);
    this.options.onRecovered?.(name);
  }

  async stop(): Promise<void> {
    this.running = false;
    // Steps down (every subscription stopped, the batch in hand committed or rolled back), then unlocks.
    await this.lock.stop();
  }

  async status(): Promise<ProjectionStatus[]> {
    const out: ProjectionStatus[] = [];
    for (const projection of this.options.projections) {
      out.push({ name: projection.name, position: await checkpoints.read(this.options.pool, projection.name) });
    }
    return out;
  }

  /** Each failing projection and its error (empty when all apply). */
  get currentFailures(): ReadonlyMap<string, string> {
    return this.failures;
  }

  /** Resolves once every projection has reached `target` (default: the head of the log now). */
  async waitUntilCaughtUp(target?: Position, timeoutMs = 60_000): Promise<void> {
    const goal = target ?? (await this.options.store.headPosition());
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const statuses = await this.status();
      if (statuses.every((s) => comparePositions(s.position, goal) >= 0)) return;
      if (Date.now() > deadline) {
        const failed = [...this.failures].map(([name, error]) => `${name}: ${error}`);
        throw new Error(`Projections did not catch up in time${failed.length > 0 ? ` (${failed.join('; ')})` : ''}`);
      }
      await sleep(10);
    }
  }
}

/** The parked events of `projections` (all when omitted), oldest position first. */
export async function listParkedEvents(pool: pg.Pool, projections?: readonly string[]): Promise<ParkedEvent[]> {
  const { rows } = await pool.query<{
    projection: string;
    commit_position: string;
    prepare_position: string;
    event_id: string;
    stream_id: string;
    event_type: string;
    error: string;
    attempts: number;
  }>(
    `SELECT projection, commit_position, prepare_position, event_id, stream_id, event_type, error, attempts
       FROM projection_failures WHERE $1::text[] IS NULL OR projection = ANY($1::text[])
      ORDER BY commit_position, prepare_position, projection`,
    [projections ?? null],
  );
  return rows.map((r) => ({
    projection: r.projection,
    position: { commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) },
    eventId: r.event_id,
    streamId: r.stream_id,
    eventType: r.event_type,
    error: r.error,
    attempts: r.attempts,
  }));
}

/** The event at exactly `position`, read from the log. */
async function eventAt(store: EventStore, position: Position): Promise<RecordedEvent | null> {
  const [event] = await store.readAll({ from: { commit: position.commit, prepare: position.prepare - 1n }, maxCount: 1 });
  return event && comparePositions(event.position, position) === 0 ? event : null;
}

/**
 * Re-applies each parked event (after the fix that lets it apply), oldest first; an event that
 * applies leaves `projection_failures`, one that still fails stays with its new error. The read
 * model gets the event after the ones that followed it: for events whose effect depends on order,
 * rebuild instead (`rebuildProjections` replays everything in order).
 */
export async function retryParkedEvents(options: {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly projections: readonly Projection[];
}): Promise<{ applied: ParkedEvent[]; stillParked: ParkedEvent[] }> {
  const byName = new Map(options.projections.map((p) => [p.name, p]));
  const applied: ParkedEvent[] = [];
  const stillParked: ParkedEvent[] = [];
  for (const parked of await listParkedEvents(options.pool, [...byName.keys()])) {
    const projection = byName.get(parked.projection)!;
    const event = await eventAt(options.store, parked.position);
    const where = [parked.projection, parked.position.commit.toString(), parked.position.prepare.toString()];
    try {
      if (!event) throw new Error(`event ${parked.eventId} is no longer in the log at ${formatPosition(parked.position)}`);
      await inTransaction(options.pool, async (client) => {
        await projection.apply([storableEvent(event)], client);
        await client.query(
          'DELETE FROM projection_failures WHERE projection = $1 AND commit_position = $2 AND prepare_position = $3',
          where,
        );
      });
      applied.push(parked);
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      const message = messageOf(error);
      await options.pool.query(
        `UPDATE projection_failures SET error = $4, attempts = attempts + 1, last_seen = now()
          WHERE projection = $1 AND commit_position = $2 AND prepare_position = $3`,
        [...where, message],
      );
      stillParked.push({ ...parked, error: message, attempts: parked.attempts + 1 });
    }
  }
  return { applied, stillParked };
}

/**
 * Empties the projections' tables, checkpoints and parked events, then replays the whole log into
 * them, in order; an event that still cannot be applied is parked again. Resolves with what was
 * parked. Run it with the runner stopped (e.g. `npm run projections -- rebuild`).
 */
export async function rebuildProjections(options: Omit<ProjectionRunnerOptions, 'afterBatch'>): Promise<{ parked: ParkedEvent[] }> {
  const names = options.projections.map((p) => p.name);
  await inTransaction(options.pool, async (client) => {
    for (const projection of options.projections) {
      if (projection.tables.length > 0) await client.query(`TRUNCATE ${projection.tables.join(', ')}`);
    }
    await client.query('DELETE FROM projection_checkpoints WHERE name = ANY($1::text[])', [names]);
    await client.query('DELETE FROM projection_failures WHERE projection = ANY($1::text[])', [names]);
  });
  const runner = new ProjectionRunner(options);
  await runner.start();
  try {
    await runner.waitUntilCaughtUp(undefined, 10 * 60_000);
  } finally {
    await runner.stop();
  }
  return { parked: await listParkedEvents(options.pool, names) };
}
