// The user's write side: pure decide/evolve over the user stream. Secrets and personal data arrive
// already sealed, time and ids with the command; checks that need them opened (the password, a
// TOTP code) happen before the command is made, and the decider keeps the rules that need only state:
// who may do what in which status, and that a TOTP time step is never accepted twice.
import { AppError, conflict, notFound, unauthorized, unprocessable } from '../errors.js';
import { assertNever, type Decider } from '../domain/decider.js';
import { streamEventTypes } from '../events/index.js';
import { DEFAULT_NOTIFICATION_PREFERENCES, MESSAGES } from '../schemas/accounts.js';
import type { NotificationPreferences } from '../schemas/session.js';
import type { UserEvent, UserEventOf } from './events.js';

type Data<K extends UserEvent['type']> = UserEventOf<K>['data'];

export type UserCommand =
  | {
      readonly type: 'RegisterUser';
      readonly data: Data<'UserRegistered'>;
      /** The card on file, attached in the same append so an account never exists without it. */
      readonly paymentMethod: Data<'PaymentMethodAttached'> | null;
    }
  | { readonly type: 'AttachPaymentMethod'; readonly data: Data<'PaymentMethodAttached'> }
  | { readonly type: 'RecordLogin'; readonly data: Data<'UserLoggedIn'> }
  | { readonly type: 'RecordLoginFailure'; readonly data: Data<'LoginFailed'> }
  | { readonly type: 'UpdateProfile'; readonly data: Data<'ProfileUpdated'> }
  | { readonly type: 'ChangePassword'; readonly data: Data<'PasswordChanged'> }
  | { readonly type: 'StartTwoFactorSetup'; readonly data: Data<'TwoFactorSetupStarted'> }
  | { readonly type: 'EnableTwoFactor'; readonly data: Data<'TwoFactorEnabled'> }
  | { readonly type: 'DisableTwoFactor'; readonly data: Data<'TwoFactorDisabled'> }
  | { readonly type: 'ChangeNotificationPreferences'; readonly data: Data<'NotificationPreferencesChanged'> }
  | { readonly type: 'RequestPasswordReset'; readonly data: Data<'PasswordResetRequested'> }
  | { readonly type: 'DeleteAccount'; readonly data: Data<'AccountDeleted'> };

type TwoFactorState =
  | { readonly status: 'off' }
  | { readonly status: 'pending'; readonly secret: string }
  | { readonly status: 'on'; readonly secret: string };

export interface ActiveUser {
  readonly status: 'active';
  readonly userId: string;
  readonly emailHmac: string;
  readonly accountType: Data<'UserRegistered'>['accountType'];
  readonly profile: string;
  readonly password: string;
  readonly registeredAt: string;
  readonly passwordChangedAt: string | null;
  readonly twoFactor: TwoFactorState;
  /** The time step of the last TOTP code accepted: codes at or before it are replays. */
  readonly lastTotpTimeStep: number | null;
  readonly preferences: NotificationPreferences;
  readonly card: string | null;
}

export type UserState =
  | { readonly status: 'unregistered' }
  | ActiveUser
  | { readonly status: 'deleted'; readonly userId: string };

export const initialUserState: UserState = { status: 'unregistered' };

const ACCOUNT_DELETED = 'This account has been deleted.';

/** The rules below that use cases also need before they can make their command (one definition each). */
export function requireActive(state: UserState): ActiveUser {
  switch (state.status) {
    case 'active':
      return state;
    case 'unregistered':
      throw notFound('No such account.');
    case 'deleted':
      throw unauthorized(ACCOUNT_DELETED);
    default:
      return assertNever(state);
  }
}

function refuseReplay(user: ActiveUser, timeStep: number): void {
  if (user.lastTotpTimeStep !== null && timeStep <= user.lastTotpTimeStep) {
    throw new AppError('unprocessable', 'This code has already been used. Wait for the next one.');
  }
}

/** An active user whose two-factor set-up is started and not confirmed yet: the secret to check a code against. */
export function requirePendingTwoFactor(state: UserState): { readonly user: ActiveUser; readonly secret: string } {
  const user = requireActive(state);
  if (user.twoFactor.status === 'on') throw conflict('Two-factor authentication is already enabled.');
  if (user.twoFactor.status === 'off') throw unprocessable('Start two-factor setup first.');
  return { user, secret: user.twoFactor.secret };
}

