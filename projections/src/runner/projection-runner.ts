// Runs projections: one catch-up-then-live subscription each, starting from its checkpoint.
// Each batch is applied and the checkpoint moved in one transaction, so a crash (even SIGKILL)
// never applies an event twice or skips one. One runner leads at a time (advisory lock).
import type pg from 'pg';
import { inTransaction } from '@titleledger/api/runtime';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from '@titleledger/api/eventstore';
import type { Projection } from './projection.js';

const LEADER_LOCK = 0x70726f6a; // "proj"

export interface ProjectionRunnerOptions {
  readonly store: EventStore;
  /** Where the read models live (may differ from the event store's database). */
  readonly pool: pg.Pool;
  readonly projections: readonly Projection[];
  readonly onError?: (error: unknown, projection: string) => void;
  /** Called after each committed batch: lets tests slow a run down or observe it. */
  readonly afterBatch?: (projection: string, position: Position, count: number) => Promise<void> | void;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly position: Position;
}

async function readCheckpoint(client: pg.Pool | pg.PoolClient, name: string): Promise<Position> {
  const { rows } = await client.query<{ commit_position: string; prepare_position: string }>(
    'SELECT commit_position, prepare_position FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

export class ProjectionRunner {
  private subscriptions: Subscription[] = [];
  private leaderClient: pg.PoolClient | null = null;
  private leaderWait: NodeJS.Timeout | null = null;
  private running = false;
  /** Each projection's last failed batch, until one succeeds: it is stuck there (a poison event). */
  private readonly failures = new Map<string, unknown>();

  constructor(private readonly options: ProjectionRunnerOptions) {}

  /** Registers every projection's checkpoint row, then leads when it can. */
  async start(): Promise<void> {
    this.running = true;
    for (const projection of this.options.projections) {
      await this.options.pool.query(
        `INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ($1, 0, 0)
         ON CONFLICT (name) DO NOTHING`,
        [projection.name],
      );
    }
    await this.tryToLead();
  }

  get isLeader(): boolean {
    return this.leaderClient !== null;
  }

  private async tryToLead(): Promise<void> {
    if (!this.running) return;
    const client = await this.options.pool.connect();
    // Losing this connection (e.g. Postgres restarting) must not crash the process.
    client.on('error', (error) => this.options.onError?.(error, 'leader-lock'));
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LEADER_LOCK]);
    if (!rows[0]!.locked) {
      client.release();
      this.leaderWait = setTimeout(() => void this.tryToLead().catch(() => undefined), 2000);
      this.leaderWait.unref();
      return;
    }
    this.leaderClient = client;
    for (const projection of this.options.projections) {
      this.subscriptions.push(await this.subscribe(projection));
    }
  }

  private async subscribe(projection: Projection): Promise<Subscription> {
    const from = await readCheckpoint(this.options.pool, projection.name);
    return this.options.store.subscribeAll({
      from,
      onEvents: (events) => this.applyBatch(projection, events),
      onError: (error) => {
        this.failures.set(projection.name, error);
        this.options.onError?.(error, projection.name);
      },
    });
  }

  private async applyBatch(projection: Projection, events: readonly RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1]!.position;
    await inTransaction(this.options.pool, async (client) => {
      const current = await readCheckpoint(client, projection.name);
      // Events at or before the checkpoint were applied by an earlier run: skip them.
      const fresh = events.filter((e) => comparePositions(e.position, current) > 0);
      if (fresh.length === 0) return;
      await projection.apply(fresh, client);
      await client.query(
        `UPDATE projection_checkpoints SET commit_position = $2, prepare_position = $3, updated_at = now()
          WHERE name = $1`,
        [projection.name, last.commit.toString(), last.prepare.toString()],
      );
    });
    this.failures.delete(projection.name);
    await this.options.afterBatch?.(projection.name, last, events.length);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.leaderWait) clearTimeout(this.leaderWait);
    await Promise.all(this.subscriptions.map((s) => s.stop()));
    this.subscriptions = [];
    if (this.leaderClient) {
      await this.leaderClient.query('SELECT pg_advisory_unlock($1)', [LEADER_LOCK]).catch(() => undefined);
      this.leaderClient.release();
      this.leaderClient = null;
    }
  }

  async status(): Promise<ProjectionStatus[]> {
    const out: ProjectionStatus[] = [];
    for (const projection of this.options.projections) {
      out.push({ name: projection.name, position: await readCheckpoint(this.options.pool, projection.name) });
    }
    return out;
  }

  /**
   * Resolves once every projection has reached `target` (default: the head of the log now). With
   * `failFast`, a projection whose batch fails ends the wait at once with that failure.
   */
  async waitUntilCaughtUp(target?: Position, timeoutMs = 60_000, options: { failFast?: boolean } = {}): Promise<void> {
    const goal = target ?? (await this.options.store.headPosition());
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const statuses = await this.status();
      if (statuses.every((s) => comparePositions(s.position, goal) >= 0)) return;
      const failed = [...this.failures].map(([name, error]) => `${name}: ${error instanceof Error ? error.message : String(error)}`);
      if (options.failFast && failed.length > 0) throw new Error(`Projection failed: ${failed.join('; ')}`, { cause: this.failures.values().next().value });
      if (Date.now() > deadline) throw new Error(`Projections did not catch up in time${failed.length > 0 ? ` (${failed.join('; ')})` : ''}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * Empties the projections' tables and checkpoints, then replays the whole log into them.
 * Run it with the runner stopped (e.g. `node projections/dist/main.js rebuild`).
 */
export async function rebuildProjections(options: Omit<ProjectionRunnerOptions, 'afterBatch'>): Promise<void> {
  await inTransaction(options.pool, async (client) => {
    for (const projection of options.projections) {
      if (projection.tables.length > 0) await client.query(`TRUNCATE ${projection.tables.join(', ')}`);
      await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
    }
  });
  const runner = new ProjectionRunner(options);
  await runner.start();
  try {
    // A batch that fails while replaying the log fails every time: say which, rather than wait.
    await runner.waitUntilCaughtUp(undefined, 10 * 60_000, { failFast: true });
  } finally {
    await runner.stop();
  }
}
