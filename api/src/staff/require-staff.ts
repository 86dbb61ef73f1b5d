// Staff authorisation: one hook per role level, never inline. `requireStaff(minimum)` reads the
// staff session (bearer token, or the HttpOnly `tl_staff` cookie the web app uses), refuses an
// anonymous caller or an ended session with 401 and a lower role with 403, and sets
// `request.staff` and the request's actor. Creators' tokens live in another table, so they open
// nothing here; the `x-admin-auth` header the web sends is not read at all.
//
// It runs as an `onRequest` hook (before body parsing and validation), so an anonymous caller
// learns nothing about a route's payload; it is equally valid as a `preHandler`.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import { roleAtLeast, type StaffRole } from '../schemas/staff.js';
import type { StaffSessions } from './staff-sessions.js';

export const STAFF_COOKIE = 'tl_staff';

export interface RequestStaff {
  readonly id: string;
  readonly email: string;
  readonly role: StaffRole;
  /** The session's token, so sign-out can end exactly this session. */
  readonly token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: RequestStaff | null;
  }
  interface FastifyInstance {
    staffSessions: StaffSessions;
  }
}

export function staffTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return request.cookies?.[STAFF_COOKIE] || null;
}

export const STAFF_SESSION_ENDED = 'Your admin session has ended. Please sign in again.';

/** The hook that lets `minimum` and every higher role through. */
export function requireStaff(minimum: StaffRole): onRequestAsyncHookHandler {
  return async function requireStaffHook(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    const token = staffTokenOf(request);
    if (!token) throw unauthorized('Sign in as an admin to continue.');
    const session = await request.server.staffSessions.resolve(token);
    if (!session) throw unauthorized(STAFF_SESSION_ENDED);
    if (!roleAtLeast(session.role, minimum)) throw forbidden(`This needs the ${minimum} role or higher.`);
    request.staff = { id: session.staffId, email: session.email, role: session.role, token };
    request.actor = { kind: 'admin', id: session.staffId, role: session.role };
  };
}
