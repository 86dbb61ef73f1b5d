// The creator's journey over HTTP, written once for every test and benchmark that needs a signed-up
// creator or a paid registration: add a card on the local provider, sign up, pay on the local
// TEST MODE checkout page, submit the multipart registration. The same calls run in-process
// (fastify inject) or over the network (fetch), so the bodies here are the ones users send.
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { TestApp } from './app.js';

export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly token?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The body as UTF-8 text; `raw` holds its bytes (PDFs, files). */
  readonly body: string;
  readonly raw: Buffer;
   
  json<T = any>(): T;
}

export type Send = (request: HttpRequest) => Promise<HttpResponse>;

const withToken = (request: HttpRequest) => ({
  ...(request.headers ?? {}),
  ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
});

const response = (status: number, headers: HttpResponse['headers'], raw: Buffer): HttpResponse => {
  const body = raw.toString('utf8');
  return { status, headers, body, raw, json: <T>() => JSON.parse(body) as T };
};

/** Calls the app in-process through fastify's inject (no socket). */
export function injectSender(app: TestApp, options: { remoteAddress?: () => string } = {}): Send {
  return async (request) => {
    const reply = await app.running.app!.inject({
      method: request.method,
      url: request.url,
      headers: withToken(request),
      ...(request.body === undefined ? {} : { payload: request.body }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress() } : {}),
    } satisfies InjectOptions);
    return response(reply.statusCode, reply.headers as HttpResponse['headers'], reply.rawPayload);
  };
}

/** Calls a running server over HTTP; redirects are answered, not followed. */
export function fetchSender(baseUrl: string): Send {
  return async (request) => {
    const reply = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: withToken(request),
      ...(request.body === undefined ? {} : { body: typeof request.body === 'string' ? request.body : new Uint8Array(request.body) }),
      redirect: 'manual',
    });
    return response(reply.status, Object.fromEntries(reply.headers), Buffer.from(await reply.arrayBuffer()));
  };
}

export const TEST_PASSWORD = 'correct horse battery';

let emails = 0;
/** An address no other test in this process has used. */
export const freshEmail = (prefix = 'creator') => `${prefix}${++emails}.${Date.now()}.${randomBytes(3).toString('hex')}@example.com`;

/** The local provider's card form (4242… tokenises; Stripe's declining test cards, 4000 0000 0000 0002 among them, are refused). */
export const cardDetails = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
  billing: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    address: { line1: '12 Analytical Engine Road', city: 'Los Angeles', state: 'CA', postal_code: '90001', country: 'US' },
  },
  ...overrides,
});

/** The sign-up wizard's payload to /api/auth/register-enhanced, as the web client sends it. */
export const signUpDetails = (overrides: Record<string, unknown> = {}) => {
  const now = new Date().toISOString();
  return {
    email: freshEmail(),
    password: TEST_PASSWORD,
    fullName: 'Ada King Lovelace',
    firstName: 'Ada',
    lastName: 'King Lovelace',
    phone: '3105551234',
    address: '12 Analytical Engine Road',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90001',
    country: 'US',
    accountType: 'individual',
    termsAccepted: true,
    privacyAccepted: true,
    termsAcceptedAt: now,
    privacyAcceptedAt: now,
    ...overrides,
  };
};

/** The registration wizard's checkout request (seed 001 §3.2). */
export const registrationIntent = (options: { amount?: number; title?: string } = {}) => ({
  amount: options.amount ?? 9.99,
  payment_type: 'copyright_registration',
  description: 'TitleLedger - Copyright Registration Fee',
  metadata: { title: options.title ?? 'The Sea', email: 'ada@example.com' },
});

/** The wizard's submission fields for a paid checkout session. */
export const registrationFields = (sessionId: string, overrides: Record<string, string | undefined> = {}) => ({
  title: 'The Sea',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '3105551234',
  address: '12 Analytical Engine Road, Los Angeles',
  materialType: 'Poems',
  intendedMedium: 'PRINT LITERARY',
  description: 'A poem.',
  paymentSessionId: sessionId,
  paymentIntentId: '',
  ...overrides,
});

export interface Upload {
  readonly name: string;
  readonly content: Buffer;
  readonly type?: string;
}

