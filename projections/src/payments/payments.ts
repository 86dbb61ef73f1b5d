// The payments read model, `user_payments`: one row per checkout with its payer and where it stands
// (open, succeeded, failed, consumed, refunded), so the API can find a user's paid payments that no
// registration has used yet and the wizard can offer one instead of a second charge. The payment's
// own stream stays the authority: the API confirms each row it offers from the stream, and the
// submission alone decides whether a payment pays for a registration. A deleted account's rows go.
import { isEvent } from '@titleledger/api/events';
import type { RecordedEvent } from '@titleledger/api/eventstore';
import type { Migration } from '@titleledger/api/runtime';
import type pg from 'pg';
import type { Projection } from '../runner/projection.js';

export const paymentsMigrations: readonly Migration[] = [
  {
    id: 'projections/080-user-payments',
    sql: `
      CREATE TABLE user_payments (
        payment_id text PRIMARY KEY,
        user_id text NOT NULL,
        payment_type text NOT NULL,
        amount_cents integer NOT NULL,
        currency text NOT NULL,
        reference text,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        paid_at timestamptz
      );
      CREATE INDEX user_payments_unused ON user_payments (user_id, paid_at DESC) WHERE status = 'succeeded';
      CREATE INDEX user_payments_by_user ON user_payments (user_id);
    `,
  },
];

const setStatus = (tx: pg.PoolClient, paymentId: string, status: string) =>
  tx.query('UPDATE user_payments SET status = $2 WHERE payment_id = $1', [paymentId, status]);

async function applyOne(event: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  if (isEvent(event, 'PaymentCheckoutCreated')) {
    const d = event.data;
    await tx.query(
      `INSERT INTO user_payments (payment_id, user_id, payment_type, amount_cents, currency, reference, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', $7) ON CONFLICT (payment_id) DO NOTHING`,
      [d.paymentId, d.userId, d.paymentType, d.amountCents, d.currency, d.reference, d.createdAt],
    );
  } else if (isEvent(event, 'PaymentSucceeded')) {
    await tx.query("UPDATE user_payments SET status = 'succeeded', paid_at = $2 WHERE payment_id = $1", [event.data.paymentId, event.data.confirmedAt]);
  } else if (isEvent(event, 'PaymentFailed')) {
    await setStatus(tx, event.data.paymentId, 'failed');
  } else if (isEvent(event, 'PaymentConsumed')) {
    await setStatus(tx, event.data.paymentId, 'consumed');
  } else if (isEvent(event, 'PaymentReleased')) {
    // Its registration's TR number was taken: the payment is unused again.
    await setStatus(tx, event.data.paymentId, 'succeeded');
  } else if (isEvent(event, 'PaymentRefunded')) {
    await setStatus(tx, event.data.paymentId, 'refunded');
  } else if (isEvent(event, 'AccountDeleted')) {
    await tx.query('DELETE FROM user_payments WHERE user_id = $1', [event.streamId.slice('user-'.length)]);
  }
}

export const paymentsProjection: Projection = {
  name: 'payments',
  tables: ['user_payments'],
  async apply(events, tx) {
    for (const event of events) await applyOne(event, tx);
  },
};
