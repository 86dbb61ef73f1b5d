// The default provider without Stripe keys: test mode, served by the app. It "tokenises" a card on
// the server (Luhn, expiry, brand) and keeps only the summary; the number and CVC are dropped here.
// Saving a card stands for Stripe's SetupIntent: Stripe's declining test cards are refused, with
// their bank's reason, and nothing is kept.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { unprocessable } from '../errors.js';
import { declineReason, detectBrand, digitsOnly, isExpired, passesLuhn } from './cards.js';
import type { PaymentMethodSummary, PaymentProvider } from './provider.js';

export interface LocalCardInput {
  readonly cardNumber: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

interface PaymentMethodRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

const toSummary = (row: PaymentMethodRow): PaymentMethodSummary => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
});

export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  readonly publishableKey = null;
  readonly testMode = true;

  constructor(private readonly pool: pg.Pool) {}

  async tokenizeCard(card: LocalCardInput, now = new Date()): Promise<PaymentMethodSummary> {
    if (!passesLuhn(card.cardNumber)) throw unprocessable('Your card number is invalid.');
    if (isExpired(card.expMonth, card.expYear, now)) throw unprocessable('Your card has expired.');
    const brand = detectBrand(card.cardNumber);
    const cvcLength = brand === 'amex' ? 4 : 3;
    if (card.cvc.length !== cvcLength) throw unprocessable("Your card's security code is incomplete.");
    const declined = declineReason(card.cardNumber);
    if (declined) throw unprocessable(declined);
    const digits = digitsOnly(card.cardNumber);
    const { rows } = await this.pool.query<PaymentMethodRow>(
      `INSERT INTO payment_methods (id, provider, brand, last4, exp_month, exp_year)
       VALUES ($1, 'local', $2, $3, $4, $5) RETURNING id, brand, last4, exp_month, exp_year`,
      [`pm_local_${randomBytes(12).toString('hex')}`, brand, digits.slice(-4), card.expMonth, card.expYear],
    );
    return toSummary(rows[0]!);
  }

  async retrievePaymentMethod(id: string): Promise<PaymentMethodSummary | null> {
    const { rows } = await this.pool.query<PaymentMethodRow>(
      `SELECT id, brand, last4, exp_month, exp_year FROM payment_methods WHERE id = $1 AND provider = 'local'`,
      [id],
    );
    return rows[0] ? toSummary(rows[0]) : null;
  }
}
