// The payment-provider port. One interface for every adapter (`local`, `stripe`); features add the
// methods they need here (checkout sessions come with the checkout feature), and each adapter
// implements them. The server only ever trusts what the provider says about a payment method.

type PaymentProviderKind = 'local' | 'stripe';

/** A card as the provider summarises it; the number and CVC never reach us. */
export interface PaymentMethodSummary {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** What the browser needs to tokenise a card (Stripe Elements), null for `local`. */
  readonly publishableKey: string | null;
  /** True when no real money moves (the local provider, or Stripe test keys). */
  readonly testMode: boolean;
  /** The provider's own record of a payment method; null when it does not know the id. */
  retrievePaymentMethod(id: string): Promise<PaymentMethodSummary | null>;
}
