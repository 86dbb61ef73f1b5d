// The staff feature's own tables: operational state kept outside the log on purpose, like the
// creators' keys and sessions. `staff_emails` is the one guard against two accounts for an address
// and what sign-in looks up (no projection lag); `staff_credentials` keeps password hashes out of the
// append-only log; `staff_sessions` holds hashed bearer tokens. Sign-in is throttled by the app's attempt limiter
// (`auth_failures`, scope `staff_login`). The read models (`staff_accounts`, `staff_access_log`)
// belong to `projections`.
import type { Migration } from '../db/migrate.js';

export const staffMigrations: readonly Migration[] = [
  {
    id: 'api/staff/001-staff',
    sql: `
      CREATE TABLE staff_emails (
        email text PRIMARY KEY,
        staff_id uuid NOT NULL UNIQUE
      );
      CREATE TABLE staff_credentials (
        staff_id uuid PRIMARY KEY,
        password_hash jsonb NOT NULL,
        totp_secret text,
        totp_pending_secret text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE staff_sessions (
        token_hash bytea PRIMARY KEY,
        staff_id uuid NOT NULL,
        role text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        client_ip text,
        user_agent text
      );
      CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);
    `,
  },
  {
    // Which reset link set the stored password (its token's SHA-256; NULL when no link did), so the
    // same link can finish a reset whose password write never happened, and only that.
    id: 'api/staff/002-credentials-set-by-reset',
    sql: 'ALTER TABLE staff_credentials ADD COLUMN set_by_reset text;',
  },
  {
    // The stream revision of the event whose password is stored (review of 002: a link used before
    // 002 met a NULL marker and could set a password again, silently). A reset's password is stored
    // only over an older one, so a link finishing a reset whose write never happened cannot undo
    // anything stored at or after that reset. Rows made before this are given their stream's
    // revision (nothing older to finish); with the log elsewhere they stay NULL (never finished).
    id: 'api/staff/003-credentials-set-at-revision',
    sql: `
      ALTER TABLE staff_credentials DROP COLUMN set_by_reset, ADD COLUMN set_at_revision bigint;
      DO $$ BEGIN
        IF to_regclass('es_streams') IS NOT NULL THEN
          UPDATE staff_credentials c SET set_at_revision = s.revision FROM es_streams s WHERE s.stream_id = 'admin-' || c.staff_id::text;
        END IF;
      END $$;
    `,
  },
];
