// The EventStoreDB adapter's paging, which cannot run here (no server can be installed): a fake
// client at the adapter's seam (`readAll` forwards/backwards from a position, which it includes, as the
// server does). The adapter itself passes the contract suite whenever EVENTSTORE_URL is set.
import { describe, expect, it } from 'vitest';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

interface FakeEvent {
  readonly event: { type: string; streamId: string; revision: bigint; isJson: true; data: object; metadata: object; position: { commit: bigint; prepare: bigint } };
}
const at = (n: number, type: string): FakeEvent => ({
  event: { type, streamId: type.startsWith('$') ? '$stats' : `s-${n}`, revision: 0n, isJson: true, data: {}, metadata: {}, position: { commit: BigInt(n), prepare: BigInt(n) } },
});

function storeOver(log: readonly FakeEvent[]): EventStoreDbEventStore {
  const store = new EventStoreDbEventStore('esdb://localhost:2113?tls=false');
  const readAll = (options: { fromPosition: unknown; maxCount: number; direction?: string }) => {
    const backwards = options.direction === 'backwards';
    const from = options.fromPosition;
    const ordered = backwards ? [...log].reverse() : log;
    const start =
      typeof from === 'object' && from !== null && 'commit' in from
        ? ordered.findIndex((e) => (backwards ? e.event.position.commit <= (from as { commit: bigint }).commit : e.event.position.commit >= (from as { commit: bigint }).commit))
        : 0;
    const page = start < 0 ? [] : ordered.slice(start, start + options.maxCount);
    return (async function* () {
      yield* page;
    })();
  };
  (store as unknown as { client: { readAll: typeof readAll } }).client.readAll = readAll;
  return store;
}

describe('EventStoreDB adapter paging (fake client)', () => {
  it('fills a type-filtered readAll page while more events exist, strictly after `from`, none repeated', async () => {
    const log = Array.from({ length: 3000 }, (_, i) => at(i + 1, i % 10 === 9 ? 'Wanted' : i % 7 === 0 ? '$metadata' : 'Other'));
    const store = storeOver(log);
    const page = await store.readAll({ maxCount: 100, eventTypes: ['Wanted'] });
    expect(page.map((e) => Number(e.position.commit))).toEqual(Array.from({ length: 100 }, (_, i) => (i + 1) * 10));
    const rest = await store.readAll({ from: page[99]!.position, eventTypes: ['Wanted'] });
    expect(rest.map((e) => Number(e.position.commit))).toEqual(Array.from({ length: 200 }, (_, i) => (i + 101) * 10));
    await store.close();
  });

  it('gives as headPosition the last user event, paging back past more than a page of system events', async () => {
    const log = [at(1, 'First'), at(2, 'Last'), ...Array.from({ length: 2000 }, (_, i) => at(i + 3, '$statsCollected'))];
    const store = storeOver(log);
    expect(await store.headPosition()).toEqual({ commit: 2n, prepare: 2n });
    expect(await storeOver(log.slice(2)).headPosition()).toEqual({ commit: 0n, prepare: 0n });
    await store.close();
  });
});
