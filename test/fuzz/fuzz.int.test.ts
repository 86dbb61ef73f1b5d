// The fuzz suite (issue 11): every API route gets thousands of valid-shaped and hostile bodies,
// queries, params and multipart uploads generated from the shared schemas. Nothing may answer 5xx;
// every 4xx is the JSON error format; afterwards no read model is behind or has parked an event,
// health is ok, and a normal sign-up, sign-in and registration still work.
//
// In `npm test`: a fixed seed and a bounded count. `npm run fuzz` runs it longer with a random seed
// (FUZZ_SEED and FUZZ_RUNS set the seed and the runs per route; the seed is printed either way).
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@titleledger/api/schemas';
import { startTestApp, type TestApp } from '../support/app.js';
import { creatorFlows, injectSender, jsonBody, type HttpRequest, type HttpResponse, type Send } from '../support/flows.js';
import { textBytes } from '../support/documents.js';
import { fuzzRoutes, type FuzzContext } from './routes.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let app: TestApp;
let send: Send;
let context: FuzzContext;
const seen = { requests: 0, byStatus: new Map<number, number>() };

/** Every call comes from a random address, as a crowd would: per-IP login throttling is not what this measures. */
/** The chain proxy speaks JSON-RPC: its refusals are JSON-RPC error objects (one, or one per batched call). */
const isJsonRpcError = (body: unknown): boolean => {
  const b = body as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  return b?.jsonrpc === '2.0' && typeof b.error?.code === 'number' && typeof b.error.message === 'string';
};
const inErrorFormat = (url: string, body: unknown): boolean =>
  apiErrorSchema.safeParse(body).success ||
  (url === '/api/ledger/rpc' && (isJsonRpcError(body) || (Array.isArray(body) && body.some(isJsonRpcError) && body.every((b) => (b as { jsonrpc?: unknown })?.jsonrpc === '2.0'))));

const randomIp = () => `10.${randomBytes(3).join('.')}`;

function describeRequest(request: HttpRequest): string {
  const body = request.body === undefined ? '' : ` body(${request.body.length}): ${JSON.stringify(request.body.toString().slice(0, 300))}`;
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers ?? {})}${body}`;
}

function check(request: HttpRequest, response: HttpResponse): void {
  seen.requests += 1;
  seen.byStatus.set(response.status, (seen.byStatus.get(response.status) ?? 0) + 1);
  if (response.status >= 500) throw new Error(`${response.status} for ${describeRequest(request)}: ${response.body.slice(0, 500)}`);
  if (response.status >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      throw new Error(`${response.status} not JSON for ${describeRequest(request)}: ${response.body.slice(0, 200)}`);
    }
    if (!inErrorFormat(request.url, body)) throw new Error(`${response.status} not the error format for ${describeRequest(request)}: ${response.body.slice(0, 200)}`);
  }
}

beforeAll(async () => {
  console.log(`fuzz: seed ${SEED}, ${RUNS} runs per route (FUZZ_SEED=${SEED} reproduces)`);
  app = await startTestApp();
  send = injectSender(app, { remoteAddress: randomIp });
  const flows = creatorFlows(send);
  const user = await flows.signUp();
  const open = await flows.createIntent(user.token);
  context = { token: user.token, openSession: open.session_id };
});
afterAll(async () => app?.stop());

describe('fuzzing every route', () => {
  for (const route of fuzzRoutes) {
    it(route.name, async () => {
      await fc.assert(
        fc.asyncProperty(route.request(context), async (request) => {
          check(request, await send(request));
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: !process.env.FUZZ_SHRINK },
      );
    });
  }
});

describe('afterwards', () => {
  it('no read model is behind or has parked an event, and health is ok', async () => {
    // Wait for the state (every read model caught up), never for a time.
    await expect
      .poll(async () => {
        const health = (await send({ method: 'GET', url: '/api/health' })).json();
        const readModels = Object.values<{ eventsBehind: number | string; parked: number }>(health.components.readModels.details.readModels);
        return readModels.every((r) => r.eventsBehind === 0) && readModels.length > 0;
      })
      .toBe(true);
    expect((await app.running.pool.query('SELECT * FROM projection_failures')).rows).toEqual([]);
    // Polled: one answer reads "down" for a check slower than its 2 s limit, as on a loaded machine.
    await expect.poll(async () => (await send({ method: 'GET', url: '/api/health' })).json().status).toBe('ok');
    console.log(`fuzz: ${seen.requests} requests, by status: ${JSON.stringify(Object.fromEntries([...seen.byStatus].sort(([a], [b]) => a - b)))}`);
  });

  it('a normal user still signs up, signs in and registers a title (its sign-in time is logged, not held to a bound a loaded machine would miss)', async () => {
    const flows = creatorFlows(injectSender(app, { remoteAddress: randomIp }));
    const creator = await flows.signUp();
    const started = performance.now();
    const login = await flows.send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: creator.email, password: creator.password }) });
    const loginMs = performance.now() - started;
    expect(login.status).toBe(200);
    console.log(`fuzz: sign-in after the fuzzing took ${Math.round(loginMs)} ms`);
    const registered = await flows.register(creator.token, textBytes('After the storm.\n'));
    expect(registered.trNumber).toMatch(/^TR-COPY-\d{4}-[0-9A-Z]{8}$/);
    const titles = await flows.send({ method: 'GET', url: '/api/titles/user', token: creator.token });
    expect(titles.json()).toEqual([expect.objectContaining({ tr_number: registered.trNumber })]);
  });
});
