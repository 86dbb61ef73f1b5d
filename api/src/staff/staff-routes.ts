// The authorisation table's building block. Every /api/admin/* and /api/master-admin/* route is
// declared as a `StaffRouteSpec` (method, url, who may call it) and registered with `staffRoute`,
// which attaches `requireStaff(access)`; the table test reads the same specs (access-table.ts), and
// `guardStaffPaths` refuses to start an app with a route under those prefixes that was not declared
// this way. Another feature adds its routes by exporting its own specs and listing them in
// access-table.ts.
import type { FastifyInstance } from 'fastify';
import type { StaffAccessLevel } from '../schemas/staff.js';
import { requireStaff } from './require-staff.js';

/**
 * `public`: no staff session needed (sign-in, accepting an invitation); otherwise who may call it
 * (`staffMayAccess`: any staff member, the auditor and master admin, or an admin role and higher).
 */
type StaffAccess = 'public' | StaffAccessLevel;

export interface StaffRouteSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The full path with fastify parameters, e.g. /api/master-admin/admins/:id. */
  readonly url: string;
  readonly access: StaffAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    staffAccess?: StaffAccess;
  }
}

const STAFF_PREFIXES = ['/api/admin', '/api/master-admin', '/api/audit'] as const;
const isStaffPath = (url: string) => STAFF_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/**
 * The method, url, guard and marker of one staff route, to spread into `app.route({ ...staffRoute(spec),
 * schema, handler })`: the guard is `requireStaff(spec.access)` unless the route is public.
 */
export function staffRoute(spec: StaffRouteSpec) {
  return {
    method: spec.method,
    url: spec.url,
    config: { staffAccess: spec.access },
    ...(spec.access === 'public' ? {} : { onRequest: requireStaff(spec.access) }),
  };
}

/**
 * Must be added before any feature registers routes: a route under /api/admin or /api/master-admin
 * that was not declared through `staffRoute` stops the start, so no staff route can ship unguarded.
 */
export function guardStaffPaths(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isStaffPath(route.url) || route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD') && route.method.length === 1)) return;
    if (!route.config?.staffAccess) {
      throw new Error(`${String(route.method)} ${route.url} is under a staff prefix but was not declared with staffRoute() (api/src/staff/access-table.ts)`);
    }
  });
}
