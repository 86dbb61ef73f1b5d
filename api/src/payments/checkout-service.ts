// Checkout use cases: create a checkout session for a signed-in user, settle it from the
// provider's own answer (never from the browser's redirect), and show it to its owner.
import { handleCommand, type CommandContext } from '../domain/command-handler.js';
import { notFound } from '../errors.js';
import type { EventStore, Position } from '../eventstore/index.js';
import { WrongExpectedRevisionError } from '../eventstore/types.js';
import type { CreateIntent, PaymentSession } from '../schemas/registrations.js';
import { paymentDecider, paymentSchemaVersions, paymentStream, type PaymentState } from './checkout.js';
import { SESSION_PLACEHOLDER, type CheckoutProvider } from './checkout-provider.js';

export interface CheckoutDeps {
  readonly store: EventStore;
  readonly provider: CheckoutProvider;
  readonly publicUrl: string;
}

export async function loadPayment(store: EventStore, paymentId: string): Promise<{ state: PaymentState; revision: bigint | null }> {
  const history = await store.readStream(paymentStream(paymentId));
  const state = history.reduce((s, e) => paymentDecider.evolve(s, e as never), paymentDecider.initialState);
  return { state, revision: history.length ? history[history.length - 1]!.revision : null };
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
  const amountCents = Math.round(input.amount * 100);
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
      now: context.now,
    },
    context,
    paymentSchemaVersions,
  );
  return { checkoutUrl: session.url, sessionId: session.id, position: result.appended?.position };
}

/**
 * Asks the provider how an open payment ended and records it (PaymentSucceeded / PaymentFailed).
 * Idempotent and safe under races: a concurrent settle makes the append conflict, and the state
 * it recorded is returned.
 */
export async function settlePayment(
  deps: CheckoutDeps,
  paymentId: string,
  via: 'retrieval' | 'webhook',
  context: CommandContext,
): Promise<{ state: PaymentState; position: Position | undefined }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { state } = await loadPayment(deps.store, paymentId);
    if (state.status !== 'open') return { state, position: undefined };
    const retrieved = await deps.provider.retrieveCheckoutSession(paymentId);
    try {
      const result = await handleCommand(
        deps.store,
        paymentStream(paymentId),
        paymentDecider,
        { type: 'Settle', retrieved, via, now: context.now },
        context,
        paymentSchemaVersions,
      );
      const after = await loadPayment(deps.store, paymentId);
      return { state: after.state, position: result.appended?.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  return { state: (await loadPayment(deps.store, paymentId)).state, position: undefined };
}

/** GET /api/payment/session/:id for its owner; anyone else gets a 404. */
export async function paymentSessionView(deps: CheckoutDeps, userId: string, paymentId: string, context: CommandContext): Promise<PaymentSession> {
  const loaded = await loadPayment(deps.store, paymentId);
  if (loaded.state.status === 'none' || loaded.state.userId !== userId) throw notFound('Payment session not found.');
  const { state } = await settlePayment(deps, paymentId, 'retrieval', context);
  if (state.status === 'none') throw notFound('Payment session not found.');
  return {
    id: paymentId,
    status: state.status === 'open' ? 'open' : state.status === 'failed' ? 'failed' : 'succeeded',
    paid: state.status === 'succeeded' || state.status === 'consumed',
    amount: state.amountCents / 100,
    currency: state.currency,
    used: state.status === 'consumed',
  };
}
