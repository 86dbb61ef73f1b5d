// The `notifications` read model: what the notification centre lists, built from the log. One row
// per thing a creator would want to hear about: payment received (with its receipt), title
// registered, certificate ready, title anchored (block number), sign-in from a network not seen
// before on the account, password or two-factor changed, registration archived by the registry.
// A row's id is derived from the event that caused it, so a replay writes the same rows. Whether the
// user has read or deleted one is in the log too (`inbox-<userId>`: NotificationRead / ...Unread /
// ...Deleted / AllNotificationsRead / AllNotificationsDeleted), applied here like any other event, so a rebuild keeps it.
// Side tables hold what later events need to find their owner (payments, titles, batches) and the
// networks an account has used.
import type pg from 'pg';
import { isEvent } from '@titleledger/api/events';
import { isolate } from '@titleledger/api/schemas/isolate';
import type { RecordedEvent } from '@titleledger/api/eventstore';
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';
import { storableText } from '../runner/storable.js';

export const notificationsMigrations: readonly Migration[] = [
  {
    id: 'projections/060-notifications',
    sql: `
      CREATE TABLE notifications (
        id text PRIMARY KEY,
        user_id text NOT NULL,
        type text NOT NULL,
        priority text NOT NULL,
        title text NOT NULL,
        message text NOT NULL,
        tr_number text,
        created_at timestamptz NOT NULL,
        read boolean NOT NULL DEFAULT false,
        deleted boolean NOT NULL DEFAULT false
      );
      CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC) WHERE NOT deleted;
      CREATE TABLE notification_payments (payment_id text PRIMARY KEY, user_id text NOT NULL, reference text);
      CREATE TABLE notification_titles (tr_number text PRIMARY KEY, owner_id text NOT NULL, title text NOT NULL);
      CREATE TABLE notification_batches (batch_id bigint PRIMARY KEY, tr_numbers text[] NOT NULL);
      CREATE TABLE notification_networks (user_id text NOT NULL, network text NOT NULL, PRIMARY KEY (user_id, network));
      -- The e-mails to send, one per notification: not one of the projection's tables, so a rebuild
      -- (which writes the same ids again) never sends one twice. The API drains it (mail port).
      CREATE TABLE notification_outbox (
        notification_id text PRIMARY KEY,
        user_id text NOT NULL,
        type text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL,
        claimed_at timestamptz,
        outcome text
      );
      CREATE INDEX notification_outbox_due ON notification_outbox (created_at) WHERE claimed_at IS NULL;
    `,
  },
];

type NotificationType = 'payment' | 'registration' | 'security';

interface Row {
  readonly id: string;
  readonly userId: string;
  readonly type: NotificationType;
  readonly priority: 'high' | 'medium';
  readonly title: string;
  readonly message: string;
  readonly trNumber?: string;
  readonly at: string;
}

const usd = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** An IPv4 address as is, an IPv6 one by its /64: the network a sign-in came from. */
function networkOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  return ip.split(':').slice(0, 4).join(':');
}

/** Adds notifications and their e-mails to the outbox: one statement, however many (each once: ids are the event's). */
async function insert(tx: pg.PoolClient, ...rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const titles = rows.map((r) => storableText(r.title));
  const messages = rows.map((r) => storableText(r.message));
  await tx.query(
    `WITH shown AS (
       INSERT INTO notifications (id, user_id, type, priority, title, message, tr_number, created_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
       ON CONFLICT (id) DO NOTHING
     )
     INSERT INTO notification_outbox (notification_id, user_id, type, subject, body, created_at)
     SELECT id, user_id, type, 'TitleLedger: ' || title, message, created_at
       FROM unnest($1::text[], $2::text[], $3::text[], $5::text[], $6::text[], $8::timestamptz[]) AS r(id, user_id, type, title, message, created_at)
     ON CONFLICT (notification_id) DO NOTHING`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.userId),
      rows.map((r) => r.type),
      rows.map((r) => r.priority),
      titles,
      messages,
      rows.map((r) => r.trNumber ?? null),
      rows.map((r) => r.at),
    ],
  );
}

const userIdOf = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);

/**
 * What one `apply` adds, held back and written in a few statements at the end: notifications (with
 * their e-mails), titles, and sign-ins, whose networks are looked up together. An event whose
 * handler reads or changes rows (not only adds them) writes what is held first (`flush`), so every
 * handler sees the rows of the events before it, as if each had been written at once.
 */
class Pending {
  private rows: Row[] = [];
  private titles: Array<{ trNumber: string; ownerId: string; title: string }> = [];
  private logins: Array<{ id: string; userId: string; network: string; ip: string; at: string }> = [];

  constructor(private readonly tx: pg.PoolClient) {}

  notify(...rows: Row[]): void {
    this.rows.push(...rows);
  }

  title(trNumber: string, ownerId: string, title: string): void {
    this.titles.push({ trNumber, ownerId, title: storableText(title) });
  }

  login(id: string, userId: string, ip: string, at: string): void {
    this.logins.push({ id, userId, network: networkOf(ip), ip, at });
  }

