// The production event-store adapter: EventStoreDB / KurrentDB via @eventstore/db-client,
// selected by EVENTSTORE_URL=esdb://… . It passes the same contract suite as the Postgres
// adapter whenever EVENTSTORE_URL is set (test/eventstore/eventstoredb.int.test.ts).
import {
  ANY,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { START, comparePositions, type Position } from '../position.js';
import { batchesOf } from './batches.js';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeAllOptions,
  type Subscription,
} from '../types.js';

type JsonRecord = Record<string, unknown>;

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return expected;
}

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || !event.isJson) return null;
  const position = 'position' in event ? event.position : undefined;
  return {
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    streamId: event.streamId,
    revision: event.revision,
    position: position ? { commit: position.commit, prepare: position.prepare } : START,
  };
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;

  private readonly batchSize: number;
  private readonly resubscribeDelayMs: { readonly min: number; readonly max: number };

  constructor(connectionString: string, options: { readonly batchSize?: number; readonly resubscribeDelayMs?: { readonly min: number; readonly max: number } } = {}) {
    this.client = EventStoreDBClient.connectionString`${connectionString}`;
    this.batchSize = options.batchSize ?? 500;
    this.resubscribeDelayMs = options.resubscribeDelayMs ?? { min: 500, max: 30_000 };
  }

  async append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            id: e.metadata.eventId,
            type: e.type,
            data: e.data as JsonRecord,
            metadata: e.metadata as unknown as JsonRecord,
          }),
        ),
        { expectedRevision: toExpected(expectedRevision) },
      );
      return {
        nextExpectedRevision: result.nextExpectedRevision,
        position: result.position ? { commit: result.position.commit, prepare: result.position.prepare } : START,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? error.actualVersion : 'no_stream';
        throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId)) {
        const recorded = toRecorded(resolved);
        if (recorded) out.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = options.from ?? START;
    const max = options.maxCount ?? 10_000;
    const types = options.eventTypes ? new Set(options.eventTypes) : null;
    const out: RecordedEvent[] = [];
    // Pages until the answer is full or the log ends: a type filter (applied here, the client's
    // readAll has none) or system events must not cut the answer short while more events exist.
    const pageSize = Math.max(max + 1, 512);
    let cursor: Position = from;
    for (;;) {
      const pageStart = cursor;
      const startAt = pageStart.commit === 0n && pageStart.prepare === 0n ? ESDB_START : pageStart;
      let read = 0;
      for await (const resolved of this.client.readAll({ fromPosition: startAt, maxCount: pageSize })) {
        read += 1;
        const position = resolved.event?.position;
        if (position) cursor = { commit: position.commit, prepare: position.prepare };
        const recorded = toRecorded(resolved);
        // ESDB reads include the starting position (so each page repeats the last one's end); our contract is "strictly after".
        if (!recorded || comparePositions(recorded.position, pageStart) <= 0) continue;
        if (types && !types.has(recorded.type)) continue;
        out.push(recorded);
        if (out.length >= max) return out;
      }
      if (read < pageSize) return out;
    }
  }

  async headPosition(): Promise<Position> {
    // Pages back from the end past system events ($-types, ESDB's own streams) to the last user event.
    const pageSize = 512;
    let from: typeof END | Position = END;
    for (;;) {
      let read = 0;
      let oldest: Position | null = null;
      const page: AsyncIterable<AllStreamResolvedEvent> = this.client.readAll({ fromPosition: from, direction: 'backwards', maxCount: pageSize });
      for await (const resolved of page) {
        read += 1;
        const recorded = toRecorded(resolved);
        if (recorded) return recorded.position;
        const position: { commit: bigint; prepare: bigint } | undefined = resolved.event?.position;
        if (position) oldest = { commit: position.commit, prepare: position.prepare };
      }
      // A backwards read starts at (and includes) its position: stop when a page made no progress.
      if (read < pageSize || !oldest || (from !== END && comparePositions(oldest, from) >= 0)) return START;
      from = oldest;
    }
  }

  /**
   * Catch-up then live, in batches (whatever the client has read ahead, up to `batchSize`: one
   * projection transaction per batch, not per event). A dropped subscription, or a batch whose
   * `onEvents` failed, is reported to `onError` and resumed from the last position delivered, after a
   * backoff that doubles from `resubscribeDelayMs.min` to `.max` and resets once a batch is delivered:
   * never skipping or repeating an event.
   */
  subscribeAll(options: SubscribeAllOptions): Subscription {
    const filter = options.eventTypes ? eventTypeFilter({ prefixes: [...options.eventTypes] }) : excludeSystemEvents();
    const exact = options.eventTypes ? new Set(options.eventTypes) : null;
    const { min, max } = this.resubscribeDelayMs;
    let stopped = false;
    let current: { unsubscribe(): Promise<void> } | null = null;
    let wakeFromBackoff: (() => void) | null = null;
    const done = (async () => {
      let from = options.from ?? START;
      let failures = 0;
      while (!stopped) {
        const subscription = this.client.subscribeToAll({ fromPosition: from.commit === 0n && from.prepare === 0n ? ESDB_START : from, filter });
        current = subscription;
        try {
          for await (const batch of batchesOf<AllStreamResolvedEvent>(subscription, this.batchSize)) {
            if (stopped) break;
            const fresh: RecordedEvent[] = [];
            for (const resolved of batch) {
              const recorded = toRecorded(resolved);
              // The server includes the starting position; a prefix filter may let in longer type names.
              if (!recorded || comparePositions(recorded.position, from) <= 0) continue;
              if (exact && !exact.has(recorded.type)) continue;
              fresh.push(recorded);
            }
            if (fresh.length > 0) {
              await options.onEvents(fresh);
              from = fresh[fresh.length - 1]!.position;
            }
            failures = 0;
          }
          if (!stopped) throw new Error('the EventStoreDB subscription ended');
        } catch (error) {
          if (stopped) break;
          options.onError?.(error);
          failures += 1;
          await subscription.unsubscribe().catch(() => undefined);
          await new Promise<void>((resolve) => {
            wakeFromBackoff = resolve;
            setTimeout(resolve, Math.min(max, min * 2 ** (failures - 1))).unref();
          });
          wakeFromBackoff = null;
        }
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        wakeFromBackoff?.();
        await current?.unsubscribe().catch(() => undefined);
        await done;
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
