// The EventStoreDB adapter's subscription, which cannot run against a server here: a fake client at the
// adapter's seam (`subscribeToAll` from a position it includes, as the server does; an unsubscribe ends
// it). Batches, a dropped subscription resumed from the last position delivered, and a failed batch
// delivered again: never an event skipped or repeated.
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../types.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

const at = (n: number) => ({
  event: { type: 'Happened', streamId: `s-${n}`, revision: 0n, isJson: true, data: { n }, metadata: {}, position: { commit: BigInt(n), prepare: BigInt(n) } },
});

/**
 * A server holding events 1..`total`. Each subscription yields from its start (inclusive) onward; the
 * `drops` listed make the subscription with that index (0 = first) fail after yielding up to event n.
 * Past the end it stays open, like a live subscription, until unsubscribed.
 */
function fakeServer(total: number, drops: Record<number, number> = {}) {
  const starts: (bigint | 'start')[] = [];
  const subscribeToAll = (options: { fromPosition: unknown }) => {
    const index = starts.length;
    const from = typeof options.fromPosition === 'object' && options.fromPosition !== null && 'commit' in options.fromPosition ? (options.fromPosition as { commit: bigint }).commit : 'start';
    starts.push(from);
    let ended = false;
    let release: (() => void) | null = null;
    const first = from === 'start' ? 1 : Number(from);
    return {
      unsubscribe: () => {
        ended = true;
        release?.();
        return Promise.resolve();
      },
      async *[Symbol.asyncIterator]() {
        for (let n = first; n <= total && !ended; n++) {
          yield at(n);
          if (drops[index] === n) throw new Error(`connection lost after ${n}`);
        }
        while (!ended) await new Promise<void>((resolve) => (release = resolve));
      },
    };
  };
  return { starts, subscribeToAll };
}

function storeOn(server: ReturnType<typeof fakeServer>, batchSize = 100): EventStoreDbEventStore {
  const store = new EventStoreDbEventStore('esdb://localhost:2113?tls=false', { batchSize, resubscribeDelayMs: { min: 1, max: 4 } });
  (store as unknown as { client: { subscribeToAll: typeof server.subscribeToAll } }).client.subscribeToAll = server.subscribeToAll;
  return store;
}

/** Resolves once `seen` holds `count` events (a state, not a time). */
function until(seen: () => number, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (seen() >= count ? resolve() : setImmediate(check));
    check();
  });
}

describe('EventStoreDB adapter subscription (fake client)', () => {
  it('hands a catch-up over in batches, not one event per call', async () => {
    const server = fakeServer(2000);
    const store = storeOn(server, 250);
    const calls: number[] = [];
    const seen: number[] = [];
    const subscription = store.subscribeAll({
      onEvents: async (events) => {
        calls.push(events.length);
        seen.push(...events.map((e) => Number(e.position.commit)));
        await new Promise((resolve) => setImmediate(resolve)); // a projection transaction takes a while
      },
    });
    await until(() => seen.length, 2000);
    await subscription.stop();
    expect(seen).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(Math.max(...calls)).toBeLessThanOrEqual(250);
    expect(calls.length).toBeLessThan(100);
    await store.close();
  });

  it('resumes a dropped subscription from the last position delivered, telling onError, nothing skipped or repeated', async () => {
    const server = fakeServer(30, { 0: 12, 1: 20 });
    const store = storeOn(server);
    const seen: RecordedEvent[] = [];
    const errors: string[] = [];
    const subscription = store.subscribeAll({ onEvents: (events) => void seen.push(...events), onError: (error) => errors.push((error as Error).message) });
    await until(() => seen.length, 30);
    await subscription.stop();
    expect(seen.map((e) => Number(e.position.commit))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(errors).toEqual(['connection lost after 12', 'connection lost after 20']);
    expect(server.starts).toEqual(['start', 12n, 20n]);
    await store.close();
  });

  it('delivers a batch whose handler failed again, from the position before it', async () => {
    const server = fakeServer(10);
    const store = storeOn(server, 3);
    const committed: number[] = [];
    let failOnce = true;
    const errors: unknown[] = [];
    const subscription = store.subscribeAll({
      from: { commit: 2n, prepare: 2n },
      onEvents: (events) => {
        const numbers = events.map((e) => Number(e.position.commit));
        if (failOnce && numbers.includes(6)) {
          failOnce = false;
          throw new Error('projection transaction failed');
        }
        committed.push(...numbers);
      },
      onError: (error) => errors.push(error),
    });
    await until(() => committed.length, 8);
    await subscription.stop();
    expect(committed).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(errors).toHaveLength(1);
    expect(server.starts[0]).toBe(2n);
    await store.close();
  });

  it('stops while live, and while waiting to resubscribe', async () => {
    const server = fakeServer(3, { 0: 3 });
    const store = new EventStoreDbEventStore('esdb://localhost:2113?tls=false', { resubscribeDelayMs: { min: 60_000, max: 60_000 } });
    (store as unknown as { client: { subscribeToAll: typeof server.subscribeToAll } }).client.subscribeToAll = server.subscribeToAll;
    const errors: unknown[] = [];
    const subscription = store.subscribeAll({ onEvents: () => undefined, onError: (error) => errors.push(error) });
    await until(() => errors.length, 1);
    // A minute of backoff is under way: stop does not wait for it.
    await subscription.stop();
    expect(server.starts).toEqual(['start']);
    await store.close();
  });
});
