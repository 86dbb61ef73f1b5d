// The accounts HTTP surface: /api/auth/* (sign-up, sessions, password reset), /api/user/* (profile,
// security, preferences, deletion). Every handler is glue:
// validated input → use case (use-cases/, bound in feature.ts) → read model → response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { STALLED_RETRY_AFTER_SECONDS } from '../http/projection-waiter.js';
import type { Position } from '../eventstore/position.js';
import { linkValidSchema, successMessageSchema, successSchema } from '../schemas/errors.js';
import { limitLinkChecks, linkCheckLimit } from '../http/link-checks.js';
import { notificationPreferencesSchema, sessionStateSchema, userSchema, type NotificationPreferences, type User } from '../schemas/session.js';
import {
  authResponseSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  notificationToggleRequestSchema,
  passwordChangeRequestSchema,
  preferencesUpdatedSchema,
  profileUpdatedSchema,
  profileUpdateRequestSchema,
  registerEnhancedRequestSchema,
  registerRequestSchema,
  resetLinkCheckRequestSchema,
  resetPasswordRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorStartedSchema,
  twoFactorVerifyRequestSchema,
  userStatsSchema,
} from '../schemas/accounts.js';
import type { AccountUseCases } from './feature.js';
import type { Requester, SignedIn } from './use-cases/deps.js';
import { clearSessionCookie, requireUser, setSessionCookie } from './auth.js';
import type { Sessions } from './sessions.js';
import { findUser } from './user-queries.js';
import { dashboardStats } from '../registrations/queries.js';

export interface AccountRoutesOptions {
  readonly service: AccountUseCases;
  readonly sessions: Sessions;
}

const requester = (request: FastifyRequest): Requester => ({
  context: commandContext(request),
  userAgent: request.headers['user-agent'] ?? null,
});

/** The users read model is what every account answer and screen reads, so it is all account commands wait for. */
const USERS = ['users'] as const;

async function userAfter(app: App, userId: string, position?: Position): Promise<User> {
  await app.waitForProjections(position, USERS);
  const user = await findUser(app.deps.pool, userId, app.deps.config.ADMIN_MENU_EMAILS);
  if (!user) {
    throw new AppError('service_unavailable', 'Your account is being set up. Try again in a moment.', { retryAfterSeconds: STALLED_RETRY_AFTER_SECONDS });
  }
  return user;
}

const preferencesOf = (user: User): NotificationPreferences => notificationPreferencesSchema.parse(user);

