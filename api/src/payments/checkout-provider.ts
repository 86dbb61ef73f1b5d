// The checkout half of the payment-provider port: a hosted page where the payer pays a fixed
// amount, and a server-side retrieval that says whether they did. The server never trusts the
// browser's redirect: it asks the provider (or takes a signed webhook).
//
// `local` (default without Stripe keys): a TEST MODE page served by this app; sessions live in
// memory, which is enough for a test-mode provider (the outcome is recorded in the log at once).
// `stripe`: Stripe Checkout Sessions.
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

export interface CheckoutSessionRequest {
  /** In cents. */
  readonly amount: number;
  readonly currency: string;
  readonly userId: string;
  readonly description: string;
  readonly metadata: Readonly<Record<string, string>>;
  /** May hold `{CHECKOUT_SESSION_ID}`, replaced by the session id. */
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface CheckoutSession {
  readonly id: string;
  readonly url: string;
}

export interface RetrievedCheckoutSession {
  readonly id: string;
  readonly status: 'open' | 'complete' | 'expired';
  readonly paymentStatus: 'paid' | 'unpaid';
  /** In cents. */
  readonly amountTotal: number;
  readonly currency: string;
  readonly userId: string | null;
  readonly paymentIntentId: string | null;
  /** Why an unpaid session ended, when the provider says (a declined card): shown to the payer. */
  readonly failureReason?: string;
}

/** A paid payment to give back in full. */
export interface RefundRequest {
  readonly paymentId: string;
  readonly paymentIntentId: string | null;
  /** In cents: the whole amount paid. */
  readonly amount: number;
  readonly currency: string;
  readonly reason: string;
}

export interface CheckoutProvider {
  readonly name: 'local' | 'stripe';
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** Null when the provider does not know the id. */
  retrieveCheckoutSession(id: string): Promise<RetrievedCheckoutSession | null>;
  /**
   * Refunds a paid payment in full. MUST be idempotent per payment id (asked twice, one refund, the
   * same id), so a crash between the refund and its record in the log never refunds twice.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/** The local provider's answer for its test decline card. */
const LOCAL_DECLINE_REASON =
  'Your card was declined by the bank that issued it (test card 4000 0000 0000 0002: generic decline).';

export const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

interface LocalSession {
  readonly request: CheckoutSessionRequest;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  declined: boolean;
  refundId: string | null;
}

/** The test-mode provider. Its page and its Pay/Cancel actions are served by checkout-routes.ts. */
export class LocalCheckoutProvider implements CheckoutProvider {
  readonly name = 'local' as const;
  private readonly sessions = new Map<string, LocalSession>();

  constructor(private readonly publicUrl: string) {}

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const id = `lcs_${randomBytes(18).toString('base64url')}`;
    this.sessions.set(id, { request, status: 'open', paid: false, declined: false, refundId: null });
    return { id, url: `${this.publicUrl}/api/payment/local/checkout/${id}` };
  }

  async retrieveCheckoutSession(id: string): Promise<RetrievedCheckoutSession | null> {
    const session = this.sessions.get(id);
    if (!session) return null;
    return {
      id,
      status: session.status,
      paymentStatus: session.paid ? 'paid' : 'unpaid',
      amountTotal: session.request.amount,
      currency: session.request.currency,
      userId: session.request.userId,
      paymentIntentId: null,
      ...(session.declined ? { failureReason: LOCAL_DECLINE_REASON } : {}),
    };
  }

  /** Records the refund on the session (test mode: no money moved, none moves back). */
  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const session = this.sessions.get(request.paymentId);
    if (!session?.paid) throw new Error(`The local provider has no paid session ${request.paymentId} to refund`);
    session.refundId ??= `lre_${randomBytes(18).toString('base64url')}`;
    return { refundId: session.refundId };
  }

  /** The refund recorded for a session, if any (what tests and the TEST MODE page read). */
  refundOf(id: string): string | null {
    return this.sessions.get(id)?.refundId ?? null;
  }

  /** What the test-mode page shows; null for an unknown session. */
  describe(id: string): { request: CheckoutSessionRequest; status: LocalSession['status'] } | null {
    const session = this.sessions.get(id);
    return session ? { request: session.request, status: session.status } : null;
  }

  /** The payer pressed Pay (`paid`), used the test decline card (`declined`) or pressed Cancel. */
  finish(id: string, outcome: 'paid' | 'declined' | 'cancelled'): { successUrl: string; cancelUrl: string } | null {
    const session = this.sessions.get(id);
    if (!session) return null;
    if (session.status === 'open') {
      session.status = outcome === 'paid' ? 'complete' : 'expired';
      session.paid = outcome === 'paid';
      session.declined = outcome === 'declined';
    }
    return {
      successUrl: session.request.successUrl.replaceAll(SESSION_PLACEHOLDER, id),
      cancelUrl: session.request.cancelUrl.replaceAll(SESSION_PLACEHOLDER, id),
    };
  }
}

/** Stripe Checkout Sessions. The webhook (checkout.session.completed) is verified in checkout-routes.ts. */
export class StripeCheckoutProvider implements CheckoutProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency,
            unit_amount: request.amount,
            product_data: { name: request.description },
          },
        },
      ],
      client_reference_id: request.userId,
      metadata: { ...request.metadata, userId: request.userId },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<RetrievedCheckoutSession | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
    return {
      id: session.id,
      status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
      paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
      amountTotal: session.amount_total ?? 0,
      currency: session.currency ?? '',
      userId: session.client_reference_id ?? session.metadata?.userId ?? null,
      paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    };
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const paymentIntent = request.paymentIntentId ?? (await this.retrieveCheckoutSession(request.paymentId))?.paymentIntentId ?? null;
    if (!paymentIntent) throw new Error(`Stripe has no payment intent for checkout session ${request.paymentId} to refund`);
    // The idempotency key makes a repeated call (after a crash before the refund was recorded) the same refund.
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntent, amount: request.amount, reason: 'requested_by_customer', metadata: { paymentId: request.paymentId, reason: request.reason } },
      { idempotencyKey: `titleledger-refund-${request.paymentId}` },
    );
    return { refundId: refund.id };
  }
}
