// Payment-method summaries (never a card number): created by tokenisation with no owner, claimed
// by the sign-up that attaches them.
import type { Migration } from '../db/migrate.js';

export const paymentsMigrations: readonly Migration[] = [
  {
    id: 'api/payments/001-payment-methods',
    sql: `
      CREATE TABLE payment_methods (
        id text PRIMARY KEY,
        provider text NOT NULL,
        user_id uuid,
        brand text NOT NULL,
        last4 text NOT NULL,
        exp_month int NOT NULL,
        exp_year int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attached_at timestamptz
      );
      CREATE INDEX payment_methods_by_user ON payment_methods (user_id);
    `,
  },
];
