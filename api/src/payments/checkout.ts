// A checkout payment's life, on stream `payment-<sessionId>` (the provider's checkout session id):
// created → succeeded | failed → consumed (by exactly one registration). Pure decider: the provider's
// answer, ids and time come in with the command.
import { assertNever, type Decider, type Event } from '../domain/decider.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import type { TitleRegisteredData } from '../registrations/events.js';
import type { RetrievedCheckoutSession } from './checkout-provider.js';

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;

export const ALREADY_USED = 'This payment has already been used for a registration. Please start a new registration.';

export type PaymentType = 'copyright_registration' | 'one-time';

export interface PaymentCheckoutCreatedData {
  readonly paymentId: string;
  readonly provider: 'local' | 'stripe';
  readonly userId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly paymentType: PaymentType;
  readonly description: string;
  /** The work's title or the service bought: not personal data. */
  readonly reference: string | null;
  readonly successUrl: string;
  readonly cancelUrl: string;
  readonly createdAt: string;
}

export type PaymentEvent =
  | Event<'PaymentCheckoutCreated', PaymentCheckoutCreatedData>
  | Event<
      'PaymentSucceeded',
      {
        readonly paymentId: string;
        readonly amountCents: number;
        readonly currency: string;
        readonly providerPaymentIntentId: string | null;
        readonly confirmedBy: 'retrieval' | 'webhook';
        readonly confirmedAt: string;
      }
    >
  | Event<'PaymentFailed', { readonly paymentId: string; readonly reason: string; readonly failedAt: string }>
  | Event<
      'PaymentConsumed',
      {
        readonly paymentId: string;
        readonly trNumber: string;
        /** The whole registration, so a crash before TitleRegistered is written can be completed. */
        readonly registration: TitleRegisteredData;
        readonly consumedAt: string;
      }
    >
  | Event<'PaymentReleased', { readonly paymentId: string; readonly trNumber: string; readonly reason: string; readonly releasedAt: string }>;

interface Known {
  readonly paymentId: string;
  readonly userId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly paymentType: PaymentType;
}

export type PaymentState =
  | { readonly status: 'none' }
  | (Known & { readonly status: 'open' })
  | (Known & { readonly status: 'succeeded' })
  | (Known & { readonly status: 'failed'; readonly reason: string })
  | (Known & { readonly status: 'consumed'; readonly trNumber: string; readonly registration: TitleRegisteredData });

export type PaymentCommand =
  | { readonly type: 'CreateCheckout'; readonly data: Omit<PaymentCheckoutCreatedData, 'createdAt'>; readonly now: Date }
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
  | { readonly type: 'Release'; readonly trNumber: string; readonly reason: string; readonly now: Date };

const PAYMENT_NOT_FOUND = 'We could not find this payment for your account. Please complete payment before proceeding.';

function settle(state: Known & { status: 'open' }, retrieved: RetrievedCheckoutSession | null, via: 'retrieval' | 'webhook', now: Date): PaymentEvent[] {
  if (!retrieved || retrieved.status === 'open') return [];
  const at = now.toISOString();
  const failed = (reason: string): PaymentEvent[] => [{ type: 'PaymentFailed', data: { paymentId: state.paymentId, reason, failedAt: at } }];
  if (retrieved.status === 'expired') return failed('The payment was cancelled or declined.');
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
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateCheckout':
        if (state.status !== 'none') throw conflict('This checkout session is already recorded.');
        return [{ type: 'PaymentCheckoutCreated', data: { ...command.data, createdAt: command.now.toISOString() } }];
      case 'Settle':
        return state.status === 'open' ? settle(state, command.retrieved, command.via, command.now) : [];
      case 'Consume': {
        if (state.status === 'none' || state.userId !== command.userId) throw notFound(PAYMENT_NOT_FOUND);
        switch (state.status) {
          case 'consumed':
            throw conflict(ALREADY_USED, { trNumber: state.trNumber === command.registration.trNumber ? state.trNumber : undefined });
          case 'failed':
            throw unprocessable(`Payment Failed: ${state.reason} Please pay again.`);
          case 'open':
            throw unprocessable('Payment Required: this payment has not been completed. Please complete payment before proceeding.');
          case 'succeeded':
            if (state.amountCents !== command.feeCents || state.currency !== 'usd') {
              throw unprocessable(
                `This payment (${(state.amountCents / 100).toFixed(2)} ${state.currency.toUpperCase()}) is not the registration fee of ${(command.feeCents / 100).toFixed(2)} USD.`,
              );
            }
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
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PaymentCheckoutCreated': {
        const { paymentId, userId, amountCents, currency, paymentType } = event.data;
        return { status: 'open', paymentId, userId, amountCents, currency, paymentType };
      }
      case 'PaymentSucceeded':
        return state.status === 'none' ? state : { ...known(state), status: 'succeeded' };
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
  const { paymentId, userId, amountCents, currency, paymentType } = state;
  return { paymentId, userId, amountCents, currency, paymentType };
}

export const paymentSchemaVersions = {
  PaymentCheckoutCreated: 1,
  PaymentSucceeded: 1,
  PaymentFailed: 1,
  PaymentConsumed: 1,
  PaymentReleased: 1,
} as const;
