// The events on a staff account's stream (`admin-<id>`). Staff identities (e-mail, names) are kept
// in clear: every admin action must stay attributable in the access log for as long as the log
// lives. Secrets never enter the log: passwords live in `staff_credentials`, and an invitation
// travels only as the SHA-256 of its token.
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';
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

export const staffEventSchemas = {
  /** The first master admin (MASTER_ADMIN_* at start) or one made with `npm run admin -- create-master`. */
  MasterAdminCreated: z.object({ ...identity, source: z.enum(['environment', 'cli']), createdAt: isoTime }),
  /** An invitation; a later one on the same stream replaces it (new token, new expiry, maybe a new role). */
  StaffInvited: z.object({
    ...identity,
    role: z.enum(INVITABLE_ROLES),
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: isoTime,
    invitedAt: isoTime,
  }),
  /** Password set (kept in staff_credentials), terms and privacy accepted; the e-mail is verified by the link. */
  StaffInvitationAccepted: z.object({
    termsAcceptedAt: isoTime,
    privacyAcceptedAt: isoTime,
    emailVerifiedAt: isoTime,
  }),
  /** `totpTimeStep`: the step of the two-factor code used, so no code is accepted twice. */
  StaffSignedIn: z.object({ portal: z.enum(['admin', 'master-admin']), totpTimeStep: z.number().int().nullable() }),
  StaffSignInFailed: z.object({
    portal: z.enum(['admin', 'master-admin']),
    reason: z.enum(['wrong_password', 'not_master_admin', 'invitation_pending', 'wrong_totp_code', 'totp_code_replayed']),
  }),
  /** Optional TOTP sign-in, as for creators; the secret itself stays in staff_credentials. */
  StaffTwoFactorEnabled: z.object({ timeStep: z.number().int() }),
  StaffTwoFactorDisabled: z.object({ proof: z.enum(['password', 'totp_code']) }),
  StaffSignedOut: z.object({}),
  StaffRoleChanged: z.object({ from: z.enum(STAFF_ROLES), to: z.enum(INVITABLE_ROLES) }),
  StaffDeleted: z.object({ deletedAt: isoTime }),
} as const;

type Schemas = typeof staffEventSchemas;

/** The stream's events as the catalogue (../events/index.ts) registers them: every one at schema version 1. */
export const staffEvents = defineEvents(
  Object.fromEntries(Object.entries(staffEventSchemas).map(([type, schema]) => [type, { schemaVersion: 1, schema }])) as {
    [K in keyof Schemas]: { readonly schemaVersion: number; readonly schema: Schemas[K] };
  },
);

export type StaffEvent = EventsOf<typeof staffEvents>;
export type StaffEventType = StaffEvent['type'];
export type StaffEventOf<K extends StaffEventType> = Extract<StaffEvent, { type: K }>;

export const STAFF_EVENT_TYPES = Object.keys(staffEventSchemas) as StaffEventType[];

export function isStaffEvent(event: { type: string }): event is StaffEvent {
  return Object.hasOwn(staffEventSchemas, event.type);
}

/** Validates an event's data against its schema (before appending, and in readers). */
export function parseStaffEvent(event: { type: string; data: unknown }): StaffEvent {
  if (!isStaffEvent(event)) throw new Error(`Not a staff event: ${event.type}`);
  const schema = staffEventSchemas[event.type] as z.ZodType;
  return { type: event.type, data: schema.parse(event.data) } as StaffEvent;
}
