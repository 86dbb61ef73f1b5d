// The admin portal's API (seed 001 §7.4, issue 15). Who may call what is `adminPortalRoutes`, the
// rows this feature adds to the authorisation table (api/src/staff/access-table.ts); every route is
// registered from its row through `staffRoute`, so the table test covers it for every role.
// Writes answer once the read models they change have applied them (read-your-writes).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { errorResponses } from '../http/openapi.js';
import {
  ADMIN_MESSAGES,
  adminDeleteRequestSchema,
  adminGlobalStatsSchema,
  adminRegistrationCorrectionRequestSchema,
  adminRegistrationArchivedSchema,
  adminRegistrationSchema,
  adminRegistrationsPageSchema,
  adminRegistrationsQuerySchema,
  adminTitleIdParamsSchema,
  adminUserDeletedSchema,
  adminUserIdParamsSchema,
  adminUserRegistrationsSchema,
  adminUserSchema,
  adminUserUpdateRequestSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  foreverDatabasePageSchema,
  foreverDatabaseQuerySchema,
  materialTypeStatsSchema,
  registrationRestoredSchema,
  registrationsByGeoSchema,
  registrationsByPeriodQuerySchema,
  registrationsByPeriodSchema,
  restoreRegistrationRequestSchema,
} from '../schemas/admin.js';
import { staffRoute, type StaffRouteSpec } from '../staff/staff-routes.js';
import type { AdminActions, Admin } from './admin-actions.js';
import {
  findAdminRegistration,
  findAdminUser,
  globalStats,
  listForeverDatabase,
  listRegistrations,
  listUsers,
  materialTypeStats,
  registrationsByGeo,
  registrationsByPeriod,
  registrationsOfUser,
} from './admin-queries.js';

export const adminPortalRoutes = {
  globalStats: { method: 'GET', url: '/api/admin/global-stats', access: 'admin1' },
  registrationsByPeriod: { method: 'GET', url: '/api/admin/registrations-by-period', access: 'admin1' },
  materialTypeStats: { method: 'GET', url: '/api/admin/material-type-stats', access: 'admin1' },
  registrationsByGeo: { method: 'GET', url: '/api/admin/registrations-by-geo', access: 'admin1' },
  listUsers: { method: 'GET', url: '/api/admin/users', access: 'admin1' },
  userRegistrations: { method: 'GET', url: '/api/user/:id/registrations', access: 'admin1' },
  editUser: { method: 'PUT', url: '/api/admin/users/:id', access: 'admin2' },
  deleteUser: { method: 'DELETE', url: '/api/admin/users/:id', access: 'admin3' },
  listRegistrations: { method: 'GET', url: '/api/admin/registrations', access: 'admin1' },
  correctRegistration: { method: 'PUT', url: '/api/admin/titles/:id', access: 'admin2' },
  deleteRegistration: { method: 'DELETE', url: '/api/admin/titles/:id', access: 'admin3' },
  foreverDatabase: { method: 'GET', url: '/api/admin/forever-database', access: 'admin3' },
  restoreRegistration: { method: 'POST', url: '/api/admin/forever-database/:id/restore', access: 'master_admin' },
} as const satisfies Record<string, StaffRouteSpec>;

/** The read models an archive, a restore or a correction changes: search and the owner's lists, the counts, the access log. */
const TITLE_READ_MODELS = ['registrations', 'admin', 'staff'];
/** A creator's deletion or profile edit changes the users list too. */
const USER_READ_MODELS = ['registrations', 'admin', 'users', 'staff'];

const tags = ['admin'];

