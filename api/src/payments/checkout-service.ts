// Checkout use cases: create a checkout session for a signed-in user, settle it from the
// provider's own answer (never from the browser's redirect), and show it to its owner.
import type pg from 'pg';
import { handleCommand, loadState, type CommandContext } from '../domain/command-handler.js';
import { conflict, notFound, validationError } from '../errors.js';
import type { EventStore, Position } from '../eventstore/index.js';
import { WrongExpectedRevisionError } from '../eventstore/types.js';
import type { CreateIntent, PaymentSession, UnusedPayments } from '../schemas/registrations.js';
import { paymentDecider, paymentStream, requireRegistrationFee, unusableReason, type PaymentState } from './decider.js';
import { SESSION_PLACEHOLDER, type CheckoutProvider } from './checkout-provider.js';

export interface CheckoutDeps {
  readonly store: EventStore;
  readonly provider: CheckoutProvider;
  readonly publicUrl: string;
  /** REGISTRATION_FEE_CENTS: what a registration payment must carry. */
  readonly feeCents: number;
}

/** Dollars as sent by the client to whole cents; an amount with a fraction of a cent is refused, not rounded. */
function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  if (Math.abs(amount * 100 - cents) > 1e-6) throw validationError('Failed to create payment intent: the amount must be in whole cents.');
  return cents;
}

/** A payment as read from its stream: its state, and the revision to append at. */
export interface LoadedPayment {
  readonly state: PaymentState;
  readonly revision: bigint | 'no_stream';
}

export function loadPayment(store: EventStore, paymentId: string): Promise<LoadedPayment> {
  return loadState(store, paymentStream(paymentId), paymentDecider);
}

function returnPaths(input: CreateIntent): { success: string; cancel: string } {
  const registration = input.payment_type === 'copyright_registration';
  return {
    success:
      input.metadata.success_path ??
      (registration
        ? `/register-title?session_id=${SESSION_PLACEHOLDER}&redirect_status=succeeded`
        : `/checkout/success?session_id=${SESSION_PLACEHOLDER}&status=succeeded`),
    cancel: input.metadata.cancel_path ?? (registration ? '/register-title?payment=cancelled' : '/checkout?payment=cancelled'),
  };
}

export async function createCheckout(
  deps: CheckoutDeps,
  userId: string,
  input: CreateIntent,
  context: CommandContext,
): Promise<{ checkoutUrl: string; sessionId: string; position: Position | undefined }> {
  const amountCents = toCents(input.amount);
  // Refused before the provider is asked, so no checkout session is opened for a wrong fee.
  requireRegistrationFee({ paymentType: input.payment_type, amountCents, currency: input.currency }, deps.feeCents);
  const description =
    input.description ?? (input.payment_type === 'copyright_registration' ? 'TitleLedger - Copyright Registration Fee' : 'TitleLedger payment');
  const reference = input.metadata.title ?? input.metadata.service ?? null;
  const paths = returnPaths(input);
  const withSession = (p: string) => (p.includes(SESSION_PLACEHOLDER) ? p : `${p}${p.includes('?') ? '&' : '?'}session_id=${SESSION_PLACEHOLDER}`);
  const successUrl = `${deps.publicUrl}${withSession(paths.success)}`;
  const cancelUrl = `${deps.publicUrl}${paths.cancel}`;
  const session = await deps.provider.createCheckoutSession({
    amount: amountCents,
    currency: input.currency,
    userId,
    description,
    metadata: { payment_type: input.payment_type, ...(reference ? { reference } : {}) },
    successUrl,
    cancelUrl,
  });
  const result = await handleCommand(
    deps.store,
    paymentStream(session.id),
    paymentDecider,
    {
      type: 'CreateCheckout',
      data: {
        paymentId: session.id,
        provider: deps.provider.name,
        userId,
        amountCents,
        currency: input.currency,
        paymentType: input.payment_type,
        description,
        reference,
        successUrl,
        cancelUrl,
      },
      feeCents: deps.feeCents,
      now: context.now,
    },
    context,
  );
  return { checkoutUrl: session.url, sessionId: session.id, position: result.appended?.position };
}

/**
 * Asks the provider how an open payment ended and records it (PaymentSucceeded / PaymentFailed).
 * Idempotent and safe under races: a concurrent settle makes the append conflict, and the state
 * it recorded is returned, with the revision it was read at (a caller appending next, as a
 * registration does, needs no read of its own).
 */
