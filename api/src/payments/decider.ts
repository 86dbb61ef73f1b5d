// A checkout payment's life, on stream `payment-<sessionId>` (the provider's checkout session id):
// created → succeeded | failed → consumed (by exactly one registration), or succeeded → refunded.
// Pure decider: the provider's answer, the fee, ids and time come in with the command. A registration
// consumes only a payment created for a registration, of exactly the fee, paid by the registrant; the
// same submission sent again by its payer is recognised (no event), anything else on a used payment is
// a 409 naming the registration it made. A paid payment that can never pay for a registration (made
// for something else, or of another amount than the fee) is refunded, never kept (`unusableReason`).
import { assertNever, type Decider } from '../domain/decider.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import { streamEventTypes } from '../events/index.js';
import type { TitleRegisteredData } from '../registrations/events.js';
import type { RetrievedCheckoutSession } from './checkout-provider.js';
import type { PaymentCheckoutCreatedData, PaymentEvent, PaymentType } from './events.js';

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

export const ALREADY_USED = 'This payment has already been used for a registration. Please start a new registration.';

interface Known {
  readonly paymentId: string;
  readonly userId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly paymentType: PaymentType;
  /** The provider's id of the money movement (Stripe's PaymentIntent), once paid; what a refund names. */
  readonly providerPaymentIntentId: string | null;
}

export type PaymentState =
  | { readonly status: 'none' }
  | (Known & { readonly status: 'open' })
  | (Known & { readonly status: 'succeeded' })
  | (Known & { readonly status: 'failed'; readonly reason: string })
  | (Known & { readonly status: 'consumed'; readonly trNumber: string; readonly registration: TitleRegisteredData })
  | (Known & { readonly status: 'refunded'; readonly refundId: string; readonly reason: string });

export type PaymentCommand =
  | {
      readonly type: 'CreateCheckout';
      readonly data: Omit<PaymentCheckoutCreatedData, 'createdAt'>;
      /** The configured fee: a payment for a registration must be exactly this. */
      readonly feeCents: number;
      readonly now: Date;
    }
  | {
      readonly type: 'Settle';
      readonly retrieved: RetrievedCheckoutSession | null;
      readonly via: 'retrieval' | 'webhook';
      readonly now: Date;
    }
  | {
      readonly type: 'Consume';
      readonly userId: string;
      readonly feeCents: number;
      readonly registration: TitleRegisteredData;
      readonly now: Date;
    }
  | { readonly type: 'Release'; readonly trNumber: string; readonly reason: string; readonly now: Date }
  | {
      readonly type: 'RecordRefund';
      /** The provider's refund, already made for this payment's amount. */
      readonly refundId: string;
      readonly reason: string;
      readonly now: Date;
    };

export const REGISTRATION_CURRENCY = 'usd';

const usd = (cents: number) => (cents / 100).toFixed(2);

/** What the submitter chose, as opposed to what registering adds (TR number, time, blob, sealed contact). */
function sameSubmission(a: TitleRegisteredData, b: TitleRegisteredData): boolean {
  return (
    a.ownerId === b.ownerId &&
    a.title === b.title &&
    a.registrantName === b.registrantName &&
    a.materialType === b.materialType &&
    a.intendedMedium === b.intendedMedium &&
    a.description === b.description &&
    a.fileContentHash === b.fileContentHash
  );
}

/** A payment asked for a registration must be of exactly the fee (checked again before the provider is asked). */
export function requireRegistrationFee(
  payment: Pick<PaymentCheckoutCreatedData, 'paymentType' | 'amountCents' | 'currency'>,
  feeCents: number,
): void {
  if (payment.paymentType !== 'copyright_registration') return;
  if (payment.amountCents === feeCents && payment.currency === REGISTRATION_CURRENCY) return;
  throw unprocessable(`The registration fee is ${usd(feeCents)} USD, not ${usd(payment.amountCents)} ${payment.currency.toUpperCase()}.`, {
    feeCents,
    currency: REGISTRATION_CURRENCY,
  });
}

/**
 * Why a payment can never pay for a registration at this fee (it must then be refunded), or null
 * when it can. Only the payment's own purpose and amount count, not its status.
 */
export function unusableReason(payment: Pick<Known, 'paymentType' | 'amountCents' | 'currency'>, feeCents: number): string | null {
  if (payment.paymentType !== 'copyright_registration') return 'This payment was not made for a registration.';
  if (payment.amountCents !== feeCents || payment.currency !== REGISTRATION_CURRENCY) {
    return `This payment (${usd(payment.amountCents)} ${payment.currency.toUpperCase()}) is not the registration fee of ${usd(feeCents)} USD.`;
  }
  return null;
}

const PAYMENT_NOT_FOUND = 'We could not find this payment for your account. Please complete payment before proceeding.';

