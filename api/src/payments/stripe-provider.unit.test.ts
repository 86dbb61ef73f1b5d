// The Stripe adapter against a local stand-in for the few endpoints it calls, and webhook
// signatures made the way Stripe makes them.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeCheckoutProvider } from './checkout-provider.js';
import { createPaymentProvider } from './feature.js';
import { LocalPaymentProvider } from './local-provider.js';
import { StripePaymentProvider, verifyStripeWebhook } from './stripe-provider.js';

let server: Server;
let port: number;
const seen: { method: string; url: string; auth: string | undefined; idempotencyKey?: string | undefined; body: string }[] = [];

function answer(request: IncomingMessage): { status: number; body: unknown } {
  if (request.method === 'POST' && request.url === '/v1/refunds') {
    return { status: 200, body: { id: 're_test_1', object: 'refund', status: 'succeeded', amount: 999, currency: 'usd' } };
  }
  const match = /^\/v1\/payment_methods\/([^/?]+)/.exec(request.url ?? '');
  if (request.method === 'GET' && match?.[1] === 'pm_card_visa') {
    return {
      status: 200,
      body: {
        id: 'pm_card_visa',
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031, country: 'US', funding: 'credit' },
        billing_details: { name: 'Ada', email: 'ada@example.com' },
      },
    };
  }
  if (request.method === 'GET' && match?.[1] === 'pm_bank') {
    return { status: 200, body: { id: 'pm_bank', object: 'payment_method', type: 'us_bank_account' } };
  }
  if (request.method === 'GET' && match) {
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${match[1]}'` } },
    };
  }
  return { status: 500, body: { error: { type: 'api_error', message: 'unexpected call' } } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let received = '';
    request.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    request.on('end', () => {
      const idempotencyKey = request.headers['idempotency-key'];
      seen.push({
        method: request.method!,
        url: request.url!,
        auth: request.headers.authorization,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        body: received,
      });
      const { status, body } = answer(request);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () =>
  new StripePaymentProvider({
    secretKey: 'sk_test_123',
    publishableKey: 'pk_test_123',
    webhookSecret: 'whsec_test',
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });

describe('Stripe payment provider', () => {
  it('asks Stripe for the payment method with the secret key', async () => {
    const method = await provider().retrievePaymentMethod('pm_card_visa');
    expect(method).toEqual({ id: 'pm_card_visa', brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031 });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/payment_methods/pm_card_visa', auth: 'Bearer sk_test_123' });
  });

  it('answers null for an unknown id or a method that is not a card', async () => {
    expect(await provider().retrievePaymentMethod('pm_missing')).toBeNull();
    expect(await provider().retrievePaymentMethod('pm_bank')).toBeNull();
  });

  it('is in test mode with test keys and exposes only the publishable key', () => {
    const p = provider();
    expect(p.testMode).toBe(true);
    expect(p.publishableKey).toBe('pk_test_123');
    expect(new StripePaymentProvider({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x' }).testMode).toBe(false);
  });
});

describe('Stripe refunds', () => {
  it('refunds the whole payment intent once per payment (idempotency key) and returns the refund id', async () => {
    const checkout = new StripeCheckoutProvider(provider().stripe);
    const refund = await checkout.refund({ paymentId: 'cs_test_1', paymentIntentId: 'pi_1', amount: 999, currency: 'usd', reason: 'Not for a registration.' });
    expect(refund).toEqual({ refundId: 're_test_1' });
    const call = seen.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', url: '/v1/refunds', auth: 'Bearer sk_test_123', idempotencyKey: 'titleledger-refund-cs_test_1' });
    const form = new URLSearchParams(call.body);
    expect(form.get('payment_intent')).toBe('pi_1');
    expect(form.get('amount')).toBe('999');
    expect(form.get('metadata[paymentId]')).toBe('cs_test_1');
  });
});

describe('Stripe webhooks', () => {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });

  it('accepts a correctly signed payload', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    expect(provider().constructWebhookEvent(payload, header)).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded' });
  });

  it('refuses a wrong secret, a tampered body and a stale timestamp', () => {
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => verifyStripeWebhook(payload, wrongSecret, 'whsec_test')).toThrow(/signature/i);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    expect(() => verifyStripeWebhook(payload.replace('evt_1', 'evt_2'), header, 'whsec_test')).toThrow(/signature/i);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test', timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => verifyStripeWebhook(payload, stale, 'whsec_test')).toThrow(/tolerance/i);
  });
});

describe('createPaymentProvider', () => {
  const pool = {} as never;
  /** A logger keeping the messages it is given at warn. */
  function warnings(): { log: Logger; messages: string[] } {
    const messages: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) });
    return { log, messages };
  }

  it('is local without both Stripe keys, Stripe with them', () => {
    const { log } = warnings();
    expect(createPaymentProvider({ STRIPE_SECRET_KEY: 'sk_test_1' } as never, { pool, log })).toBeInstanceOf(LocalPaymentProvider);
    expect(
      createPaymentProvider({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' } as never, { pool, log }),
    ).toBeInstanceOf(StripePaymentProvider);
  });

  it('warns at start when production takes test-mode payments, or when one Stripe key is missing', () => {
    const production = warnings();
    createPaymentProvider({ NODE_ENV: 'production' } as never, { pool, log: production.log });
    createPaymentProvider({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' } as never, { pool, log: production.log });
    expect(production.messages).toEqual([
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not set: payments use the local test-mode provider (a test card "pays", no money moves); set both Stripe keys to take real payments',
    ]);

    const development = warnings();
    createPaymentProvider({ NODE_ENV: 'development' } as never, { pool, log: development.log });
    createPaymentProvider({ NODE_ENV: 'development', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' } as never, { pool, log: development.log });
    expect(development.messages).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY is not set: payments use the local test-mode provider/)]);
  });
});
