// One app's log inside an event store that many test apps share: the API suite against one
// EventStoreDB server (EVENTSTORE_URL), where every test database would otherwise see every other
// test's events in $all. Each app's streams carry its scope as a prefix; reads, subscriptions and the
// head see the scope's own events only, with the prefix taken off again, so through the port an app
// sees a log of its own. An app started again on the same database gets the same scope, and so finds
// its log. The store underneath is shared: closing a scope leaves it open for the others. A scope has
// no `appendMany` and no `heldBack`, as the EventStoreDB adapter it is made for.
//
// Reads filter here, not on the server, so a scope reads past every other scope's events: fine for a
// test suite, not for production, where each deployment has a server (or cluster) of its own.
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
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

/** Events read from the shared store per page while a read looks for its scope's own. */
const PAGE = 1_000;

const later = (a: Position, b: Position) => (comparePositions(a, b) >= 0 ? a : b);

export class ScopedEventStore implements EventStore {
  readonly kind: EventStore['kind'];
  private readonly prefix: string;
  /** How far headPosition has looked through the shared store, and the scope's last event up to there. */
  private scanned: Position = START;
  private last: Position = START;

  constructor(
    private readonly shared: EventStore,
    scope: string,
  ) {
    if (!/^[a-z0-9_]{1,63}$/.test(scope)) throw new Error(`A scope is 1 to 63 of a–z, 0–9 and _, not ${JSON.stringify(scope)}`);
    this.prefix = `${scope}:`;
    this.kind = shared.kind;
  }

  /** The event as the scope knows it (its stream without the prefix), or null when it is another scope's. */
  private own(event: RecordedEvent): RecordedEvent | null {
    return event.streamId.startsWith(this.prefix) ? { ...event, streamId: event.streamId.slice(this.prefix.length) } : null;
  }

  /** A refusal names the stream as the scope knows it. */
  async append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    try {
      return await this.shared.append(this.prefix + streamId, events, expectedRevision);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      throw new WrongExpectedRevisionError(streamId, error.expected, error.actual);
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return (await this.shared.readStream(this.prefix + streamId)).map((event) => ({ ...event, streamId }));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const max = options.maxCount ?? 10_000;
    const out: RecordedEvent[] = [];
    let from = options.from ?? START;
    for (;;) {
      const page = await this.shared.readAll({ from, maxCount: PAGE, ...(options.eventTypes ? { eventTypes: options.eventTypes } : {}) });
      for (const event of page) {
        const own = this.own(event);
        if (!own) continue;
        out.push(own);
        if (out.length >= max) return out;
      }
      if (page.length < PAGE) return out;
      from = page.at(-1)!.position;
    }
  }

  /** The scope's last visible event (the shared store's head may be another scope's), found by reading on from the last look. */
  async headPosition(): Promise<Position> {
    for (;;) {
      const page = await this.shared.readAll({ from: this.scanned, maxCount: PAGE });
      for (const event of page) if (event.streamId.startsWith(this.prefix)) this.last = later(event.position, this.last);
      if (page.length > 0) this.scanned = later(page.at(-1)!.position, this.scanned);
      if (page.length < PAGE) return this.last;
    }
  }

  subscribeAll(options: SubscribeAllOptions): Subscription {
    return this.shared.subscribeAll({
      ...options,
      // A batch of other scopes' events only is not handed on: the subscriber waits for its own.
      onEvents: (events) => {
        const own = events.flatMap((event) => this.own(event) ?? []);
        return own.length > 0 ? options.onEvents(own) : undefined;
      },
    });
  }

  /** Leaves the shared store open: the other scopes still use it. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
