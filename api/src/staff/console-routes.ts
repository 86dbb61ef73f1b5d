// Staff sign-in and the master-admin console (seed 001 §7.5): each route is glue from validated
// input to StaffService, then the read model the answer needs. Who may call what is declared in
// `staffConsoleRoutes`, the rows this feature adds to the authorisation table.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import {
  acceptInvitationRequestSchema,
  invitationCheckRequestSchema,
  staffResetLinkCheckRequestSchema,
  auditLogQuerySchema,
  staffIdParamsSchema,
  staffInviteRequestSchema,
  staffLoginRequestSchema,
  staffPasswordResetRequestSchema,
  staffRoleChangeRequestSchema,
  staffInvitedSchema,
  staffListResponseSchema,
  staffLoginResponseSchema,
  staffRoleChangedSchema,
  staffSessionResponseSchema,
  staffTwoFactorDisableSchema,
  staffTwoFactorStartedSchema,
  staffTwoFactorVerifySchema,
  auditLogPageSchema,
  type StaffLoginRequest,
} from '../schemas/staff.js';
import { linkValidSchema, successMessageSchema, successSchema } from '../schemas/errors.js';
import { limitLinkChecks, linkCheckLimit } from '../http/link-checks.js';
import { STAFF_COOKIE, STAFF_SESSION_ENDED } from './require-staff.js';
import type { StaffPortal, StaffService } from './staff-service.js';
import { listStaff, readAccessLog } from './staff-queries.js';
import { staffRoute, type StaffRouteSpec } from './staff-routes.js';

/** What the staff answers read: the `staff` projection's tables (the Admins list, the access log). */
const STAFF_READ_MODELS = ['staff'];

export const staffConsoleRoutes = {
  adminLogin: { method: 'POST', url: '/api/admin/login', access: 'public' },
  acceptInvitation: { method: 'POST', url: '/api/admin/accept-invitation', access: 'public' },
  checkInvitation: { method: 'POST', url: '/api/admin/accept-invitation/check', access: 'public' },
  resetPassword: { method: 'POST', url: '/api/admin/reset-password', access: 'public' },
  checkResetLink: { method: 'POST', url: '/api/admin/reset-password/check', access: 'public' },
  me: { method: 'GET', url: '/api/admin/me', access: 'staff' },
  logout: { method: 'POST', url: '/api/admin/logout', access: 'staff' },
  startTwoFactor: { method: 'POST', url: '/api/admin/2fa/enable', access: 'staff' },
  verifyTwoFactor: { method: 'POST', url: '/api/admin/2fa/verify', access: 'staff' },
  disableTwoFactor: { method: 'DELETE', url: '/api/admin/2fa/disable', access: 'staff' },
  masterLogin: { method: 'POST', url: '/api/master-admin/login', access: 'public' },
  listAdmins: { method: 'GET', url: '/api/master-admin/admins', access: 'master_admin' },
  changeRole: { method: 'PUT', url: '/api/master-admin/admins/:id/role', access: 'master_admin' },
  deleteAdmin: { method: 'DELETE', url: '/api/master-admin/admins/:id', access: 'master_admin' },
  sendPasswordReset: { method: 'POST', url: '/api/master-admin/admins/:id/password-reset', access: 'master_admin' },
  invite: { method: 'POST', url: '/api/master-admin/invite', access: 'master_admin' },
  auditLogs: { method: 'GET', url: '/api/master-admin/audit-logs', access: 'auditor' },
} as const satisfies Record<string, StaffRouteSpec>;

