// The event-store contract: every adapter must pass these, word for word.
// Streams carry a per-run prefix so the suite can share a long-lived EventStoreDB.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@titleledger/api/eventstore';

export function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'system', id: 'contract-test', role: null },
      clientIp: '127.0.0.1',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

function isOrdered(events: readonly RecordedEvent[]): boolean {
  return events.every((e, i) => i === 0 || comparePositions(events[i - 1]!.position, e.position) < 0);
}

/** "Type×count, …" of what a subscription delivered, for a wait that gave up. */
function summary(events: readonly RecordedEvent[]): string {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${type}×${n}`).join(', ') || 'nothing';
}

/**
 * A subscription from `from` collecting this suite's events (`prefix`). `until` waits for the
 * collection to satisfy `predicate`, and rejects after `timeoutMs` (a hang detector: the project's
 * 90 s) naming what it holds, never handing a partial list to the assertions after it.
 */
function collect(store: EventStore, options: { from?: RecordedEvent['position']; prefix: string; eventTypes?: string[] }) {
  const received: RecordedEvent[] = [];
  const waiters = new Set<() => void>();
  const subscription = store.subscribeAll({
    ...(options.from ? { from: options.from } : {}),
    ...(options.eventTypes ? { eventTypes: options.eventTypes } : {}),
    onEvents: (events) => {
      received.push(...events.filter((e) => e.streamId.startsWith(options.prefix)));
      for (const wake of [...waiters]) wake();
    },
  });
  const until = (predicate: (events: RecordedEvent[]) => boolean, what: string, timeoutMs = 90_000) =>
    new Promise<RecordedEvent[]>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      const check = () => {
        if (!predicate(received)) return;
        done();
        resolve(received);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}: collected ${received.length} events (${summary(received)})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { received, until, stop: () => subscription.stop() };
}

async function collectUntil(
  store: EventStore,
  predicate: (events: RecordedEvent[]) => boolean,
  options: { from?: RecordedEvent['position']; timeoutMs?: number; prefix: string; eventTypes?: string[]; what: string },
): Promise<RecordedEvent[]> {
  const collection = collect(store, options);
  try {
    return await collection.until(predicate, options.what, options.timeoutMs);
  } finally {
    await collection.stop();
  }
}

export function eventStoreContract(name: string, open: () => Promise<{ store: EventStore; close: () => Promise<void> }>) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    let prefix: string;
    const stream = (label: string) => `${prefix}${label}-${randomUUID().slice(0, 8)}`;
    const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId.startsWith(prefix));

    beforeAll(async () => {
      ({ store, close } = await open());
      prefix = `ct${randomUUID().slice(0, 8)}-`;
    });
    afterAll(async () => {
      await close();
    });

    describe('streams', () => {
      it('appends to a new stream and reads it back with data and metadata', async () => {
        const id = stream('user');
        const first = newEvent('UserRegistered', { email: 'ada@example.com', n: 1 });
        const result = await store.append(id, [first, newEvent('UserLoggedIn')], 'no_stream');
        expect(result.nextExpectedRevision).toBe(1n);
        const events = await store.readStream(id);
        expect(events.map((e) => [e.type, e.revision])).toEqual([
          ['UserRegistered', 0n],
          ['UserLoggedIn', 1n],
        ]);
        expect(events[0]!.data).toEqual({ email: 'ada@example.com', n: 1 });
        expect(events[0]!.metadata).toEqual(first.metadata);
        expect(comparePositions(events[1]!.position, result.position)).toBe(0);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(stream('nothing'))).toEqual([]);
      });

      it('appends at the expected revision and refuses a stale one', async () => {
        const id = stream('title');
        await store.append(id, [newEvent('A')], 'no_stream');
        const next = await store.append(id, [newEvent('B')], 0n);
        expect(next.nextExpectedRevision).toBe(1n);
        const stale = store.append(id, [newEvent('C')], 0n);
        await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(stale).rejects.toMatchObject({ streamId: id, expected: 0n, actual: 1n });
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
        // The refusal moved nothing: the stream goes on from 1, several events at a time, at a revision or at any.
        expect((await store.append(id, [newEvent('C'), newEvent('D')], 1n)).nextExpectedRevision).toBe(3n);
        expect((await store.append(id, [newEvent('E'), newEvent('F')], 'any')).nextExpectedRevision).toBe(5n);
        const read = await store.readStream(id);
        expect(read.map((e) => [e.type, e.revision])).toEqual([['A', 0n], ['B', 1n], ['C', 2n], ['D', 3n], ['E', 4n], ['F', 5n]]);
      });

      it('refuses no_stream on an existing stream and stream_exists on a missing one', async () => {
        const id = stream('payment');
        await store.append(id, [newEvent('A')], 'any');
        await expect(store.append(id, [newEvent('B')], 'no_stream')).rejects.toMatchObject({ actual: 0n });
        await expect(store.append(stream('missing'), [newEvent('B')], 'stream_exists')).rejects.toMatchObject({
          actual: 'no_stream',
        });
        await expect(store.append(stream('missing'), [newEvent('B')], 3n)).rejects.toBeInstanceOf(
          WrongExpectedRevisionError,
        );
        const ok = await store.append(id, [newEvent('C')], 'stream_exists');
        expect(ok.nextExpectedRevision).toBe(1n);
      });

      it('lets exactly one of many racing writers win the same expected revision', async () => {
        const id = stream('race');
        await store.append(id, [newEvent('Created')], 'no_stream');
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => store.append(id, [newEvent('Raced', { i })], 0n)),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(rejected.every((r) => r.reason instanceof WrongExpectedRevisionError)).toBe(true);
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it('lets exactly one racing writer create a new stream', async () => {
        const id = stream('create-race');
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => store.append(id, [newEvent('Created', { i })], 'no_stream')),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(id)).toHaveLength(1);
      });
    });

    // Optional on the port: an adapter without it is skipped here with the reason printed.
    describe('appendMany: several streams in one transaction', () => {
      const many = () => {
        if (!store.appendMany) throw new Error('unreachable');
        return store.appendMany.bind(store);
      };
      it('writes every stream or none, and answers in the order asked', async (context) => {
        if (!store.appendMany) {
          console.info(`${name} has no appendMany: callers use their crash-recovery path`);
          context.skip();
        }
        const payment = stream('payment');
        const title = stream('title');
        await store.append(payment, [newEvent('PaymentSucceeded')], 'no_stream');
        const [paid, titled] = await many()([
          { streamId: payment, events: [newEvent('PaymentConsumed')], expectedRevision: 0n },
          { streamId: title, events: [newEvent('TitleRegistered'), newEvent('CertificateIssued')], expectedRevision: 'no_stream' },
        ]);
        expect(paid!.nextExpectedRevision).toBe(1n);
        expect(titled!.nextExpectedRevision).toBe(1n);
        expect(comparePositions(paid!.position, titled!.position)).toBeLessThan(0);
        expect((await store.readStream(title)).map((e) => e.type)).toEqual(['TitleRegistered', 'CertificateIssued']);

        // The second stream's expectation fails: the first stream's events are not written either.
        const failed = many()([
          { streamId: payment, events: [newEvent('PaymentReleased')], expectedRevision: 1n },
          { streamId: title, events: [newEvent('TitleRegistered')], expectedRevision: 'no_stream' },
        ]);
        await expect(failed).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(failed).rejects.toMatchObject({ streamId: title, expected: 'no_stream', actual: 1n });
        expect((await store.readStream(payment)).map((e) => e.type)).toEqual(['PaymentSucceeded', 'PaymentConsumed']);
        expect(mine(await store.readAll()).filter((e) => e.type === 'PaymentReleased')).toEqual([]);
      });

      it('lets exactly one of racing multi-stream appends on the same revision win', async (context) => {
        if (!store.appendMany) context.skip();
        const payment = stream('payment-race');
        await store.append(payment, [newEvent('PaymentSucceeded')], 'no_stream');
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) =>
            many()([
              { streamId: payment, events: [newEvent('PaymentConsumed', { i })], expectedRevision: 0n },
              { streamId: stream('title-race'), events: [newEvent('TitleRegistered', { i })], expectedRevision: 'no_stream' },
            ]),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(rejected.every((r) => r.reason instanceof WrongExpectedRevisionError && r.reason.streamId === payment)).toBe(true);
        expect(mine(await store.readAll()).filter((e) => e.streamId.includes('title-race'))).toHaveLength(1);
      });
    });

    describe('the global log', () => {
      it('reads all events in one global order, strictly after a position, in pages', async () => {
        const head = await store.headPosition();
        const a = stream('a');
        const b = stream('b');
        await store.append(a, [newEvent('A1'), newEvent('A2')], 'no_stream');
        await store.append(b, [newEvent('B1')], 'no_stream');
        await store.append(a, [newEvent('A3')], 1n);
        const all = mine(await store.readAll({ from: head, maxCount: 10_000 })).filter(
          (e) => e.streamId === a || e.streamId === b,
        );
        expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
        expect(isOrdered(all)).toBe(true);
        const afterSecond = mine(await store.readAll({ from: all[1]!.position })).filter(
          (e) => e.streamId === a || e.streamId === b,
        );
        expect(afterSecond.map((e) => e.type)).toEqual(['B1', 'A3']);
        const page = await store.readAll({ from: head, maxCount: 2 });
        expect(page.length).toBeLessThanOrEqual(2);
      });

      it('filters by event type', async () => {
        const head = await store.headPosition();
        const id = stream('typed');
        const special = `Special${randomUUID().slice(0, 6)}`;
        await store.append(id, [newEvent('Plain'), newEvent(special), newEvent('Plain'), newEvent(special)], 'no_stream');
        const found = await store.readAll({ from: head, eventTypes: [special] });
        expect(found.map((e) => [e.type, e.revision])).toEqual([
          [special, 1n],
          [special, 3n],
        ]);
      });

      it('reports the head position of the log', async () => {
        const id = stream('head');
        const result = await store.append(id, [newEvent('X')], 'no_stream');
        const head = await store.headPosition();
        expect(comparePositions(head, result.position)).toBeGreaterThanOrEqual(0);
        expect(comparePositions(head, START)).toBe(1);
      });

      it('subscribes: catches up from a position, then goes live, in readAll order', async () => {
        const head = await store.headPosition();
        const id = stream('sub');
        await store.append(id, [newEvent('Before1'), newEvent('Before2')], 'no_stream');
        const collection = collect(store, { from: head, prefix });
        let received: RecordedEvent[];
        try {
          // Caught up: the two events written before it are delivered; only then are more written.
          await collection.until((events) => events.length >= 2, 'the two events written before the subscription');
          await store.append(id, [newEvent('Live1')], 1n);
          await store.append(id, [newEvent('Live2'), newEvent('Live3')], 2n);
          received = await collection.until((events) => events.length >= 5, 'the three events written after it');
        } finally {
          await collection.stop();
        }
        expect(received.map((e) => e.type)).toEqual(['Before1', 'Before2', 'Live1', 'Live2', 'Live3']);
        const read = mine(await store.readAll({ from: head }));
        expect(read.map((e) => e.metadata.eventId)).toEqual(received.map((e) => e.metadata.eventId));
      });

      it('gives a live subscriber exactly the 4,000 events of 8 concurrent writers, none skipped or repeated', async () => {
        const head = await store.headPosition();
        const writers = 8;
        const perWriter = 500;
        const receiving = collectUntil(store, (events) => events.length >= writers * perWriter, {
          from: head,
          prefix,
          timeoutMs: 120_000,
          what: `the ${writers * perWriter} events of ${writers} writers`,
        });
        await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            // Each writer spreads its events over several streams, mixing single events and batches.
            for (let i = 0; i < perWriter; ) {
              const size = Math.min(perWriter - i, (i % 3) + 1);
              const batch = Array.from({ length: size }, (_, k) => newEvent('Concurrent', { w, i: i + k }));
              await store.append(`${prefix}w${w}-s${i % 7}`, batch, 'any');
              i += size;
            }
          }),
        );
        const received = await receiving;
        expect(received).toHaveLength(writers * perWriter);
        const ids = received.map((e) => e.metadata.eventId);
        expect(new Set(ids).size).toBe(writers * perWriter);
        expect(isOrdered(received)).toBe(true);
        const read: RecordedEvent[] = [];
        let from = head;
        for (;;) {
          const page = await store.readAll({ from, maxCount: 1000 });
          if (page.length === 0) break;
          read.push(...mine(page));
          from = page[page.length - 1]!.position;
        }
        expect(read.map((e) => e.metadata.eventId)).toEqual(ids);
        // Every writer's own events arrive in the order it wrote them.
        for (let w = 0; w < writers; w += 1) {
          const own = received.filter((e) => (e.data as { w: number }).w === w).map((e) => (e.data as { i: number }).i);
          expect(own).toEqual([...own].sort((x, y) => x - y));
        }
      });
    });
  });
}
