// Checkout over HTTP: create-intent for both callers (wizard and checkout page), the local
// provider's TEST MODE page and its Pay/Cancel actions, the session view, the user's unused
// payments, and Stripe's signed webhook.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../accounts/auth.js';
import { AppError, forbidden, notFound, validationError } from '../errors.js';
import type { App } from '../http/app.js';
import { commandContext } from '../http/context.js';
import { validationMessage } from '../http/errors.js';
import { apiErrorSchema, textBody } from '../schemas/errors.js';
import {
  createIntentResponseSchema,
  createIntentSchema,
  paymentIdSchema,
  paymentSessionSchema,
  stripeWebhookReceivedSchema,
  unusedPaymentsSchema,
} from '../schemas/registrations.js';
import { LocalCheckoutProvider } from './checkout-provider.js';
import { createCheckout, paymentSessionView, settlePayment, unusedPayments, type CheckoutDeps } from './checkout-service.js';
import { localCheckoutPage, localCheckoutRefusalPage } from './checkout-page.js';
import { StripePaymentProvider } from './stripe-provider.js';

const sessionParams = z.object({ sessionId: paymentIdSchema });

/**
 * The cancel address, saying how the checkout ended (`payment=cancelled|declined`) and which one
 * (`session_id`), so the page can ask the server why (GET /api/payment/session/:id `failure_reason`).
 */
function declinedUrl(cancelUrl: string, sessionId: string, outcome: 'declined' | 'cancelled'): string {
  const url = new URL(cancelUrl);
  url.searchParams.set('payment', outcome);
  url.searchParams.set('session_id', sessionId);
  return url.toString();
}

