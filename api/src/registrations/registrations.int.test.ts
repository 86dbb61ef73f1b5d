// Title registration over HTTP on a real Postgres, with real accounts: checkout through the local
// provider, the multipart submission and every bad input the issue lists, lists and stats,
// certificates, the signed .tr bundle, 20 racing submissions for one payment, crash recovery.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInPostgres, startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, injectSender, jsonBody, registrationFields, registrationIntent, type Creator, type HttpRequest } from '../../../test/support/flows.js';
import { docxBytes, exeBytes, pdfBytes, pngBytes, textBytes } from '../../../test/support/documents.js';
import { pdfText } from '../../../test/support/pdf-text.js';
import { LocalCheckoutProvider } from '../payments/checkout-provider.js';
import { fileTooLargeMessage } from '../schemas/registrations.js';
import { createCheckout } from '../payments/checkout-service.js';
import { publicKeyFromRaw } from '../tr-bundle/registry-key.js';
import { decryptBundleDocument, verifyBundle, type TrBundle } from '../tr-bundle/bundle.js';
import { registrationHash, registrationHashV2 } from './registration-hash.js';
import { completePendingRegistrations, registerTitle, type RegisterInput } from './register.js';
import { eventTypes, isEvent } from '../events/index.js';

const MAX_UPLOAD = 64 * 1024;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-reg-'));
let app: TestApp;
let flows: ReturnType<typeof creatorFlows>;
const statuses: number[] = [];

/** One call to the app; a `payload` goes as JSON. Every status is kept for the "never 500" check. */
async function call(options: { method: HttpRequest['method']; url: string; token?: string; payload?: object; headers?: Record<string, string> }) {
  const { payload, ...request } = options;
  return flows.send({ ...request, ...(payload ? jsonBody(payload) : {}) });
}


/** TR numbers whose payment was consumed but whose TitleRegistered (or release) the log does not show yet. */
async function unfinishedConsumptions(store: TestApp['running']['store']): Promise<string[]> {
  const pending = new Map<string, string>();
  for (const event of await store.readAll({ eventTypes: eventTypes('PaymentConsumed', 'PaymentReleased', 'TitleRegistered'), maxCount: 100_000 })) {
    if (isEvent(event, 'PaymentConsumed')) pending.set(event.data.trNumber, event.data.registration.paymentId);
    else if (isEvent(event, 'PaymentReleased', 'TitleRegistered') && pending.get(event.data.trNumber) === event.data.paymentId) pending.delete(event.data.trNumber);
  }
  return [...pending.keys()];
}

const blobCount = () => readdirSync(path.join(dataDir, 'blobs'), { recursive: true }).filter((f) => /[A-Za-z0-9_-]{22}$/.test(String(f))).length;

let alice: Creator;
let bob: Creator;

beforeAll(async () => {
  // The ledger seals no batch during this file (a day's wait, a million leaves): every title stays
  // pending whatever the machine's load, so "pending" and "no proof yet" are states, not races.
  app = await startTestApp({
    DATA_DIR: dataDir,
    MAX_UPLOAD_BYTES: String(MAX_UPLOAD),
    PUBLIC_URL: 'http://titleledger.test',
    LEDGER_BATCH_SECONDS: '86400',
    LEDGER_BATCH_SIZE: '1000000',
  });
  const send = injectSender(app);
  flows = creatorFlows(async (request) => {
    const response = await send(request);
    statuses.push(response.status);
    return response;
  });
  alice = await flows.signUp();
  bob = await flows.signUp();
});
afterAll(async () => {
  await app?.stop();
});

/** What registerTitle is given for `paymentId`, as the route gives it, with Ada's contact details. */
function registerInput(ownerId: string, paymentId: string, title: string, file: RegisterInput['file']): RegisterInput {
  const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '3105551234', address: '12 Analytical Engine Road' };
  return { ownerId, paymentId, title, ...contact, materialType: 'Book', intendedMedium: 'TV', description: '', file };
}