export async function adminPortalRouteHandlers(app: App, { actions }: { actions: AdminActions }): Promise<void> {
  const { pool } = app.deps;
  const adminOf = (request: FastifyRequest): Admin => ({ id: request.staff!.id, role: request.staff!.role });

  app.route({
    ...staffRoute(adminPortalRoutes.globalStats),
    schema: { tags, summary: 'Overview cards: totals, active, users, this month', response: { 200: adminGlobalStatsSchema, ...errorResponses(401, 403) } },
    handler: async () => globalStats(pool, new Date()),
  });

  app.route({
    ...staffRoute(adminPortalRoutes.registrationsByPeriod),
    schema: { tags, querystring: registrationsByPeriodQuerySchema, response: { 200: registrationsByPeriodSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => registrationsByPeriod(pool, request.query.period, request.query.limit, new Date()),
  });

  app.route({
    ...staffRoute(adminPortalRoutes.materialTypeStats),
    schema: { tags, response: { 200: materialTypeStatsSchema, ...errorResponses(401, 403) } },
    handler: async () => materialTypeStats(pool),
  });

  app.route({
    ...staffRoute(adminPortalRoutes.registrationsByGeo),
    schema: { tags, response: { 200: registrationsByGeoSchema, ...errorResponses(401, 403) } },
    handler: async () => registrationsByGeo(pool),
  });

  app.route({
    ...staffRoute(adminPortalRoutes.listUsers),
    schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => listUsers(pool, request.query),
  });

  app.route({
    ...staffRoute(adminPortalRoutes.userRegistrations),
    schema: { tags, params: adminUserIdParamsSchema, response: { 200: adminUserRegistrationsSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => {
      const user = await findAdminUser(pool, request.params.id);
      if (!user) throw notFound(ADMIN_MESSAGES.noSuchUser);
      return { user, registrations: await registrationsOfUser(pool, user.id) };
    },
  });

  app.route({
    ...staffRoute(adminPortalRoutes.editUser),
    schema: {
      tags,
      params: adminUserIdParamsSchema,
      body: adminUserUpdateRequestSchema,
      response: { 200: z.object({ success: z.literal(true), user: adminUserSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const position = await actions.editUserProfile(request.params.id, adminOf(request), request.body, commandContext(request));
      await app.waitForProjections(position, USER_READ_MODELS);
      const user = await findAdminUser(pool, request.params.id);
      if (!user) throw notFound(ADMIN_MESSAGES.noSuchUser);
      return { success: true as const, user };
    },
  });

  app.route({
    ...staffRoute(adminPortalRoutes.deleteUser),
    schema: { tags, params: adminUserIdParamsSchema, body: adminDeleteRequestSchema, response: { 200: adminUserDeletedSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => {
      const result = await actions.deleteUser(request.params.id, adminOf(request), request.body.reason, commandContext(request));
      await app.waitForProjections(result.position, USER_READ_MODELS);
      return {
        success: true as const,
        userId: request.params.id,
        deleted: result.deleted,
        archivedRegistrations: result.archivedRegistrations,
        message: result.deleted ? ADMIN_MESSAGES.userDeletedTitle : 'This user was already deleted.',
      };
    },
  });

  app.route({
    ...staffRoute(adminPortalRoutes.listRegistrations),
    schema: { tags, querystring: adminRegistrationsQuerySchema, response: { 200: adminRegistrationsPageSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => listRegistrations(pool, request.query),
  });

  app.route({
    ...staffRoute(adminPortalRoutes.correctRegistration),
    schema: {
      tags,
      params: adminTitleIdParamsSchema,
      body: adminRegistrationCorrectionRequestSchema,
      response: { 200: z.object({ success: z.literal(true), registration: adminRegistrationSchema }), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const position = await actions.correctRegistration(id, adminOf(request), request.body, commandContext(request));
      await app.waitForProjections(position, TITLE_READ_MODELS);
      const registration = await findAdminRegistration(pool, id);
      if (!registration) throw notFound(ADMIN_MESSAGES.noSuchRegistration);
      return { success: true as const, registration };
    },
  });

  app.route({
    ...staffRoute(adminPortalRoutes.deleteRegistration),
    schema: { tags, params: adminTitleIdParamsSchema, body: adminDeleteRequestSchema, response: { 200: adminRegistrationArchivedSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => {
      const { id } = request.params;
      const result = await actions.archiveRegistration(id, adminOf(request), request.body.reason, commandContext(request));
      await app.waitForProjections(result.position, TITLE_READ_MODELS);
      return {
        success: true as const,
        id,
        archived: result.archived,
        message: result.archived ? ADMIN_MESSAGES.registrationDeleted : 'This registration was already in the Forever Database.',
      };
    },
  });

  app.route({
    ...staffRoute(adminPortalRoutes.foreverDatabase),
    schema: { tags, querystring: foreverDatabaseQuerySchema, response: { 200: foreverDatabasePageSchema, ...errorResponses(400, 401, 403) } },
    handler: async (request) => listForeverDatabase(pool, request.query),
  });

  app.route({
    ...staffRoute(adminPortalRoutes.restoreRegistration),
    schema: {
      tags,
      params: adminTitleIdParamsSchema,
      body: restoreRegistrationRequestSchema.nullish(), // the reason is optional, and so is the body (absent or JSON null)
      response: { 200: registrationRestoredSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const result = await actions.restoreRegistration(id, adminOf(request), request.body?.reason ?? null, commandContext(request));
      await app.waitForProjections(result.position, TITLE_READ_MODELS);
      return {
        success: true as const,
        id,
        restored: result.restored,
        message: result.restored ? 'Registration restored from the Forever Database' : 'This registration was not archived.',
      };
    },
  });
}
