// The default event-store adapter: Postgres (embedded or external).
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { ChannelListener, CommittedNotifier, type Wake } from '../../db/notifications.js';
import { START, type Position } from '../position.js';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type HeldBack,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeAllOptions,
  type Subscription,
} from '../types.js';

export interface PostgresEventStoreOptions {
  /** How long a caught-up subscriber waits before looking for new events while it cannot LISTEN. */
  readonly pollIntervalMs?: number;
  /**
   * The fallback poll while LISTEN works (default 1000 ms): NOTIFY wakes subscribers in every process,
   * the poll only catches an event made visible by some other transaction ending (see subscribeAll).
   */
  readonly listenPollIntervalMs?: number;
  /** Events per read while catching up. */
  readonly batchSize?: number;
  /**
   * How long after a wake-up the subscriber may keep polling fast (default 250 ms), starting at 1 ms
   * and doubling up to `pollIntervalMs`: an event may only become visible when an older transaction
   * ends. It stops as soon as a read shows the commit it was woken for (see `nextPause`).
   */
  readonly fastPollWindowMs?: number;
}

interface EventRow {
  tx_id: string;
  seq: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

// Aliased: ORDER BY transaction_id must sort the xid8 column, not its text ("1000" < "999").
const COLUMNS = 'transaction_id::text AS tx_id, seq, event_id, stream_id, revision, type, data, metadata';
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
/** Which events make a page of the log after a position ($1, $2): $3 at most, of the types $4 if given. */
const PAGE_OF_EVENTS = `FROM es_events
  WHERE (transaction_id, seq) > ($1::text::xid8, $2::bigint) AND ${VISIBLE}
    AND ($4::text[] IS NULL OR type = ANY($4::text[]))
  ORDER BY transaction_id, seq LIMIT $3`;
/** A page of the log. */
const PLAIN_PAGE = `SELECT ${COLUMNS} ${PAGE_OF_EVENTS}`;
/**
 * The same, with the snapshot it was read in: its horizon (every transaction below it has ended, so
 * every event of an id below it that will ever exist is visible) and its ceiling (every transaction
 * that had committed when it was taken is below it). There is always one row: the snapshot, with no
 * event when the page is empty. One statement has one snapshot, so the horizon is the very bound
 * VISIBLE applies to the page. Those columns on every row cost: readAll over 36,000 events fell
 * from ~0.9× to ~0.6× of a bare SELECT, so only the reads that need the snapshot ask for it.
 */
const SNAPSHOT_PAGE = `WITH snapshot AS (SELECT pg_snapshot_xmin(s) AS xmin, pg_snapshot_xmax(s) AS xmax FROM pg_current_snapshot() s)
SELECT h.xmin::text AS horizon, h.xmax::text AS ceiling, e.* FROM snapshot h LEFT JOIN LATERAL (
  SELECT transaction_id AS tx_order, ${COLUMNS} ${PAGE_OF_EVENTS}
) e ON true
ORDER BY e.tx_order, e.seq`;
/**
 * Committed events no reader sees yet (at or above the snapshot's horizon: an older transaction is
 * still open), and the oldest transaction open on the server, which is what holds them. Only the
 * session's own role (or pg_read_all_stats) may see when another session's transaction began.
 */
const HELD_BACK = `WITH held AS (
  SELECT count(*)::int AS events, min(metadata->>'occurredAt') AS oldest
    FROM es_events WHERE NOT (${VISIBLE})
)
SELECT held.events, held.oldest, a.pid, a.usename, a.datname, a.application_name, a.state,
       extract(epoch FROM now() - a.xact_start)::float8 AS open_seconds
  FROM held LEFT JOIN LATERAL (
    SELECT pid, usename::text, datname::text, application_name, state, xact_start FROM pg_stat_activity
     WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
     ORDER BY age(backend_xid) DESC LIMIT 1
  ) a ON held.events > 0`;

interface HeldBackRow {
  events: number;
  oldest: string | null;
  pid: number | null;
  usename: string | null;
  datname: string | null;
  application_name: string | null;
  state: string | null;
  open_seconds: number | null;
}

/** The channel an append NOTIFYs once committed; subscribers in every process LISTEN on it. */
const EVENTS_CHANNEL = 'es_events_appended';
/** The first fast poll after a wake-up that found nothing new; it doubles up to the poll interval. */
const FIRST_FAST_POLL_MS = 1;

/** What a caught-up subscriber knows when it decides how long to sleep (`nextPause`). */
export interface PollState {
  /** Whether NOTIFYs reach it (else it polls every `pollIntervalMs`). */
  readonly listening: boolean;
  readonly now: number;
  /** Until when a fast poll may be kept after the last wake-up (`fastPollWindowMs`). */
  readonly fastUntil: number;
  /**
   * The newest commit (transaction id) it was woken for, or -1: a wake-up's mark, or for one that named
   * none (LISTEN back after a loss), everything committed before the read that followed it.
   */
  readonly awaited: bigint;
  /**
   * How far it has read: every transaction below it has ended and its events were delivered (a
   * read's horizon, or for a subscription to every type, one past the last transaction delivered).
   */
  readonly horizon: bigint;
  /** The next fast pause (1 ms, doubling). */
  readonly fastPause: number;
  readonly pollIntervalMs: number;
  readonly listenPollIntervalMs: number;
}

/**
 * How long a caught-up subscriber sleeps: the fast pause while a commit it was woken for is not yet
 * visible (an older transaction still runs; its end may send no NOTIFY), within the window after the
 * wake-up; else the fallback poll. Once a read's horizon has passed the awaited commit, everything up
 * to it has been read: polling again would find nothing until the next wake-up.
 */
export function nextPause(state: PollState): { ms: number; fast: boolean } {
  if (!state.listening) return { ms: state.pollIntervalMs, fast: false };
  return state.now < state.fastUntil && state.awaited >= state.horizon ? { ms: state.fastPause, fast: true } : { ms: state.listenPollIntervalMs, fast: false };
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: { commit: BigInt(row.tx_id), prepare: BigInt(row.seq) },
  };
}

