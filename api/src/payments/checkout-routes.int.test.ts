// Issue 12, finding 7 (the checkout half): anyone holding a checkout id could pay or cancel another
// user's open local checkout without a session. Now the TEST MODE page and its Pay / Cancel answer
// only the payer's session (by cookie, as a browser sends it, or by bearer token), and the
// checkout a stranger tried to touch stays open for its owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, injectSender, type Creator, type HttpRequest } from '../../../test/support/flows.js';

let app: TestApp;
let flows: ReturnType<typeof creatorFlows>;
let payer: Creator;
let stranger: Creator;

const form = (outcome: string) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });
const send = (request: HttpRequest) => flows.send(request);
const sessionState = async (sessionId: string) => (await send({ method: 'GET', url: `/api/payment/session/${sessionId}`, token: payer.token })).json();

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'http://titleledger.test' });
  flows = creatorFlows(injectSender(app));
  [payer, stranger] = [await flows.signUp(), await flows.signUp()];
});
afterAll(async () => {
  await app?.stop();
});

describe('the local checkout answers only its payer', () => {
  it('refuses the page, Pay and Cancel without a session, and the checkout stays open', async () => {
    const intent = await flows.createIntent(payer.token);
    const page = new URL(intent.checkout_url).pathname;
    expect((await send({ method: 'GET', url: page })).status).toBe(401);
    expect((await send({ method: 'POST', url: `${page}/complete`, ...form('pay') })).status).toBe(401);
    expect((await send({ method: 'POST', url: `${page}/cancel`, ...form('cancel') })).status).toBe(401);
    expect(await sessionState(intent.session_id)).toMatchObject({ status: 'open', paid: false });
  });

  it("refuses another user's session, with a message saying whose checkout it is", async () => {
    const intent = await flows.createIntent(payer.token);
    const page = new URL(intent.checkout_url).pathname;
    const view = await send({ method: 'GET', url: page, token: stranger.token });
    expect(view.status).toBe(403);
    expect(view.json()).toEqual(errorReply('forbidden', 'This checkout belongs to another account. Sign in as the account that started it.'));
    expect((await send({ method: 'POST', url: `${page}/complete`, token: stranger.token, ...form('pay') })).status).toBe(403);
    expect((await send({ method: 'POST', url: `${page}/cancel`, token: stranger.token, ...form('cancel') })).status).toBe(403);
    expect(await sessionState(intent.session_id)).toMatchObject({ status: 'open', paid: false });
    // The payer still pays it.
    expect(await flows.checkout(intent.checkout_url)).toBe(`http://titleledger.test/register-title?session_id=${intent.session_id}&redirect_status=succeeded`);
    expect(await sessionState(intent.session_id)).toMatchObject({ status: 'succeeded', paid: true });
  });

  it("lets the payer's browser (session cookie) open, pay and cancel", async () => {
    const cookie = { cookie: `tl_session=${payer.token}` };
    const paid = await flows.createIntent(payer.token);
    const page = new URL(paid.checkout_url).pathname;
    const view = await send({ method: 'GET', url: page, headers: cookie });
    expect(view.status).toBe(200);
    expect(view.body).toContain('TEST MODE');
    const pay = await send({ method: 'POST', url: `${page}/complete`, headers: { ...cookie, ...form('pay').headers }, body: 'outcome=pay' });
    expect(pay.status).toBe(303);
    expect(await sessionState(paid.session_id)).toMatchObject({ status: 'succeeded', paid: true });

    const cancelled = await flows.createIntent(payer.token);
    const cancelPage = new URL(cancelled.checkout_url).pathname;
    const cancel = await send({ method: 'POST', url: `${cancelPage}/cancel`, headers: { ...cookie, ...form('cancel').headers }, body: 'outcome=cancel' });
    expect(cancel.status).toBe(303);
    expect(await sessionState(cancelled.session_id)).toMatchObject({ status: 'failed', paid: false });
  });
});
