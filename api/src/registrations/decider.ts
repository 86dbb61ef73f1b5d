// A title's write side, on stream `title-<trNumber>`: registered once, by the payment that was
// consumed for it. Pure: the registration (its TR number, hashes, time) is built before the command.
import { assertNever, type Decider } from '../domain/decider.js';
import { AppError } from '../errors.js';
import { streamEventTypes } from '../events/index.js';
import type { TitleEvent, TitleRegisteredData } from './events.js';

export type TitleState =
  | { readonly status: 'none' }
  | { readonly status: 'registered'; readonly registration: TitleRegisteredData; readonly archived: boolean };

export type TitleCommand = { readonly type: 'RegisterTitle'; readonly registration: TitleRegisteredData };

/** The TR number already names another payment's registration (40 random bits: practically never). */
export class TrNumberTakenError extends AppError {
  constructor(trNumber: string) {
    super('conflict', `TR number ${trNumber} is already taken.`);
    this.name = 'TrNumberTakenError';
  }
}

export const titleDecider: Decider<TitleState, TitleCommand, TitleEvent> = {
  eventTypes: streamEventTypes('title'),
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterTitle': {
        const { registration } = command;
        if (state.status === 'none') return [{ type: 'TitleRegistered', data: registration }];
        // Written already for this payment (a retry, or recovery after a crash): nothing more to do.
        if (state.registration.paymentId === registration.paymentId) return [];
        throw new TrNumberTakenError(registration.trNumber);
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TitleRegistered':
        return { status: 'registered', registration: event.data, archived: false };
      case 'RegistrationArchived':
        return state.status === 'registered' ? { ...state, archived: true } : state;
      default:
        return assertNever(event);
    }
  },
};
