// Wires the staff feature into the app: sessions and the service on the root instance (so staff
// routes of any feature can use requireStaff), the route guard for the staff prefixes, the first
// master admin from MASTER_ADMIN_EMAIL / MASTER_ADMIN_PASSWORD, and the console routes. Invitations
// go out through the app's mail port (`app.mailer`: SMTP, or .eml files under DATA_DIR/mail).
import { ConfigError } from '../config.js';
import type { App } from '../http/app.js';
import { staffConsoleRouteHandlers } from './console-routes.js';
import { StaffSessions } from './staff-sessions.js';
import { StaffService } from './staff-service.js';
import { guardStaffPaths } from './staff-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    staffService: StaffService;
  }
}

export async function registerStaff(app: App): Promise<void> {
  const { config, pool, store, logger } = app.deps;
  const sessions = new StaffSessions(pool, config.SESSION_IDLE_MS);
  const service = new StaffService({
    store,
    db: pool,
    sessions,
    limiter: app.attemptLimiter,
    mailer: app.mailer,
    publicUrl: config.publicUrl,
  });
  app.decorate('staffSessions', sessions);
  app.decorate('staffService', service);
  app.decorateRequest('staff', null);
  guardStaffPaths(app);

  if (config.MASTER_ADMIN_EMAIL && config.MASTER_ADMIN_PASSWORD) {
    const context = { actor: { kind: 'system' as const, id: null, role: null }, correlationId: 'start:master-admin', now: new Date() };
    try {
      const outcome = await service.ensureFirstMasterAdmin(config.MASTER_ADMIN_EMAIL, config.MASTER_ADMIN_PASSWORD, context);
      logger.info({ email: config.MASTER_ADMIN_EMAIL, outcome }, outcome === 'created' ? 'first master admin created from MASTER_ADMIN_EMAIL' : 'a master admin exists; MASTER_ADMIN_* ignored');
    } catch (error) {
      if ((error as { status?: number }).status === 422) throw new ConfigError([(error as Error).message]);
      throw error;
    }
  }

  await app.register(staffConsoleRouteHandlers, { service });
}