export async function settlePayment(
  deps: CheckoutDeps,
  paymentId: string,
  via: 'retrieval' | 'webhook',
  context: CommandContext,
): Promise<LoadedPayment & { position: Position | undefined }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const loaded = await loadPayment(deps.store, paymentId);
    if (loaded.state.status !== 'open') return { ...loaded, position: undefined };
    const retrieved = await deps.provider.retrieveCheckoutSession(paymentId);
    try {
      const result = await handleCommand(
        deps.store,
        paymentStream(paymentId),
        paymentDecider,
        { type: 'Settle', retrieved, via, now: context.now },
        context,
      );
      return { ...(await loadPayment(deps.store, paymentId)), position: result.appended?.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  return { ...(await loadPayment(deps.store, paymentId)), position: undefined };
}

/**
 * Refunds a paid, unused payment in full through the provider and records it (`PaymentRefunded`).
 * Used when a payment can never pay for a registration (`unusableReason`): the money is given
 * back, never kept. The provider's refund is idempotent per payment, so a retry after a crash
 * between the two steps refunds once and records that one refund.
 */
export async function refundPayment(
  deps: CheckoutDeps,
  paymentId: string,
  reason: string,
  context: CommandContext,
): Promise<{ refundId: string; position: Position | undefined }> {
  const { state } = await loadPayment(deps.store, paymentId);
  if (state.status === 'refunded') return { refundId: state.refundId, position: undefined };
  if (state.status !== 'succeeded') throw conflict(`Only a paid, unused payment can be refunded; this one is ${state.status}.`);
  const { refundId } = await deps.provider.refund({
    paymentId,
    paymentIntentId: state.providerPaymentIntentId,
    amount: state.amountCents,
    currency: state.currency,
    reason,
  });
  const result = await handleCommand(deps.store, paymentStream(paymentId), paymentDecider, { type: 'RecordRefund', refundId, reason, now: context.now }, context);
  return { refundId, position: result.appended?.position };
}

/** GET /api/payment/session/:id for its owner; anyone else gets a 404. */
export async function paymentSessionView(deps: CheckoutDeps, userId: string, paymentId: string, context: CommandContext): Promise<PaymentSession> {
  const loaded = await loadPayment(deps.store, paymentId);
  if (loaded.state.status === 'none' || loaded.state.userId !== userId) throw notFound('Payment session not found.');
  const { state } = await settlePayment(deps, paymentId, 'retrieval', context);
  if (state.status === 'none') throw notFound('Payment session not found.');
  return {
    id: paymentId,
    status: state.status === 'open' || state.status === 'failed' || state.status === 'refunded' ? state.status : 'succeeded',
    paid: state.status === 'succeeded' || state.status === 'consumed',
    amount: state.amountCents / 100,
    currency: state.currency,
    used: state.status === 'consumed',
    ...(state.status === 'failed' ? { failure_reason: state.reason } : {}),
    ...(state.status === 'refunded' ? { refund_id: state.refundId } : {}),
    ...(state.status === 'consumed' ? { used_for: { tr_number: state.trNumber, title: state.registration.title } } : {}),
  };
}

/** How many unused payments are looked at: the wizard offers one, a user rarely has more. */
const UNUSED_PAYMENTS_SHOWN = 5;

/**
 * GET /api/payment/unused: the user's paid registration payments that no registration has used,
 * newest first. The `user_payments` read model finds them; each is then confirmed from its own
 * stream, which a consumption reaches before the read model does, and one that could not pay for a
 * registration at today's fee is left out. Offering a payment decides nothing: the submission still
 * consumes it once, and only for its payer.
 */
export async function unusedPayments(deps: CheckoutDeps, pool: pg.Pool, userId: string): Promise<UnusedPayments['payments']> {
  const { rows } = await pool.query<{ payment_id: string; reference: string | null; paid_at: Date }>(
    `SELECT payment_id, reference, paid_at FROM user_payments
      WHERE user_id = $1 AND status = 'succeeded' AND payment_type = 'copyright_registration'
      ORDER BY paid_at DESC, payment_id LIMIT $2`,
    [userId, UNUSED_PAYMENTS_SHOWN],
  );
  const payments: UnusedPayments['payments'] = [];
  for (const row of rows) {
    const { state } = await loadPayment(deps.store, row.payment_id);
    if (state.status !== 'succeeded' || state.userId !== userId || unusableReason(state, deps.feeCents) !== null) continue;
    payments.push({ id: row.payment_id, amount: state.amountCents / 100, currency: state.currency, reference: row.reference, paid_at: row.paid_at.toISOString() });
  }
  return payments;
}
