// The authorisation table: every /api/admin/*, /api/master-admin/* and /api/audit/* route (and the
// staff-only /api/log/entries) with who may call it.
// Routes are registered from these same specs (staffRoute), and the table test sends every row
// every kind of caller. A feature that adds staff routes exports its specs and lists them here.
import { staffConsoleRoutes } from './console-routes.js';
import type { StaffRouteSpec } from './staff-routes.js';
import { transparencyStaffRoutes } from '../transparency/routes.js';
import { adminPortalRoutes } from '../admin-portal/routes.js';
import { auditStaffRoutes } from '../transparency/audit-routes.js';
import { supportInboxRoutes } from '../support/inbox-routes.js';

export const staffAccessTable: readonly StaffRouteSpec[] = [
  ...Object.values(staffConsoleRoutes),
  ...Object.values(transparencyStaffRoutes),
  ...Object.values(adminPortalRoutes),
  ...Object.values(auditStaffRoutes),
  ...Object.values(supportInboxRoutes),
];
