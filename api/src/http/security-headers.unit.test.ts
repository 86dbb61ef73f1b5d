// The header policy per configuration, on a bare fastify with the app's plugin: HSTS only in
// production, Stripe's origins only with Stripe, the checkout script's hash exact, and the same
// headers on a 404 and on an error as on a page.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { LOCAL_CHECKOUT_SCRIPT, localCheckoutPage } from '../payments/checkout-page.js';
import { LOCAL_CHECKOUT_SCRIPT_HASH, securityHeaders } from './security-headers.js';

async function headersFor(env: Record<string, string>, path = '/page') {
  const config = loadConfig(env);
  const app = Fastify();
  await app.register(securityHeaders, { config });
  app.get('/page', async () => 'ok');
  app.get('/framed', { config: { frameableBySelf: true } }, async () => 'ok');
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  const response = await app.inject({ method: 'GET', url: path });
  await app.close();
  const { date: _date, 'content-length': _length, 'content-type': _type, ...policy } = response.headers;
  return policy;
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it('by default: strict scripts, no framing, nosniff, a referrer policy, no HSTS, no Stripe', async () => {
    const headers = await headersFor({});
    expect(directive(headers['content-security-policy'], 'script-src')).toBe(`script-src 'self' ${LOCAL_CHECKOUT_SCRIPT_HASH}`);
    expect(directive(headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['content-security-policy']).not.toContain('stripe');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('in production over https: HSTS and upgrade-insecure-requests', async () => {
    const headers = await headersFor({ NODE_ENV: 'production', PUBLIC_URL: 'https://titleledger.example' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it("with Stripe configured: Stripe.js and its frames, and nothing else's", async () => {
    const headers = await headersFor({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    expect(directive(headers['content-security-policy'], 'script-src')).toBe(
      `script-src 'self' ${LOCAL_CHECKOUT_SCRIPT_HASH} https://js.stripe.com https://*.js.stripe.com`,
    );
    expect(directive(headers['content-security-policy'], 'frame-src')).toContain('https://hooks.stripe.com');
  });

  it('the certificate preview may be framed by our own pages only', async () => {
    const headers = await headersFor({}, '/framed');
    expect(directive(headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    // Only the framing differs from every other response.
    const page = await headersFor({}, '/page');
    expect({ ...headers, 'content-security-policy': undefined, 'x-frame-options': undefined }).toEqual({ ...page, 'content-security-policy': undefined, 'x-frame-options': undefined });
    expect(String(headers['content-security-policy']).replace("frame-ancestors 'self'", '')).toBe(String(page['content-security-policy']).replace("frame-ancestors 'none'", ''));
  });

  it('puts the same headers on a 404 and on an error as on a page', async () => {
    const page = await headersFor({}, '/page');
    expect(await headersFor({}, '/nothing-here')).toEqual(page);
    expect(await headersFor({}, '/fails')).toEqual(page);
  });

  it("allows exactly the checkout page's inline script, byte for byte", () => {
    const request = { amount: 999, currency: 'usd', userId: 'u1', description: 'Fee', metadata: {}, successUrl: '/ok', cancelUrl: '/no' };
    const page = localCheckoutPage('cs_1', request, 'open');
    const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([LOCAL_CHECKOUT_SCRIPT]);
    expect(LOCAL_CHECKOUT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
  });
});
