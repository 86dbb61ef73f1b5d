// The accounts HTTP surface: /api/auth/* (sign-up, sessions, password reset), /api/user/* (profile,
// security, preferences, deletion). Every handler is glue:
// validated input → AccountService → read model → response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { STALLED_RETRY_AFTER_SECONDS } from '../http/projection-waiter.js';
import type { Position } from '../eventstore/position.js';
import {
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  notificationPreferencesSchema,
  notificationToggleRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  registerEnhancedRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorVerifyRequestSchema,
  type NotificationPreferences,
  type User,
} from '../schemas/accounts.js';
import type { AccountService, Requester, SignedIn } from './account-service.js';
import { clearSessionCookie, requireUser, setSessionCookie } from './auth.js';
import type { Sessions } from './sessions.js';
import { findUser, userStats } from './user-queries.js';

export interface AccountRoutesOptions {
  readonly service: AccountService;
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
  const user = await findUser(app.deps.pool, userId);
  if (!user) {
    throw new AppError('service_unavailable', 'Your account is being set up. Try again in a moment.', { retryAfterSeconds: STALLED_RETRY_AFTER_SECONDS });
  }
  return user;
}

const preferencesOf = (user: User): NotificationPreferences => notificationPreferencesSchema.parse(user);

/**
 * The spec's client reads `error` from every failed /api/auth/* answer as the message to show, so
 * those answers become `{ success: false, error: <message>, code, message, details? }`.
 */
function authErrorShape(app: App): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    let body: { error?: unknown; message?: unknown; details?: { issues?: { message?: string }[]; twoFactorRequired?: boolean; retryAfterSeconds?: number }; success?: unknown };
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || 'success' in body || typeof body.message !== 'string') return payload;
    const shown = body.error === 'validation_error' ? (body.details?.issues?.[0]?.message ?? body.message) : body.message;
    if (body.details?.retryAfterSeconds) reply.header('retry-after', String(body.details.retryAfterSeconds));
    return JSON.stringify({
      success: false,
      error: shown,
      code: body.error,
      message: body.message,
      ...(body.details?.twoFactorRequired ? { twoFactorRequired: true } : {}),
      ...(body.details !== undefined ? { details: body.details } : {}),
    });
  });
}

export async function accountRoutes(app: App, { service, sessions }: AccountRoutesOptions): Promise<void> {
  app.addHook('onClose', () => service.settled());

  async function signedIn(reply: FastifyReply, result: SignedIn, status: number, rememberMe = false) {
    const user = await userAfter(app, result.userId, result.position);
    setSessionCookie(reply, result.token, { rememberMe });
    return reply.status(status).send({ success: true, token: result.token, user });
  }

  async function updateProfile(request: FastifyRequest, body: Parameters<AccountService['updateProfile']>[1]) {
    const { id } = requireUser(request);
    const position = await service.updateProfile(id, body, commandContext(request));
    return { success: true, user: await userAfter(app, id, position) };
  }

  await app.register(async (auth: App) => {
    authErrorShape(auth);

    auth.post('/register', { schema: { body: registerRequestSchema } }, async (request, reply) =>
      signedIn(reply, await service.register(request.body, requester(request)), 201),
    );

    auth.post('/register-enhanced', { schema: { body: registerEnhancedRequestSchema } }, async (request, reply) =>
      signedIn(reply, await service.register(request.body, requester(request)), 201),
    );

    auth.post('/login', { schema: { body: loginRequestSchema } }, async (request, reply) =>
      signedIn(reply, await service.login(request.body, requester(request)), 200, request.body.rememberMe ?? false),
    );

    auth.post('/logout', async (request, reply) => {
      if (request.session) await sessions.revoke(request.session.token);
      clearSessionCookie(reply);
      return { success: true };
    });

    auth.get('/me', async (request) => userAfter(app, requireUser(request).id));

    auth.put('/profile', { schema: { body: profileUpdateRequestSchema } }, async (request) => updateProfile(request, request.body));

    auth.post('/forgot-password', { schema: { body: forgotPasswordRequestSchema } }, async (request, reply) => {
      service.requestPasswordReset(request.body.email, commandContext(request));
      return reply.status(202).send({
        success: true,
        message: 'If an account exists for that email, we have sent a link to reset the password.',
      });
    });

    auth.post('/reset-password', { schema: { body: resetPasswordRequestSchema } }, async (request) => {
      await service.resetPassword(request.body.token, request.body.password, commandContext(request));
      return { success: true, message: 'Your password has been reset. Sign in with your new password.' };
    });
  }, { prefix: '/auth' });

  await app.register(async (user: App) => {
    user.get('/profile', async (request) => userAfter(app, requireUser(request).id));

    user.put('/profile', { schema: { body: profileUpdateRequestSchema } }, async (request) => updateProfile(request, request.body));

    user.get('/stats', async (request) => userStats(app.deps.pool, requireUser(request).id));

    user.put('/password', { schema: { body: passwordChangeRequestSchema } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.changePassword(id, request.body, request.session?.token ?? null, commandContext(request));
      await app.waitForProjections(position, USERS);
      return { success: true, message: 'Password changed' };
    });

    user.put('/notifications', { schema: { body: notificationToggleRequestSchema } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.setNotificationPreference(id, request.body.key, request.body.value, commandContext(request));
      return { success: true, preferences: preferencesOf(await userAfter(app, id, position)) };
    });

    user.get('/notification-preferences', async (request) => preferencesOf(await userAfter(app, requireUser(request).id)));

    user.put('/notification-preferences', { schema: { body: notificationPreferencesSchema } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.setNotificationPreferences(id, request.body, commandContext(request));
      return { success: true, preferences: preferencesOf(await userAfter(app, id, position)) };
    });

    user.post('/2fa/enable', async (request) => {
      const setup = await service.startTwoFactor(requireUser(request).id, commandContext(request));
      return { success: true, ...setup };
    });

    user.post('/2fa/verify', { schema: { body: twoFactorVerifyRequestSchema } }, async (request) => {
      const { id } = requireUser(request);
      await app.waitForProjections(await service.verifyTwoFactor(id, request.body.token, commandContext(request)), USERS);
      return { success: true, message: 'Two-factor authentication enabled' };
    });

    user.delete('/2fa/disable', { schema: { body: twoFactorDisableRequestSchema } }, async (request) => {
      const { id } = requireUser(request);
      const position = await service.disableTwoFactor(id, request.body, commandContext(request));
      await app.waitForProjections(position, USERS);
      return { success: true, message: 'Two-factor authentication disabled' };
    });

    user.delete('/account', { schema: { body: deleteAccountRequestSchema } }, async (request, reply) => {
      const { id } = requireUser(request);
      await app.waitForProjections(await service.deleteAccount(id, request.body.password, commandContext(request)), USERS);
      clearSessionCookie(reply);
      return { success: true, message: 'Your account has been deleted' };
    });
  }, { prefix: '/user' });
}
