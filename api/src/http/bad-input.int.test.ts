// Issue 11's server errors, each by the request that caused it: NUL or lone-surrogate text reaching
// the database, an over-long TR path parameter, malformed multipart bodies, and 900 KB sign-up and
// profile fields. Each is now a 4xx in the JSON error format naming what to fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, injectSender, jsonBody, multipart, registrationFields, signUpDetails, type Creator, type HttpRequest } from '../../../test/support/flows.js';
import { textBytes } from '../../../test/support/documents.js';
import type { TrBundle } from '../tr-bundle/bundle.js';
import { apiErrorSchema, type ApiError } from '../schemas/errors.js';

let app: TestApp;
let flows: ReturnType<typeof creatorFlows>;
let ada: Creator;
let session: string;

beforeAll(async () => {
  app = await startTestApp();
  flows = creatorFlows(injectSender(app));
  ada = await flows.signUp();
  session = await flows.paidSession(ada.token);
});
afterAll(async () => app?.stop());

async function refused(request: HttpRequest, status = 400) {
  const response = await flows.send(request);
  expect(response.status, `${request.method} ${request.url}: ${response.body}`).toBe(status);
  const body = response.json();
  expect(apiErrorSchema.safeParse(body).success, response.body).toBe(true);
  return body as ApiError & { details?: { issues?: { path: string; message: string }[] } };
}

