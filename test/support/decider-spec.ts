// Decider tests read as given(events).when(command).then(events) / .thenThrows(error): the history is
// folded with the decider's own `evolve`, so a test states facts, never a hand-built state.
import { expect } from 'vitest';
import type { Decider } from '@titleledger/api/domain';
import type { DomainEvent } from '@titleledger/api/events';

type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export interface Then<E> {
  /** The events decided, compared field by field with `expected` (extra fields allowed). */
  then(expected: readonly DeepPartial<E>[]): void;
  /** Nothing to record: the command is already satisfied. */
  thenNothing(): void;
  /** Refused: an error of this class (or with this HTTP status) whose message matches. */
  thenThrows(kind: number | (abstract new (...args: never[]) => Error), message?: RegExp): Error;
}

export function specification<State, Command, E extends DomainEvent>(decider: Decider<State, Command, E>) {
  return {
    given: (...history: readonly E[]) => ({
      state: history.reduce((state, event) => decider.evolve(state, event), decider.initialState),
      when(command: Command): Then<E> {
        const decide = () => decider.decide(command, this.state);
        return {
          then: (expected) => expect(decide()).toMatchObject(expected),
          thenNothing: () => expect(decide()).toEqual([]),
          thenThrows(kind, message) {
            let thrown: unknown;
            try {
              decide();
            } catch (error) {
              thrown = error;
            }
            if (!(thrown instanceof Error)) throw new Error('expected the command to be refused, but it was decided');
            if (typeof kind === 'number') expect((thrown as Error & { status?: number }).status).toBe(kind);
            else expect(thrown).toBeInstanceOf(kind);
            if (message) expect(thrown.message).toMatch(message);
            return thrown;
          },
        };
      },
    }),
  };
}
