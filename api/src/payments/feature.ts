// Picks the payment provider from the configuration: Stripe when both keys are set, else the
// local test-mode provider. Routes reach it as `app.payments`.
import type pg from 'pg';
import type { Config } from '../config.js';
import { LocalPaymentProvider } from './local-provider.js';
import type { PaymentProvider } from './provider.js';
import { StripePaymentProvider } from './stripe-provider.js';

export type { PaymentProvider } from './provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

type ProviderConfig = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL'
>;

export function createPaymentProvider(config: ProviderConfig, deps: { readonly pool: pg.Pool }): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new LocalPaymentProvider(deps.pool);
}