describe('checkout', () => {
  it('creates a checkout for the wizard and returns to /register-title with the session id', async () => {
    const intent = await flows.createIntent(alice.token);
    expect(intent.checkout_url).toBe(`http://titleledger.test/api/payment/local/checkout/${intent.session_id}`);
    const location = await flows.checkout(intent.checkout_url);
    expect(location).toBe(`http://titleledger.test/register-title?session_id=${intent.session_id}&redirect_status=succeeded`);
    const session = await call({ method: 'GET', url: `/api/payment/session/${intent.session_id}`, token: alice.token });
    expect(session.json()).toEqual({ id: intent.session_id, status: 'succeeded', paid: true, amount: 9.99, currency: 'usd', used: false });
  });

  it('creates a checkout for the checkout page, returning to /checkout/success', async () => {
    const intent = await flows.createIntent(alice.token, {
      amount: 9.99,
      currency: 'usd',
      payment_type: 'one-time',
      description: 'Registration',
      metadata: { service: 'One-Time Registration', amount: '9.99' },
    });
    expect(await flows.checkout(intent.checkout_url)).toBe(`http://titleledger.test/checkout/success?session_id=${intent.session_id}&status=succeeded`);
  });

  it('honours a success_path on this site, and refuses one elsewhere', async () => {
    const intent = await flows.createIntent(alice.token, { ...registrationIntent(), metadata: { title: 'x', success_path: '/register-title?step=4' } });
    expect(await flows.checkout(intent.checkout_url)).toBe(`http://titleledger.test/register-title?step=4&session_id=${intent.session_id}`);
    const evil = await call({ method: 'POST', url: '/api/payment/create-intent', token: alice.token, payload: { ...registrationIntent(), metadata: { success_path: '//evil.example' } } });
    expect(evil.status).toBe(400);
    // Seed 001 §7.2: create-intent's failure is read from its `error` field, the sentence.
    const failed = expect.stringContaining('Failed to create payment intent');
    expect(evil.json()).toMatchObject({ success: false, code: 'validation_error', error: failed, message: failed });
  });

  it('needs a signed-in user and a sane amount', async () => {
    expect((await call({ method: 'POST', url: '/api/payment/create-intent', payload: registrationIntent() })).status).toBe(401);
    expect((await call({ method: 'POST', url: '/api/payment/create-intent', token: alice.token, payload: { amount: -1 } })).status).toBe(400);
    expect((await call({ method: 'POST', url: '/api/payment/create-intent', token: alice.token, payload: { amount: 9.99, currency: 'eur' } })).status).toBe(400);
  });

  it('shows a session to its owner only', async () => {
    const intent = await flows.createIntent(alice.token);
    expect((await call({ method: 'GET', url: `/api/payment/session/${intent.session_id}`, token: bob.token })).status).toBe(404);
    expect((await call({ method: 'GET', url: `/api/payment/session/${intent.session_id}`, token: alice.token })).json()).toMatchObject({ status: 'open', paid: false });
    expect((await call({ method: 'GET', url: '/api/payment/local/checkout/lcs_nope' })).status).toBe(404);
  });

  it('tells a browser that is not signed in as the payer, in a page, where to sign in', async () => {
    const intent = await flows.createIntent(alice.token);
    const path = `/api/payment/local/checkout/${intent.session_id}`;
    for (const [token, status, says] of [[undefined, 401, 'Sign in to continue.'], [bob.token, 403, 'This checkout belongs to another account.']] as const) {
      const page = await call({ method: 'GET', url: path, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, ...(token ? { token } : {}) });
      expect(page.status).toBe(status);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>Sign in to pay</h1>');
      expect(page.body).toContain(says);
      expect(page.body).toContain('<a href="http://titleledger.test/login">Sign in there</a>');
    }
    // Any other client gets the error body; paying still needs the payer's session.
    expect((await call({ method: 'GET', url: path })).json()).toEqual(errorReply('unauthorized', 'Sign in to continue.'));
    expect((await call({ method: 'POST', url: `${path}/complete`, payload: {} })).status).toBe(401);
  });

  it('records a declined or cancelled payment as failed', async () => {
    const declined = await flows.createIntent(alice.token);
    // A declined card says so, with the bank's reason, apart from a cancelled checkout.
    expect(await flows.checkout(declined.checkout_url, 'decline')).toBe(
      `http://titleledger.test/register-title?payment=declined&session_id=${declined.session_id}`,
    );
    expect((await call({ method: 'GET', url: `/api/payment/session/${declined.session_id}`, token: alice.token })).json()).toMatchObject({
      status: 'failed',
      paid: false,
      failure_reason: expect.stringMatching(/declined by the bank/),
    });
    const cancelled = await flows.createIntent(alice.token);
    expect(await flows.checkout(cancelled.checkout_url, 'cancel')).toBe(
      `http://titleledger.test/register-title?payment=cancelled&session_id=${cancelled.session_id}`,
    );
    expect((await call({ method: 'GET', url: `/api/payment/session/${cancelled.session_id}`, token: alice.token })).json()).toMatchObject({
      status: 'failed',
      failure_reason: 'The payment was cancelled.',
    });
  });
});

