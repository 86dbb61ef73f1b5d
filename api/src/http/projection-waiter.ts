// Read-your-writes: after a command, wait until the read models its answer (or the next screen)
// reads have applied the command's position, never longer than PROJECTION_WAIT_MS, and never on a
// read model known to be stalled: one the runner marks failing (`stalled_since`), or one that
// already made a caller wait the full time without moving since. Those answer 503 with Retry-After
// at once, so one stuck read model costs nobody 3 s per request, and read models the command does
// not need (sign-in does not read `audit-log`) never hold it up.
// The projection runner NOTIFYs after each batch it commits, so a waiter looks again as soon as a read
// model moved, in whichever process the runner leads (in its own process, at the commit itself: the
// ChannelListener hears its own pool's commits in-process); the poll is the fallback for a lost NOTIFY.
// A runner in the same process also says, with its in-process wake, which read models it moved and
// to where (`CheckpointsMoved`): a wait those cover ends without looking again.
import type pg from 'pg';
import { isUndefinedTableOrColumn } from '../db/missing.js';
import { sameTurnRead } from '../db/same-turn.js';
import { ChannelListener, READ_MODELS_CHANNEL, type CheckpointsMoved } from '../db/notifications.js';
import { AppError } from '../errors.js';
import { comparePositions, type Position } from '../eventstore/position.js';

/** How long a client is told to wait before trying again. */
export const STALLED_RETRY_AFTER_SECONDS = 5;

export class ReadModelBehindError extends AppError {
  constructor(readonly readModels: readonly string[]) {
    super(
      'service_unavailable',
      'Your change was saved, but the page that shows it is still catching up. Try again in a few seconds.',
      { readModels, retryAfterSeconds: STALLED_RETRY_AFTER_SECONDS },
    );
  }
}

interface Behind {
  readonly name: string;
  readonly checkpoint: string;
  readonly stalled: boolean;
}

interface CheckpointRow {
  readonly name: string;
  readonly commit_position: string;
  readonly prepare_position: string;
  readonly stalled: boolean;
}


export interface ProjectionWaiterOptions {
  /**
   * The pause between two looks while NOTIFYs arrive (default 250 ms): only a lost NOTIFY waits it out.
   * While they cannot arrive, the pause starts at 2 ms and doubles up to 25 ms.
   */
  readonly listeningPollMs?: number;
}

/** The longest pause between two looks while the waiter cannot LISTEN. */
const UNHEARD_POLL_MS = 25;

export class ProjectionWaiter {
  /** Read models a wait gave up on, with the checkpoint they were stuck at. */
  private readonly gaveUpOn = new Map<string, string>();
  /** The waits now paused, each woken by a NOTIFY. */
  private readonly paused = new Set<() => void>();
  /** Counts NOTIFYs, so one heard while a wait was looking is not missed. */
  private wakes = 0;
  /** The waits under way, each told what the runner of this process says it moved. */
  private readonly hearing = new Set<(moved: CheckpointsMoved) => void>();
  private readonly listener: ChannelListener<CheckpointsMoved>;
  private readonly listeningPollMs: number;
  /** Every read model's checkpoint: the looks of one turn (many answers waiting at once) share one read. */
  private readonly checkpoints: () => Promise<CheckpointRow[]>;

  constructor(
    pool: pg.Pool,
    private readonly timeoutMs: number,
    options: ProjectionWaiterOptions = {},
  ) {
    this.listeningPollMs = options.listeningPollMs ?? 250;
    this.checkpoints = sameTurnRead(async () => {
      const { rows } = await pool.query<CheckpointRow>(
        'SELECT name, commit_position, prepare_position, stalled_since IS NOT NULL AS stalled FROM projection_checkpoints',
      );
      return rows;
    });
    const wake = (_mark?: bigint, moved?: CheckpointsMoved) => {
      if (moved) for (const hear of this.hearing) hear(moved);
      this.wakes += 1;
      for (const resume of this.paused) resume();
    };
    // A runner in this process on the same pool wakes it at its commit; one elsewhere, by its NOTIFY.
    this.listener = new ChannelListener(pool, READ_MODELS_CHANNEL, wake);
  }

  /** Whether a read model moving wakes the waits at once (LISTEN is up). */
  get isListening(): boolean {
    return this.listener.isListening;
  }

  /** Opens the LISTEN connection (the first wait would open it otherwise). */
  listen(): void {
    if (this.timeoutMs > 0) this.listener.ensure();
  }

  /** Closes the LISTEN connection, and stops hearing this process's runner. */
  close(): Promise<void> {
    return this.listener.stop();
  }

  /** The named read models (every one when `readModels` is omitted) still before `position`. */
  async behind(position: Position, readModels?: readonly string[]): Promise<Behind[]> {
    return (await this.checkpoints())
      .filter((r) => (!readModels || readModels.includes(r.name)) && comparePositions({ commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) }, position) < 0)
      .map((r) => ({ name: r.name, checkpoint: `${r.commit_position}/${r.prepare_position}`, stalled: r.stalled }));
  }

  /**
   * Resolves once every read model in `readModels` (every one when omitted) has applied `position`;
   * throws ReadModelBehindError (503) when one is stalled, or at once when one is known stuck.
   */
  async waitFor(position: Position | undefined, readModels?: readonly string[]): Promise<void> {
    if (!position || this.timeoutMs === 0 || readModels?.length === 0) return;
    // Read models a runner of this process has committed at `position` or later since the wait began.
    const caughtUp = new Set<string>();
    const hear = (moved: CheckpointsMoved) => {
      if (comparePositions(moved.position, position) >= 0) for (const name of moved.readModels) caughtUp.add(name);
    };
    this.hearing.add(hear);
    try {
      await this.waitUntil(position, readModels, caughtUp);
    } finally {
      this.hearing.delete(hear);
    }
  }

  private async waitUntil(position: Position, readModels: readonly string[] | undefined, caughtUp: ReadonlySet<string>): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    let pause = 2;
    for (;;) {
      // Before the look: a commit in this process wakes the listener only from ensure() on.
      this.listener.ensure();
      const wakesBefore = this.wakes;
      let behind: Behind[];
      try {
        behind = await this.behind(position, readModels);
      } catch (error) {
        // No read models in this database (yet): nothing to wait for.
        if (isUndefinedTableOrColumn(error)) return;
        throw error;
      }
      if (behind.length === 0) return;
      for (const b of behind) if (this.gaveUpOn.has(b.name) && this.gaveUpOn.get(b.name) !== b.checkpoint) this.gaveUpOn.delete(b.name);
      const stuck = behind.filter((b) => b.stalled || this.gaveUpOn.get(b.name) === b.checkpoint);
      if (stuck.length > 0) throw new ReadModelBehindError(stuck.map((b) => b.name));
      if (Date.now() >= deadline) {
        for (const b of behind) this.gaveUpOn.set(b.name, b.checkpoint);
        throw new ReadModelBehindError(behind.map((b) => b.name));
      }
      if (this.wakes === wakesBefore) {
        await this.pause(Math.min(this.listener.isListening ? this.listeningPollMs : pause, deadline - Date.now()));
        pause = Math.min(pause * 2, UNHEARD_POLL_MS);
      } // else a read model moved while we looked
      // Every one that was behind moved past the position in this process: no need to look again.
      if (behind.every((b) => caughtUp.has(b.name))) return;
    }
  }

  /** Resolves after `ms`, or sooner when a read model moved. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.paused.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(ms, 0));
      this.paused.add(wake);
    });
  }
}
