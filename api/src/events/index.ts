// The event catalogue, `@titleledger/api/events`: every event of every stream, in one place. Each
// stream has a closed union of events; each event type a zod schema and the schema version it is
// written with. Writers go through `handleCommand`/`toNewEvents`, which validate every event against
// its schema before it is appended; readers (projections, the ledger, recovery) narrow what the log
// gives them with `isEvent` and subscribe with `eventTypes(...)`, so they receive typed data and a
// renamed event or field is a compile error wherever it is read. This module is the only place that
// turns untyped log data into typed events.
//
// Adding a feature's events:
// 1. In the feature folder, write `events.ts`: one `defineEvents({ EventName: { schemaVersion: 1,
//    schema: z.object({...}) } })` for its stream (past-tense names; data only, metadata is added by
//    the command handler), and export `type XEvent = EventsOf<typeof xEvents>`.
// 2. Add the stream to `catalogue` below, under the stream's name (`staff: staffEvents`). An event
//    type belongs to exactly one stream; a name used twice stops the process at start (and fails
//    catalogue.unit.test.ts).
// 3. Write the events through `handleCommand` with a decider whose `eventTypes` is
//    `streamEventTypes('<stream>')`; read them with `isEvent(e, 'EventName')`.
// Changing an event's data incompatibly means a new schemaVersion and keeping the old one readable.
import type { z } from 'zod';
import type { RecordedEvent } from '../eventstore/types.js';
import { serverKeyEvents, userEvents } from '../accounts/events.js';
import { batchEvents, checkpointEvents, registryKeyEvents } from '../anchoring/events.js';
import { inboxEvents } from '../notifications/events.js';
import { paymentEvents } from '../payments/events.js';
import { titleEvents } from '../registrations/events.js';
import { staffEvents } from '../staff/events.js';
import { supportEvents } from '../support/events.js';
import type { EventDefinition, EventsOf, StreamDefinition } from './define.js';

export { defineEvents, type EventDefinition, type EventsOf, type StreamDefinition } from './define.js';
export { batchStream, checkpointStream, registryKeyStream } from '../anchoring/events.js';

/** Every stream's events, by stream name (the stream id's prefix: `user-<id>`, `payment-<id>`…). */
export const catalogue = {
  user: userEvents,
  payment: paymentEvents,
  title: titleEvents,
  batch: batchEvents,
  checkpoint: checkpointEvents,
  registrykey: registryKeyEvents,
  support: supportEvents,
  admin: staffEvents,
  inbox: inboxEvents,
  serverkey: serverKeyEvents,
} as const satisfies Record<string, StreamDefinition>;

type Catalogue = typeof catalogue;
export type StreamName = keyof Catalogue;
type EventTypeOf<S extends StreamName> = keyof Catalogue[S] & string;
type DefinitionOf<T extends string> = { [S in StreamName]: T extends keyof Catalogue[S] ? Catalogue[S][T] : never }[StreamName];

/** Every event type of every stream. */
export type EventType = { [S in StreamName]: EventTypeOf<S> }[StreamName];
/** The data of one event type, as its schema declares it. */
export type EventData<T extends EventType> = z.infer<DefinitionOf<T>['schema']>;
/** An event as deciders emit it: `{ type, data }`, a union over the given types. */
export type DomainEvent<T extends EventType = EventType> = { [K in T]: { readonly type: K; readonly data: EventData<K> } }[T];
/** The closed union of one stream's events. */
export type StreamEvent<S extends StreamName> = EventsOf<Catalogue[S]>;
/** A recorded event narrowed by `isEvent`: the store's envelope with typed data. */
export type StoredEvent<T extends EventType = EventType> = RecordedEvent & DomainEvent<T>;

const definitions = new Map<string, EventDefinition>();
const streamOf = new Map<string, StreamName>();
for (const [stream, events] of Object.entries(catalogue) as [StreamName, StreamDefinition][]) {
  for (const [type, definition] of Object.entries(events)) {
    const other = streamOf.get(type);
    if (other) throw new Error(`Event type ${type} is declared by streams ${other} and ${stream}: each type belongs to one stream`);
    definitions.set(type, definition);
    streamOf.set(type, stream);
  }
}

/** A typed list of event types, e.g. for `subscribeAll({ eventTypes: eventTypes('TitleRegistered') })`. */
export function eventTypes<const T extends EventType>(...types: readonly T[]): readonly T[] {
  return types;
}

/** Every event type of one stream. */
export function streamEventTypes<S extends StreamName>(stream: S): readonly EventTypeOf<S>[] {
  return Object.keys(catalogue[stream]) as EventTypeOf<S>[];
}

/** Every event type in the catalogue. */
export function allEventTypes(): readonly EventType[] {
  return [...definitions.keys()] as EventType[];
}

/**
 * Narrows an event from the log to the given types, with their typed data. The log only holds data
 * its schema accepted (every append goes through `toNewEvents`), so this checks the type alone.
 */
export function isEvent<E extends { readonly type: string }, const T extends EventType>(
  event: E,
  ...types: readonly T[]
): event is E & DomainEvent<T> {
  return (types as readonly string[]).includes(event.type);
}

export class UnknownEventError extends Error {
  override name = 'UnknownEventError';
}

function definitionOf(type: string): EventDefinition {
  const definition = definitions.get(type);
  if (!definition) throw new UnknownEventError(`${type} is not in the event catalogue (api/src/events)`);
  return definition;
}

/** The schema version new events of this type are written with. */
export function schemaVersionOf(type: EventType): number {
  return definitionOf(type).schemaVersion;
}

/** Validates an event against its schema: the data as the schema outputs it, or a thrown ZodError. */
export function parseEvent<E extends { readonly type: string; readonly data: unknown }>(event: E): E & DomainEvent {
  const data: unknown = definitionOf(event.type).schema.parse(event.data);
  return { ...event, data } as E & DomainEvent;
}

/**
 * Narrows a stream's history to the union its decider folds. Throws on an event of any other type:
 * a stream holds only its own events, so one that does not is a bug, not something to skip.
 */
export function streamHistory<E extends DomainEvent>(
  streamId: string,
  events: readonly RecordedEvent[],
  types: readonly E['type'][],
): (RecordedEvent & E)[] {
  const allowed: readonly string[] = types;
  for (const event of events) {
    if (!allowed.includes(event.type)) {
      throw new UnknownEventError(`Stream ${streamId} holds a ${event.type} event, which its decider does not know`);
    }
  }
  return events as (RecordedEvent & E)[];
}
