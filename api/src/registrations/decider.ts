// A title's write side, on stream `title-<trNumber>`: registered once, by the payment that was
// consumed for it; then archived to the Forever Database and restored, and its editable metadata
// corrected by admins (seed 4.4). Pure: the registration (its TR number, hashes, time), the actor
// and the time are built before the command.
import { assertNever, type Decider } from '../domain/decider.js';
import { AppError, notFound } from '../errors.js';
import { streamEventTypes } from '../events/index.js';
import type { StaffRole } from '../schemas/staff.js';
import type { RegistrationArchivedData, TitleEvent, TitleRegisteredData } from './events.js';

export type TitleState =
  | { readonly status: 'none' }
  | {
      readonly status: 'registered';
      readonly registration: TitleRegisteredData;
      /** Why it is in the Forever Database; null while it is not. */
      readonly archiveCause: RegistrationArchivedData['cause'] | null;
      /** The shown metadata: the registration's, or the latest correction's. */
      readonly title: string;
      readonly description: string;
    };

export type TitleCommand =
  | { readonly type: 'RegisterTitle'; readonly registration: TitleRegisteredData }
  | {
      readonly type: 'ArchiveRegistration';
      readonly by: string;
      readonly role: StaffRole | null;
      readonly reason: string;
      readonly cause: RegistrationArchivedData['cause'];
      readonly at: string;
    }
  | {
      readonly type: 'RestoreRegistration';
      readonly by: string;
      readonly reason: string | null;
      readonly at: string;
      /** Whether the owner's account is deleted (read by the caller, as time is). */
      readonly ownerDeleted: boolean;
    }
  | {
      readonly type: 'CorrectRegistration';
      readonly by: string;
      readonly role: StaffRole;
      readonly reason: string;
      readonly title?: string | undefined;
      readonly description?: string | undefined;
      readonly at: string;
    };

/** The TR number already names another payment's registration (40 random bits: practically never). */
export class TrNumberTakenError extends AppError {
  constructor(trNumber: string) {
    super('conflict', `TR number ${trNumber} is already taken.`);
    this.name = 'TrNumberTakenError';
  }
}

const NO_SUCH_REGISTRATION = 'No such registration';
const OWNER_DELETED_CANNOT_BE_RESTORED =
  "This registration's owner account was deleted, with all its data: the registration stays in the Forever Database.";
const ARCHIVED_CANNOT_BE_CORRECTED = 'This registration is in the Forever Database: restore it before correcting it.';

/** Archived with its owner's account: for good (its titles would bring the deleted name back to search). */
const withAccount = (cause: RegistrationArchivedData['cause'] | null): boolean => cause === 'admin_deleted_user' || cause === 'owner_deleted_account';

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
      case 'ArchiveRegistration': {
        if (state.status === 'none') throw notFound(NO_SUCH_REGISTRATION);
        // Archiving twice changes nothing: the first archive's who, when and why stay. But a title
        // archived on its own is archived again with its owner's account, so that its own stream says
        // it stays archived: a restore that read it before the account's deletion meets a new revision.
        if (state.archiveCause !== null && (withAccount(state.archiveCause) || !withAccount(command.cause))) return [];
        const { by, role, reason, cause, at } = command;
        return [{ type: 'RegistrationArchived', data: { trNumber: state.registration.trNumber, by, role, reason, cause, at } }];
      }
      case 'RestoreRegistration': {
        if (state.status === 'none') throw notFound(NO_SUCH_REGISTRATION);
        if (state.archiveCause === null) return [];
        // Deleting an account removes its data for good: its titles would bring the name back to search.
        // Archived with the account (the cause, on this stream, holds even while the deletion is
        // still under way and the owner's stream does not say so yet), or its owner deleted since.
        if (command.ownerDeleted || withAccount(state.archiveCause)) {
          throw new AppError('conflict', OWNER_DELETED_CANNOT_BE_RESTORED);
        }
        const { by, reason, at } = command;
        return [{ type: 'RegistrationRestored', data: { trNumber: state.registration.trNumber, by, reason, at } }];
      }
      case 'CorrectRegistration': {
        if (state.status === 'none') throw notFound(NO_SUCH_REGISTRATION);
        if (state.archiveCause !== null) throw new AppError('conflict', ARCHIVED_CANNOT_BE_CORRECTED);
        const title = command.title !== undefined && command.title !== state.title ? command.title : undefined;
        const description = command.description !== undefined && command.description !== state.description ? command.description : undefined;
        if (title === undefined && description === undefined) return [];
        const { by, role, reason, at } = command;
        return [
          {
            type: 'RegistrationCorrected',
            data: {
              trNumber: state.registration.trNumber,
              by,
              role,
              reason,
              ...(title !== undefined ? { title } : {}),
              ...(description !== undefined ? { description } : {}),
              at,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TitleRegistered':
        return { status: 'registered', registration: event.data, archiveCause: null, title: event.data.title, description: event.data.description };
      case 'RegistrationArchived':
        return state.status === 'registered' ? { ...state, archiveCause: event.data.cause } : state;
      case 'RegistrationRestored':
        return state.status === 'registered' ? { ...state, archiveCause: null } : state;
      case 'RegistrationCorrected':
        return state.status === 'registered'
          ? { ...state, title: event.data.title ?? state.title, description: event.data.description ?? state.description }
          : state;
      default:
        return assertNever(event);
    }
  },
};
