// An event store held in memory that behaves, as far as the app can see through the port, like the
// EventStoreDB adapter: no `appendMany` (callers take their crash-recovery path), no `heldBack`, an
// event readable as soon as its append returns, positions of its own (large, with gaps, not Postgres's
// transaction ids), and data and metadata stored as JSON text and parsed again on every read. EventStoreDB
// cannot run here; this stands in for it wherever a test asks whether the app depends on the Postgres
// adapter. It passes the same contract suite (test/eventstore/memory.unit.test.ts).
import {
  START,
  WrongExpectedRevisionError,
  isAfter,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeAllOptions,
  type Subscription,
} from '@titleledger/api/eventstore';

interface Stored {
  readonly streamId: string;
  readonly revision: bigint;
  readonly position: Position;
  readonly type: string;
  /** As EventStoreDB keeps them: bytes of JSON, parsed afresh by each reader. */
  readonly data: string;
  readonly metadata: string;
}

const BATCH = 500;

export class MemoryEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly log: Stored[] = [];
  private readonly revisions = new Map<string, bigint>();
  private readonly wakes = new Set<() => void>();
  /** The next append's commit position: a byte offset, as EventStoreDB's, well past any Postgres transaction id. */
  private offset = 1n << 40n;

  append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    // The check and the write happen in one synchronous step: writers racing for a revision meet here.
    const current = this.revisions.get(streamId);
    const refused =
      (expectedRevision === 'no_stream' && current !== undefined) ||
      (expectedRevision === 'stream_exists' && current === undefined) ||
      (typeof expectedRevision === 'bigint' && current !== expectedRevision);
    if (refused) return Promise.reject(new WrongExpectedRevisionError(streamId, expectedRevision, current ?? 'no_stream'));
    if (events.length === 0) return Promise.resolve({ nextExpectedRevision: current ?? -1n, position: this.log.at(-1)?.position ?? START });
    const commit = this.offset;
    let revision = current ?? -1n;
    let prepare = commit;
    for (const event of events) {
      revision += 1n;
      this.log.push({
        streamId,
        revision,
        position: { commit, prepare },
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
      });
      prepare += 97n + BigInt(event.type.length);
    }
    this.offset = prepare + 4_096n;
    this.revisions.set(streamId, revision);
    for (const wake of [...this.wakes]) wake();
    return Promise.resolve({ nextExpectedRevision: revision, position: this.log.at(-1)!.position });
  }

  readStream(streamId: string): Promise<RecordedEvent[]> {
    return Promise.resolve(this.log.filter((e) => e.streamId === streamId).map(recorded));
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return Promise.resolve(this.page(options.from ?? START, options.maxCount ?? 10_000, options.eventTypes));
  }

  headPosition(): Promise<Position> {
    return Promise.resolve(this.log.at(-1)?.position ?? START);
  }

  subscribeAll(options: SubscribeAllOptions): Subscription {
    let stopped = false;
    let wake: (() => void) | null = null;
    let pending = false;
    const nudge = () => {
      pending = true;
      wake?.();
    };
    this.wakes.add(nudge);
    const done = (async () => {
      let from = options.from ?? START;
      let backoffMs = 0;
      while (!stopped) {
        pending = false;
        const scanned = this.page(from, BATCH, undefined);
        if (scanned.length > 0) {
          const wanted = options.eventTypes ? scanned.filter((e) => options.eventTypes!.includes(e.type)) : scanned;
          try {
            if (wanted.length > 0) await options.onEvents(wanted);
          } catch (error) {
            // As the EventStoreDB adapter: report it, then deliver the same batch again after a backoff.
            options.onError?.(error);
            backoffMs = Math.min(Math.max(backoffMs * 2, 100), 2_000);
            await new Promise((resolve) => setTimeout(resolve, backoffMs));
            continue;
          }
          backoffMs = 0;
          // Past every event read, whatever its type: a filter never makes the subscriber read them again.
          from = scanned.at(-1)!.position;
          continue;
        }
        if (!pending) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        this.wakes.delete(nudge);
        wake?.();
        await done;
      },
    };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private page(from: Position, maxCount: number, eventTypes: readonly string[] | undefined): RecordedEvent[] {
    // The log is in position order: find the first event after `from` by bisection.
    let low = 0;
    let high = this.log.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (isAfter(this.log[middle]!.position, from)) high = middle;
      else low = middle + 1;
    }
    const out: RecordedEvent[] = [];
    for (let i = low; i < this.log.length && out.length < maxCount; i++) {
      const event = this.log[i]!;
      if (!eventTypes || eventTypes.includes(event.type)) out.push(recorded(event));
    }
    return out;
  }
}

function recorded(event: Stored): RecordedEvent {
  return {
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    type: event.type,
    data: JSON.parse(event.data) as unknown,
    metadata: JSON.parse(event.metadata) as RecordedEvent['metadata'],
  };
}
