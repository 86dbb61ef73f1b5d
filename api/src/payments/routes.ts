// Payment routes for accounts: the provider's configuration and the registration fee for the browser, and the local
// provider's tokenisation endpoint (test mode only; the card number is used once and dropped).
import { notFound } from '../errors.js';
import type { App } from '../http/app.js';
import { localPaymentMethodRequestSchema, paymentMethodSummarySchema } from '../schemas/accounts.js';
import { paymentConfigSchema, type PaymentConfig } from '../schemas/payment-config.js';
import { REGISTRATION_CURRENCY } from './decider.js';
import { LocalPaymentProvider } from './local-provider.js';

export async function paymentRoutes(app: App): Promise<void> {
  app.get('/payment/config', { schema: { tags: ['payments'], summary: 'The card provider and the registration fee', response: { 200: paymentConfigSchema } } }, async (): Promise<PaymentConfig> => {
    const provider = app.payments;
    return {
      provider: provider.kind,
      ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
      testMode: provider.testMode,
      // The one source of the fee: every page shows it, the wizard pays it, a registration needs it.
      registrationFee: { amountCents: app.deps.config.REGISTRATION_FEE_CENTS, currency: REGISTRATION_CURRENCY },
    };
  });

  app.post(
    '/payment/local/payment-methods',
    { schema: { tags: ['payments'], summary: 'TEST MODE: tokenise a card with the local provider', body: localPaymentMethodRequestSchema, response: { 201: paymentMethodSummarySchema } } },
    async (request, reply) => {
    const provider = app.payments;
    if (!(provider instanceof LocalPaymentProvider)) throw notFound('The local card form is off: this server uses Stripe.');
    const method = await provider.tokenizeCard(request.body);
    return reply.status(201).send({
      id: method.id,
      last4: method.last4,
      brand: method.brand,
      exp_month: method.expMonth,
      exp_year: method.expYear,
    });
    },
  );
}
