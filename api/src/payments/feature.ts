// Picks the payment provider from the configuration: Stripe when both keys are set, else the
// local test-mode provider (and a warning at start in production, where it means no money moves).
// Routes reach it as `app.payments`.
import type pg from 'pg';
import type { Logger } from 'pino';
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
  'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL'
>;

export function createPaymentProvider(config: ProviderConfig, deps: { readonly pool: pg.Pool; readonly log: Logger }): PaymentProvider {
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
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const).filter((name) => !config[name]);
  // One key alone is a mistake anywhere; none is the expected set-up outside production only.
  if (missing.length === 1 || config.NODE_ENV === 'production') {
    deps.log.warn(
      `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set: payments use the local test-mode provider ` +
        '(a test card "pays", no money moves); set both Stripe keys to take real payments',
    );
  }
  return new LocalPaymentProvider(deps.pool);
}