export async function checkoutRoutes(app: App, options: { deps: CheckoutDeps }): Promise<void> {
  const deps = options.deps;

  app.post(
    '/payment/create-intent',
    {
      config: { signedIn: true },
      schema: { tags: ['payments'], summary: 'Start a checkout for the registration fee', body: createIntentSchema, response: { 201: createIntentResponseSchema } },
      // The wizard and the checkout page show this message (seed 001 §8).
      schemaErrorFormatter: validationMessage((issues) => `Failed to create payment intent: ${issues[0]?.message ?? 'the request is not valid'}`),
    },
    async (request, reply) => {
    const user = requireUser(request);
    const created = await createCheckout(deps, user.id, request.body, commandContext(request));
    // The checkout page and the session view read the payment's stream, not a read model.
    await app.waitForProjections(created.position, []);
    return reply.status(201).send({ checkout_url: created.checkoutUrl, session_id: created.sessionId });
    },
  );

  app.get(
    '/payment/session/:id',
    { config: { signedIn: true }, schema: { tags: ['payments'], summary: 'A checkout of the signed-in user: paid, used', params: z.object({ id: paymentIdSchema }), response: { 200: paymentSessionSchema } } },
    async (request) => paymentSessionView(deps, requireUser(request).id, request.params.id, commandContext(request)),
  );

  // A paid registration whose address was lost (the tab closed, another page opened) is offered
  // again by the wizard rather than paid twice.
  app.get(
    '/payment/unused',
    { config: { signedIn: true }, schema: { tags: ['payments'], summary: "The signed-in user's paid registration payments no registration has used", response: { 200: unusedPaymentsSchema } } },
    async (request) => ({ payments: await unusedPayments(deps, app.deps.pool, requireUser(request).id) }),
  );

  // The local provider's hosted page and its Pay / Cancel actions answer only the payer's own
  // session (cookie or bearer): holding a checkout id is not enough to pay or cancel someone's checkout.
  await app.register(async (local: FastifyInstance) => {
    local.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const provider = () => {
      if (!(deps.provider instanceof LocalCheckoutProvider)) throw notFound('The test-mode checkout is off: this server uses Stripe.');
      return deps.provider;
    };

    /** The checkout, if the request comes from the session of the user it was created for. */
    const payersCheckout = (request: FastifyRequest) => {
      const { sessionId } = sessionParams.parse(request.params);
      const session = provider().describe(sessionId);
      if (!session) throw notFound('Checkout session not found.');
      const user = requireUser(request);
      if (session.request.userId !== user.id) throw forbidden('This checkout belongs to another account. Sign in as the account that started it.');
      return { sessionId, session };
    };

    const redirect = { 303: z.null().describe('See Other: back to the page that started the checkout (Location)') };
    local.get('/payment/local/checkout/:sessionId', { schema: { tags: ['payments'], summary: 'TEST MODE: the hosted checkout page', params: sessionParams, response: {
          200: { content: { 'text/html': { schema: textBody('The checkout page') } } },
          // A browser (Accept: text/html) is sent a page that says where to sign in; any other client the error body.
          401: { content: { 'application/json': { schema: apiErrorSchema }, 'text/html': { schema: textBody('Not signed in: a page that says where to sign in') } } },
          403: { content: { 'application/json': { schema: apiErrorSchema }, 'text/html': { schema: textBody("Another account's checkout: a page that says whose to sign in as") } } },
        } } }, async (request, reply) => {
      let checkout: ReturnType<typeof payersCheckout>;
      try {
        checkout = payersCheckout(request);
      } catch (error) {
        // A person opened this page: a page that says what to do, with the same status.
        const browser = request.headers.accept?.includes('text/html') ?? false;
        if (!browser || !(error instanceof AppError) || (error.status !== 401 && error.status !== 403)) throw error;
        return reply
          .status(error.status)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(localCheckoutRefusalPage(error.message, app.deps.config.publicUrl));
      }
      const { sessionId, session } = checkout;
      return reply
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(localCheckoutPage(sessionId, session.request, session.status));
    });

    const finish = (outcome: 'paid' | 'declined' | 'cancelled') =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { sessionId } = payersCheckout(request);
        const body = (request.body ?? {}) as { outcome?: string };
        const result = outcome === 'paid' && body.outcome === 'decline' ? 'declined' : outcome;
        const urls = provider().finish(sessionId, result);
        if (!urls) throw notFound('Checkout session not found.');
        // The provider's answer, not this redirect, is what records the payment.
        await settlePayment(deps, sessionId, 'retrieval', { ...commandContext(request), actor: { kind: 'system', id: 'local-checkout', role: null } });
        return reply.redirect(result === 'paid' ? urls.successUrl : declinedUrl(urls.cancelUrl, sessionId, result), 303);
      };
    local.post('/payment/local/checkout/:sessionId/complete', { config: { signedIn: true }, schema: { tags: ['payments'], summary: 'TEST MODE: pay (or decline with outcome=decline)', params: sessionParams, response: redirect } }, finish('paid'));
    local.post('/payment/local/checkout/:sessionId/cancel', { config: { signedIn: true }, schema: { tags: ['payments'], summary: 'TEST MODE: cancel', params: sessionParams, response: redirect } }, finish('cancelled'));
  });

  // Stripe's webhook: the signature is checked over the raw body, so this scope keeps it unparsed.
  await app.register(async (hook: FastifyInstance) => {
    // The app's own JSON parser (http/json-body.ts) is replaced in this scope, not added to.
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post('/payment/webhook', { schema: { tags: ['payments'], summary: "Stripe's signed webhook", response: { 200: stripeWebhookReceivedSchema } } }, async (request, reply) => {
      const payments = app.payments;
      if (!(payments instanceof StripePaymentProvider)) throw notFound('Webhooks are only used with Stripe.');
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = payments.constructWebhookEvent(request.body as Buffer, typeof signature === 'string' ? signature : '');
      } catch {
        throw validationError('The webhook signature is missing or invalid.');
      }
      const settling = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired'];
      if (settling.includes(event.type)) {
        const session = event.data.object as { id: string };
        await settlePayment(deps, session.id, 'webhook', { ...commandContext(request), actor: { kind: 'system', id: 'stripe-webhook', role: null } });
      }
      return reply.send({ received: true as const });
    });
  });
}
