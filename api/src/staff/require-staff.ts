// Staff authorisation: one hook per access level, never inline. `requireStaff(access)` reads the
// staff session (bearer token, or the HttpOnly `tl_staff` cookie the web app uses), refuses an
// anonymous caller or an ended session with 401 and a role the level does not admit with 403 (an
// auditor is admitted only to `staff` and `auditor` routes, never to an admin role's), and sets
// `request.staff` and the request's actor. Creators' tokens live in another table, so they open
// nothing here; the `x-admin-auth` header the web sends is not read at all.
//
// It runs as an `onRequest` hook (before body parsing and validation), so an anonymous caller
// learns nothing about a route's payload; it is equally valid as a `preHandler`.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import { staffMayAccess, type StaffAccessLevel, type StaffRole } from '../schemas/staff.js';
import type { StaffSessionInfo, StaffSessions } from './staff-sessions.js';

export const STAFF_COOKIE = 'tl_staff';

interface RequestStaff {
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

/** The tokens a request offers: its bearer token, then the staff cookie. */
function staffTokensOf(request: FastifyRequest): string[] {
  const tokens: string[] = [];
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token && token !== 'null' && token !== 'undefined') tokens.push(token);
  }
  const cookie = request.cookies?.[STAFF_COOKIE];
  if (cookie) tokens.push(cookie);
  return tokens;
}

export const STAFF_SESSION_ENDED = 'Your admin session has ended. Please sign in again.';

const refusal = (access: StaffAccessLevel): string =>
  access === 'auditor' ? 'This needs the auditor or master_admin role.' : `This needs the ${access} role or higher.`;

/** The hook that lets the roles `access` admits through. */
export function requireStaff(access: StaffAccessLevel): onRequestAsyncHookHandler {
  return async function requireStaffHook(this: unknown, request: FastifyRequest, _reply: FastifyReply) {
    // A browser signed in as a creator too may send the creator's bearer beside the staff cookie.
    const tokens = staffTokensOf(request);
    if (tokens.length === 0) throw unauthorized(access === 'auditor' ? 'Sign in as an auditor or the master admin to continue.' : 'Sign in as an admin to continue.');
    let session: StaffSessionInfo | null = null;
    let token = '';
    for (const candidate of tokens) {
      session = await request.server.staffSessions.resolve(candidate);
      token = candidate;
      if (session) break;
    }
    if (!session) throw unauthorized(STAFF_SESSION_ENDED);
    if (!staffMayAccess(session.role, access)) throw forbidden(refusal(access));
    request.staff = { id: session.staffId, email: session.email, role: session.role, token };
    request.actor = { kind: 'admin', id: session.staffId, role: session.role };
  };
}
