// GET /api/payment/config and the registration fee it carries. A file of its own: the landing page
// shows the fee as it opens and loads only this (and zod), not every schema
// (`@titleledger/api/schemas/payment-config`; issue 18 item 3).
import { z } from 'zod';

/**
 * The registration fee (seed 001 §9), as GET /api/payment/config serves it: the server's
 * REGISTRATION_FEE_CENTS is the one source; pages show it and the wizard pays it.
 */
export const registrationFeeSchema = z.object({ amountCents: z.number().int().positive(), currency: z.literal('usd') });
export type RegistrationFee = z.infer<typeof registrationFeeSchema>;

/** The fee in dollars, as create-intent's `amount` takes it. */
export const feeAmount = (fee: RegistrationFee): number => fee.amountCents / 100;

/** `$9.99`. */
export const formatFee = (fee: RegistrationFee): string => `$${(fee.amountCents / 100).toFixed(2)}`;

/** GET /api/payment/config: which provider tokenises cards, its key, and the fee. */
export const paymentConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().optional(),
  testMode: z.boolean(),
  registrationFee: registrationFeeSchema,
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
