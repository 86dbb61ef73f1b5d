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