describe('submission', () => {
  let created: { tr_number: string; cryptographic_hash: string; file_content_hash: string; registration_date: string };
  const work = textBytes('I must go down to the seas again.\n');

  it('registers a paid title: 201 with both hashes, pending, visible at once', async () => {
    const sessionId = await flows.paidSession(alice.token);
    const response = await flows.submit(alice.token, registrationFields(sessionId), { name: 'sea.txt', content: work, type: 'text/plain' });
    expect(response.status).toBe(201);
    created = response.json();
    expect(created).toEqual({
      success: true,
      tr_number: expect.stringMatching(/^TR-COPY-\d{4}-[0-9A-Z]{8}$/),
      cryptographic_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      file_content_hash: createHash('sha256').update(work).digest('hex'),
      registration_date: expect.any(String),
      status: 'pending',
    });
    // Hash version 2 is salted: the public fields alone (the version 1 recipe) do not give it.
    expect(
      registrationHash({
        trNumber: created.tr_number,
        title: 'The Sea',
        ownerId: alice.userId,
        materialType: 'Poems',
        intendedMedium: 'PRINT LITERARY',
        fileContentHash: created.file_content_hash,
        registeredAt: created.registration_date,
      }),
    ).not.toBe(created.cryptographic_hash);

    const titles = await call({ method: 'GET', url: '/api/titles/user', token: alice.token });
    expect(titles.json()[0]).toEqual({
      tr_number: created.tr_number,
      title: 'The Sea',
      registrant_name: 'Ada Lovelace',
      material_type: 'Poems',
      intended_medium: 'PRINT LITERARY',
      registration_date: created.registration_date,
      status: 'pending',
      cryptographic_hash: created.cryptographic_hash,
      file_content_hash: created.file_content_hash,
    });
    const stats = await call({ method: 'GET', url: '/api/dashboard/stats', token: alice.token });
    expect(stats.json()).toEqual({ totalRegistrations: 1, activeRegistrations: 1, pendingRegistrations: 1, thisMonthRegistrations: 1, recent_activity: 1 });
    // No batch is sealed in this file: its proof is asked for again later, with a 202 that says why.
    const proof = await call({ method: 'GET', url: `/api/ledger/proof/${created.tr_number}` });
    expect(proof.status, proof.body).toBe(202);
    expect(proof.json()).toEqual({ tr_number: created.tr_number, status: 'pending', message: expect.stringMatching(/not anchored yet.*Ask again/) });
    expect((await call({ method: 'GET', url: '/api/titles/user', token: bob.token })).json()).toEqual([]);
    // The payer is told which registration the payment made (a reload of step 5 says it is done).
    expect((await call({ method: 'GET', url: `/api/payment/session/${sessionId}`, token: alice.token })).json()).toMatchObject({
      used: true,
      used_for: { tr_number: created.tr_number, title: 'The Sea' },
    });
    expect((await call({ method: 'GET', url: `/api/payment/session/${sessionId}`, token: bob.token })).status).toBe(404);
  });

  it('keeps the contact details sealed in the log and the work encrypted at rest', async () => {
    const [event] = await app.running.store.readStream(`title-${created.tr_number}`);
    if (!event || !isEvent(event, 'TitleRegistered')) throw new Error(`expected TitleRegistered, found ${event?.type}`);
    const { data } = event;
    expect(data.contact).toMatch(/^v1\./);
    expect(JSON.stringify(data)).not.toContain('ada@example.com');
    expect(data).toMatchObject({ ownerId: alice.userId, registrantName: 'Ada Lovelace', hashVersion: 2, fileName: 'sea.txt', mimeType: 'text/plain; charset=utf-8', fileSize: work.length });
    // The commitment's salt is sealed like the contact details: its clear value is only in the owner's .tr.
    expect(data.commitmentSalt).toMatch(/^v1\./);
    const tr = (await call({ method: 'GET', url: `/api/download/tr/${created.tr_number}`, token: alice.token })).json<TrBundle>();
    expect(tr.registration.commitmentSalt).toMatch(/^[0-9a-f]{64}$/);
    const log = (await app.running.store.readAll()).map((e) => ({ data: e.data, metadata: e.metadata }));
    expect(JSON.stringify(log)).not.toContain(tr.registration.commitmentSalt);
  });

  it('serves the certificate inline and as a download, to the owner only', async () => {
    const preview = await call({ method: 'GET', url: `/api/copyright/certificate-preview/${created.tr_number}`, token: alice.token });
    expect(preview.status).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    const text = pdfText(preview.raw);
    expect(text).toContain(created.tr_number);
    expect(text).toContain(created.cryptographic_hash);
    expect(text).toContain('PENDING');
    const download = await call({ method: 'GET', url: `/api/copyright/download-certificate/${created.tr_number}`, token: alice.token });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="TitleLedger-${created.tr_number}.pdf"`);
    expect(download.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call({ method: 'GET', url: `/api/copyright/download-certificate/${created.tr_number}`, token: bob.token })).status).toBe(404);
    expect((await call({ method: 'GET', url: `/api/copyright/certificate-preview/${created.tr_number}` })).status).toBe(401);
    expect((await call({ method: 'GET', url: '/api/copyright/certificate-preview/TR-COPY-2026-NOPE1234', token: alice.token })).status).toBe(404);
  });

  it('answers certificate requests made together each for its own sender: the right file, or the refusal that sender gets', async () => {
    // Requests of one turn share their session and registration lookups (db/same-turn.ts): each
    // must still get its own answer.
    const bobs = await flows.submit(bob.token, registrationFields(await flows.paidSession(bob.token), { title: 'Bob at once' }), { name: 'bob.txt', content: textBytes('bob') });
    expect(bobs.status).toBe(201);
    const bobTr: string = bobs.json().tr_number;
    const asks = [
      ...Array.from({ length: 6 }, () => ({ token: alice.token, tr: created.tr_number, want: 200 })),
      ...Array.from({ length: 6 }, () => ({ token: bob.token, tr: bobTr, want: 200 })),
      { token: bob.token, tr: created.tr_number, want: 404 },
      { token: alice.token, tr: bobTr, want: 404 },
      { token: 'not-a-session', tr: bobTr, want: 401 },
      { token: alice.token, tr: 'TR-COPY-2026-NOPE1234', want: 404 },
    ];
    const answers = await Promise.all(asks.map(({ token, tr }) => call({ method: 'GET', url: `/api/copyright/download-certificate/${tr}`, token })));
    expect(answers.map((answer) => answer.status)).toEqual(asks.map((ask) => ask.want));
    answers.forEach((answer, i) => {
      if (answer.status === 200) expect(pdfText(answer.raw)).toContain(asks[i]!.tr);
    });
  });

  it('renders a new registration\'s certificate in the background, then serves that file with an ETag (304 when unchanged)', async () => {
    const rendered = () => {
      try {
        return readdirSync(path.join(dataDir, 'certificates'), { recursive: true }).map(String).filter((f) => /(^|\/)[A-Za-z0-9_-]{43}-pdf$/.test(f));
      } catch {
        return [];
      }
    };
    const before = new Set(rendered());
    const session = await flows.paidSession(alice.token);
    const response = await flows.submit(alice.token, registrationFields(session, { title: 'Rendered once' }), { name: 'once.txt', content: textBytes('once') });
    expect(response.status).toBe(201);
    const tr = response.json().tr_number;
    // Nobody has asked for it: the pending state alone has the certificate rendered.
    await expect.poll(() => rendered().filter((f) => !before.has(f))).toHaveLength(1);
    const file = rendered().find((f) => !before.has(f))!;
    const url = `/api/copyright/download-certificate/${tr}`;
    const first = await call({ method: 'GET', url, token: alice.token });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe(`"${path.basename(file).slice(0, -'-pdf'.length)}"`);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.raw.equals(readFileSync(path.join(dataDir, 'certificates', file)))).toBe(true);
    expect(pdfText(first.raw)).toContain(tr);

    const again = await flows.send({ method: 'GET', url, token: alice.token, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    // Another owner's ETag tells a stranger nothing: still 404.
    expect((await flows.send({ method: 'GET', url, token: bob.token, headers: { 'if-none-match': String(first.headers.etag) } })).status).toBe(404);
    // A stale ETag gets the file.
    expect((await flows.send({ method: 'GET', url, token: alice.token, headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('renders on demand a certificate not rendered yet, keeps it as a file, and serves it again from memory', async () => {
    // The preview image is never rendered in the background: its first request renders it.
    const url = `/api/copyright/certificate-preview/${created.tr_number}/image`;
    const rendered = await call({ method: 'GET', url, token: alice.token });
    expect(rendered.status).toBe(200);
    expect(rendered.raw.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Its QR code, read as a phone would read it off the page, opens the registration's public record.
    const image = PNG.sync.read(rendered.raw);
    // jsqr is CommonJS: its function is also its `default`, which is what the types describe.
    const qr = jsqr.default(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
    expect(qr?.data).toBe(`http://titleledger.test/titles/${created.tr_number}`);
    const etag = String(rendered.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const name = etag.slice(1, -1);
    const file = path.join(dataDir, 'certificates', name.slice(0, 2), `${name}-png`);
    expect(readFileSync(file).equals(rendered.raw)).toBe(true);
    // Served from memory next time: the same bytes with its file gone (a derived file, made again
    // when missing once the process no longer holds it).
    rmSync(file);
    const again = await call({ method: 'GET', url, token: alice.token });
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(etag);
    expect(again.raw.equals(rendered.raw)).toBe(true);
    // The PDF is a file of its own, with its own ETag.
    const pdf = await call({ method: 'GET', url: `/api/copyright/download-certificate/${created.tr_number}`, token: alice.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.etag).not.toBe(etag);
    expect(pdfText(pdf.raw)).toContain(created.tr_number);
  });

  it('serves a .tr bundle that verifies with the published key and decrypts to the work', async () => {
    const response = await call({ method: 'GET', url: `/api/download/tr/${created.tr_number}`, token: alice.token });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${created.tr_number}.tr"`);
    const bundle = response.json<TrBundle>();
    const published = (await call({ method: 'GET', url: '/api/registry/public-key' })).json();
    expect(published).toMatchObject({ alg: 'Ed25519', keyId: bundle.signature.keyId });
    const key = publicKeyFromRaw(Buffer.from(published.publicKey, 'base64'));
    expect(verifyBundle(bundle, key)).toEqual({ signatureValid: true, documentMatches: true });
    expect(decryptBundleDocument(bundle)).toEqual(work);
    expect(bundle).toMatchObject({ version: 2, chain: { rpcUrl: 'http://titleledger.test/api/ledger/rpc' } });
    expect(bundle.registration).toMatchObject({ trNumber: created.tr_number, cryptographicHash: created.cryptographic_hash, hashVersion: 2, registrantName: 'Ada Lovelace', fileName: 'sea.txt', fileSize: work.length });
    // The .tr opens the commitment: every field the certificate shows, and the salt, give the anchored hash.
    const { registration } = bundle;
    expect(registrationHashV2({ ...registration, salt: registration.commitmentSalt! })).toBe(created.cryptographic_hash);
    expect(registrationHashV2({ ...registration, registrantName: 'Mallory', salt: registration.commitmentSalt! })).not.toBe(created.cryptographic_hash);
    expect(bundle.proof).toBeNull();
    const tampered = { ...bundle, registration: { ...bundle.registration, title: 'Not the Sea' } };
    expect(verifyBundle(tampered, key).signatureValid).toBe(false);
    expect((await call({ method: 'GET', url: `/api/download/tr/${created.tr_number}`, token: bob.token })).status).toBe(404);
  });

  it('accepts each document type by content (pdf, docx, png), ignoring the name', async () => {
    for (const [name, content] of [['a.pdf', pdfBytes()], ['b.docx', docxBytes()], ['picture.txt', pngBytes()]] as const) {
      const response = await flows.submit(alice.token, registrationFields(await flows.paidSession(alice.token)), { name, content });
      expect(response.status, name).toBe(201);
    }
  });
});

describe('bad input: a clear error, and nothing half-written', () => {
  it('refuses each, leaving no blob and no registration behind', async () => {
    const blobsBefore = blobCount();
    const titlesBefore = (await call({ method: 'GET', url: '/api/titles/user', token: alice.token })).json().length;
    const session = await flows.paidSession(alice.token);
    const file = { name: 'sea.txt', content: textBytes() };

    const noFile = await flows.submit(alice.token, registrationFields(session));
    expect(noFile.status).toBe(400);
    // Seed 001 §8.1: "Registration Failed" shows the body's `error` field, the sentence.
    expect(noFile.json()).toMatchObject({ code: 'validation_error', error: expect.stringMatching(/No File Selected/) });

    const exe = await flows.submit(alice.token, registrationFields(session), { name: 'novel.pdf', content: exeBytes(), type: 'application/pdf' });
    expect(exe.status).toBe(415);
    expect(exe.json()).toMatchObject({ code: 'unsupported_media_type', error: expect.stringMatching(/executable program/), message: expect.stringMatching(/executable program/) });

    const empty = await flows.submit(alice.token, registrationFields(session), { name: 'empty.txt', content: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(empty.json().message).toMatch(/empty/);

    const big = await flows.submit(alice.token, registrationFields(session), { name: 'big.txt', content: Buffer.alloc(MAX_UPLOAD + 1, 'a') });
    expect(big.status).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/larger than the 64 KB limit/) });
    // The limit the wizard states and checks before sending is the one configured, with the 413's own sentence.
    const limits = await call({ method: 'GET', url: '/api/copyright/upload-limits' });
    expect(limits.status).toBe(200);
    expect(limits.json()).toEqual({ maxBytes: MAX_UPLOAD });
    expect(fileTooLargeMessage(limits.json<{ maxBytes: number }>().maxBytes)).toBe(big.json().message);

    const missing = await flows.submit(alice.token, registrationFields(session, { title: '', firstName: undefined, email: 'nope', phone: '123', materialType: 'Cookbook' }), file);
    expect(missing.status).toBe(400);
    expect(missing.json().message).toContain('Title is required');
    expect(missing.json().message).toContain('First name is required');
    expect(missing.json().message).toContain('Valid email is required');
    expect(missing.json().message).toContain('Valid phone number is required');
    expect(missing.json().details.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['title', 'firstName', 'email', 'phone', 'materialType']));

    const noPayment = await flows.submit(alice.token, registrationFields('', { paymentSessionId: '' }), file);
    expect(noPayment.status).toBe(400);
    expect(noPayment.json().message).toMatch(/Payment Required/);

    const notMultipart = await call({ method: 'POST', url: '/api/copyright/submit-registration', token: alice.token, payload: { title: 'x' } });
    expect(notMultipart.status).toBe(415);

    expect((await flows.submit(undefined, registrationFields(session), file)).status).toBe(401);

    // A forged `status=succeeded`: the session exists but was never paid.
    const unpaid = await flows.createIntent(alice.token);
    const forged = await flows.submit(alice.token, registrationFields(unpaid.session_id), file);
    expect(forged.status).toBe(422);
    expect(forged.json().message).toMatch(/has not been completed/);

    const declined = await flows.createIntent(alice.token);
    await flows.checkout(declined.checkout_url, 'decline');
    const failed = await flows.submit(alice.token, registrationFields(declined.session_id), file);
    expect(failed.status).toBe(422);
    expect(failed.json().message).toMatch(/Payment Failed/);

    const bobs = await flows.paidSession(bob.token);
    const foreign = await flows.submit(alice.token, registrationFields(bobs), file);
    expect(foreign.status).toBe(404);

    const unknown = await flows.submit(alice.token, registrationFields('lcs_does_not_exist'), file);
    expect(unknown.status).toBe(404);

    // A registration payment is of exactly the fee: asked for another amount, no checkout opens.
    const cheap = await call({ method: 'POST', url: '/api/payment/create-intent', token: alice.token, payload: { ...registrationIntent({ amount: 1 }), metadata: {} } });
    expect(cheap.status).toBe(422);
    expect(cheap.json()).toMatchObject({ message: 'The registration fee is 9.99 USD, not 1.00 USD.', details: { feeCents: 999, currency: 'usd' } });
    // An amount that rounds to the fee is refused, not rounded.
    const rounded = await call({ method: 'POST', url: '/api/payment/create-intent', token: alice.token, payload: registrationIntent({ amount: 9.994 }) });
    expect(rounded.status).toBe(400);
    expect(rounded.json().message).toMatch(/whole cents/);
    // A one-time payment of the fee's amount never pays for a registration.
    const oneTime = await flows.paidSession(alice.token, { ...registrationIntent(), payment_type: 'one-time' });
    const notForRegistration = await flows.submit(alice.token, registrationFields(oneTime), file);
    expect(notForRegistration.status).toBe(422);
    expect(notForRegistration.json().message).toMatch(/not made for a registration/);
    // The money is not kept: the payment is refunded through the provider, and says so.
    expect(notForRegistration.json().message).toMatch(/refunded in full/);
    const refundId = notForRegistration.json().details.refundId as string;
    expect(refundId).toMatch(/^lre_/);
    const refunded = await call({ method: 'GET', url: `/api/payment/session/${oneTime}`, token: alice.token });
    expect(refunded.json()).toMatchObject({ status: 'refunded', paid: false, refund_id: refundId });
    // Submitted again, it stays refunded (one refund), and is refused as such.
    const again = await flows.submit(alice.token, registrationFields(oneTime), file);
    expect(again.status).toBe(422);
    expect(again.json().message).toMatch(/was refunded/);

    // The payment was never consumed by any of these: it still registers once, then never again.
    const first = await flows.submit(alice.token, registrationFields(session), file);
    expect(first.status).toBe(201);
    // The same submission retried after a dropped connection: the same registration, 200, nothing new
    // (paymentIntentId names the payment as well).
    for (const retry of [registrationFields(session), registrationFields('', { paymentSessionId: '', paymentIntentId: session })]) {
      const again = await flows.submit(alice.token, retry, file);
      expect(again.status).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    // Another work on the used payment: 409, naming the registration the payment made.
    const other = await flows.submit(alice.token, registrationFields(session, { title: 'Another Sea' }), file);
    expect(other.status).toBe(409);
    expect(other.json()).toMatchObject({ message: expect.stringMatching(/already been used/), details: { trNumber: first.json().tr_number } });

    expect(blobCount()).toBe(blobsBefore + 1);
    expect((await call({ method: 'GET', url: '/api/titles/user', token: alice.token })).json()).toHaveLength(titlesBefore + 1);
  });
});

describe('one payment, one registration', () => {
  it('20 parallel submissions with one paid payment: exactly one registration, 19 "already been used"', async () => {
    const session = await flows.paidSession(alice.token);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => flows.submit(alice.token, registrationFields(session, { title: `Race ${i}` }), { name: `r${i}.txt`, content: textBytes(`race ${i}`) })),
    );
    const codes = responses.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = responses.find((r) => r.status === 201)!.json().tr_number;
    for (const r of responses.filter((r) => r.status === 409)) expect(r.json()).toMatchObject({ message: expect.stringMatching(/already been used/), details: { trNumber: winner } });
    const registered = (await app.running.store.readAll({ eventTypes: eventTypes('TitleRegistered') })).filter((e) => isEvent(e, 'TitleRegistered'));
    expect(registered.filter((e) => e.data.paymentId === session)).toHaveLength(1);
    const consumed = await app.running.store.readStream(`payment-${session}`);
    expect(consumed.filter((e) => e.type === 'PaymentConsumed')).toHaveLength(1);
  });

  it('one submission retried 5 times at once by its payer: one registration, every answer names it', async () => {
    const session = await flows.paidSession(alice.token);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => flows.submit(alice.token, registrationFields(session, { title: 'Retried' }), { name: 'retried.txt', content: textBytes('retried') })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().tr_number)).size).toBe(1);
    const registered = (await app.running.store.readAll({ eventTypes: eventTypes('TitleRegistered') })).filter((e) => isEvent(e, 'TitleRegistered'));
    expect(registered.filter((e) => e.data.paymentId === session)).toHaveLength(1);
  });

  it.skipIf(!logInPostgres)('on Postgres the payment is consumed and the title registered in one transaction', async () => {
    expect('appendMany' in app.running.store).toBe(true);
    const session = await flows.paidSession(alice.token);
    const response = await flows.submit(alice.token, registrationFields(session, { title: 'Atomic' }), { name: 'atomic.txt', content: textBytes('atomic') });
    expect(response.status).toBe(201);
    const [consumed] = (await app.running.store.readStream(`payment-${session}`)).filter((e) => e.type === 'PaymentConsumed');
    const [registered] = await app.running.store.readStream(`title-${response.json().tr_number}`);
    // One transaction: the same commit position (transaction id), the consumption first.
    expect(registered!.position.commit).toBe(consumed!.position.commit);
    expect(registered!.position.prepare).toBeGreaterThan(consumed!.position.prepare);
  });

  it('a crash between consuming the payment and TitleRegistered is completed on recovery, once', async () => {
    // The two-step path of an adapter without appendMany (EventStoreDB today): the same store, the method hidden.
    const store: TestApp['running']['store'] = Object.assign(Object.create(app.running.store) as TestApp['running']['store'], { appendMany: undefined });
    const provider = new LocalCheckoutProvider('http://titleledger.test');
    const context = () => ({ actor: { kind: 'user' as const, id: alice.userId }, correlationId: 'crash-test', now: new Date() });
    const deps = {
      store,
      provider,
      publicUrl: 'http://titleledger.test',
      feeCents: 999,
      sealForOwner: async (_ownerId: string, values: readonly unknown[]) => values.map(() => 'v1.sealed'),
      afterConsume: async () => {
        throw new Error('simulated crash');
      },
    };
    const checkoutSession = await createCheckout(deps, alice.userId, { amount: 9.99, currency: 'usd', payment_type: 'copyright_registration', metadata: {} }, context());
    provider.finish(checkoutSession.sessionId, 'paid');
    const input = registerInput(alice.userId, checkoutSession.sessionId, 'Interrupted', {
      blobId: 'crash-test-blob-0001', sha256: 'e'.repeat(64), size: 1, name: 'x.txt', mimeType: 'text/plain',
    });
    await expect(registerTitle(deps, input, context())).rejects.toThrow('simulated crash');
    const payment = await store.readStream(`payment-${checkoutSession.sessionId}`);
    const consumed = payment.find((e) => isEvent(e, 'PaymentConsumed'))!.data;
    expect(await store.readStream(`title-${consumed.trNumber}`)).toHaveLength(0);

    // readAll shows an event once every transaction that began before it has ended (a projection may
    // be mid-batch, another test's TitleRegistered may still be hidden behind it): wait until the log,
    // as recovery reads it, has exactly this one consumption without its title, as at a start.
    await expect.poll(() => unfinishedConsumptions(store)).toEqual([consumed.trNumber]);
    expect(await completePendingRegistrations(store, context())).toEqual([consumed.trNumber]);
    const title = await store.readStream(`title-${consumed.trNumber}`);
    expect(title.map((e) => e.type)).toEqual(['TitleRegistered']);
    expect(title.filter((e) => isEvent(e, 'TitleRegistered')).map((e) => e.data.paymentId)).toEqual([checkoutSession.sessionId]);
    // Running it again (another instance starting, once the log shows the title it wrote: see above)
    // changes nothing; the payment stays used.
    await expect.poll(() => unfinishedConsumptions(store)).toEqual([]);
    expect(await completePendingRegistrations(store, context())).toEqual([]);
    // The payer retrying the same submission gets the recovered registration back, not a second one.
    const retried = await registerTitle({ ...deps, afterConsume: undefined }, input, context());
    expect(retried).toMatchObject({ replayed: true, registration: { trNumber: consumed.trNumber } });
    await expect(registerTitle({ ...deps, afterConsume: undefined }, { ...input, title: 'Another' }, context())).rejects.toThrow(/already been used/);
  });

  it('appends nothing that names the upload before its flushes are done, and nothing at all when they fail', async () => {
    const provider = new LocalCheckoutProvider('http://titleledger.test');
    const context = () => ({ actor: { kind: 'user' as const, id: alice.userId }, correlationId: 'flush-test', now: new Date() });
    const deps = {
      store: app.running.store,
      provider,
      publicUrl: 'http://titleledger.test',
      feeCents: 999,
      sealForOwner: async (_ownerId: string, values: readonly unknown[]) => values.map(() => 'v1.sealed'),
    };
    const paid = async () => {
      const { sessionId } = await createCheckout(deps, alice.userId, { amount: 9.99, currency: 'usd', payment_type: 'copyright_registration', metadata: {} }, context());
      provider.finish(sessionId, 'paid');
      return sessionId;
    };
    /** A flush the test finishes by hand; `awaited` resolves once registerTitle waits on it. */
    const heldFlush = () => {
      let finish!: (error?: Error) => void;
      let waitedOn!: () => void;
      const awaited = new Promise<void>((resolve) => (waitedOn = resolve));
      const flushed = new Promise<void>((resolve, reject) => (finish = (error) => (error ? reject(error) : resolve())));
      const stored = { then: (onDone: () => void, onFailed: (error: unknown) => void) => (waitedOn(), flushed.then(onDone, onFailed)) } as unknown as Promise<void>;
      return { stored, awaited, finish };
    };
    const input = (paymentId: string, stored: Promise<void>) =>
      registerInput(alice.userId, paymentId, 'Flushed first', { blobId: 'flush-test-blob-0001', sha256: 'f'.repeat(64), size: 1, name: 'x.txt', mimeType: 'text/plain', stored });
    const paymentEvents = async (paymentId: string) => (await app.running.store.readStream(`payment-${paymentId}`)).map((e) => e.type);

    // Held: the payment was read and settled meanwhile, but not consumed; finished: registered.
    const first = await paid();
    const held = heldFlush();
    const registering = registerTitle(deps, input(first, held.stored), context());
    await Promise.race([held.awaited, registering.then(() => expect.fail('registered before the upload was flushed'))]);
    expect(await paymentEvents(first)).not.toContain('PaymentConsumed');
    held.finish();
    const { registration } = await registering;
    expect(await paymentEvents(first)).toContain('PaymentConsumed');
    expect((await app.running.store.readStream(`title-${registration.trNumber}`)).map((e) => e.type)).toEqual(['TitleRegistered']);

    // A flush that fails: the registration fails with it, and the payment stays unused.
    const second = await paid();
    const failing = heldFlush();
    const refused = registerTitle(deps, input(second, failing.stored), context());
    await Promise.race([failing.awaited, refused.then(() => expect.fail('registered before the upload was flushed'))]);
    failing.finish(new Error('EIO: the disk refused the flush'));
    await expect(refused).rejects.toThrow('EIO');
    expect(await paymentEvents(second)).not.toContain('PaymentConsumed');
    await expect(registerTitle(deps, input(second, Promise.resolve()), context())).resolves.toMatchObject({ replayed: false });
  });

  it('never answered 500', () => {
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
