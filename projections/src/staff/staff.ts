// The staff read models: `staff_accounts` (the master console's Admins list, seed 3.9) and
// `staff_access_log` (one row per staff event, sign-ins and failed sign-ins included, and one per
// admin action on a registration, a creator's account or a support request: who did what to whom,
// when, from which IP, and why). Log ids are given in log order from the table's own maximum, so a
// rebuild from position 0 numbers every entry the same way again.
import type pg from 'pg';
import { isEvent } from '@titleledger/api/events';
import type { RecordedEvent } from '@titleledger/api/eventstore';
import { isStaffEvent, parseStaffEvent, staffIdOf, STAFF_STREAM_PREFIX, type StaffEvent } from '@titleledger/api/staff';
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';

export const staffMigrations: readonly Migration[] = [
  {
    id: 'projections/040-staff',
    sql: `
      CREATE TABLE staff_accounts (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        terms_accepted_at timestamptz,
        privacy_accepted_at timestamptz,
        email_verified_at timestamptz,
        last_login_at timestamptz,
        two_factor_enabled boolean NOT NULL DEFAULT false,
        deleted_at timestamptz
      );
      CREATE TABLE staff_access_log (
        id bigint PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text,
        admin_id uuid,
        details jsonb NOT NULL,
        ip_address text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX staff_access_log_by_admin ON staff_access_log (admin_id, id DESC);
    `,
  },
];

/** What the access log calls each event, and what it keeps of its data. */
function describe(event: StaffEvent): { action: string; details: Record<string, unknown> } {
  switch (event.type) {
    case 'MasterAdminCreated':
      return { action: 'master_admin_created', details: { email: event.data.email, source: event.data.source } };
    case 'StaffInvited':
      return { action: 'admin_invited', details: { email: event.data.email, role: event.data.role, expiresAt: event.data.expiresAt } };
    case 'StaffInvitationAccepted':
      return { action: 'invitation_accepted', details: {} };
    case 'StaffSignedIn':
      return { action: 'login', details: { portal: event.data.portal, twoFactor: event.data.totpTimeStep !== null } };
    case 'StaffSignInFailed':
      return { action: 'login_failed', details: { portal: event.data.portal, reason: event.data.reason } };
    case 'StaffSignedOut':
      return { action: 'logout', details: {} };
    case 'StaffRoleChanged':
      return { action: 'role_changed', details: { from: event.data.from, to: event.data.to } };
    case 'StaffDeleted':
      return { action: 'admin_deleted', details: {} };
    case 'StaffTwoFactorEnabled':
      return { action: 'two_factor_enabled', details: {} };
    case 'StaffTwoFactorDisabled':
      return { action: 'two_factor_disabled', details: { proof: event.data.proof } };
    case 'StaffPasswordResetIssued':
      return { action: 'password_reset_sent', details: { expiresAt: event.data.expiresAt } };
    case 'StaffPasswordReset':
      return { action: 'password_reset', details: { via: event.data.via } };
    default: {
      const unhandled: never = event;
      throw new Error(`staff projection: unhandled ${JSON.stringify(unhandled)}`);
    }
  }
}

