// Signed-in creator routes answer a caller with no session 401 before they look at the body, as
// staff routes do: a signed-out user is told to sign in, not how to fix a form they cannot send yet.
// The routes are taken from /api/openapi.json (those declared `config: { signedIn: true }` carry
// `security`), so a new one is covered as soon as it is declared; a route that answers 401 without
// being declared is named too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, injectSender, type HttpRequest, type HttpResponse } from '../../../test/support/flows.js';
import { staffAccessTable } from '../staff/access-table.js';

let app: TestApp;
let send: (request: HttpRequest) => Promise<HttpResponse>;

interface Operation {
  readonly method: HttpRequest['method'];
  readonly path: string;
  readonly signedIn: boolean;
}
let operations: Operation[];

beforeAll(async () => {
  app = await startTestApp();
  send = creatorFlows(injectSender(app)).send;
  const { paths } = (await send({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>();
  operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase() as HttpRequest['method'], path, signedIn: Boolean(operation.security?.length) })),
  );
});
afterAll(async () => app?.stop());

/** Staff routes, each with its own guard (`staffRoute`), named as the API document names them. */
const staffRoutes = new Set(staffAccessTable.map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace('*', '{*}')}`));
/** A path parameter is filled with a value of the right alphabet that names nothing. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Bodies the routes' schemas refuse: wrong types, unknown keys, a NUL, a value far too long. */
const GARBAGE = JSON.stringify({ password: 12, token: null, key: ['x'], value: 'a\u0000b', amount: 'lots', email: 'x'.repeat(5000), garbage: true });

/** The 401 a route answers, in the one error body. */
function expectSignIn(response: HttpResponse, name: string, message: string) {
  expect(response.status, `${name}: ${response.body}`).toBe(401);
  expect(response.json(), name).toEqual(errorReply('unauthorized', message));
}

describe('signed-in creator routes', () => {
  it('are declared in the API document, the ones the QA sweep named among them', () => {
    const declared = operations.filter((o) => o.signedIn).map((o) => `${o.method} ${o.path}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        'PUT /api/user/password',
        'PUT /api/user/notifications',
        'PUT /api/user/notification-preferences',
        'POST /api/user/2fa/verify',
        'POST /api/payment/create-intent',
        'POST /api/copyright/submit-registration',
        'PUT /api/auth/profile',
        'DELETE /api/user/account',
      ]),
    );
    expect(declared.filter((name) => staffRoutes.has(name))).toEqual([]);
  });

  it('answer a caller with no session 401, whatever the body', async () => {
    const signedIn = operations.filter((o) => o.signedIn);
    expect(signedIn.length).toBeGreaterThan(20);
    for (const { method, path } of signedIn) {
      const body = hasBody(method) ? { headers: { 'content-type': 'application/json' }, body: GARBAGE } : {};
      expectSignIn(await send({ method, url: urlOf(path), ...body }), `${method} ${path}`, 'Sign in to continue.');
    }
  });

  it('answer a caller whose session has ended 401 "expired", whatever the body', async () => {
    for (const { method, path } of operations.filter((o) => o.signedIn)) {
      const body = hasBody(method) ? { headers: { 'content-type': 'application/json' }, body: GARBAGE } : {};
      const response = await send({ method, url: urlOf(path), token: 'no-such-session', ...body });
      expectSignIn(response, `${method} ${path}`, 'Your session has expired. Please sign in again.');
    }
  });

  it('are every route that answers 401 to a caller with no session, but staff routes (they have their own guard)', async () => {
    // Routes that check the session in their handler, on purpose: they have no body to validate.
    const ownCheck = new Set([
      // A browser is shown a page that says where to sign in (an HTML 401), not the JSON error.
      'GET /api/payment/local/checkout/{sessionId}',
      // The owner's documents: the handler lets staff through too (`isAdmin`), then insists on the user.
      'GET /api/copyright/certificate-preview/{tr}/image',
      'GET /api/copyright/certificate-preview/{tr}',
      'GET /api/copyright/download-certificate/{tr}',
      'GET /api/download/tr/{tr}',
    ]);
    const undeclared: string[] = [];
    for (const { method, path, signedIn } of operations) {
      const name = `${method} ${path}`;
      if (signedIn || staffRoutes.has(name) || ownCheck.has(name)) continue;
      const response = await send({ method, url: urlOf(path) });
      if (response.status === 401) undeclared.push(name);
    }
    expect(undeclared).toEqual([]);
  });
});
