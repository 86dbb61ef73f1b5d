// Every feature's routes, registered under /api. A feature adds one line here.
import { AttemptLimiter } from '../accounts/attempt-limiter.js';
import { authPlugin } from '../accounts/auth.js';
import { createAccounts } from '../accounts/feature.js';
import { accountRoutes } from '../accounts/routes.js';
import { devOutboxRoutes, recordingMailer } from '../mail/dev-outbox.js';
import { createMailer } from '../mail/mailer.js';
import { createPaymentProvider } from '../payments/feature.js';
import { paymentRoutes } from '../payments/routes.js';
import type { App } from './app.js';
import { healthRoutes } from './health.js';
import { titleRegistrationRoutes } from '../registrations/feature.js';
import { ledgerRoutes } from '../anchoring/routes.js';
import { notificationRoutes } from '../notifications/routes.js';
import { transparencyRoutes } from '../transparency/routes.js';
import { auditRoutes } from '../transparency/audit-routes.js';
import { searchRoutes } from '../search/routes.js';
import { supportRoutes } from '../support/routes.js';
import { supportInboxRouteHandlers } from '../support/inbox-routes.js';
import { registerStaff } from '../staff/feature.js';
import { registerAdminPortal } from '../admin-portal/feature.js';
import { verifierDownloadRoutes } from '../verifier-download/routes.js';

export async function registerRoutes(app: App): Promise<void> {
  const { config, pool, logger } = app.deps;
  app.decorate('payments', createPaymentProvider(config, { pool, log: logger.child({ component: 'payments' }) }));
  const mailer = createMailer(config, logger.child({ component: 'mail' }));
  app.decorate('mailer', config.DEV_OUTBOX ? recordingMailer(mailer, pool) : mailer);
  app.decorate('attemptLimiter', new AttemptLimiter(pool));
  const accounts = createAccounts(app);
  // Before any feature route: sets request.actor / request.user from the session.
  await app.register(authPlugin, { sessions: accounts.sessions });
  // Before any feature route too: guards every /api/admin/*, /api/master-admin/* and /api/audit/* route.
  await registerStaff(app);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(supportRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api', ...accounts });
  await app.register(paymentRoutes, { prefix: '/api' });
  await app.register(titleRegistrationRoutes, { prefix: '/api' });
  await app.register(ledgerRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  if (config.DEV_OUTBOX) await app.register(devOutboxRoutes, { prefix: '/api' });
  await app.register(transparencyRoutes, { prefix: '/api' });
  await app.register(auditRoutes);
  await app.register(verifierDownloadRoutes);
  await registerAdminPortal(app, accounts);
  await app.register(supportInboxRouteHandlers);
}
