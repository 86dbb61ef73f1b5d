// The user decider, as given(events).when(command).then(events) / thenThrows, grouped by state.
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../schemas/accounts.js';
import { decide, evolve, initialUserState, type UserCommand, type UserState } from './decider.js';
import type { UserEvent } from './events.js';
import { parseEvent } from '../events/index.js';

const userId = '6f1c1f8e-3d1b-4c5e-9a51-0c7f0f0e0a01';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    emailHmac: 'hmac-1',
    accountType: 'individual',
    profile: 'v1.profile',
    password: 'v1.password',
    termsAcceptedAt: '2026-01-01T00:00:00.000Z',
    privacyAcceptedAt: '2026-01-01T00:00:00.000Z',
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
};
const twoFactorOn: UserEvent[] = [
  { type: 'TwoFactorSetupStarted', data: { secret: 'v1.secret' } },
  { type: 'TwoFactorEnabled', data: { timeStep: 100 } },
];
const deleted: UserEvent = { type: 'AccountDeleted', data: { reason: 'user_request', deletedAt: '2026-02-01T00:00:00.000Z' } };

function given(...events: UserEvent[]) {
  const state = events.reduce<UserState>(evolve, initialUserState);
  return {
    state,
    when: (command: UserCommand) => ({
      then: (expected: readonly UserEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenThrows: (status: number, message?: RegExp) => {
        let thrown: unknown;
        try {
          decide(command, state);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(AppError);
        expect((thrown as AppError).status).toBe(status);
        if (message) expect((thrown as AppError).message).toMatch(message);
      },
    }),
  };
}

const loginData = (totpTimeStep: number | null) =>
  ({ method: totpTimeStep === null ? 'password' : 'password+totp', totpTimeStep, rememberMe: false }) as const;
const login = (totpTimeStep: number | null): UserCommand => ({ type: 'RecordLogin', data: loginData(totpTimeStep) });

describe('an unregistered user', () => {
  it('registers, with the card attached in the same append', () => {
    const card = { provider: 'local' as const, card: 'v1.card' };
    given().when({ type: 'RegisterUser', data: registered.data, paymentMethod: card }).then([
      registered,
      { type: 'PaymentMethodAttached', data: card },
    ]);
  });

  it('cannot log in or change anything', () => {
    given().when(login(null)).thenThrows(404);
    given().when({ type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: 'x' } }).thenThrows(404);
  });
});

describe('an active user', () => {
  it('starts with two-factor off and the default preferences', () => {
    const { state } = given(registered);
    expect(state).toMatchObject({ status: 'active', twoFactor: { status: 'off' }, preferences: DEFAULT_NOTIFICATION_PREFERENCES });
  });

  it('cannot register twice', () => {
    given(registered).when({ type: 'RegisterUser', data: registered.data, paymentMethod: null }).thenThrows(409);
  });

  it('logs in with the password alone while two-factor is off', () => {
    given(registered).when(login(null)).then([{ type: 'UserLoggedIn', data: loginData(null) }]);
  });

  it('enables two-factor only after setup started', () => {
    given(registered).when({ type: 'EnableTwoFactor', data: { timeStep: 5 } }).thenThrows(422, /setup first/);
    given(registered, twoFactorOn[0]!).when({ type: 'EnableTwoFactor', data: { timeStep: 5 } }).then([
      { type: 'TwoFactorEnabled', data: { timeStep: 5 } },
    ]);
  });

  it('emits nothing when the preferences do not change', () => {
    given(registered).when({ type: 'ChangeNotificationPreferences', data: { preferences: DEFAULT_NOTIFICATION_PREFERENCES } }).then([]);
    const changed = { ...DEFAULT_NOTIFICATION_PREFERENCES, smsNotifications: true };
    given(registered).when({ type: 'ChangeNotificationPreferences', data: { preferences: changed } }).then([
      { type: 'NotificationPreferencesChanged', data: { preferences: changed } },
    ]);
  });

  it('refuses to disable two-factor that is off', () => {
    given(registered).when({ type: 'DisableTwoFactor', data: { proof: 'password' } }).thenThrows(409);
  });
});

describe('an active user with two-factor on', () => {
  it('needs a code to log in', () => {
    given(registered, ...twoFactorOn).when(login(null)).thenThrows(401, /Two-factor code required/);
  });

  it('refuses a code from the time step already used, or an earlier one', () => {
    given(registered, ...twoFactorOn).when(login(100)).thenThrows(422, /already been used/);
    given(registered, ...twoFactorOn).when(login(99)).thenThrows(422);
    given(registered, ...twoFactorOn).when(login(101)).then([{ type: 'UserLoggedIn', data: loginData(101) }]);
  });

  it('remembers the last accepted step across logins', () => {
    given(registered, ...twoFactorOn, { type: 'UserLoggedIn', data: loginData(101) }).when(login(101)).thenThrows(422);
  });

  it('cannot start a second setup', () => {
    given(registered, ...twoFactorOn).when({ type: 'StartTwoFactorSetup', data: { secret: 'v1.other' } }).thenThrows(409);
  });

  it('turns two-factor off', () => {
    const { state } = given(registered, ...twoFactorOn, { type: 'TwoFactorDisabled', data: { proof: 'fresh_session' } });
    expect(state).toMatchObject({ twoFactor: { status: 'off' } });
  });
});

describe('a deleted user', () => {
  it('can do nothing at all (401)', () => {
    given(registered, deleted).when(login(null)).thenThrows(401, /deleted/);
    given(registered, deleted).when({ type: 'UpdateProfile', data: { emailHmac: 'h', accountType: 'business', profile: 'v1.p' } }).thenThrows(401);
  });

  it('keeps only its id in state', () => {
    expect(given(registered, deleted).state).toEqual({ status: 'deleted', userId });
  });

  it("deleting it again writes nothing, an admin's deletion or its owner's (idempotent)", () => {
    const byAdmin = { by: 'staff-1', role: 'admin3' as const, reason: 'Fraudulent account' };
    given(registered, deleted).when({ type: 'DeleteAccount', data: { reason: 'admin_request', deletedAt: 'x', byAdmin } }).then([]);
    given(registered, deleted).when({ type: 'DeleteAccount', data: { reason: 'user_request', deletedAt: 'x' } }).then([]);
  });
});

describe('an admin', () => {
  const byAdmin = { by: 'staff-1', role: 'admin3' as const, reason: 'Fraudulent account' };
  it('deletes an active account, saying who and why', () => {
    const data = { reason: 'admin_request' as const, deletedAt: '2026-03-01T00:00:00.000Z', byAdmin };
    given(registered).when({ type: 'DeleteAccount', data }).then([{ type: 'AccountDeleted', data }]);
  });
  it('cannot delete an account that never existed', () => {
    given().when({ type: 'DeleteAccount', data: { reason: 'admin_request', deletedAt: 'x', byAdmin } }).thenThrows(404);
  });
});

describe('event schemas', () => {
  it('accept what the decider emits and refuse clear personal data', () => {
    expect(parseEvent(registered)).toEqual(registered);
    expect(() => parseEvent({ ...registered, data: { ...registered.data, profile: '{"email":"a@b.c"}' } })).toThrow();
    expect(() => parseEvent({ type: 'Nope', data: {} })).toThrow(/not in the event catalogue/);
  });
});