export async function staffConsoleRouteHandlers(app: App, { service }: { service: StaffService }): Promise<void> {
  const secure = app.deps.config.publicUrl.startsWith('https:');
  const staffOf = (request: FastifyRequest) => request.staff!;

  const login = (portal: StaffPortal) => async (request: FastifyRequest & { body: StaffLoginRequest }, reply: FastifyReply) => {
    try {
      const result = await service.login(portal, request.body, commandContext(request), request.headers['user-agent'] ?? null);
      await app.waitForProjections(result.position, STAFF_READ_MODELS);
      // The web app keeps the session only in this cookie; API clients use the token as a bearer.
      reply.setCookie(STAFF_COOKIE, result.token, { path: '/api', httpOnly: true, sameSite: 'strict', secure: secure || request.protocol === 'https' });
      return { token: result.token, admin: result.admin };
    } catch (error) {
      const retry = error instanceof AppError ? (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds : undefined;
      if (retry) reply.header('retry-after', String(retry));
      throw error;
    }
  };

  const tags = ['staff'];
  const loginSchema = { tags, body: staffLoginRequestSchema, response: { 200: staffLoginResponseSchema } };
  app.route({ ...staffRoute(staffConsoleRoutes.adminLogin), schema: loginSchema, handler: login('admin') });
  app.route({ ...staffRoute(staffConsoleRoutes.masterLogin), schema: loginSchema, handler: login('master-admin') });

  app.route({
    ...staffRoute(staffConsoleRoutes.acceptInvitation),
    schema: { tags, body: acceptInvitationRequestSchema, response: { 200: successMessageSchema } },
    handler: async (request) => {
      await app.waitForProjections(await service.acceptInvitation(request.body, commandContext(request)), STAFF_READ_MODELS);
      return { success: true as const, message: 'Your admin account is ready. Sign in at /admin/login.' };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.resetPassword),
    schema: { tags, body: staffPasswordResetRequestSchema, response: { 200: successMessageSchema } },
    handler: async (request) => {
      await app.waitForProjections(await service.resetPasswordWithLink(request.body, commandContext(request)), STAFF_READ_MODELS);
      return { success: true as const, message: 'Your password is reset and every session of your account has ended. Sign in at /admin/login.' };
    },
  });

  // Whether an e-mailed link still works, asked by its page as it opens (http/link-checks.ts).
  await limitLinkChecks(app);
  const linkCheck = (spec: StaffRouteSpec) => {
    const route = staffRoute(spec);
    return { ...route, config: { ...route.config, ...linkCheckLimit } };
  };
  const linkValid = { success: true as const, valid: true as const };

  app.route({
    ...linkCheck(staffConsoleRoutes.checkInvitation),
    schema: { tags, body: invitationCheckRequestSchema, response: { 200: linkValidSchema } },
    handler: async (request) => {
      await service.checkInvitation(request.body.token, commandContext(request).now);
      return linkValid;
    },
  });

  app.route({
    ...linkCheck(staffConsoleRoutes.checkResetLink),
    schema: { tags, body: staffResetLinkCheckRequestSchema, response: { 200: linkValidSchema } },
    handler: async (request) => {
      await service.checkResetLink(request.body.token, commandContext(request).now);
      return linkValid;
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.me),
    schema: { tags, response: { 200: staffSessionResponseSchema } },
    handler: async (request) => {
      const admin = await service.current(staffOf(request).id);
      if (!admin) throw new AppError('unauthorized', STAFF_SESSION_ENDED);
      return { admin };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.logout),
    schema: { tags, response: { 200: successSchema } },
    handler: async (request, reply) => {
      const staff = staffOf(request);
      await app.waitForProjections(await service.logout(staff.id, staff.token, commandContext(request)), STAFF_READ_MODELS);
      reply.clearCookie(STAFF_COOKIE, { path: '/api' });
      return { success: true as const };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.startTwoFactor),
    schema: { tags, response: { 200: staffTwoFactorStartedSchema } },
    handler: async (request) => ({ success: true as const, ...(await service.startTwoFactor(staffOf(request).id)) }),
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.verifyTwoFactor),
    schema: { tags, body: staffTwoFactorVerifySchema, response: { 200: successMessageSchema } },
    handler: async (request) => {
      await app.waitForProjections(await service.verifyTwoFactor(staffOf(request).id, request.body.token, commandContext(request)), STAFF_READ_MODELS);
      return { success: true as const, message: 'Two-factor authentication enabled' };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.disableTwoFactor),
    schema: { tags, body: staffTwoFactorDisableSchema, response: { 200: successMessageSchema } },
    handler: async (request) => {
      await app.waitForProjections(await service.disableTwoFactor(staffOf(request).id, request.body, commandContext(request)), STAFF_READ_MODELS);
      return { success: true as const, message: 'Two-factor authentication disabled' };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.listAdmins),
    schema: { tags, response: { 200: staffListResponseSchema } },
    handler: async () => ({ admins: await listStaff(app.deps.pool) }),
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.changeRole),
    schema: { tags, params: staffIdParamsSchema, body: staffRoleChangeRequestSchema, response: { 200: staffRoleChangedSchema } },
    handler: async (request) => {
      await app.waitForProjections(await service.changeRole(request.params.id, request.body.role, commandContext(request)), STAFF_READ_MODELS);
      const admin = (await listStaff(app.deps.pool)).find((a) => a.id === request.params.id);
      return { success: true as const, admin };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.deleteAdmin),
    schema: { tags, params: staffIdParamsSchema, response: { 200: successSchema } },
    handler: async (request) => {
      await app.waitForProjections(await service.delete(request.params.id, commandContext(request)), STAFF_READ_MODELS);
      return { success: true as const };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.sendPasswordReset),
    schema: { tags, params: staffIdParamsSchema, response: { 200: successMessageSchema } },
    handler: async (request) => {
      const reset = await service.issuePasswordReset(request.params.id, commandContext(request));
      await app.waitForProjections(reset.position, STAFF_READ_MODELS);
      return { success: true as const, message: `Password reset link sent to ${reset.email}` };
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.invite),
    schema: { tags, body: staffInviteRequestSchema, response: { 201: staffInvitedSchema } },
    handler: async (request, reply) => {
      const invitation = await service.invite(request.body, commandContext(request));
      await app.waitForProjections(invitation.position, STAFF_READ_MODELS);
      const admin = (await listStaff(app.deps.pool)).find((a) => a.id === invitation.staffId);
      return reply.status(201).send({ success: true as const, message: `Invitation sent to ${request.body.email}`, admin });
    },
  });

  app.route({
    ...staffRoute(staffConsoleRoutes.auditLogs),
    schema: { tags, querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
    handler: async (request) => readAccessLog(app.deps.pool, request.query),
  });
}
