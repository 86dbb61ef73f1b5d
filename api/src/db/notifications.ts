// Wake-ups across processes through Postgres LISTEN/NOTIFY: the event store's subscribers hear
// appends, the read-your-writes waiter hears read models moving. A lost NOTIFY only costs latency:
// whoever listens also polls, slower, as the fallback. A wake may carry a mark, a number naming what
// was committed (the event store's: the appending transaction's id), so a listener can tell whether
// what it then reads already covers it. A wake in the notifier's own process may also carry a detail,
// which never goes through Postgres.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Position } from '../eventstore/position.js';

/** NOTIFYed once a projection's checkpoint has moved: read-your-writes waiters in every API process LISTEN on it. */
export const READ_MODELS_CHANNEL = 'projection_checkpoints_moved';

/** The detail of a READ_MODELS_CHANNEL wake in the runner's own process: these read models' checkpoints are now at `position`. */
export interface CheckpointsMoved {
  readonly readModels: readonly string[];
  readonly position: Position;
}

/**
 * Runs for a wake-up; `mark` names the newest commit it is for, when the notifier gave one; `detail`
 * is what a notifier of the same process said of it (none from a NOTIFY).
 */
export type Wake<Detail = never> = (mark?: bigint, detail?: Detail) => void;

/** In-process wakes by pool and channel (`onLocalNotify`). */
const localWakes = new WeakMap<pg.Pool, Map<string, Set<Wake<unknown>>>>();
/**
 * A random name per pool, sent as the NOTIFY's payload (before the mark, if any): a ChannelListener
 * on the same pool skips its own pool's NOTIFYs, whose commits have already woken it in-process.
 */
const poolTokens = new WeakMap<pg.Pool, string>();

function poolToken(pool: pg.Pool): string {
  let token = poolTokens.get(pool);
  if (token === undefined) {
    token = randomUUID();
    poolTokens.set(pool, token);
  }
  return token;
}

/**
 * Runs `wake` whenever a CommittedNotifier of the same pool and channel notifies in this process, at
 * once: a waiter beside the writer (one process running both, as `npm start` does) need not wait for
 * the NOTIFY's round trip through Postgres. Listeners in other processes still hear the NOTIFY.
 * Returns the function that stops it.
 */
export function onLocalNotify<Detail = never>(pool: pg.Pool, channel: string, wake: Wake<Detail>): () => void {
  const channels = localWakes.get(pool) ?? new Map<string, Set<Wake<unknown>>>();
  localWakes.set(pool, channels);
  const wakes = channels.get(channel) ?? new Set<Wake<unknown>>();
  channels.set(channel, wakes);
  // A channel's notifier and listeners agree on its detail's type (CheckpointsMoved for READ_MODELS_CHANNEL).
  const local = wake as Wake<unknown>;
  wakes.add(local);
  return () => wakes.delete(local);
}

/** The NOTIFY payload: the pool's token, then the mark if there is one. */
function payloadOf(token: string, mark: bigint | undefined): string {
  return mark === undefined ? token : `${token} ${mark}`;
}

/** A NOTIFY payload read back: whose pool sent it, and its mark (none when absent or not a number). */
export function parsePayload(payload: string | undefined): { token: string; mark?: bigint } {
  const [token = '', mark] = (payload ?? '').split(' ');
  return mark !== undefined && /^\d{1,20}$/.test(mark) ? { token, mark: BigInt(mark) } : { token };
}

/**
 * NOTIFYs `channel` after the writer's transaction has committed, never inside it: a NOTIFY in the
 * transaction takes Postgres's global notification lock at commit and serialises the committers.
 * Calls coalesce: while one is in flight, any number of further calls send one more, carrying the
 * highest of their marks. Wakes in this process (`onLocalNotify`) run at each call, first, with its
 * own mark and detail.
 */
export class CommittedNotifier<Detail = never> {
  private inFlight = false;
  private again = false;
  private closed = false;
  /** The highest mark of the calls the next NOTIFY stands for. */
  private pendingMark: bigint | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
  ) {}

  /**
   * `mark`: what was committed, e.g. the transaction's id; listeners receive the highest one sent.
   * `detail`: what this process's wakes are told of it; the NOTIFY does not carry it.
   */
  notify(mark?: bigint, detail?: Detail): void {
    if (this.closed) return;
    for (const wake of localWakes.get(this.pool)?.get(this.channel) ?? []) wake(mark, detail);
    if (mark !== undefined && (this.pendingMark === undefined || mark > this.pendingMark)) this.pendingMark = mark;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    const send = (): void => {
      this.again = false;
      const payload = payloadOf(poolToken(this.pool), this.pendingMark);
      this.pendingMark = undefined;
      this.pool
        .query('SELECT pg_notify($1, $2)', [this.channel, payload])
        .catch(() => undefined)
        .finally(() => {
          if (this.again && !this.closed) send();
          else this.inFlight = false;
        });
    };
    send();
  }

  close(): void {
    this.closed = true;
  }
}

/**
 * One dedicated connection LISTENing on `channel`, opened by `ensure()`. `onWake` runs for each
 * NOTIFY, with its mark, and with none once LISTEN has taken effect (anything before it is found by
 * the caller's own read) and when the connection is lost (things may have been committed while
 * nobody listened). A lost
 * connection is opened again with backoff (250 ms doubling to 30 s) until `stop()`.
 * From `ensure()` to `stop()` it is also woken in-process by a CommittedNotifier of the same pool
 * and channel (`onLocalNotify`), at the commit, and so skips that notifier's NOTIFY when it comes
 * back: one wake per commit.
 */
export class ChannelListener<Detail = never> {
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private listening = false;
  private stopped = false;
  /** Ends the in-process wakes; set from `ensure()` to `stop()`. */
  private stopLocalWakes: (() => void) | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly onWake: Wake<Detail>,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  }

  /** Whether NOTIFYs reach `onWake` now (LISTEN is up). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Opens the connection unless it is open, opening or waiting to retry. */
  ensure(): void {
    this.stopped = false;
    this.stopLocalWakes ??= onLocalNotify(this.pool, this.channel, this.onWake);
    if (this.client || this.starting || this.retryTimer) return;
    const client = new pg.Client(this.pool.options);
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      this.scheduleRetry();
      this.onWake();
    };
    client.on('error', lost);
    client.on('end', lost);
    const own = poolToken(this.pool);
    client.on('notification', (message) => {
      const { token, mark } = parsePayload(message.payload);
      if (token !== own) this.onWake(mark);
    });
    this.client = client;
    this.starting = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
        if (this.stopped || this.client !== client) {
          await client.end().catch(() => undefined);
          return;
        }
        this.listening = true;
        this.failures = 0;
        this.onWake();
      } catch {
        lost();
      } finally {
        this.starting = null;
      }
    })();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.failures += 1;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(this.failures, 7));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensure();
    }, delay);
    this.retryTimer.unref();
  }

  /** Closes the connection and cancels any retry; `ensure()` opens it again. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopLocalWakes?.();
    this.stopLocalWakes = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.starting;
    if (!this.stopped) return; // ensure() was called meanwhile: keep the connection
    const client = this.client;
    this.client = null;
    this.listening = false;
    if (client) await client.end().catch(() => undefined);
  }
}