function settle(state: Known & { status: 'open' }, retrieved: RetrievedCheckoutSession | null, via: 'retrieval' | 'webhook', now: Date): PaymentEvent[] {
  if (!retrieved || retrieved.status === 'open') return [];
  const at = now.toISOString();
  const failed = (reason: string): PaymentEvent[] => [{ type: 'PaymentFailed', data: { paymentId: state.paymentId, reason, failedAt: at } }];
  if (retrieved.status === 'expired') return failed(retrieved.failureReason ?? 'The payment was cancelled.');
  if (retrieved.paymentStatus !== 'paid') return failed('The payment was not completed.');
  // What the provider charged must be what we asked for, from whom we asked it.
  if (retrieved.amountTotal !== state.amountCents || retrieved.currency.toLowerCase() !== state.currency) {
    return failed(`The provider charged ${retrieved.amountTotal} ${retrieved.currency}, not ${state.amountCents} ${state.currency}.`);
  }
  if (retrieved.userId !== null && retrieved.userId !== state.userId) return failed('The payment belongs to another account.');
  return [
    {
      type: 'PaymentSucceeded',
      data: {
        paymentId: state.paymentId,
        amountCents: retrieved.amountTotal,
        currency: state.currency,
        providerPaymentIntentId: retrieved.paymentIntentId,
        confirmedBy: via,
        confirmedAt: at,
      },
    },
  ];
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  eventTypes: streamEventTypes('payment'),
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCheckout': {
        if (state.status !== 'none') throw conflict('This checkout session is already recorded.');
        requireRegistrationFee(command.data, command.feeCents);
        return [{ type: 'PaymentCheckoutCreated', data: { ...command.data, createdAt: command.now.toISOString() } }];
      }
      case 'Settle':
        return state.status === 'open' ? settle(state, command.retrieved, command.via, command.now) : [];
      case 'Consume': {
        if (state.status === 'none' || state.userId !== command.userId) throw notFound(PAYMENT_NOT_FOUND);
        switch (state.status) {
          case 'consumed':
            // The payer sending the same submission again (a retry after a dropped connection) gets
            // the registration it made; anything else is a second registration on one payment.
            if (sameSubmission(state.registration, command.registration)) return [];
            throw conflict(ALREADY_USED, { trNumber: state.trNumber });
          case 'failed':
            throw unprocessable(`Payment Failed: ${state.reason} Please pay again.`);
          case 'refunded':
            throw unprocessable(`This payment was refunded (${state.reason}) and cannot pay for a registration. Please pay again.`);
          case 'open':
            throw unprocessable('Payment Required: this payment has not been completed. Please complete payment before proceeding.');
          case 'succeeded': {
            const unusable = unusableReason(state, command.feeCents);
            if (unusable) throw unprocessable(`${unusable} Please pay the registration fee from the registration form.`);
            return [
              {
                type: 'PaymentConsumed',
                data: {
                  paymentId: state.paymentId,
                  trNumber: command.registration.trNumber,
                  registration: command.registration,
                  consumedAt: command.now.toISOString(),
                },
              },
            ];
          }
          default:
            return assertNever(state);
        }
      }
      case 'Release':
        if (state.status !== 'consumed' || state.trNumber !== command.trNumber) return [];
        return [
          {
            type: 'PaymentReleased',
            data: { paymentId: state.paymentId, trNumber: command.trNumber, reason: command.reason, releasedAt: command.now.toISOString() },
          },
        ];
      case 'RecordRefund':
        if (state.status === 'refunded') return [];
        if (state.status !== 'succeeded') throw conflict(`Only a paid, unused payment can be refunded; this one is ${state.status}.`);
        return [
          {
            type: 'PaymentRefunded',
            data: {
              paymentId: state.paymentId,
              amountCents: state.amountCents,
              currency: state.currency,
              refundId: command.refundId,
              reason: command.reason,
              refundedAt: command.now.toISOString(),
            },
          },
        ];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentCheckoutCreated': {
        const { paymentId, userId, amountCents, currency, paymentType } = event.data;
        return { status: 'open', paymentId, userId, amountCents, currency, paymentType, providerPaymentIntentId: null };
      }
      case 'PaymentSucceeded':
        return state.status === 'none'
          ? state
          : { ...known(state), status: 'succeeded', providerPaymentIntentId: event.data.providerPaymentIntentId };
      case 'PaymentRefunded':
        return state.status === 'none'
          ? state
          : { ...known(state), status: 'refunded', refundId: event.data.refundId, reason: event.data.reason };
      case 'PaymentFailed':
        return state.status === 'none' ? state : { ...known(state), status: 'failed', reason: event.data.reason };
      case 'PaymentConsumed':
        return state.status === 'none'
          ? state
          : { ...known(state), status: 'consumed', trNumber: event.data.trNumber, registration: event.data.registration };
      case 'PaymentReleased':
        return state.status === 'none' ? state : { ...known(state), status: 'succeeded' };
      default:
        return assertNever(event);
    }
  },
};

function known(state: Exclude<PaymentState, { status: 'none' }>): Known {
  const { paymentId, userId, amountCents, currency, paymentType, providerPaymentIntentId } = state;
  return { paymentId, userId, amountCents, currency, paymentType, providerPaymentIntentId };
}
