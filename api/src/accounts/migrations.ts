// The API's own tables: operational state kept outside the log on purpose. Per-user keys must be
// destroyable (crypto-shredding), sessions and reset tokens are short-lived secrets, and the outbox
// holds e-mails waiting to be sent. The read models' tables belong to `projections`.
import type { Migration } from '../db/migrate.js';
import { paymentsMigrations } from '../payments/migrations.js';
import { staffMigrations } from '../staff/migrations.js';
import { supportMigrations } from '../support/migrations.js';

export const accountsMigrations: readonly Migration[] = [
  {
    id: 'api/accounts/001-user-keys-sessions',
    sql: `
      CREATE TABLE user_keys (
        user_id uuid PRIMARY KEY,
        email_hmac text NOT NULL UNIQUE,
        wrapped_key bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        remember_me boolean NOT NULL DEFAULT false,
        client_ip text,
        user_agent text
      );
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE password_resets (
        token_hash bytea PRIMARY KEY,
        user_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX password_resets_by_user ON password_resets (user_id);
      CREATE TABLE outbox_emails (
        id bigserial PRIMARY KEY,
        user_id uuid,
        to_email text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX outbox_emails_by_user ON outbox_emails (user_id);
    `,
  },
  {
    // Failed password / code checks per scope and key (see attempt-limiter.ts): shared by every API
    // process and kept across restarts.
    id: 'api/accounts/002-auth-failures',
    sql: `
      CREATE TABLE auth_failures (
        scope text NOT NULL,
        key text NOT NULL,
        failures integer NOT NULL,
        last_failed_at timestamptz NOT NULL,
        last_succeeded_at timestamptz,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX auth_failures_by_age ON auth_failures (last_failed_at);
    `,
  },
  {
    // Which server key wraps each user's key (ServerKeyring.keyId): a start with a SECRET_KEY that
    // cannot open them all is refused, and a rotation knows what it has left. Rows from before are
    // labelled at the next start (server-keys.ts).
    id: 'api/accounts/003-user-keys-key-id',
    sql: `ALTER TABLE user_keys ADD COLUMN key_id text`,
  },
];

/** Every migration the API itself owns, run by runApp right after the event store's. */
export const apiMigrations: readonly Migration[] = [...accountsMigrations, ...paymentsMigrations, ...staffMigrations, ...supportMigrations];
