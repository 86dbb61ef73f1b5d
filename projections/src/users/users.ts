// The `users` read model: one row per living account, personal data opened with the user's key
// (same database, table `user_keys`). Once the key is destroyed (AccountDeleted), nothing about the
// person opens again, so a rebuild from position 0 does not bring the row back. What it unseals is
// made storable (no NUL or unpaired surrogate) itself: the runner only sees the sealed text.
import type pg from 'pg';
import { readUserKey, sealedCardSchema, sealedProfileSchema, serverKeyring, unseal } from '@titleledger/api/accounts';
import { isEvent, streamEventTypes, type StoredEvent } from '@titleledger/api/events';
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';
import { storable } from '../runner/storable.js';

export const usersMigrations: readonly Migration[] = [
  {
    id: 'projections/020-users',
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email_hmac text NOT NULL,
        email text NOT NULL,
        username text,
        full_name text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        phone text NOT NULL,
        address text NOT NULL,
        city text NOT NULL,
        state text NOT NULL,
        zip_code text NOT NULL,
        country text NOT NULL,
        account_type text NOT NULL,
        created_at timestamptz NOT NULL,
        password_changed_at timestamptz,
        last_login_at timestamptz,
        two_factor_enabled boolean NOT NULL DEFAULT false,
        payment_provider text,
        payment_method_id text,
        card_brand text,
        card_last4 text,
        card_exp_month int,
        card_exp_year int,
        email_notifications boolean NOT NULL DEFAULT true,
        sms_notifications boolean NOT NULL DEFAULT false,
        security_alerts boolean NOT NULL DEFAULT true,
        registration_updates boolean NOT NULL DEFAULT true,
        payment_updates boolean NOT NULL DEFAULT true,
        marketing_emails boolean NOT NULL DEFAULT false,
        terms_accepted_at timestamptz,
        privacy_accepted_at timestamptz
      );
      CREATE INDEX users_by_email_hmac ON users (email_hmac);
      CREATE INDEX users_by_created_at ON users (created_at DESC);
    `,
  },
];

const userIdOf = (streamId: string) => streamId.slice('user-'.length);
const userEventTypes = streamEventTypes('user');
type UserEventType = (typeof userEventTypes)[number];
/** The events applied one at a time; sign-ins are applied in runs (`recordLogins`). */
type OneByOne = Exclude<UserEventType, 'UserLoggedIn'>;
const oneByOneTypes = userEventTypes.filter((type): type is OneByOne => type !== 'UserLoggedIn');

/** Each user's last sign-in of the run, as applying them one by one would leave it: one statement. */
async function recordLogins(tx: pg.PoolClient, logins: ReadonlyArray<{ userId: string; at: string }>): Promise<void> {
  if (logins.length === 0) return;
  await tx.query(
    `UPDATE users u SET last_login_at = l.at
       FROM (SELECT DISTINCT ON (id) id, at FROM unnest($1::uuid[], $2::timestamptz[]) WITH ORDINALITY AS l(id, at, ord)
              ORDER BY id, ord DESC) l
      WHERE u.id = l.id`,
    [logins.map((l) => l.userId), logins.map((l) => l.at)],
  );
}

async function applyOne(event: StoredEvent<OneByOne>, tx: pg.PoolClient): Promise<void> {
  const userId = userIdOf(event.streamId);
  // The key, only for the events that carry sealed data; null once the account was deleted.
  const key = () => readUserKey(tx, serverKeyring(), userId);
  switch (event.type) {
    case 'UserRegistered': {
      const userKey = await key();
      if (!userKey) return;
      const p = storable(sealedProfileSchema.parse(unseal(userKey, userId, event.data.profile)));
      await tx.query(
        `INSERT INTO users (id, email_hmac, email, username, full_name, first_name, last_name, phone, address, city,
                            state, zip_code, country, account_type, created_at, terms_accepted_at, privacy_accepted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ON CONFLICT (id) DO NOTHING`,
        [
          userId, event.data.emailHmac, p.email, p.username, p.fullName, p.firstName, p.lastName, p.phone, p.address,
          p.city, p.state, p.zipCode, p.country, event.data.accountType, event.data.registeredAt,
          event.data.termsAcceptedAt, event.data.privacyAcceptedAt,
        ],
      );
      return;
    }
    case 'ProfileUpdated': {
      const userKey = await key();
      if (!userKey) return;
      const p = storable(sealedProfileSchema.parse(unseal(userKey, userId, event.data.profile)));
      await tx.query(
        `UPDATE users SET email_hmac = $2, email = $3, full_name = $4, first_name = $5, last_name = $6, phone = $7,
                          address = $8, city = $9, state = $10, zip_code = $11, country = $12, account_type = $13
          WHERE id = $1`,
        [userId, event.data.emailHmac, p.email, p.fullName, p.firstName, p.lastName, p.phone, p.address, p.city, p.state,
          p.zipCode, p.country, event.data.accountType],
      );
      return;
    }
    case 'PaymentMethodAttached': {
      const userKey = await key();
      if (!userKey) return;
      const card = storable(sealedCardSchema.parse(unseal(userKey, userId, event.data.card)));
      await tx.query(
        `UPDATE users SET payment_provider = $2, payment_method_id = $3, card_brand = $4, card_last4 = $5,
                          card_exp_month = $6, card_exp_year = $7
          WHERE id = $1`,
        [userId, event.data.provider, card.paymentMethodId, card.brand, card.last4, card.expMonth, card.expYear],
      );
      return;
    }
    case 'PasswordChanged':
      await tx.query('UPDATE users SET password_changed_at = $2 WHERE id = $1', [userId, event.data.changedAt]);
      return;
    case 'TwoFactorEnabled':
    case 'TwoFactorDisabled':
      await tx.query('UPDATE users SET two_factor_enabled = $2 WHERE id = $1', [userId, event.type === 'TwoFactorEnabled']);
      return;
    case 'NotificationPreferencesChanged': {
      const p = event.data.preferences;
      await tx.query(
        `UPDATE users SET email_notifications = $2, sms_notifications = $3, security_alerts = $4,
                          registration_updates = $5, payment_updates = $6, marketing_emails = $7
          WHERE id = $1`,
        [userId, p.emailNotifications, p.smsNotifications, p.securityAlerts, p.registrationUpdates, p.paymentUpdates, p.marketingEmails],
      );
      return;
    }
    case 'AccountDeleted':
      await tx.query('DELETE FROM users WHERE id = $1', [userId]);
      return;
    case 'LoginFailed':
    case 'TwoFactorSetupStarted':
    case 'PasswordResetRequested':
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`users projection: unhandled ${JSON.stringify(unhandled)}`);
    }
  }
}

export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  async apply(events, tx) {
    // Sign-ins one after another move last_login_at together; any other event of ours ends the run.
    let logins: Array<{ userId: string; at: string }> = [];
    for (const event of events) {
      if (isEvent(event, 'UserLoggedIn')) logins.push({ userId: userIdOf(event.streamId), at: event.metadata.occurredAt });
      else if (isEvent(event, ...oneByOneTypes)) {
        await recordLogins(tx, logins);
        logins = [];
        await applyOne(event, tx);
      }
    }
    await recordLogins(tx, logins);
  },
};