  /**
   * Sign-ins: each network seen for the first time gets its notification, on the first sign-in from
   * it, as one sign-in after another would have.
   */
  async flushLogins(): Promise<void> {
    const logins = this.logins;
    if (logins.length === 0) return;
    this.logins = [];
    const { rows } = await this.tx.query<{ ord: number }>(
      `WITH l AS (SELECT * FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS l(user_id, network, ord)),
            added AS (INSERT INTO notification_networks SELECT DISTINCT user_id, network FROM l ON CONFLICT DO NOTHING RETURNING user_id, network)
       SELECT DISTINCT ON (l.user_id, l.network) l.ord::int AS ord FROM l JOIN added USING (user_id, network)
        ORDER BY l.user_id, l.network, l.ord`,
      [logins.map((l) => l.userId), logins.map((l) => l.network)],
    );
    for (const { ord } of rows) {
      const login = logins[ord - 1]!;
      this.notify({
        id: login.id,
        userId: login.userId,
        type: 'security',
        priority: 'high',
        title: 'Sign-in from a new device or network',
        message: `Your account was signed in to from ${login.ip}. If this was not you, change your password now.`,
        at: login.at,
      });
    }
  }

  async flush(): Promise<void> {
    await this.flushLogins();
    if (this.titles.length > 0) {
      const titles = this.titles;
      this.titles = [];
      await this.tx.query(
        'INSERT INTO notification_titles SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING',
        [titles.map((t) => t.trNumber), titles.map((t) => t.ownerId), titles.map((t) => t.title)],
      );
    }
    const rows = this.rows;
    this.rows = [];
    await insert(this.tx, ...rows);
  }
}

