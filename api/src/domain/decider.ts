// The shape of every feature's write side: pure `decide` and `evolve`, no clock, ids or I/O.
// Time and ids arrive with the command; that is what makes deciders testable and replayable.

export interface Event<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

export interface Decider<State, Command, E extends Event> {
  readonly initialState: State;
  /** Throws an AppError when the command is refused. */
  decide(command: Command, state: State): readonly E[];
  evolve(state: State, event: E): State;
}

/** Ends every switch over a union, so a new event or command can't be forgotten. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