export async function accountRoutes(app: App, { service, sessions }: AccountRoutesOptions): Promise<void> {
  app.addHook('onClose', () => service.settled());

  async function signedIn(reply: FastifyReply, result: SignedIn, status: number, rememberMe = false) {
    const user = await userAfter(app, result.userId, result.position);
    setSessionCookie(reply, result.token, { rememberMe });
    return reply.status(status).send({ success: true as const, token: result.token, user });
  }

  async function updateProfile(request: FastifyRequest, body: Parameters<AccountUseCases['updateProfile']>[1]) {
    const { id } = requireUser(request);
    const position = await service.updateProfile(id, body, commandContext(request));
    return { success: true as const, user: await userAfter(app, id, position) };
  }

  await app.register(async (auth: App) => {
    auth.post('/register', { schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: authResponseSchema } } }, async (request, reply) =>
      signedIn(reply, await service.register(request.body, requester(request)), 201),
    );

    auth.post('/register-enhanced', { schema: { tags: ['auth'], body: registerEnhancedRequestSchema, response: { 201: authResponseSchema } } }, async (request, reply) =>
      signedIn(reply, await service.register(request.body, requester(request)), 201),
    );

    auth.post('/login', { schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: authResponseSchema } } }, async (request, reply) =>
      signedIn(reply, await service.login(request.body, requester(request)), 200, request.body.rememberMe ?? false),
    );

    auth.post('/logout', { schema: { tags: ['auth'], response: { 200: successSchema } } }, async (request, reply) => {
      if (request.session) await sessions.revoke(request.session.token);
      clearSessionCookie(reply);
      return { success: true as const };
    });

    auth.get('/me', { config: { signedIn: true }, schema: { tags: ['auth'], response: { 200: userSchema } } }, async (request) => userAfter(app, requireUser(request).id));

    // Who is signed in, for the web app: 200 either way, because a signed-out visitor is not an
    // error (GET /me answers 401, as the spec's API clients expect). An ended session's cookie is cleared.
    auth.get('/session', { schema: { tags: ['auth'], response: { 200: sessionStateSchema } } }, async (request, reply) => {
      if (!request.user) {
        if (request.sessionEnded) clearSessionCookie(reply);
        return { signedIn: false, user: null };
      }
      return { signedIn: true, user: await userAfter(app, request.user.id) };
    });

    auth.put('/profile', { config: { signedIn: true }, schema: { tags: ['auth'], body: profileUpdateRequestSchema, response: { 200: profileUpdatedSchema } } }, async (request) => updateProfile(request, request.body));

    auth.post('/forgot-password', { schema: { tags: ['auth'], body: forgotPasswordRequestSchema, response: { 202: successMessageSchema } } }, async (request, reply) => {
      service.requestPasswordReset(request.body.email, commandContext(request));
      return reply.status(202).send({
        success: true as const,
        message: 'If an account exists for that email, we have sent a link to reset the password.',
      });
    });

    auth.post('/reset-password', { schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 200: successMessageSchema } } }, async (request) => {
      await service.resetPassword(request.body.token, request.body.password, commandContext(request));
      return { success: true as const, message: 'Your password has been reset. Sign in with your new password.' };
    });

    await limitLinkChecks(auth);
    auth.post('/reset-password/check', { config: linkCheckLimit, schema: { tags: ['auth'], body: resetLinkCheckRequestSchema, response: { 200: linkValidSchema } } }, async (request) => {
      await service.checkPasswordReset(request.body.token, commandContext(request).now);
      return { success: true as const, valid: true as const };
    });
  }, { prefix: '/auth' });

  await app.register(async (user: App) => {
    user.get('/profile', { config: { signedIn: true }, schema: { tags: ['user'], response: { 200: userSchema } } }, async (request) => userAfter(app, requireUser(request).id));

    user.put('/profile', { config: { signedIn: true }, schema: { tags: ['user'], body: profileUpdateRequestSchema, response: { 200: profileUpdatedSchema } } }, async (request) => updateProfile(request, request.body));

    // The dashboard's own figures (GET /api/dashboard/stats), so the two calls never disagree.
    user.get('/stats', { config: { signedIn: true }, schema: { tags: ['user'], response: { 200: userStatsSchema } } }, async (request) => {
      const { recent_activity: _recent, ...stats } = await dashboardStats(app.deps.pool, requireUser(request).id, new Date());
      return stats;
    });

    user.put('/password', { config: { signedIn: true }, schema: { tags: ['user'], body: passwordChangeRequestSchema, response: { 200: successMessageSchema } } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.changePassword(id, request.body, request.session?.token ?? null, commandContext(request));
      await app.waitForProjections(position, USERS);
      return { success: true as const, message: 'Password changed' };
    });

    user.put('/notifications', { config: { signedIn: true }, schema: { tags: ['user'], body: notificationToggleRequestSchema, response: { 200: preferencesUpdatedSchema } } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.setNotificationPreference(id, request.body.key, request.body.value, commandContext(request));
      return { success: true as const, preferences: preferencesOf(await userAfter(app, id, position)) };
    });

    user.get('/notification-preferences', { config: { signedIn: true }, schema: { tags: ['user'], response: { 200: notificationPreferencesSchema } } }, async (request) => preferencesOf(await userAfter(app, requireUser(request).id)));

    user.put('/notification-preferences', { config: { signedIn: true }, schema: { tags: ['user'], body: notificationPreferencesSchema, response: { 200: preferencesUpdatedSchema } } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.setNotificationPreferences(id, request.body, commandContext(request));
      return { success: true as const, preferences: preferencesOf(await userAfter(app, id, position)) };
    });

    user.post('/2fa/enable', { config: { signedIn: true }, schema: { tags: ['user'], response: { 200: twoFactorStartedSchema } } }, async (request) => {
      const setup = await service.startTwoFactor(requireUser(request).id, commandContext(request));
      return { success: true as const, ...setup };
    });

    user.post('/2fa/verify', { config: { signedIn: true }, schema: { tags: ['user'], body: twoFactorVerifyRequestSchema, response: { 200: successMessageSchema } } }, async (request) => {
      const { id } = requireUser(request);
      await app.waitForProjections(await service.verifyTwoFactor(id, request.body.token, commandContext(request)), USERS);
      return { success: true as const, message: 'Two-factor authentication enabled' };
    });

    user.delete('/2fa/disable', { config: { signedIn: true }, schema: { tags: ['user'], body: twoFactorDisableRequestSchema, response: { 200: successMessageSchema } } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.disableTwoFactor(id, request.body, commandContext(request));
      await app.waitForProjections(position, USERS);
      return { success: true as const, message: 'Two-factor authentication disabled' };
    });

    user.delete('/account', { config: { signedIn: true }, schema: { tags: ['user'], body: deleteAccountRequestSchema, response: { 200: successMessageSchema } } }, async (request, reply) => {
      const { id } = requireUser(request);
      // Its titles were archived with it: search and /verify no longer show them once this answers.
      await app.waitForProjections(await service.deleteAccount(id, request.body.password, commandContext(request)), [...USERS, 'registrations']);
      clearSessionCookie(reply);
      return { success: true as const, message: 'Your account has been deleted' };
    });
  }, { prefix: '/user' });
}