async function applyOne(event: RecordedEvent, tx: pg.PoolClient, pending: Pending): Promise<void> {
  const id = event.metadata.eventId;
  const at = event.metadata.occurredAt;
  if (isEvent(event, 'UserRegistered')) {
    if (event.metadata.clientIp) {
      await pending.flushLogins();
      await tx.query('INSERT INTO notification_networks VALUES ($1, $2) ON CONFLICT DO NOTHING', [event.data.userId, networkOf(event.metadata.clientIp)]);
    }
  } else if (isEvent(event, 'UserLoggedIn')) {
    if (event.metadata.clientIp) pending.login(id, userIdOf(event.streamId), event.metadata.clientIp, at);
  } else if (isEvent(event, 'PasswordChanged')) {
    pending.notify({
      id,
      userId: userIdOf(event.streamId),
      type: 'security',
      priority: 'high',
      title: event.data.reason === 'reset' ? 'Password reset' : 'Password changed',
      message: 'The password of your account was changed. If this was not you, reset it and contact support.',
      at,
    });
  } else if (isEvent(event, 'TwoFactorEnabled', 'TwoFactorDisabled')) {
    const on = event.type === 'TwoFactorEnabled';
    pending.notify({
      id,
      userId: userIdOf(event.streamId),
      type: 'security',
      priority: on ? 'medium' : 'high',
      title: on ? 'Two-factor authentication turned on' : 'Two-factor authentication turned off',
      message: on ? 'Signing in now also needs a code from your authenticator app.' : 'Signing in now needs only your password.',
      at,
    });
  } else if (isEvent(event, 'AccountDeleted')) {
    await pending.flush();
    const userId = userIdOf(event.streamId);
    await tx.query('DELETE FROM notifications WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM notification_networks WHERE user_id = $1', [userId]);
    // Their titles and payments too: what a later event (the anchoring of a title still pending, a
    // payment completing) would find its owner by, so nothing is told to, or kept for, nobody.
    await tx.query('DELETE FROM notification_titles WHERE owner_id = $1', [userId]);
    await tx.query('DELETE FROM notification_payments WHERE user_id = $1', [userId]);
    // Queued e-mails go with the account.
    await tx.query('DELETE FROM notification_outbox WHERE user_id = $1', [userId]);
  } else if (isEvent(event, 'PaymentCheckoutCreated')) {
    await tx.query('INSERT INTO notification_payments VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      event.data.paymentId,
      event.data.userId,
      event.data.reference,
    ]);
  } else if (isEvent(event, 'PaymentSucceeded', 'PaymentRefunded')) {
    const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM notification_payments WHERE payment_id = $1', [event.data.paymentId]);
    const userId = rows[0]?.user_id;
    if (!userId) return;
    const amount = usd(event.data.amountCents, event.data.currency);
    pending.notify(
      event.type === 'PaymentSucceeded'
        ? {
            id,
            userId,
            type: 'payment',
            priority: 'medium',
            title: 'Payment received',
            message: `We received ${amount}. Receipt: payment ${event.data.paymentId}${event.data.providerPaymentIntentId ? ` (${event.data.providerPaymentIntentId})` : ''}, ${at.slice(0, 10)}.`,
            at,
          }
        : {
            id,
            userId,
            type: 'payment',
            priority: 'high',
            title: 'Payment refunded',
            message: `${amount} was refunded to the card that paid it (refund ${event.data.refundId}). ${event.data.reason}`,
            at,
          },
    );
  } else if (isEvent(event, 'TitleRegistered')) {
    const { trNumber, ownerId, title } = event.data;
    pending.title(trNumber, ownerId, title);
    pending.notify(
      {
        id: `${id}:registered`,
        userId: ownerId,
        type: 'registration',
        priority: 'medium',
        title: 'Title registered',
        message: `"${isolate(title)}" is registered as ${trNumber}. It is anchored on the blockchain within minutes.`,
        trNumber,
        at,
      },
      {
        id: `${id}:certificate`,
        userId: ownerId,
        type: 'registration',
        priority: 'medium',
        title: 'Certificate ready',
        message: `The certificate for ${trNumber} can be downloaded from My Documents.`,
        trNumber,
        at,
      },
    );
  } else if (isEvent(event, 'BatchSealed')) {
    await tx.query('INSERT INTO notification_batches VALUES ($1, $2) ON CONFLICT DO NOTHING', [event.data.batchId, event.data.trNumbers]);
  } else if (isEvent(event, 'RootAnchored')) {
    await pending.flush();
    const { rows } = await tx.query<{ tr_number: string; owner_id: string; title: string }>(
      `SELECT t.tr_number, t.owner_id, t.title FROM notification_batches b
         JOIN notification_titles t ON t.tr_number = ANY (b.tr_numbers) WHERE b.batch_id = $1`,
      [event.data.batchId],
    );
    pending.notify(
      ...rows.map((row): Row => ({
        id: `${id}:${row.tr_number}`,
        userId: row.owner_id,
        type: 'registration',
        priority: 'medium',
        title: 'Title anchored',
        message: `"${isolate(row.title)}" (${row.tr_number}) is anchored in block ${event.data.blockNumber}.`,
        trNumber: row.tr_number,
        at,
      })),
    );
  } else if (isEvent(event, 'RegistrationArchived')) {
    await pending.flush();
    // Archived with its owner's account: there is nobody left to tell (AccountDeleted took their
    // notifications). A title registered after the deletion (in flight while it ran) goes now, with
    // what it brought since (registered, certificate, anchored).
    // Only such a title is still listed here: AccountDeleted removed the others.
    if (event.data.cause === 'admin_deleted_user' || event.data.cause === 'owner_deleted_account') {
      const { rows } = await tx.query<{ owner_id: string }>('DELETE FROM notification_titles WHERE tr_number = $1 RETURNING owner_id', [event.data.trNumber]);
      const owner = rows[0]?.owner_id;
      if (!owner) return;
      const { rows: gone } = await tx.query<{ id: string }>('DELETE FROM notifications WHERE user_id = $1 AND tr_number = $2 RETURNING id', [owner, event.data.trNumber]);
      await tx.query('DELETE FROM notification_outbox WHERE notification_id = ANY($1::text[])', [gone.map((r) => r.id)]);
      return;
    }
    const { rows } = await tx.query<{ owner_id: string }>('SELECT owner_id FROM notification_titles WHERE tr_number = $1', [event.data.trNumber]);
    const owner = rows[0]?.owner_id;
    if (!owner) return;
    pending.notify({
      id,
      userId: owner,
      type: 'registration',
      priority: 'high',
      title: 'Registration archived by the registry',
      message: `${event.data.trNumber} was archived${event.data.reason ? `: ${isolate(event.data.reason)}` : ''}. It stays verifiable from its .tr file.`,
      trNumber: event.data.trNumber,
      at,
    });
  } else if (isEvent(event, 'NotificationRead', 'NotificationMarkedUnread', 'NotificationDeleted', 'AllNotificationsRead', 'AllNotificationsDeleted')) {
    await pending.flush();
    await changeNotifications(event, tx);
  }
}

/** A user read, unread or deleted notifications. */
async function changeNotifications(event: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  if (isEvent(event, 'NotificationRead', 'NotificationMarkedUnread')) {
    await tx.query('UPDATE notifications SET read = $3 WHERE id = $1 AND user_id = $2', [
      event.data.notificationId,
      userIdOf(event.streamId),
      event.type === 'NotificationRead',
    ]);
  } else if (isEvent(event, 'NotificationDeleted')) {
    await tx.query('UPDATE notifications SET deleted = true WHERE id = $1 AND user_id = $2', [event.data.notificationId, userIdOf(event.streamId)]);
  } else if (isEvent(event, 'AllNotificationsRead')) {
    await tx.query('UPDATE notifications SET read = true WHERE user_id = $1 AND created_at <= $2', [userIdOf(event.streamId), event.data.upTo]);
  } else if (isEvent(event, 'AllNotificationsDeleted')) {
    await tx.query('UPDATE notifications SET deleted = true WHERE user_id = $1 AND created_at <= $2', [userIdOf(event.streamId), event.data.upTo]);
  }
}

export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: ['notifications', 'notification_payments', 'notification_titles', 'notification_batches', 'notification_networks'],
  async apply(events, tx) {
    const pending = new Pending(tx);
    for (const event of events) await applyOne(event, tx, pending);
    await pending.flush();
  },
};