describe('text the database cannot hold is refused at the edge, naming the field', () => {
  it('support, checkout, search', async () => {
    const support = await refused({ method: 'POST', url: '/api/support/submit', ...jsonBody({ fullName: 'a\u0000b', email: 'a@example.com', subject: 'Hello there', message: 'x'.repeat(30) }) });
    expect(support.message).toBe('Full name contains a control character (U+0000) that is not allowed.');
    expect(support.details!.issues![0]!.path).toBe('fullName');

    const intent = await refused({ method: 'POST', url: '/api/payment/create-intent', token: ada.token, ...jsonBody({ amount: 9.99, description: '\ud800' }) });
    expect(intent.message).toMatch(/Description contains an invalid character \(an unpaired surrogate U\+D800\)/);

    expect((await refused({ method: 'GET', url: '/api/search?q=a%00b' })).message).toMatch(/^Search term contains a control character/);
  });

  it('path params: payment session, certificate, .tr download', async () => {
    expect((await refused({ method: 'GET', url: '/api/payment/session/%00', token: ada.token })).message).toMatch(/Payment id may only contain printable ASCII/);
    await refused({ method: 'GET', url: '/api/copyright/certificate-preview/%00', token: ada.token });
    const long = await refused({ method: 'GET', url: `/api/download/tr/${'A'.repeat(65)}`, token: ada.token });
    expect(long.message).toBe('tr: TR number must be at most 64 characters');
    // A %-escape that decodes to no text (a lone surrogate's UTF-8) fails before routing: same format.
    const undecodable = await refused({ method: 'GET', url: '/api/download/tr/%ED%A0%80', token: ada.token });
    expect(undecodable).toEqual(errorReply('invalid_request', 'The address is not valid: part of its path does not decode to text (check the %-escapes).'));
  });

  it('submission fields: title, description, payment id', async () => {
    const file = { name: 'sea.txt', content: textBytes() };
    for (const [field, value, message] of [
      ['title', 'The\u0000Sea', /^Title contains a control character/],
      ['description', 'A poem\u0000', /^Description contains a control character/],
      ['paymentSessionId', `${session}\u0000`, /^Payment session id contains a control character/],
    ] as const) {
      const response = await flows.submit(ada.token, registrationFields(session, { [field]: value }), file);
      expect(response.status, field).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    // Nothing was half-applied: the payment still registers once.
    expect((await flows.submit(ada.token, registrationFields(session), file)).status).toBe(201);
  });
});

describe("the uploaded file's name follows the text rules", () => {
  /** The submission with the file named by an RFC 5987 `filename*` parameter (percent-encoded UTF-8). */
  function namedUpload(paymentSessionId: string, encodedName: string): HttpRequest {
    const { body, headers } = multipart(registrationFields(paymentSessionId), { name: 'PLACEHOLDER', content: textBytes() });
    const renamed = body.toString('latin1').replace('filename="PLACEHOLDER"', `filename*=UTF-8''${encodedName}`);
    return { method: 'POST', url: '/api/copyright/submit-registration', token: ada.token, headers, body: Buffer.from(renamed, 'latin1') };
  }

  it('refuses NUL, C0, DEL, C1 and bidi overrides with a 400 that says to rename it, and keeps the payment', async () => {
    const paid = await flows.paidSession(ada.token);
    for (const [encoded, character] of [
      ['ab%00cd.txt', 'U+0000'],
      ['ab%01cd.txt', 'U+0001'],
      ['ab%1bcd.txt', 'U+001B'],
      ['ab%7fcd.txt', 'U+007F'],
      ['ab%c2%85cd.txt', 'U+0085'],
      ['invoice%E2%80%AEtxt.exe', 'U+202E'],
    ] as const) {
      const body = await refused(namedUpload(paid, encoded));
      expect(body.code).toBe('validation_error');
      expect(body.error).toBe(body.message);
      expect(body.message).toContain(character);
      expect(body.message).toMatch(/^The file name contains .* Rename the file and try again\.$/);
    }
    // The payment was not consumed: a plainly named file registers on it, under its NFC name.
    const registered = await flows.send(namedUpload(paid, 'cafe%CC%81.txt'));
    expect(registered.status, registered.body).toBe(201);
    const bundle = JSON.parse(await flows.downloadTr(ada.token, registered.json().tr_number)) as TrBundle;
    expect(bundle.registration.fileName).toBe('caf\u00e9.txt');
  });
});

describe('malformed multipart is the sender\'s error', () => {
  const fields = () => multipart(registrationFields(session), { name: 'sea.txt', content: textBytes() });

  it('no boundary, truncated body, mismatched boundary, a 300-character boundary', async () => {
    const { body, headers } = fields();
    const url = '/api/copyright/submit-registration';
    const noBoundary = await refused({ method: 'POST', url, token: ada.token, headers: { 'content-type': 'multipart/form-data' }, body });
    expect(noBoundary.message).toMatch(/^The form data could not be read/);
    await refused({ method: 'POST', url, token: ada.token, headers, body: body.subarray(0, body.length - 40) });
    await refused({ method: 'POST', url, token: ada.token, headers: { 'content-type': `${headers['content-type']}x` }, body });
    await refused({ method: 'POST', url, token: ada.token, headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }, body });
  });

  it('any other content type gets the route\'s own 415, whatever its body', async () => {
    const { body } = fields();
    const url = '/api/copyright/submit-registration';
    const wanted = errorReply('unsupported_media_type', 'Send the registration as multipart/form-data with the document in a "file" field.');
    for (const [contentType, sent] of [
      ['application/json', body],
      ['application/json', '{"title":"The Sea"}'],
      ['text/plain', 'The Sea'],
      ['application/x-www-form-urlencoded', 'title=The+Sea'],
      ['application/octet-stream', body],
    ] as const) {
      expect(await refused({ method: 'POST', url, token: ada.token, headers: { 'content-type': contentType }, body: sent }, 415), contentType).toEqual(wanted);
    }
    expect(await refused({ method: 'POST', url, token: ada.token }, 415)).toEqual(wanted);
  });

  it('a field sent twice is refused, naming it, and the payment stays unused', async () => {
    const paid = await flows.paidSession(ada.token);
    const { body, headers } = multipart(registrationFields(paid), { name: 'sea.txt', content: textBytes() });
    const boundary = headers['content-type']!.split('boundary=')[1]!;
    const twice = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nAnother Sea\r\n`), body]);
    const refusal = await refused({ method: 'POST', url: '/api/copyright/submit-registration', token: ada.token, headers, body: twice });
    expect(refusal).toEqual(errorReply('validation_error', 'The form sent the field "title" more than once; send each field once.', { details: { field: 'title' } }));
    expect((await flows.submit(ada.token, registrationFields(paid), { name: 'sea.txt', content: textBytes() })).status).toBe(201);
  });
});

describe('a JSON body', () => {
  const login = (body: string) => ({ method: 'POST' as const, url: '/api/auth/login', headers: { 'content-type': 'application/json' }, body });
  const support = (body: string) => ({ method: 'POST' as const, url: '/api/support/submit', headers: { 'content-type': 'application/json' }, body });
  const forbiddenKey = 'The request body has a key named __proto__, or a constructor key holding prototype, which is not accepted. Remove or rename it.';

  it('holding a __proto__ or constructor.prototype key is refused as such, not as "not valid JSON"', async () => {
    for (const body of [
      '{"email":"x@example.com","password":"p","__proto__":{"x":1}}',
      '{"email":"x@example.com","password":"p","constructor":{"prototype":{"x":1}}}',
      '{"email":"x@example.com","password":"p","nested":{"__proto__":{"x":1}}}',
    ]) {
      // Every route answers the one error body, /api/auth/* as every other.
      expect(await refused(login(body)), body).toEqual(errorReply('validation_error', forbiddenKey));
      expect(await refused(support(body)), body).toEqual(errorReply('validation_error', forbiddenKey));
    }
  });

  it('that is not JSON, or empty, still says so', async () => {
    expect(await refused(support('{"fullName":'))).toEqual(errorReply('invalid_json', 'The request body is not valid JSON.'));
    expect(await refused(support(''))).toEqual(errorReply('invalid_json', 'The request body is empty; send a JSON object.'));
    // A key that merely names "constructor" is ordinary data: the schema judges it, not the parser.
    expect((await refused(support('{"constructor":"x"}'))).message).not.toBe(forbiddenKey);
  });
});

describe('sign-up and profile fields have a size', () => {
  it('refuses 900 KB fields', async () => {
    const huge = 'x'.repeat(900_000);
    const signUp = await refused({ method: 'POST', url: '/api/auth/register', ...jsonBody(signUpDetails({ address: huge })) });
    expect(signUp).toMatchObject({ error: 'Address must be at most 500 characters' });
    const profile = await refused({ method: 'PUT', url: '/api/user/profile', token: ada.token, ...jsonBody({ city: huge }) });
    // The spec's client shows `error`: the sentence, without the field's path that `message` names.
    expect(profile).toMatchObject({ success: false, error: 'City must be at most 100 characters', code: 'validation_error', message: 'city: City must be at most 100 characters' });
    const me = await flows.send({ method: 'GET', url: '/api/auth/me', token: ada.token });
    expect(me.json().city).toBe('Los Angeles');
  });
});
