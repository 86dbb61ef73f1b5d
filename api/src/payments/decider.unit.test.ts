import { describe, expect, it } from 'vitest';
import { specification } from '../../../test/support/decider-spec.js';
import type { TitleRegisteredData } from '../registrations/events.js';
import { ALREADY_USED, paymentDecider, unusableReason, type PaymentCommand } from './decider.js';
import type { PaymentCheckoutCreatedData, PaymentEvent } from './events.js';
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
const registration: TitleRegisteredData = {
  trNumber: 'TR-COPY-2026-AAAAAAAA',
  title: 'Sea',
  ownerId: 'u1',
  registrantName: 'Ada Lovelace',
  materialType: 'Book',
  intendedMedium: 'TV',
  description: '',
  fileContentHash: 'a'.repeat(64),
  cryptographicHash: 'b'.repeat(64),
  hashVersion: 1,
  paymentId: 'cs_1',
  blobId: 'blob-1',
  fileName: 'sea.txt',
  fileSize: 3,
  mimeType: 'text/plain',
  registeredAt: now.toISOString(),
  contact: 'v1.sealed',
};

const { given } = specification(paymentDecider);

const settle = (retrieved: RetrievedCheckoutSession | null): PaymentCommand => ({ type: 'Settle', retrieved, via: 'retrieval', now });
const consume = (userId = 'u1', feeCents = 999): PaymentCommand => ({ type: 'Consume', userId, feeCents, registration, now });
const succeeded = paymentDecider.decide(settle(paid), paymentDecider.evolve(paymentDecider.initialState, created))[0]!;
const create = (data: Partial<PaymentCheckoutCreatedData>, feeCents = 999): PaymentCommand => {
  const { createdAt: _, ...fields } = { ...created.data, ...data };
  return { type: 'CreateCheckout', data: fields, feeCents, now };
};

describe('payment decider', () => {
  describe('none', () => {
    it('opens a registration payment of exactly the fee, in USD', () => {
      given().when(create({})).then([{ type: 'PaymentCheckoutCreated', data: { amountCents: 999, createdAt: now.toISOString() } }]);
      given().when(create({}, 1500)).thenThrows(422, /registration fee is 15.00 USD, not 9.99 USD/);
      given().when(create({ amountCents: 998 })).thenThrows(422, /not 9.98 USD/);
      given().when(create({ currency: 'eur' })).thenThrows(422, /not 9.99 EUR/);
    });
    it('opens a one-time payment of any amount (it can never pay for a registration)', () => {
      given().when(create({ paymentType: 'one-time', amountCents: 2500 })).then([{ type: 'PaymentCheckoutCreated' }]);
    });
    it('is recorded once', () => {
      given(created).when(create({})).thenThrows(409, /already recorded/);
    });
  });

  describe('open', () => {
    it('records success only when the provider says paid, for the amount and payer asked', () => {
      given(created).when(settle(paid)).then([{ type: 'PaymentSucceeded', data: { amountCents: 999, providerPaymentIntentId: 'pi_1' } }]);
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
      given(created, succeeded).when(consume()).then([{ type: 'PaymentConsumed', data: { trNumber: registration.trNumber } }]);
      given(created, succeeded).when(consume('u2')).thenThrows(404, /could not find this payment/);
      given(created, succeeded).when(consume('u1', 2000)).thenThrows(422, /not the registration fee/);
    });
    it('refuses a one-time payment of the same amount: only a payment made for a registration pays for one', () => {
      const oneTime: PaymentEvent = { type: 'PaymentCheckoutCreated', data: { ...created.data, paymentType: 'one-time' } };
      given(oneTime, succeeded).when(consume()).thenThrows(422, /not made for a registration/);
    });
    it('ignores a second settle', () => {
      given(created, succeeded).when(settle(paid)).then([]);
    });
    it('records the provider refund of the whole amount, once', () => {
      const refund: PaymentCommand = { type: 'RecordRefund', refundId: 're_1', reason: 'Not for a registration.', now };
      given(created, succeeded)
        .when(refund)
        .then([{ type: 'PaymentRefunded', data: { paymentId: 'cs_1', amountCents: 999, currency: 'usd', refundId: 're_1', refundedAt: now.toISOString() } }]);
    });
  });

  describe('unusable payments', () => {
    it('names why a payment can never pay for a registration at this fee', () => {
      expect(unusableReason({ paymentType: 'copyright_registration', amountCents: 999, currency: 'usd' }, 999)).toBeNull();
      expect(unusableReason({ paymentType: 'one-time', amountCents: 999, currency: 'usd' }, 999)).toMatch(/not made for a registration/);
      expect(unusableReason({ paymentType: 'copyright_registration', amountCents: 2500, currency: 'usd' }, 999)).toBe(
        'This payment (25.00 USD) is not the registration fee of 9.99 USD.',
      );
    });
  });

  describe('refunded', () => {
    const refunded: PaymentEvent = {
      type: 'PaymentRefunded',
      data: { paymentId: 'cs_1', amountCents: 999, currency: 'usd', refundId: 're_1', reason: 'Not for a registration.', refundedAt: now.toISOString() },
    };
    it('cannot be consumed, and says it was refunded', () => {
      given(created, succeeded, refunded).when(consume()).thenThrows(422, /was refunded \(Not for a registration.\)/);
    });
    it('is refunded once: a second record adds nothing', () => {
      given(created, succeeded, refunded).when({ type: 'RecordRefund', refundId: 're_1', reason: 'x', now }).thenNothing();
    });
  });

  describe('consumed', () => {
    const consumed = paymentDecider.decide(consume(), paymentDecider.evolve(paymentDecider.evolve(paymentDecider.initialState, created), succeeded))[0]!;
    it('recognises the same submission sent again by its payer: nothing new, the registration stands', () => {
      const retry: PaymentCommand = { type: 'Consume', userId: 'u1', feeCents: 999, registration: { ...registration, trNumber: 'TR-COPY-2026-CCCCCCCC', blobId: 'blob-2', contact: 'v1.other' }, now };
      given(created, succeeded, consumed).when(retry).thenNothing();
      expect(given(created, succeeded, consumed).state).toMatchObject({ status: 'consumed', trNumber: registration.trNumber });
    });
    it('answers "already been used", naming the registration, to a different submission on the same payment', () => {
      const other: PaymentCommand = { type: 'Consume', userId: 'u1', feeCents: 999, registration: { ...registration, title: 'Another work' }, now };
      const error = given(created, succeeded, consumed).when(other).thenThrows(409, /already been used/);
      expect(error).toMatchObject({ details: { trNumber: registration.trNumber } });
      expect(ALREADY_USED).toContain('already been used');
    });
    it('is still no one else\'s', () => {
      given(created, succeeded, consumed).when(consume('u2')).thenThrows(404, /could not find this payment/);
    });
    it('is released only for its own TR number', () => {
      given(created, succeeded, consumed).when({ type: 'Release', trNumber: 'TR-COPY-2026-BBBBBBBB', reason: 'x', now }).then([]);
      given(created, succeeded, consumed).when({ type: 'Release', trNumber: registration.trNumber, reason: 'x', now }).then([{ type: 'PaymentReleased' }]);
    });
  });

  it('only a paid, unused payment is refunded', () => {
    given(created).when({ type: 'RecordRefund', refundId: 're_1', reason: 'x', now }).thenThrows(409, /this one is open/);
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
