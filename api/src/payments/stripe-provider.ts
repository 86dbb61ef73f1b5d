// Stripe through its SDK. The browser tokenises the card with Stripe Elements; the server then asks
// Stripe for the payment method itself, so the card summary is never taken from the client.
import Stripe from 'stripe';
import type { PaymentMethodSummary, PaymentProvider } from './provider.js';

export interface StripeProviderOptions {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret?: string | undefined;
  /** Where the SDK sends requests (a local stand-in in tests). */
  readonly host?: string | undefined;
  readonly port?: number | undefined;
  readonly protocol?: 'http' | 'https' | undefined;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  readonly testMode: boolean;
  readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.testMode = options.secretKey.startsWith('sk_test_');
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async retrievePaymentMethod(id: string): Promise<PaymentMethodSummary | null> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
    if (!method.card) return null;
    return {
      id: method.id,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    };
  }

  /** Verifies a webhook's `stripe-signature` header and parses its event; throws when it is forged or stale. */
  constructWebhookEvent(payload: string | Buffer, signature: string): Stripe.Event {
    if (!this.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return verifyStripeWebhook(payload, signature, this.webhookSecret);
  }
}

export function verifyStripeWebhook(payload: string | Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}
