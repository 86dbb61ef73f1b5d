// The accounts feature's own tables outside the log (`migrations.ts`): the cards claimed by accounts
// (`payment_methods`) and the password-reset tokens (`password_resets`). The use cases call these
// (and `user-keys.ts`, `user-queries.ts`, the dev outbox's `forgetMailTo`): no SQL in a use case.
import { conflict } from '../errors.js';
import type { PaymentMethodSummary } from '../payments/provider.js';
import type { SealedCard } from './events.js';
import type { Queryable } from './user-keys.js';

/** Claims the card for the user; one already claimed by another account is a 409. */
export async function claimPaymentMethod(db: Queryable, provider: string, card: PaymentMethodSummary, userId: string): Promise<SealedCard> {
  const { rowCount } = await db.query(
    `INSERT INTO payment_methods (id, provider, user_id, brand, last4, exp_month, exp_year, attached_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, attached_at = now()
       WHERE payment_methods.user_id IS NULL`,
    [card.id, provider, userId, card.brand, card.last4, card.expMonth, card.expYear],
  );
  if (rowCount === 0) throw conflict('This payment method is already attached to another account.');
  return { paymentMethodId: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
}

/** Gives back a card claimed by a sign-up that did not complete. */
export async function releasePaymentMethod(db: Queryable, paymentMethodId: string, userId: string): Promise<void> {
  await db.query('UPDATE payment_methods SET user_id = NULL, attached_at = NULL WHERE id = $1 AND user_id = $2', [paymentMethodId, userId]);
}

/** Gives back every card a sign-up that never recorded its account had claimed. */
export async function releasePaymentMethodsOf(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE payment_methods SET user_id = NULL, attached_at = NULL WHERE user_id = $1', [userId]);
}

export async function forgetPaymentMethods(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM payment_methods WHERE user_id = $1', [userId]);
}

/** Stores a reset token, by its SHA-256 only. */
export async function insertPasswordReset(db: Queryable, tokenHash: Buffer, userId: string, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, userId, expiresAt]);
}

/** Whether the token is unused and unexpired at `now` (the rule `consumePasswordReset` spends it by), leaving it as it is. */
export async function passwordResetUsable(db: Queryable, tokenHash: Buffer, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2', [tokenHash, now]);
  return (rowCount ?? 0) > 0;
}

/** Marks the token used if it is unused and unexpired at `now`: its user, or null. */
export async function consumePasswordReset(db: Queryable, tokenHash: Buffer, now: Date): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
    [tokenHash, now],
  );
  return rows[0]?.user_id ?? null;
}

export async function forgetPasswordResets(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
}