function pageParams(options: ReadAllOptions): unknown[] {
  const from = options.from ?? START;
  return [from.commit.toString(), from.prepare.toString(), options.maxCount ?? 10_000, options.eventTypes ?? null];
}

function expectedToText(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? expected.toString() : expected;
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly pollIntervalMs: number;
  private readonly listenPollIntervalMs: number;
  private readonly fastPollWindowMs: number;
  private readonly batchSize: number;
  /**
   * This instance's live subscriptions: an append on this pool (in-process, at its commit) or a NOTIFY
   * from any other pool or process nudges them, through the listener.
   */
  private readonly subscribers = new Set<Wake>();
  /** The LISTEN connection, open while there are subscriptions. */
  private readonly listener: ChannelListener;
  /** Tells every process's subscribers, once an append has committed. */
  private readonly notifier: CommittedNotifier;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 20;
    this.listenPollIntervalMs = Math.max(options.listenPollIntervalMs ?? 1000, this.pollIntervalMs);
    this.fastPollWindowMs = options.fastPollWindowMs ?? 250;
    this.batchSize = options.batchSize ?? 1000;
    this.listener = new ChannelListener(pool, EVENTS_CHANNEL, (mark) => this.nudgeAll(mark));
    this.notifier = new CommittedNotifier(pool, EVENTS_CHANNEL);
  }

  /** Whether the subscribers of this instance hear other processes' appends (LISTEN is up). */
  get isListening(): boolean {
    return this.listener.isListening;
  }

  /** `mark`: the transaction id of the commit that woke them, when known. */
  private nudgeAll(mark?: bigint): void {
    for (const nudge of this.subscribers) nudge(mark);
  }

  async append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const [result] = await this.write([{ streamId, events, expectedRevision }]);
    return result!;
  }

  /** One statement (es_append_many): one round trip, one transaction, one commit for all the streams. */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return this.write(appends);
  }

  private async write(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0 || appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event per stream');
    const events = appends.flatMap((a) => a.events);
    const columns = [
      events.map((e) => e.metadata.eventId),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
    ];
    try {
      const single = appends.length === 1 ? appends[0]! : null;
      const { rows } = await this.pool.query<{ next_revision: string; transaction_id: string; last_seq: string }>(
        single
          ? { name: 'es_append', text: 'SELECT * FROM es_append($1, $2, $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])', values: [single.streamId, expectedToText(single.expectedRevision), ...columns] }
          : {
              name: 'es_append_many',
              text: 'SELECT * FROM es_append_many($1::text[], $2::text[], $3::int[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])',
              values: [appends.map((a) => a.streamId), appends.map((a) => expectedToText(a.expectedRevision)), appends.map((a) => a.events.length), ...columns],
            },
      );
      // Committed: wakes the subscribers of every store on this pool at once (their listeners hear it
      // in-process), and every other pool's and process's through a NOTIFY, naming the transaction.
      this.notifier.notify(BigInt(rows[0]!.transaction_id));
      return rows.map((row) => ({
        nextExpectedRevision: BigInt(row.next_revision),
        position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.last_seq) },
      }));
    } catch (error) {
      const pgError = error as { code?: string; detail?: string; hint?: string };
      if (pgError.code === 'TL409') {
        const failed = appends.find((a) => a.streamId === pgError.hint) ?? appends[0]!;
        const actual = pgError.detail === 'no_stream' ? 'no_stream' : BigInt(pgError.detail ?? '-1');
        throw new WrongExpectedRevisionError(failed.streamId, failed.expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM es_events WHERE stream_id = $1 ORDER BY revision`,
      [streamId],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(PLAIN_PAGE, pageParams(options));
    return rows.map(toRecorded);
  }

  /** `readAll`, with the snapshot it read in (`SNAPSHOT_PAGE`). */
  private async readWithSnapshot(options: ReadAllOptions): Promise<{ events: RecordedEvent[]; horizon: bigint; ceiling: bigint }> {
    const { rows } = await this.pool.query<Partial<EventRow> & { horizon: string; ceiling: string }>(SNAPSHOT_PAGE, pageParams(options));
    const events = rows.flatMap((row) => (row.tx_id === null || row.tx_id === undefined ? [] : [toRecorded(row as EventRow)]));
    return { events, horizon: BigInt(rows[0]!.horizon), ceiling: BigInt(rows[0]!.ceiling) };
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ tx_id: string; seq: string }>(
      `SELECT transaction_id::text AS tx_id, seq FROM es_events WHERE ${VISIBLE}
        ORDER BY transaction_id DESC, seq DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.tx_id), prepare: BigInt(row.seq) } : START;
  }

  async heldBack(): Promise<HeldBack | null> {
    const { rows } = await this.pool.query<HeldBackRow>(HELD_BACK);
    const row = rows[0];
    if (!row || row.events === 0 || row.oldest === null) return null;
    return {
      events: row.events,
      oldestOccurredAt: row.oldest,
      holder:
        row.pid === null
          ? null
          : { pid: row.pid, user: row.usename, database: row.datname, application: row.application_name || null, state: row.state, openSeconds: row.open_seconds },
    };
  }

  subscribeAll(options: SubscribeAllOptions): Subscription {
    let stopped = false;
    let wake: (() => void) | null = null;
    // Set by a nudge (an append on this pool, or a NOTIFY); checked before sleeping, so one that came while a read was under way is not missed.
    let nudged = false;
    // Until this time the fast poll may be kept after a wake-up: an event whose transaction committed
    // behind an older one still running becomes visible when that one ends, which sends no NOTIFY
    // if it appended nothing (`nextPause`).
    let fastUntil = 0;
    // The newest commit a wake-up was for, and how far it has read (`PollState.horizon`). A wake-up
    // that named no commit is for everything committed before the next read: set from that read's
    // ceiling. A subscription to every type knows how far it has read from what it delivered (every
    // transaction of an event it was handed had ended, and so had every older one); one filtered by
    // type may be handed nothing of the commit it was woken for, and reads the snapshot's horizon.
    const filtered = options.eventTypes !== undefined;
    let awaited = -1n;
    let horizon = (options.from ?? START).commit + 1n;
    let unnamed = false;
    // The next fast poll: an event held back by an older transaction is usually visible within a few
    // milliseconds, so the wait starts at 1 ms and doubles, rather than a whole poll interval (20 ms).
    let fastPause = FIRST_FAST_POLL_MS;
    const nudge = (mark?: bigint) => {
      nudged = true;
      fastUntil = Date.now() + this.fastPollWindowMs;
      if (mark === undefined) unnamed = true;
      else if (mark > awaited) awaited = mark;
      fastPause = FIRST_FAST_POLL_MS;
      wake?.();
    };
    this.subscribers.add(nudge);
    this.listener.ensure();
    const loop = async () => {
      let from = options.from ?? START;
      while (!stopped) {
        nudged = false;
        const forUnnamed = unnamed;
        unnamed = false;
        try {
          const wanted: ReadAllOptions = { from, maxCount: this.batchSize, ...(options.eventTypes ? { eventTypes: options.eventTypes } : {}) };
          let events: RecordedEvent[];
          if (filtered || forUnnamed) {
            const page = await this.readWithSnapshot(wanted);
            events = page.events;
            if (page.horizon > horizon) horizon = page.horizon;
            if (forUnnamed && page.ceiling - 1n > awaited) awaited = page.ceiling - 1n;
          } else events = await this.readAll(wanted);
          if (events.length > 0) {
            await options.onEvents(events);
            from = events[events.length - 1]!.position;
            if (!filtered && from.commit + 1n > horizon) horizon = from.commit + 1n;
            if (events.length === this.batchSize) continue;
          }
        } catch (error) {
          if (stopped) break;
          unnamed ||= forUnnamed;
          options.onError?.(error);
          // Back off on errors (e.g. Postgres restarting) and try again from the same position.
          await sleep(Math.max(this.pollIntervalMs, 500));
          continue;
        }
        if (nudged) continue;
        await new Promise<void>((resolve) => {
          wake = resolve;
          const pause = nextPause({
            listening: this.listener.isListening,
            now: Date.now(),
            fastUntil,
            awaited,
            horizon,
            fastPause,
            pollIntervalMs: this.pollIntervalMs,
            listenPollIntervalMs: this.listenPollIntervalMs,
          });
          if (pause.fast) fastPause = Math.min(fastPause * 2, this.pollIntervalMs);
          setTimeout(resolve, pause.ms).unref();
        });
        wake = null;
      }
    };
    const done = loop();
    return {
      stop: async () => {
        stopped = true;
        this.subscribers.delete(nudge);
        wake?.();
        await done;
        if (this.subscribers.size === 0) await this.listener.stop();
      },
    };
  }

  async close(): Promise<void> {
    this.notifier.close();
    await this.listener.stop();
    await this.pool.end();
  }
}
