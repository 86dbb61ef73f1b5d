// The building blocks of the event catalogue (./index.ts): how one stream's events are declared.
// A feature's `events.ts` declares its stream with `defineEvents`; the catalogue lists the streams.
import type { z } from 'zod';

/** One event type: the zod schema of its data and the schema version it is written with. */
export interface EventDefinition<Schema extends z.ZodType = z.ZodType> {
  readonly schemaVersion: number;
  readonly schema: Schema;
}

/** The closed set of events one stream can hold, by type name. */
export interface StreamDefinition {
  readonly [eventType: string]: EventDefinition;
}

/** Declares a stream's events, keeping each schema's exact type. */
export function defineEvents<const Events extends StreamDefinition>(events: Events): Events {
  return events;
}

/** The event union of a stream definition: `{ type, data }` for each of its types. */
export type EventsOf<Events extends StreamDefinition> = {
  [Type in keyof Events & string]: { readonly type: Type; readonly data: z.infer<Events[Type]['schema']> };
}[keyof Events & string];

/** Whether an event is one of a stream's types; its data is not checked (see `parseStreamEvent`). */
export function isStreamEvent<Events extends StreamDefinition, E extends { readonly type: string }>(
  events: Events,
  event: E,
): event is E & { readonly type: keyof Events & string } {
  return Object.hasOwn(events, event.type);
}

/** Checks an event against its stream's schema: the typed event, or a thrown error (not a type of the stream, or a ZodError). */
export function parseStreamEvent<Events extends StreamDefinition>(events: Events, event: { readonly type: string; readonly data: unknown }): EventsOf<Events> {
  const definition = Object.hasOwn(events, event.type) ? events[event.type] : undefined;
  if (!definition) throw new Error(`Not an event of this stream: ${event.type}`);
  // The catalogue's own parsing: the schema just accepted the data for this type.
  return { type: event.type, data: definition.schema.parse(event.data) } as EventsOf<Events>;
}
