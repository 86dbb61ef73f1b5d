// Wires the accounts feature from the app's dependencies: one keyring, session store and service
// per app; the mailer and the attempt limiter are the app's.
import type { App } from '../http/app.js';
import { AccountService } from './account-service.js';
import { serverKeyring } from './crypto.js';
import { Sessions } from './sessions.js';

export interface Accounts {
  readonly service: AccountService;
  readonly sessions: Sessions;
}

export function createAccounts(app: App): Accounts {
  const { config, pool, store, logger } = app.deps;
  const sessions = new Sessions(pool, config.SESSION_IDLE_MS);
  const service = new AccountService({
    store,
    pool,
    keyring: serverKeyring(),
    payments: app.payments,
    sessions,
    limiter: app.attemptLimiter,
    log: logger.child({ component: 'accounts' }),
    publicUrl: config.publicUrl,
    mailer: app.mailer,
  });
  return { service, sessions };
}
