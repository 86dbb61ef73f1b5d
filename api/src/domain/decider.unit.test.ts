import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../eventstore/types.js';
import { START } from '../eventstore/position.js';
import { handleCommand, handleCommandDecidingAgain, toNewEvents } from './command-handler.js';
import { assertNever } from './decider.js';
import { supportDecider } from '../support/decider.js';

const submitted = {
  type: 'SupportRequestSubmitted' as const,
  data: {
    id: 'r1',
    ticketNumber: 'TL-2026-ABCDEF',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Help',
    issueType: 'technical' as const,
    priority: 'normal' as const,
    message: 'Something is wrong.',
    submittedAt: '2026-01-02T03:04:05.000Z',
  },
};

describe('toNewEvents', () => {
  it('stamps every event with the command context as metadata and its catalogue schema version', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    const [event] = toNewEvents([submitted], {
      actor: { kind: 'user', id: 'u1', role: null },
      correlationId: 'corr-1',
      causationId: 'cause-1',
      clientIp: '10.0.0.1',
      now,
    });
    expect(event!.metadata).toMatchObject({
      correlationId: 'corr-1',
      causationId: 'cause-1',
      actor: { kind: 'user', id: 'u1' },
      clientIp: '10.0.0.1',
      occurredAt: '2026-01-02T03:04:05.000Z',
      schemaVersion: 1,
    });
    expect(event!.metadata.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event!.data).toEqual(submitted.data);
  });

  it('gives each event a time-ordered UUIDv7 id, so the store indexes new ids at one edge', () => {
    const context = { actor: { kind: 'system', id: null }, correlationId: 'c', now: new Date() } as const;
    const ids = Array.from({ length: 200 }, () => toNewEvents([submitted], context)[0]!.metadata.eventId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(Number.parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(Date.now() - 60_000);
  });

  it('defaults a missing causation and client IP to null', () => {
    const [event] = toNewEvents([submitted], { actor: { kind: 'system', id: null }, correlationId: 'c', now: new Date() });
    expect(event!.metadata.causationId).toBeNull();
    expect(event!.metadata.clientIp).toBeNull();
  });

  it('refuses an event whose data does not match its schema: it is never appended', () => {
    const bad = { ...submitted, data: { ...submitted.data, priority: 'whenever' } } as unknown as typeof submitted;
    expect(() => toNewEvents([bad], { actor: { kind: 'system', id: null }, correlationId: 'c', now: new Date() })).toThrow(/priority/);
  });
});

/** An in-memory stream, enough for the handler's loop. */
function storeWith(history: readonly { type: string; data: unknown }[]) {
  const appended: { streamId: string; events: readonly NewEvent[]; expected: unknown }[] = [];
  const recorded = history.map(
    (e, i): RecordedEvent => ({
      ...e,
      metadata: { eventId: `e${i}`, correlationId: 'c', causationId: null, actor: { kind: 'system', id: null }, clientIp: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
      streamId: 's',
      revision: BigInt(i),
      position: START,
    }),
  );
  const store = {
    readStream: async () => recorded,
    append: async (streamId: string, events: readonly NewEvent[], expected: unknown) => {
      appended.push({ streamId, events, expected });
      return { nextExpectedRevision: 0n, position: START };
    },
  } as unknown as EventStore;
  return { store, appended };
}

describe('handleCommand', () => {
  const context = { actor: { kind: 'anonymous' as const, id: null }, correlationId: 'c', now: new Date('2026-01-02T03:04:05.000Z') };
  const { fullName, email, subject, issueType, priority, message } = submitted.data;
  const command = {
    type: 'SubmitSupportRequest' as const,
    id: 'r1',
    ticketNumber: 'TL-2026-ABCDEF',
    now: context.now,
    request: { fullName, email, subject, issueType, priority, message },
  };

  it('appends what the decider decides on an empty stream with no_stream', async () => {
    const { store, appended } = storeWith([]);
    const result = await handleCommand(store, 'support-r1', supportDecider, command, context);
    expect(result.events.map((e) => e.type)).toEqual(['SupportRequestSubmitted']);
    expect(appended).toMatchObject([{ streamId: 'support-r1', expected: 'no_stream' }]);
  });

  it('makes the command from the state it folded, reading the stream once and appending at its revision', async () => {
    for (const [history, expected] of [
      [[], { seen: ['none'], appended: [{ streamId: 'support-r1', expected: 'no_stream' }] }],
      [[submitted], { seen: ['open'], appended: [] }],
    ] as const) {
      const { store, appended } = storeWith(history);
      let reads = 0;
      const readStream = store.readStream.bind(store);
      store.readStream = async (streamId) => {
        reads += 1;
        return readStream(streamId);
      };
      const seen: string[] = [];
      const run = handleCommand(
        store,
        'support-r1',
        supportDecider,
        (state) => {
          seen.push(state.status);
          return command;
        },
        context,
      );
      // The decider keeps the last word: a request submitted already is refused.
      if (history.length === 0) await run;
      else await expect(run).rejects.toThrow(/already submitted/);
      expect(reads).toBe(1);
      expect(seen).toEqual(expected.seen);
      expect(appended).toMatchObject(expected.appended);
    }
  });

  it('refuses a stream holding an event its decider does not know', async () => {
    const { store } = storeWith([{ type: 'TitleRegistered', data: {} }]);
    await expect(handleCommand(store, 'support-r1', supportDecider, command, context)).rejects.toThrow(/holds a TitleRegistered event/);
  });
});

describe('handleCommandDecidingAgain', () => {
  const context = { actor: { kind: 'anonymous' as const, id: null }, correlationId: 'c', now: new Date('2026-01-02T03:04:05.000Z') };
  const command = {
    type: 'SubmitSupportRequest' as const,
    id: 'r1',
    ticketNumber: 'TL-2026-ABCDEF',
    now: context.now,
    request: { fullName: 'Ada', email: 'ada@example.com', subject: 'Hello there', issueType: 'other' as const, priority: 'normal' as const, message: 'x'.repeat(20) },
  };
  /** A store whose first `conflicts` appends lose to another writer. */
  const losing = (conflicts: number) => {
    const { store, appended } = storeWith([]);
    let reads = 0;
    let lost = 0;
    const append = store.append.bind(store);
    store.readStream = async () => ((reads += 1), []);
    store.append = async (streamId, events, expected) => {
      if (lost < conflicts) {
        lost += 1;
        throw new WrongExpectedRevisionError(streamId, expected, 0n);
      }
      return append(streamId, events, expected);
    };
    return { store, appended, reads: () => reads };
  };

  it('decides again on the stream as it now is after losing an append, and writes once', async () => {
    const { store, appended, reads } = losing(2);
    const result = await handleCommandDecidingAgain(store, 'support-r1', supportDecider, command, context);
    expect(result.appended).toBeDefined();
    expect(appended).toHaveLength(1);
    expect(reads()).toBe(3);
  });

  it('throws the last conflict once its tries are spent', async () => {
    const { store, appended, reads } = losing(2);
    await expect(handleCommandDecidingAgain(store, 'support-r1', supportDecider, command, context, 2)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(appended).toHaveLength(0);
    expect(reads()).toBe(2);
  });
});

describe('assertNever', () => {
  it('throws naming the value that slipped through', () => {
    expect(() => assertNever('oops' as never)).toThrow(/Unhandled case: "oops"/);
  });
});
