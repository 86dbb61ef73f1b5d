import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { TitleRegisteredData } from '../registrations/events.js';
import { ALREADY_USED, paymentDecider, type PaymentCommand, type PaymentEvent, type PaymentState } from './checkout.js';
import type { RetrievedCheckoutSession } from './checkout-provider.js';

const now = new Date('2026-01-02T03:04:05.000Z');
const created: PaymentEvent = {
  type: 'PaymentCheckoutCreated',
  data: {
    paymentId: 'cs_1',
    provider: 'local',
    userId: 'u1',
    amountCents: 999,
    currency: 'usd',
    paymentType: 'copyright_registration',
    description: 'fee',
    reference: 'Sea',
    successUrl: 'http://x/s',
    cancelUrl: 'http://x/c',
    createdAt: now.toISOString(),
  },
};
const paid: RetrievedCheckoutSession = {
  id: 'cs_1',
  status: 'complete',
  paymentStatus: 'paid',
  amountTotal: 999,
  currency: 'usd',
  userId: 'u1',
  paymentIntentId: 'pi_1',
};
const registration = { trNumber: 'TR-COPY-2026-AAAAAAAA', paymentId: 'cs_1' } as TitleRegisteredData;

const given = (...events: PaymentEvent[]) => ({
  when: (command: PaymentCommand) => {
    const state = events.reduce<PaymentState>((s, e) => paymentDecider.evolve(s, e), paymentDecider.initialState);
    return {
      then: (expected: Partial<PaymentEvent>[]) => expect(paymentDecider.decide(command, state)).toMatchObject(expected),
      thenThrows: (status: number, message: RegExp) => {
        try {
          paymentDecider.decide(command, state);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBe(status);
          expect((error as AppError).message).toMatch(message);
          return;
        }
        throw new Error('expected the command to be refused');
      },
    };
  },
});

const settle = (retrieved: RetrievedCheckoutSession | null): PaymentCommand => ({ type: 'Settle', retrieved, via: 'retrieval', now });
const consume = (userId = 'u1', feeCents = 999): PaymentCommand => ({ type: 'Consume', userId, feeCents, registration, now });
const succeeded = paymentDecider.decide(settle(paid), paymentDecider.evolve(paymentDecider.initialState, created))[0]!;

describe('payment decider', () => {
  describe('open', () => {
    it('records success only when the provider says paid, for the amount and payer asked', () => {
      given(created).when(settle(paid)).then([{ type: 'PaymentSucceeded', data: { amountCents: 999, providerPaymentIntentId: 'pi_1' } as never }]);
      given(created).when(settle({ ...paid, amountTotal: 100 })).then([{ type: 'PaymentFailed' }]);
      given(created).when(settle({ ...paid, userId: 'u2' })).then([{ type: 'PaymentFailed' }]);
      given(created).when(settle({ ...paid, status: 'expired', paymentStatus: 'unpaid' })).then([{ type: 'PaymentFailed' }]);
    });
    it('waits while the provider has no answer', () => {
      given(created).when(settle({ ...paid, status: 'open', paymentStatus: 'unpaid' })).then([]);
      given(created).when(settle(null)).then([]);
    });
    it('cannot be consumed (a forged status=succeeded changes nothing)', () => {
      given(created).when(consume()).thenThrows(422, /has not been completed/);
    });
  });

  describe('succeeded', () => {
    it('is consumed once, by its owner, for the fee', () => {
      given(created, succeeded).when(consume()).then([{ type: 'PaymentConsumed', data: { trNumber: registration.trNumber } as never }]);
      given(created, succeeded).when(consume('u2')).thenThrows(404, /could not find this payment/);
      given(created, succeeded).when(consume('u1', 2000)).thenThrows(422, /not the registration fee/);
    });
    it('ignores a second settle', () => {
      given(created, succeeded).when(settle(paid)).then([]);
    });
  });

  describe('consumed', () => {
    const consumed = paymentDecider.decide(consume(), paymentDecider.evolve(paymentDecider.evolve(paymentDecider.initialState, created), succeeded))[0]!;
    it('answers "already been used"', () => {
      given(created, succeeded, consumed).when(consume()).thenThrows(409, /already been used/);
      expect(ALREADY_USED).toContain('already been used');
    });
    it('is released only for its own TR number', () => {
      given(created, succeeded, consumed).when({ type: 'Release', trNumber: 'TR-COPY-2026-BBBBBBBB', reason: 'x', now }).then([]);
      given(created, succeeded, consumed).when({ type: 'Release', trNumber: registration.trNumber, reason: 'x', now }).then([{ type: 'PaymentReleased' }]);
    });
  });

  it('failed: refuses consumption', () => {
    given(created, { type: 'PaymentFailed', data: { paymentId: 'cs_1', reason: 'Declined.', failedAt: '' } })
      .when(consume())
      .thenThrows(422, /Payment Failed/);
  });

  it('none: not found', () => {
    given().when(consume()).thenThrows(404, /could not find/);
  });
});
