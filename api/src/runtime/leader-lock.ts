// One instance leads: a Postgres session-level advisory lock, held on a connection of its own for as
// long as the holder leads. Used by every service that must run once (the projection runner, the
// ledger's sequencer, anchoring and proofs).
//
// Contract of `LeaderLock`:
// - `start()` MUST try at once and then every `retryMs` until the lock is acquired or `stop()` is
//   called; `lead` runs once per acquisition (`isHeld` is already true while it runs).
// - `stepDown` MUST have run before the lock is given up, whatever the reason: `stop()`, a `lead`
//   that threw, or the loss of the lock. So the work of two leaders never overlaps by our doing.
// - Losing the lock (its connection ends or errors, or the periodic check fails: Postgres restarted,
//   the backend was terminated) MUST be logged with the one message `LOST_MESSAGE` (and the lock's
//   name) at error level, and MUST start trying to lead again. Another instance may have taken over
//   in between: the lost connection's lock is gone.
// - An error while trying to lead (the database is down) MUST be logged, never swallowed; trying
//   goes on.
// - `stop()` MUST step down, release the lock (unlock, then the connection back to the pool) and try
//   no more.
import type pg from 'pg';
import pino from 'pino';

/** What a leader lock writes to: pino's Logger fits. */
export interface LeaderLockLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface LeaderLockOptions {
  readonly pool: pg.Pool;
  /** The advisory lock key: one per kind of leader (e.g. 0x70726f6a, "proj"). */
  readonly key: number;
  /** Names the lock in logs ("projections", "ledger"). */
  readonly name: string;
  /** Starts the leader's work; a throw steps down, releases the lock and counts as a failed attempt. */
  readonly lead: () => Promise<void> | void;
  /** Stops the leader's work (all of it, or what a failed `lead` started); must not throw on work not started. */
  readonly stepDown: () => Promise<void> | void;
  readonly log?: LeaderLockLog;
  /** Pause between attempts while another instance leads (default 2 s). */
  readonly retryMs?: number;
  /** How often the held connection is checked (default 5 s): finds a half-open connection. */
  readonly checkMs?: number;
}

export const LOST_MESSAGE = 'leader lock lost: this instance stops leading and tries to lead again';

export class LeaderLock {
  #client: pg.PoolClient | null = null;
  /** The listener that turns an error or the end of the held connection into the loss of the lock. */
  #onLoss: ((error?: unknown) => void) | null = null;
  #running = false;
  #retry: NodeJS.Timeout | null = null;
  #check: NodeJS.Timeout | null = null;
  /** The attempt or loss handling under way, awaited by stop(). */
  #busy: Promise<void> = Promise.resolve();
  readonly #log: LeaderLockLog;

  constructor(private readonly options: LeaderLockOptions) {
    this.#log = options.log ?? pino({ name: `leader-lock-${options.name}` });
  }

  get isHeld(): boolean {
    return this.#client !== null;
  }

  /** Tries once now (resolved when that attempt is over), then every `retryMs` while another leads. */
  async start(): Promise<void> {
    this.#running = true;
    await this.#run(() => this.#tryToLead());
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#retry) clearTimeout(this.#retry);
    await this.#busy;
    if (this.#client) {
      await this.#stepDown();
      await this.#release();
    }
  }

  /** Serialises attempts and losses, so stop() can wait for the one under way. */
  #run(work: () => Promise<void>): Promise<void> {
    const next = this.#busy.then(work);
    this.#busy = next.catch(() => undefined);
    return next;
  }

  #later(): void {
    if (!this.#running) return;
    this.#retry = setTimeout(() => void this.#run(() => this.#tryToLead()), this.options.retryMs ?? 2000);
    this.#retry.unref();
  }

  async #tryToLead(): Promise<void> {
    if (!this.#running || this.#client) return;
    const { name, key } = this.options;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.options.pool.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
      if (!rows[0]?.locked) {
        client.release();
        this.#later();
        return;
      }
    } catch (error) {
      client?.release(error instanceof Error ? error : true);
      this.#log.error({ err: error, lock: name }, 'leader lock: could not try to lead; trying again');
      this.#later();
      return;
    }
    const held = client;
    // Errors and the end of this connection are the loss of the lock; listened to before anything else runs.
    const lost = (error?: unknown) => void this.#run(() => this.#lost(held, error ?? new Error('the lock connection ended')));
    held.on('error', lost);
    held.on('end', lost);
    this.#client = held;
    this.#onLoss = lost;
    this.#check = setInterval(() => {
      held.query('SELECT 1').catch(lost);
    }, this.options.checkMs ?? 5000);
    this.#check.unref();
    try {
      await this.options.lead();
      this.#log.info({ lock: name }, 'leader lock acquired: this instance leads');
    } catch (error) {
      this.#log.error({ err: error, lock: name }, 'leader lock: starting the leader failed; releasing the lock and trying again');
      await this.#stepDown();
      await this.#release();
      this.#later();
    }
  }

  async #stepDown(): Promise<void> {
    try {
      await this.options.stepDown();
    } catch (error) {
      this.#log.error({ err: error, lock: this.options.name }, 'leader lock: stepping down failed');
    }
  }

  async #lost(client: pg.PoolClient, error: unknown): Promise<void> {
    if (this.#client !== client) return; // released already, or an earlier loss of this connection
    this.#log.error({ err: error, lock: this.options.name }, LOST_MESSAGE);
    this.#forget(client, error);
    await this.#stepDown();
    this.#later();
  }

  #forget(client: pg.PoolClient, error?: unknown): void {
    if (this.#check) clearInterval(this.#check);
    this.#check = null;
    this.#client = null;
    if (this.#onLoss) {
      client.off('end', this.#onLoss);
      client.off('error', this.#onLoss);
      this.#onLoss = null;
    }
    // With an error the pool destroys the connection (and hears what it may still emit).
    client.release(error === undefined ? undefined : error instanceof Error ? error : true);
  }

  async #release(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [this.options.key]);
      this.#forget(client);
    } catch (error) {
      // The connection is gone, and the lock with it: nothing to release but the connection.
      this.#log.error({ err: error, lock: this.options.name }, 'leader lock: unlock failed; dropping its connection');
      this.#forget(client, error);
    }
  }
}
