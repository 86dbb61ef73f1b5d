// The auth hook: a session token from `Authorization: Bearer <token>` or the `tl_session` cookie
// (so download links opened in a new window work) becomes `request.actor` and `request.user`.
// A route for signed-in creators says so (`config: { signedIn: true }`): its 401 then comes from an
// `onRequest` guard, before the body is parsed or validated (as staff routes' guard does), so a
// signed-out caller is told to sign in, not how to fix a form. Handlers call `requireUser(request)`
// for the user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors.js';
import type { Sessions } from './sessions.js';

const SESSION_COOKIE = 'tl_session';
const REMEMBER_ME_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface AuthenticatedUser {
  readonly id: string;
  /** Null only while the `users` read model has not caught up with a brand-new account. */
  readonly email: string | null;
}

interface CurrentSession {
  readonly token: string;
  readonly createdAt: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only for a signed-in creator: 401 before the body is parsed or validated (`requireSignedIn`). */
    signedIn?: boolean;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    session: CurrentSession | null;
    /** A token was sent but its session had ended (idle too long, revoked). */
    sessionEnded: boolean;
  }
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return request.cookies?.[SESSION_COOKIE] || null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { sessions: Sessions }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionEnded', false);
    app.addHook('onRoute', (route) => {
      // First among the route's own hooks; the session was read by the hook below, which runs before them.
      if (route.config?.signedIn) route.onRequest = [requireSignedIn, ...[route.onRequest ?? []].flat()];
    });
    app.addHook('onRequest', async (request) => {
      request.actor = { kind: 'anonymous', id: null, role: null };
      if (!request.url.startsWith('/api/')) return;
      const token = tokenOf(request);
      if (!token) return;
      const session = await options.sessions.resolve(token);
      if (!session) {
        request.sessionEnded = true;
        return;
      }
      request.actor = { kind: 'user', id: session.userId, role: null };
      request.user = { id: session.userId, email: session.email };
      request.session = { token, createdAt: session.createdAt };
    });
  },
  { name: 'titleledger-auth' },
);

/** The signed-in user, or the 401 every protected route answers. */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized(request.sessionEnded ? 'Your session has expired. Please sign in again.' : 'Sign in to continue.');
  return request.user;
}

async function requireSignedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/**
 * `Secure` whenever the site is served over https: the request came over https (directly or through
 * a trusted proxy) or PUBLIC_URL is https. "Remember me" makes it persistent; otherwise it is a
 * session cookie, gone when the browser closes.
 */
export function setSessionCookie(reply: FastifyReply, token: string, options: { rememberMe: boolean }): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(reply.request),
    ...(options.rememberMe ? { maxAge: REMEMBER_ME_MAX_AGE_S } : {}),
  });
}

function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.deps.config.publicUrl.startsWith('https:');
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: servedOverHttps(reply.request) });
}