/** An active user with two-factor on. */
export function requireTwoFactorOn(state: UserState): ActiveUser {
  const user = requireActive(state);
  if (user.twoFactor.status !== 'on') throw conflict('Two-factor authentication is not enabled.');
  return user;
}

export function decide(command: UserCommand, state: UserState): readonly UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'unregistered') throw conflict(MESSAGES.duplicateEmail);
      return command.paymentMethod
        ? [
            { type: 'UserRegistered', data: command.data },
            { type: 'PaymentMethodAttached', data: command.paymentMethod },
          ]
        : [{ type: 'UserRegistered', data: command.data }];
    case 'AttachPaymentMethod':
      requireActive(state);
      return [{ type: 'PaymentMethodAttached', data: command.data }];
    case 'RecordLogin': {
      const user = requireActive(state);
      if (user.twoFactor.status === 'on' && command.data.totpTimeStep === null) {
        throw unauthorized(MESSAGES.twoFactorRequired);
      }
      if (command.data.totpTimeStep !== null) refuseReplay(user, command.data.totpTimeStep);
      return [{ type: 'UserLoggedIn', data: command.data }];
    }
    case 'RecordLoginFailure':
      requireActive(state);
      return [{ type: 'LoginFailed', data: command.data }];
    case 'UpdateProfile':
      requireActive(state);
      return [{ type: 'ProfileUpdated', data: command.data }];
    case 'ChangePassword':
      requireActive(state);
      return [{ type: 'PasswordChanged', data: command.data }];
    case 'StartTwoFactorSetup': {
      const user = requireActive(state);
      if (user.twoFactor.status === 'on') throw conflict('Two-factor authentication is already enabled.');
      return [{ type: 'TwoFactorSetupStarted', data: command.data }];
    }
    case 'EnableTwoFactor':
      refuseReplay(requirePendingTwoFactor(state).user, command.data.timeStep);
      return [{ type: 'TwoFactorEnabled', data: command.data }];
    case 'DisableTwoFactor':
      requireTwoFactorOn(state);
      return [{ type: 'TwoFactorDisabled', data: command.data }];
    case 'ChangeNotificationPreferences': {
      const user = requireActive(state);
      const same = (Object.keys(command.data.preferences) as (keyof NotificationPreferences)[]).every(
        (key) => user.preferences[key] === command.data.preferences[key],
      );
      return same ? [] : [{ type: 'NotificationPreferencesChanged', data: command.data }];
    }
    case 'RequestPasswordReset':
      requireActive(state);
      return [{ type: 'PasswordResetRequested', data: command.data }];
    case 'DeleteAccount':
      // An account that is gone already: nothing more to write (deleting twice is idempotent, whoever
      // asks: an admin, or the owner's second request racing the first).
      if (state.status === 'deleted') return [];
      requireActive(state);
      return [{ type: 'AccountDeleted', data: command.data }];
    default:
      return assertNever(command);
  }
}

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'active',
      userId: d.userId,
      emailHmac: d.emailHmac,
      accountType: d.accountType,
      profile: d.profile,
      password: d.password,
      registeredAt: d.registeredAt,
      passwordChangedAt: null,
      twoFactor: { status: 'off' },
      lastTotpTimeStep: null,
      preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      card: null,
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'PaymentMethodAttached':
      return { ...state, card: event.data.card };
    case 'UserLoggedIn':
      return event.data.totpTimeStep === null ? state : { ...state, lastTotpTimeStep: event.data.totpTimeStep };
    case 'LoginFailed':
    case 'PasswordResetRequested':
      return state;
    case 'ProfileUpdated':
      return { ...state, emailHmac: event.data.emailHmac, accountType: event.data.accountType, profile: event.data.profile };
    case 'PasswordChanged':
      return { ...state, password: event.data.password, passwordChangedAt: event.data.changedAt };
    case 'TwoFactorSetupStarted':
      return { ...state, twoFactor: { status: 'pending', secret: event.data.secret } };
    case 'TwoFactorEnabled':
      return state.twoFactor.status === 'off'
        ? state
        : { ...state, twoFactor: { status: 'on', secret: state.twoFactor.secret }, lastTotpTimeStep: event.data.timeStep };
    case 'TwoFactorDisabled':
      return { ...state, twoFactor: { status: 'off' } };
    case 'NotificationPreferencesChanged':
      return { ...state, preferences: event.data.preferences };
    case 'AccountDeleted':
      return { status: 'deleted', userId: state.userId };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  eventTypes: streamEventTypes('user'),
  initialState: initialUserState,
  decide,
  evolve,
};
