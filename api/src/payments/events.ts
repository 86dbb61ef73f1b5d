// A checkout payment's events, on stream `payment-<sessionId>` (the provider's checkout session id):
// created → succeeded | failed → consumed (by exactly one registration) → released (only when the
// TR number it was consumed for turned out to be taken); a succeeded payment that can never pay for
// a registration is refunded through the provider. Registered in the event catalogue.
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';
import { titleRegisteredSchema } from '../registrations/events.js';

const isoTime = z.iso.datetime();

const PAYMENT_TYPES = ['copyright_registration', 'one-time'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

const paymentCheckoutCreatedSchema = z.object({
  paymentId: z.string().min(1),
  provider: z.enum(['local', 'stripe']),
  userId: z.string().min(1),
  amountCents: z.number().int().positive(),
  currency: z.string().min(3),
  paymentType: z.enum(PAYMENT_TYPES),
  description: z.string(),
  /** The work's title or the service bought: not personal data. */
  reference: z.string().nullable(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  createdAt: isoTime,
});

export const paymentEvents = defineEvents({
  PaymentCheckoutCreated: { schemaVersion: 1, schema: paymentCheckoutCreatedSchema },
  PaymentSucceeded: {
    schemaVersion: 1,
    schema: z.object({
      paymentId: z.string().min(1),
      amountCents: z.number().int().positive(),
      currency: z.string().min(3),
      providerPaymentIntentId: z.string().nullable(),
      confirmedBy: z.enum(['retrieval', 'webhook']),
      confirmedAt: isoTime,
    }),
  },
  PaymentFailed: {
    schemaVersion: 1,
    schema: z.object({ paymentId: z.string().min(1), reason: z.string(), failedAt: isoTime }),
  },
  PaymentConsumed: {
    schemaVersion: 1,
    schema: z.object({
      paymentId: z.string().min(1),
      trNumber: z.string().min(1),
      /** The whole registration, so a crash before TitleRegistered is written can be completed. */
      registration: titleRegisteredSchema,
      consumedAt: isoTime,
    }),
  },
  PaymentRefunded: {
    schemaVersion: 1,
    schema: z.object({
      paymentId: z.string().min(1),
      amountCents: z.number().int().positive(),
      currency: z.string().min(3),
      /** The provider's refund id (Stripe `re_…`, local `lre_…`). */
      refundId: z.string().min(1),
      reason: z.string(),
      refundedAt: isoTime,
    }),
  },
  PaymentReleased: {
    schemaVersion: 1,
    schema: z.object({ paymentId: z.string().min(1), trNumber: z.string().min(1), reason: z.string(), releasedAt: isoTime }),
  },
});

export type PaymentEvent = EventsOf<typeof paymentEvents>;
export type PaymentCheckoutCreatedData = z.infer<typeof paymentCheckoutCreatedSchema>;
