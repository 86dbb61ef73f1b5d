// Wires the accounts feature from the app's dependencies: one keyring, key table, session store and
// set of use cases per app; the mailer and the attempt limiter are the app's. Each use case is a
// function of its own in use-cases/; `service` hands them to the routes with the dependencies bound.
import { FileSystemBlobStore, worksBlobDir } from '../documents/blob-store.js';
import type { App } from '../http/app.js';
import { serverKeyring } from './crypto.js';
import { Sessions } from './sessions.js';
import { UserKeys } from './user-keys.js';
import { changePassword } from './use-cases/change-password.js';
import { confirmTwoFactor } from './use-cases/confirm-two-factor.js';
import { deleteAccount } from './use-cases/delete-account.js';
import { BackgroundWork, type AccountsDeps } from './use-cases/deps.js';
import { disableTwoFactor } from './use-cases/disable-two-factor.js';
import { setNotificationPreference, setNotificationPreferences } from './use-cases/notification-preferences.js';
import { requestPasswordReset } from './use-cases/request-password-reset.js';
import { checkPasswordReset, resetPassword } from './use-cases/reset-password.js';
import { signIn } from './use-cases/sign-in.js';
import { signUp } from './use-cases/sign-up.js';
import { startTwoFactor } from './use-cases/start-two-factor.js';
import { updateProfile } from './use-cases/update-profile.js';

type Tail<F> = F extends (deps: AccountsDeps, ...rest: infer R) => infer Out ? (...rest: R) => Out : never;

/** The use cases with their dependencies bound: what the routes call. */
export interface AccountUseCases {
  readonly register: Tail<typeof signUp>;
  readonly login: Tail<typeof signIn>;
  readonly updateProfile: Tail<typeof updateProfile>;
  readonly changePassword: Tail<typeof changePassword>;
  readonly setNotificationPreferences: Tail<typeof setNotificationPreferences>;
  readonly setNotificationPreference: Tail<typeof setNotificationPreference>;
  readonly startTwoFactor: Tail<typeof startTwoFactor>;
  readonly verifyTwoFactor: Tail<typeof confirmTwoFactor>;
  readonly disableTwoFactor: Tail<typeof disableTwoFactor>;
  readonly deleteAccount: Tail<typeof deleteAccount>;
  readonly requestPasswordReset: Tail<typeof requestPasswordReset>;
  readonly resetPassword: Tail<typeof resetPassword>;
  readonly checkPasswordReset: Tail<typeof checkPasswordReset>;
  /** Resolves when every background password reset has finished (the app waits for it on close). */
  readonly settled: () => Promise<void>;
}

export interface Accounts {
  readonly service: AccountUseCases;
  readonly sessions: Sessions;
}

export function createAccounts(app: App): Accounts {
  const { config, pool, store, logger } = app.deps;
  const sessions = new Sessions(pool, config.SESSION_IDLE_MS);
  const keyring = serverKeyring();
  const log = logger.child({ component: 'accounts' });
  const deps: AccountsDeps = {
    store,
    pool,
    keyring,
    keys: new UserKeys(pool, keyring),
    payments: app.payments,
    sessions,
    limiter: app.attemptLimiter,
    log,
    publicUrl: config.publicUrl,
    mailer: app.mailer,
    background: new BackgroundWork(log),
    waitForProjections: (position, readModels) => app.waitForProjections(position, readModels),
    works: new FileSystemBlobStore(worksBlobDir(config.dataDir)),
  };
  const service: AccountUseCases = {
    register: (...args) => signUp(deps, ...args),
    login: (...args) => signIn(deps, ...args),
    updateProfile: (...args) => updateProfile(deps, ...args),
    changePassword: (...args) => changePassword(deps, ...args),
    setNotificationPreferences: (...args) => setNotificationPreferences(deps, ...args),
    setNotificationPreference: (...args) => setNotificationPreference(deps, ...args),
    startTwoFactor: (...args) => startTwoFactor(deps, ...args),
    verifyTwoFactor: (...args) => confirmTwoFactor(deps, ...args),
    disableTwoFactor: (...args) => disableTwoFactor(deps, ...args),
    deleteAccount: (...args) => deleteAccount(deps, ...args),
    requestPasswordReset: (...args) => requestPasswordReset(deps, ...args),
    resetPassword: (...args) => resetPassword(deps, ...args),
    checkPasswordReset: (...args) => checkPasswordReset(deps, ...args),
    settled: () => deps.background.settled(),
  };
  return { service, sessions };
}