async function applyToAccounts(event: StaffEvent, staffId: string, recorded: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  switch (event.type) {
    case 'MasterAdminCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO staff_accounts (id, email, first_name, last_name, role, status, created_at, terms_accepted_at, privacy_accepted_at, email_verified_at)
         VALUES ($1, $2, $3, $4, 'master_admin', 'active', $5, $5, $5, $5) ON CONFLICT (id) DO NOTHING`,
        [staffId, d.email, d.firstName, d.lastName, d.createdAt],
      );
      return;
    }
    case 'StaffInvited': {
      const d = event.data;
      await tx.query(
        `INSERT INTO staff_accounts (id, email, first_name, last_name, role, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'invited', $6)
         ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
                                        role = EXCLUDED.role, status = 'invited'`,
        [staffId, d.email, d.firstName, d.lastName, d.role, d.invitedAt],
      );
      return;
    }
    case 'StaffInvitationAccepted':
      await tx.query(
        `UPDATE staff_accounts SET status = 'active', terms_accepted_at = $2, privacy_accepted_at = $3, email_verified_at = $4 WHERE id = $1`,
        [staffId, event.data.termsAcceptedAt, event.data.privacyAcceptedAt, event.data.emailVerifiedAt],
      );
      return;
    case 'StaffSignedIn':
      await tx.query('UPDATE staff_accounts SET last_login_at = $2 WHERE id = $1', [staffId, recorded.metadata.occurredAt]);
      return;
    case 'StaffRoleChanged':
      await tx.query('UPDATE staff_accounts SET role = $2 WHERE id = $1', [staffId, event.data.to]);
      return;
    case 'StaffDeleted':
      await tx.query(`UPDATE staff_accounts SET status = 'deleted', deleted_at = $2 WHERE id = $1`, [staffId, event.data.deletedAt]);
      return;
    case 'StaffTwoFactorEnabled':
    case 'StaffTwoFactorDisabled':
      await tx.query('UPDATE staff_accounts SET two_factor_enabled = $2 WHERE id = $1', [staffId, event.type === 'StaffTwoFactorEnabled']);
      return;
    case 'StaffSignInFailed':
    case 'StaffSignedOut':
    case 'StaffPasswordResetIssued':
    case 'StaffPasswordReset':
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`staff projection: unhandled ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * Admin actions recorded on other streams (a title's, a creator's, a support request's): every one is attributable in the
 * access log too (actor, role, IP, reason), beside the staff accounts' own events.
 */
function describeAdminAction(event: RecordedEvent): { action: string; targetType: string; targetId: string; details: Record<string, unknown> } | null {
  if (event.metadata.actor.kind !== 'admin') return null;
  const role = event.metadata.actor.role ?? null;
  if (isEvent(event, 'RegistrationArchived')) {
    return { action: 'registration_archived', targetType: 'registration', targetId: event.data.trNumber, details: { role, reason: event.data.reason, cause: event.data.cause } };
  }
  if (isEvent(event, 'RegistrationRestored')) {
    return { action: 'registration_restored', targetType: 'registration', targetId: event.data.trNumber, details: { role, reason: event.data.reason } };
  }
  if (isEvent(event, 'RegistrationCorrected')) {
    const fields = (['title', 'description'] as const).filter((field) => event.data[field] !== undefined);
    return { action: 'registration_corrected', targetType: 'registration', targetId: event.data.trNumber, details: { role, reason: event.data.reason, fields } };
  }
  if (isEvent(event, 'SupportRequestResolved') || isEvent(event, 'SupportRequestReopened')) {
    const action = event.type === 'SupportRequestResolved' ? 'support_request_resolved' : 'support_request_reopened';
    return { action, targetType: 'support_request', targetId: event.data.ticketNumber, details: { role, reason: event.data.note } };
  }
  if (isEvent(event, 'AccountDeleted') && event.data.byAdmin) {
    return { action: 'user_deleted', targetType: 'user', targetId: event.streamId.slice('user-'.length), details: { role, reason: event.data.byAdmin.reason } };
  }
  if (isEvent(event, 'ProfileUpdated') && event.data.byAdmin) {
    const { reason, fields } = event.data.byAdmin;
    return { action: 'user_profile_edited', targetType: 'user', targetId: event.streamId.slice('user-'.length), details: { role, reason, fields } };
  }
  return null;
}

interface LogEntry {
  readonly recorded: RecordedEvent;
  /** The staff account's own event, which also changes `staff_accounts`. */
  readonly staff: { readonly event: StaffEvent; readonly staffId: string } | null;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string;
  readonly details: Record<string, unknown>;
}

export const staffProjection: Projection = {
  name: 'staff',
  tables: ['staff_accounts', 'staff_access_log'],
  async apply(events, tx) {
    const entries = events.flatMap((recorded): LogEntry[] => {
      if (recorded.streamId.startsWith(STAFF_STREAM_PREFIX) && isStaffEvent(recorded)) {
        const event = parseStaffEvent(recorded);
        const staffId = staffIdOf(recorded.streamId);
        return [{ recorded, staff: { event, staffId }, ...describe(event), targetType: 'admin', targetId: staffId }];
      }
      const action = describeAdminAction(recorded);
      return action ? [{ recorded, staff: null, ...action }] : [];
    });
    if (entries.length === 0) return;
    const { rows } = await tx.query<{ last: string }>('SELECT coalesce(max(id), 0) AS last FROM staff_access_log');
    let nextId = Number(rows[0]!.last);
    for (const { recorded, staff, action, details, targetType, targetId } of entries) {
      if (staff) await applyToAccounts(staff.event, staff.staffId, recorded, tx);
      const actor = recorded.metadata.actor;
      const { rowCount } = await tx.query(
        `INSERT INTO staff_access_log (id, event_id, action, target_type, target_id, admin_id, details, ip_address, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (event_id) DO NOTHING`,
        [
          nextId + 1,
          recorded.metadata.eventId,
          action,
          targetType,
          targetId,
          actor.kind === 'admin' ? actor.id : null,
          JSON.stringify(details),
          recorded.metadata.clientIp,
          recorded.metadata.occurredAt,
        ],
      );
      if (rowCount) nextId += 1;
    }
  },
};
