// Scopes of one shared store (test/support/scoped-event-store.ts), as the API suite uses one
// EventStoreDB server for every test database: a scope passes the event-store contract while another
// scope writes between its every append, to streams of the same names; and a scope never sees, waits
// for or collides with another scope's events.
import { describe, expect, it } from 'vitest';
import { START, WrongExpectedRevisionError, type ExpectedRevision, type NewEvent, type RecordedEvent } from '@titleledger/api/eventstore';
import { MemoryEventStore } from '../support/memory-event-store.js';
import { ScopedEventStore } from '../support/scoped-event-store.js';
import { eventStoreContract, newEvent } from './contract.js';

/** A shared store where scope `neighbour` appends to the same stream name after every append of scope `contract`. */
class CrowdedStore extends MemoryEventStore {
  override async append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision) {
    const result = await super.append(streamId, events, expectedRevision);
    if (streamId.startsWith('contract:')) await super.append(`neighbour:${streamId.slice('contract:'.length)}`, [newEvent('Noise')], 'any');
    return result;
  }
}

eventStoreContract('a scope of a shared store, with a neighbour writing between its appends', () =>
  Promise.resolve({ store: new ScopedEventStore(new CrowdedStore(), 'contract'), close: () => Promise.resolve() }),
);

describe('scopes of one shared store', () => {
  const types = (events: readonly RecordedEvent[]) => events.map((e) => `${e.streamId} ${e.type}`);

  it('keep streams of the same name apart, and name a refused stream as the scope knows it', async () => {
    const shared = new MemoryEventStore();
    const a = new ScopedEventStore(shared, 'a');
    const b = new ScopedEventStore(shared, 'b');
    await a.append('user-1', [newEvent('UserRegistered')], 'no_stream');
    await b.append('user-1', [newEvent('UserRegistered'), newEvent('UserLoggedIn')], 'no_stream');
    expect(types(await a.readStream('user-1'))).toEqual(['user-1 UserRegistered']);
    expect(types(await b.readStream('user-1'))).toEqual(['user-1 UserRegistered', 'user-1 UserLoggedIn']);
    const refused = a.append('user-1', [newEvent('UserLoggedIn')], 'no_stream');
    await expect(refused).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(refused).rejects.toMatchObject({ streamId: 'user-1', actual: 0n });
    expect((await shared.readAll()).map((e) => e.streamId)).toEqual(['a:user-1', 'b:user-1', 'b:user-1']);
  });

  it('read their own events past pages of another scope’s, and know their own head', async () => {
    const shared = new MemoryEventStore();
    const a = new ScopedEventStore(shared, 'a');
    const b = new ScopedEventStore(shared, 'b');
    expect(await a.headPosition()).toEqual(START);
    const first = await a.append('title-1', [newEvent('TitleRegistered')], 'no_stream');
    for (let i = 0; i < 25; i++) await b.append(`title-${i}`, Array.from({ length: 100 }, () => newEvent('TitleRegistered')), 'any');
    const second = await a.append('title-2', [newEvent('TitleRegistered'), newEvent('TitleDeleted')], 'no_stream');
    await b.append('title-last', [newEvent('TitleRegistered')], 'no_stream');

    expect(types(await a.readAll())).toEqual(['title-1 TitleRegistered', 'title-2 TitleRegistered', 'title-2 TitleDeleted']);
    expect(types(await a.readAll({ maxCount: 2 }))).toEqual(['title-1 TitleRegistered', 'title-2 TitleRegistered']);
    expect(types(await a.readAll({ from: first.position, eventTypes: ['TitleDeleted'] }))).toEqual(['title-2 TitleDeleted']);
    expect(await b.readAll()).toHaveLength(2_501);
    expect(await a.headPosition()).toEqual(second.position);
    expect(await a.headPosition()).toEqual(second.position); // again, from where the last look ended
    expect(await b.headPosition()).toEqual(await shared.headPosition());
  });

  it('deliver a subscriber its scope’s events only', async () => {
    const shared = new MemoryEventStore();
    const a = new ScopedEventStore(shared, 'a');
    const b = new ScopedEventStore(shared, 'b');
    const received: RecordedEvent[] = [];
    let arrived!: () => void;
    const done = new Promise<void>((resolve) => (arrived = resolve));
    const subscription = a.subscribeAll({
      onEvents: (events) => {
        received.push(...events);
        if (received.some((e) => e.type === 'Last')) arrived();
      },
    });
    await b.append('s', [newEvent('Theirs')], 'any');
    await a.append('s', [newEvent('Mine')], 'any');
    await b.append('s', [newEvent('Theirs')], 'any');
    await a.append('t', [newEvent('Last')], 'any');
    await done;
    await subscription.stop();
    expect(types(received)).toEqual(['s Mine', 't Last']);
  });

  it('refuse a scope that could reach into another', () => {
    expect(() => new ScopedEventStore(new MemoryEventStore(), 'a:b')).toThrow(/a scope is/i);
    expect(() => new ScopedEventStore(new MemoryEventStore(), '')).toThrow(/a scope is/i);
  });
});
