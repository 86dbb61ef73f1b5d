// Staff accounts: roles and their rights, sign-in, the master-admin console's calls and the
// invitation form. Shared by the API (validation) and the web app (forms), with the spec's messages
// (seed 001 §3.9, §5, §6, §7.5, §8.3).
import { z } from 'zod';

import { PASSWORD_MIN_LENGTH } from './accounts.js';
import { identifier, text } from './text.js';

/** The admin roles in rising order: each has every right of the roles before it. */
export const ADMIN_ROLES = ['admin1', 'admin2', 'admin3', 'master_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * Every staff role: the admin order, and the auditor beside it (issue 17). The auditor is read-only
 * and outside the order: it reaches no admin route, only the log's entries and checkpoints, exports,
 * the access logs and the audit results.
 */
export const STAFF_ROLES = [...ADMIN_ROLES, 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles an invitation (or a role change) may give: a master admin is only made at start or by `npm run admin`. */
export const INVITABLE_ROLES = ['admin1', 'admin2', 'admin3', 'auditor'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Whether `role` reaches `minimum` in the order admin1 < admin2 < admin3 < master_admin (an auditor reaches none). */
export const roleAtLeast = (role: StaffRole, minimum: AdminRole): boolean =>
  role !== 'auditor' && ADMIN_ROLES.indexOf(role) >= ADMIN_ROLES.indexOf(minimum);

/**
 * Who may call a staff route or open a staff page: `staff` any signed-in staff member (their own
 * session and two-factor setting), `auditor` the auditor and the master admin, an admin role that role
 * and every higher one.
 */
export type StaffAccessLevel = 'staff' | 'auditor' | AdminRole;

export function staffMayAccess(role: StaffRole, access: StaffAccessLevel): boolean {
  if (access === 'staff') return true;
  if (access === 'auditor') return role === 'auditor' || role === 'master_admin';
  return roleAtLeast(role, access);
}

/** The seed's section 6, as the Role Info tab shows it. */
export const ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, { title: string; rights: readonly string[] }>> = {
  admin1: {
    title: 'Admin 1 — read only',
    rights: ['View users, registrations and analytics', 'No Forever Database access'],
  },
  admin2: {
    title: 'Admin 2 — read and edit',
    rights: ['Everything Admin 1 can do', 'Edit users and registrations', 'No Forever Database access'],
  },
  admin3: {
    title: 'Admin 3 — full records',
    rights: [
      'Everything Admin 2 can do',
      'Delete users and registrations',
      'Forever Database access and archived records',
      'Cannot manage admins',
    ],
  },
  master_admin: {
    title: 'Master Admin — full control',
    rights: [
      'Full admin portal, including the Forever Database',
      'Invite admins, change their roles and remove them',
      'Read the access logs',
      'Cannot be edited or deleted from the list',
    ],
  },
  auditor: {
    title: 'Auditor — read only, outside the admin order',
    rights: [
      'The audit page: checkpoints, consistency checks, replay and verify-log results',
      'Read the transparency log entries, exports and the access logs',
      'No admin portal: no users, registrations or Forever Database',
    ],
  },
};

export const STAFF_MESSAGES = {
  invalidAdminCredentials: 'Invalid admin credentials',
  invalidCredentials: 'Invalid credentials',
  passwordsDoNotMatch: 'Passwords do not match',
  acceptBoth: 'You must accept both terms and privacy policy',
  weakPassword: 'Password must be at least 8 characters',
  invalidInvitation: 'Invalid or expired invitation',
  invalidResetLink: 'Invalid or expired reset link',
  deleteAdminConfirm: 'Are you sure you want to delete this admin?',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  validEmail: 'Valid email is required',
} as const;

const email = text('Email', {
  max: 254,
  min: 1,
  minMessage: STAFF_MESSAGES.emailRequired,
  requiredMessage: STAFF_MESSAGES.emailRequired,
  maxMessage: STAFF_MESSAGES.validEmail,
}).pipe(z.email(STAFF_MESSAGES.validEmail));
const name = (label: string) => text(label, { max: 100, min: 1, name: true });

export const staffRoleSchema = z.enum(STAFF_ROLES, { message: 'Role must be admin1, admin2, admin3, master_admin or auditor' });
export const invitableRoleSchema = z.enum(INVITABLE_ROLES, { message: 'Role must be admin1, admin2, admin3 or auditor' });

/** A new staff password: the creators' policy. */
export const staffPasswordSchema = text('Password', {
  max: 200,
  min: PASSWORD_MIN_LENGTH,
  minMessage: STAFF_MESSAGES.weakPassword,
  requiredMessage: STAFF_MESSAGES.weakPassword,
  maxMessage: 'Password is too long',
  trim: false,
  normalize: false,
});

/** POST /api/admin/login and /api/master-admin/login. */
export const staffLoginRequestSchema = z.object({
  email,
  password: text('Password', {
    max: 200,
    min: 1,
    minMessage: STAFF_MESSAGES.passwordRequired,
    requiredMessage: STAFF_MESSAGES.passwordRequired,
    trim: false,
    normalize: false,
  }),
  /** Only when the account has two-factor sign-in on. */
  totpCode: text('Two-factor code', { max: 20 }).optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;

/** POST /api/master-admin/invite (seed 3.9's invite payload). */
export const staffInviteRequestSchema = z.object({
  email,
  firstName: name('First name'),
  lastName: name('Last name'),
  role: invitableRoleSchema,
});
export type StaffInviteRequest = z.infer<typeof staffInviteRequestSchema>;

/** PUT /api/master-admin/admins/{id}/role. */
export const staffRoleChangeRequestSchema = z.object({ role: invitableRoleSchema });
export type StaffRoleChangeRequest = z.infer<typeof staffRoleChangeRequestSchema>;

export const staffIdParamsSchema = z.object({ id: z.uuid({ message: 'No such admin' }) });

/** POST /api/admin/accept-invitation: the spec sends termsAccepted; privacy is accepted with it. */
export const acceptInvitationRequestSchema = z.object({
  token: identifier('Invitation token', 200),
  password: staffPasswordSchema,
  termsAccepted: z.literal(true, { message: STAFF_MESSAGES.acceptBoth }),
  privacyAccepted: z.literal(true, { message: STAFF_MESSAGES.acceptBoth }).optional(),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** POST /api/admin/accept-invitation/check: whether an invitation link still works, without using it. */
export const invitationCheckRequestSchema = acceptInvitationRequestSchema.pick({ token: true });

/** The accept-invitation form as the page holds it. */
export const acceptInvitationFormSchema = z
  .object({
    password: staffPasswordSchema,
    confirmPassword: z.string(),
    termsAccepted: z.boolean(),
    privacyAccepted: z.boolean(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: STAFF_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] })
  .refine((v) => v.termsAccepted && v.privacyAccepted, { message: STAFF_MESSAGES.acceptBoth, path: ['termsAccepted'] });

/** POST /api/admin/reset-password: the token of a master admin's reset link and the new password. */
export const staffPasswordResetRequestSchema = z.object({
  token: identifier('Reset token', 200),
  password: staffPasswordSchema,
});
export type StaffPasswordResetRequest = z.infer<typeof staffPasswordResetRequestSchema>;

/** POST /api/admin/reset-password/check: whether a reset link still works, without using it. */
export const staffResetLinkCheckRequestSchema = staffPasswordResetRequestSchema.pick({ token: true });

/** The reset-password form as the page holds it. */
export const staffPasswordResetFormSchema = z
  .object({ password: staffPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: STAFF_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });

/** POST /api/admin/2fa/verify: a code from the new secret. DELETE /api/admin/2fa/disable: the password or a code. */
export const staffTwoFactorVerifySchema = z.object({
  token: text('Two-factor code', { max: 6, min: 6, minMessage: 'Enter the 6-digit code from your authenticator app', requiredMessage: 'Enter the 6-digit code from your authenticator app' }),
});
export const staffTwoFactorDisableSchema = z.object({
  password: text('Password', { max: 200, trim: false, normalize: false }).optional(),
  token: text('Two-factor code', { max: 6 }).optional(),
});

/** GET /api/master-admin/audit-logs?limit=50&before=<id>: newest first, `before` pages further back. */
export const auditLogQuerySchema = z.object({
  limit: z.coerce.number({ message: 'limit must be a number from 1 to 200' }).int().min(1, 'limit must be a number from 1 to 200').max(200, 'limit must be a number from 1 to 200').default(50),
  before: z.coerce.number({ message: 'before must be a log entry id' }).int().positive('before must be a log entry id').optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** A staff account as the console lists it (seed 3.9). */
export const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: staffRoleSchema,
  status: z.enum(['invited', 'active']),
  emailVerified: z.boolean(),
  isActive: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  termsAccepted: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** The signed-in staff member, as login and GET /api/admin/me answer. */
export const signedInStaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: staffRoleSchema,
  twoFactorEnabled: z.boolean(),
});
export type SignedInStaff = z.infer<typeof signedInStaffSchema>;

export const staffLoginResponseSchema = z.object({ token: z.string(), admin: signedInStaffSchema });

/** One access-log entry (seed 3.9's audit log fields). */
export const auditLogEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The e-mail of the staff account the entry is about (for reading; not a seed field). */
  targetEmail: z.string().nullable(),
  adminId: z.string().nullable(),
  adminEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({ logs: z.array(auditLogEntrySchema), nextBefore: z.number().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** GET /api/admin/me. */
export const staffSessionResponseSchema = z.object({ admin: signedInStaffSchema });

/** GET /api/master-admin/admins. */
export const staffListResponseSchema = z.object({ admins: z.array(staffAccountSchema) });

/** PUT /api/master-admin/admins/{id}/role: the account as it now is. */
export const staffRoleChangedSchema = z.object({ success: z.literal(true), admin: staffAccountSchema.optional() });

/** POST /api/master-admin/invite (201): the invited account, listed as `invited`. */
export const staffInvitedSchema = z.object({ success: z.literal(true), message: z.string(), admin: staffAccountSchema.optional() });

/** POST /api/admin/2fa/enable: the pending secret and its QR code. */
export const staffTwoFactorStartedSchema = z.object({ success: z.literal(true), secret: z.string(), qrCode: z.string() });