/** A multipart/form-data body; fields set to undefined are left out. */
export function multipart(values: Record<string, string | undefined>, file?: Upload): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----titleledger${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Card {
  readonly id: string;
  readonly last4: string;
  readonly brand: string;
  readonly exp_month: number;
  readonly exp_year: number;
}

export interface Creator {
  readonly token: string;
  readonly userId: string;
  readonly email: string;
  readonly password: string;
}

export interface Registered {
  readonly trNumber: string;
  readonly cryptographicHash: string;
  readonly fileContentHash: string;
}

function expectStatus(reply: HttpResponse, status: number, what: string): HttpResponse {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${reply.body}`);
  return reply;
}

/** The headers and body of a JSON request, to spread into an HttpRequest. */
export const jsonBody = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * The one error body (apiErrorSchema) of a failure worded to be shown as it is: the sentence as
 * `error` (what the spec's clients show) and `message`, the machine code as `code`.
 */
export const errorReply = (code: string, message: string, extra: { details?: unknown } = {}) => ({ success: false, error: message, code, message, ...extra });

/** The creator's calls over `send`; each throws with the answer when the server does not agree. */
export function creatorFlows(send: Send) {
  async function addCard(overrides: Record<string, unknown> = {}): Promise<Card> {
    const reply = await send({ method: 'POST', url: '/api/payment/local/payment-methods', ...jsonBody(cardDetails(overrides)) });
    return expectStatus(reply, 201, 'adding a card').json<Card>();
  }

  async function signUp(overrides: Record<string, unknown> = {}): Promise<Creator> {
    const card = await addCard();
    const details = signUpDetails({ paymentMethodId: card.id, ...overrides });
    const reply = expectStatus(await send({ method: 'POST', url: '/api/auth/register-enhanced', ...jsonBody(details) }), 201, 'signing up');
    const { token, user } = reply.json<{ token: string; user: { id: string } }>();
    return { token, userId: user.id, email: details.email, password: details.password };
  }

  /** Who started each checkout: only their session may answer its page. */
  const payers = new Map<string, string>();

  async function createIntent(token: string, payload: object = registrationIntent()) {
    const reply = await send({ method: 'POST', url: '/api/payment/create-intent', token, ...jsonBody(payload) });
    const intent = expectStatus(reply, 201, 'creating a checkout').json<{ checkout_url: string; session_id: string }>();
    payers.set(intent.checkout_url, token);
    return intent;
  }

  /**
   * Answers the local TEST MODE checkout page (Pay, the declined card, or Cancel) as the payer (the
   * session that created it, unless `token` says otherwise); gives where it redirects.
   */
  async function checkout(checkoutUrl: string, outcome: 'pay' | 'decline' | 'cancel' = 'pay', token = payers.get(checkoutUrl)): Promise<string> {
    const pagePath = new URL(checkoutUrl).pathname;
    const page = expectStatus(await send({ method: 'GET', url: pagePath, ...(token ? { token } : {}) }), 200, 'opening the checkout page');
    if (!page.body.includes('TEST MODE')) throw new Error('the local checkout page is not marked TEST MODE');
    const reply = await send({
      method: 'POST',
      ...(token ? { token } : {}),
      url: `${pagePath}/${outcome === 'cancel' ? 'cancel' : 'complete'}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
    });
    return String(expectStatus(reply, 303, 'answering the checkout page').headers.location);
  }

  /** A checkout session paid on the local provider, ready to be consumed by one registration. */
  async function paidSession(token: string, payload?: object): Promise<string> {
    const intent = await createIntent(token, payload);
    await checkout(intent.checkout_url);
    return intent.session_id;
  }

  function submit(token: string | undefined, values: Record<string, string | undefined>, file?: Upload): Promise<HttpResponse> {
    return send({ method: 'POST', url: '/api/copyright/submit-registration', ...(token ? { token } : {}), ...multipart(values, file) });
  }

  /** Pays and registers `content` as a text work; gives the TR number and both hashes. */
  async function register(token: string, content: Buffer, options: { title?: string; fields?: Record<string, string> } = {}): Promise<Registered> {
    const title = options.title ?? 'The Sea';
    // The fee the server is configured with (REGISTRATION_FEE_CENTS), as the web app reads it.
    const config = expectStatus(await send({ method: 'GET', url: '/api/payment/config' }), 200, 'reading the payment config');
    const amount = config.json<{ registrationFee: { amountCents: number } }>().registrationFee.amountCents / 100;
    const sessionId = await paidSession(token, registrationIntent({ title, amount }));
    const reply = await submit(token, registrationFields(sessionId, { title, ...options.fields }), { name: 'work.txt', content, type: 'text/plain' });
    const body = expectStatus(reply, 201, 'registering a title').json<{ tr_number: string; cryptographic_hash: string; file_content_hash: string }>();
    return { trNumber: body.tr_number, cryptographicHash: body.cryptographic_hash, fileContentHash: body.file_content_hash };
  }

  const downloadTr = async (token: string, trNumber: string) => (await send({ method: 'GET', url: `/api/download/tr/${trNumber}`, token })).body;

  return { send, addCard, signUp, createIntent, checkout, paidSession, submit, register, downloadTr };
}
