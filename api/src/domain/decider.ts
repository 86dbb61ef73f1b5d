// The shape of every feature's write side: pure `decide` and `evolve`, no clock, ids or I/O.
// Time and ids arrive with the command; that is what makes deciders testable and replayable.
import type { DomainEvent } from '../events/index.js';

export interface Decider<State, Command, E extends DomainEvent> {
  /** The event types of the stream it folds, from the catalogue (`streamEventTypes('payment')`). */
  readonly eventTypes: readonly E['type'][];
  readonly initialState: State;
  /** Throws an AppError when the command is refused. */
  decide(command: Command, state: State): readonly E[];
  evolve(state: State, event: E): State;
}

/** Ends every switch over a union, so a new event or command can't be forgotten. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
