// The one generic command loop: read the stream, fold it with `evolve`, `decide`, append at the
// expected revision. A concurrent writer makes the append fail with WrongExpectedRevisionError
// (HTTP 409), never a lost update.
import { randomUUID } from 'node:crypto';
import type { Actor, AppendResult, EventMetadata, EventStore, NewEvent } from '../eventstore/types.js';
import type { Decider, Event } from './decider.js';

/** Who is asking, and from where: becomes every event's metadata. */
export interface CommandContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId?: string | null;
  readonly clientIp?: string | null;
  readonly now: Date;
}

export interface SchemaVersions {
  readonly [eventType: string]: number;
}

export function toNewEvents(
  events: readonly Event[],
  context: CommandContext,
  schemaVersions: SchemaVersions = {},
): NewEvent[] {
  return events.map((event) => {
    const metadata: EventMetadata = {
      eventId: randomUUID(),
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      actor: context.actor,
      clientIp: context.clientIp ?? null,
      occurredAt: context.now.toISOString(),
      schemaVersion: schemaVersions[event.type] ?? 1,
    };
    return { type: event.type, data: event.data, metadata };
  });
}

export interface HandledCommand<E extends Event> {
  readonly events: readonly E[];
  /** Undefined when the decider emitted nothing. */
  readonly appended?: AppendResult;
}

export async function handleCommand<State, Command, E extends Event>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, E>,
  command: Command,
  context: CommandContext,
  schemaVersions?: SchemaVersions,
): Promise<HandledCommand<E>> {
  const history = await store.readStream(streamId);
  const state = history.reduce((s, recorded) => decider.evolve(s, recorded as unknown as E), decider.initialState);
  const events = decider.decide(command, state);
  if (events.length === 0) return { events };
  const expected = history.length === 0 ? 'no_stream' : history[history.length - 1]!.revision;
  const appended = await store.append(streamId, toNewEvents(events, context, schemaVersions), expected);
  return { events, appended };
}
