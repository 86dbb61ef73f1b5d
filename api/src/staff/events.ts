// The events on a staff account's stream (`admin-<id>`). Staff identities (e-mail, names) are kept
// in clear: every admin action must stay attributable in the access log for as long as the log
// lives. Secrets never enter the log: passwords live in `staff_credentials`, and an invitation
// travels only as the SHA-256 of its token.
import { z } from 'zod';
import { defineEvents, isStreamEvent, parseStreamEvent, type EventsOf } from '../events/define.js';
import { INVITABLE_ROLES, STAFF_ROLES } from '../schemas/staff.js';

export const STAFF_STREAM_PREFIX = 'admin-';
export const staffStreamId = (staffId: string) => `${STAFF_STREAM_PREFIX}${staffId}`;
export const staffIdOf = (streamId: string) => streamId.slice(STAFF_STREAM_PREFIX.length);

const isoTime = z.string();
const identity = {
  staffId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
};

export const staffEvents = defineEvents({
  /** The first master admin (MASTER_ADMIN_* at start) or one made with `npm run admin -- create-master`. */
  MasterAdminCreated: { schemaVersion: 1, schema: z.object({ ...identity, source: z.enum(['environment', 'cli']), createdAt: isoTime }) },
  /** An invitation; a later one on the same stream replaces it (new token, new expiry, maybe a new role). */
  StaffInvited: { schemaVersion: 1, schema: z.object({
    ...identity,
    role: z.enum(INVITABLE_ROLES),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: isoTime,
    invitedAt: isoTime,
  }) },
  /** Password set (kept in staff_credentials), terms and privacy accepted; the e-mail is verified by the link. */
  StaffInvitationAccepted: { schemaVersion: 1, schema: z.object({
    termsAcceptedAt: isoTime,
    privacyAcceptedAt: isoTime,
    emailVerifiedAt: isoTime,
  }) },
  /** `totpTimeStep`: the step of the two-factor code used, so no code is accepted twice. */
  StaffSignedIn: { schemaVersion: 1, schema: z.object({ portal: z.enum(['admin', 'master-admin']), totpTimeStep: z.number().int().nullable() }) },
  StaffSignInFailed: { schemaVersion: 1, schema: z.object({
    portal: z.enum(['admin', 'master-admin']),
    reason: z.enum(['wrong_password', 'not_master_admin', 'invitation_pending', 'wrong_totp_code', 'totp_code_replayed']),
  }) },
  /** Optional TOTP sign-in, as for creators; the secret itself stays in staff_credentials. */
  StaffTwoFactorEnabled: { schemaVersion: 1, schema: z.object({ timeStep: z.number().int() }) },
  StaffTwoFactorDisabled: { schemaVersion: 1, schema: z.object({ proof: z.enum(['password', 'totp_code']) }) },
  StaffSignedOut: { schemaVersion: 1, schema: z.object({}) },
  StaffRoleChanged: { schemaVersion: 1, schema: z.object({ from: z.enum(STAFF_ROLES), to: z.enum(INVITABLE_ROLES) }) },
  StaffDeleted: { schemaVersion: 1, schema: z.object({ deletedAt: isoTime }) },
  /** A master admin sent a password-reset link; a later one replaces it. Only the SHA-256 of its token is kept. */
  StaffPasswordResetIssued: { schemaVersion: 1, schema: z.object({
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: isoTime,
    issuedAt: isoTime,
  }) },
  /**
   * A new password (kept in staff_credentials): set with the e-mailed link, or from the server's
   * command line (`npm run admin -- reset-password`). Any pending link is spent; two-factor stays as it was.
   */
  StaffPasswordReset: { schemaVersion: 1, schema: z.object({ via: z.enum(['link', 'cli']), resetAt: isoTime }) },
});

export type StaffEvent = EventsOf<typeof staffEvents>;
export type StaffEventType = StaffEvent['type'];
export type StaffEventOf<K extends StaffEventType> = Extract<StaffEvent, { type: K }>;

/** Whether a recorded event is one of the staff stream's types (its data is checked by `parseStaffEvent`). */
export function isStaffEvent<E extends { readonly type: string }>(event: E): event is E & { readonly type: StaffEventType } {
  return isStreamEvent(staffEvents, event);
}

/** Validates an event's data against its schema (before appending, and in readers). */
export function parseStaffEvent(event: { readonly type: string; readonly data: unknown }): StaffEvent {
  return parseStreamEvent(staffEvents, event);
}
