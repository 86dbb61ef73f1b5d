// The browser's side of security, one policy for every response (helmet):
//   - a strict Content-Security-Policy: scripts only from our own origin (the SPA has no inline
//     script; the TEST MODE checkout page's one small script is allowed by its hash), Stripe's
//     origins only when Stripe is configured, no plugins, no <base> games, forms post only to us;
//   - frame-ancestors 'none' and X-Frame-Options DENY: no other site frames /login or the checkout
//     page (the certificate preview alone may be framed by our own pages: FRAMEABLE_BY_SELF);
//   - nosniff, Referrer-Policy, and HSTS in production.
// Styles allow 'unsafe-inline': Radix primitives and the toasts insert <style> elements at run time;
// style injection cannot run script, and script is what the policy is strict about.
// Each policy's middleware is built once, at start. @fastify/helmet, used before, built helmet's
// middleware again for every request, parsing the CSP each time: ~11% of the API's CPU for a
// certificate request in a profile of bursts of 20 (2026-11-27).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { LOCAL_CHECKOUT_SCRIPT } from '../payments/checkout-page.js';

type Directives = Record<string, string[] | null>;

const SELF = "'self'";
const NONE = "'none'";

/** The CSP source that allows exactly the checkout page's inline script and nothing else. */
export const LOCAL_CHECKOUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOCAL_CHECKOUT_SCRIPT).digest('base64')}'`;

/** Stripe.js and its Elements iframes (Stripe's CSP guidance). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

function stripeConfigured(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
}

function contentSecurityPolicy(config: Config): Directives {
  const stripe = stripeConfigured(config);
  const https = config.publicUrl.startsWith('https:');
  return {
    'default-src': [SELF],
    'script-src': [SELF, LOCAL_CHECKOUT_SCRIPT_HASH, ...(stripe ? STRIPE.script : [])],
    'script-src-attr': [NONE],
    'style-src': [SELF, "'unsafe-inline'"],
    'img-src': [SELF, 'data:', 'blob:', ...(stripe ? STRIPE.img : [])],
    'font-src': [SELF, 'data:'],
    // The verify page reads the chain through our proxy, or through an RPC endpoint the verifier
    // chooses (any https node, or one on their own machine): connecting is not running code.
    'connect-src': [SELF, 'https:', 'http://localhost:*', 'http://127.0.0.1:*', ...(stripe ? STRIPE.connect : [])],
    'frame-src': [SELF, ...(stripe ? STRIPE.frame : [])],
    'frame-ancestors': [NONE],
    'object-src': [NONE],
    'base-uri': [SELF],
    'form-action': [SELF],
    // Over plain http (local use) upgrading would break every same-origin request.
    'upgrade-insecure-requests': https ? [] : null,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one response our own pages show in an <iframe> (the certificate preview): framed by this origin only. */
    frameableBySelf?: boolean;
  }
}

/** The policy; `framing` says who may frame the response: no one, or our own pages (the certificate preview). */
function policy(config: Config, framing: 'none' | 'self'): HelmetOptions {
  const production = config.NODE_ENV === 'production';
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { ...contentSecurityPolicy(config), 'frame-ancestors': [framing === 'self' ? SELF : NONE] } },
    frameguard: { action: framing === 'self' ? 'sameorigin' : 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers only honour HSTS over https; outside production it would pin localhost to https.
    strictTransportSecurity: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    // Cross-origin isolation headers would stop Stripe's iframes and a verifier's own RPC reads.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/** Sets the policy's headers on every response, before the route runs (so errors and 404s carry them too). */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const standard = helmet(policy(options.config, 'none'));
    const frameable = helmet(policy(options.config, 'self'));
    app.addHook('onRequest', (request, reply, done) => {
      const apply = request.routeOptions.config?.frameableBySelf ? frameable : standard;
      apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'titleledger-security-headers' },
);
