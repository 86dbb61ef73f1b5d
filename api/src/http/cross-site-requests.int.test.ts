// Issue 12, finding 4, as the attack: another site makes the victim's browser send a state-changing
// request that rides the session cookie. It used to work (here: signing the victim out); now it is
// refused before any route runs, while the app's own pages, API clients with a bearer token and
// non-browser callers go on as before. Served as https (PUBLIC_URL), the cookie is Secure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, injectSender, jsonBody, type Send } from '../../../test/support/flows.js';

const PUBLIC_URL = 'https://titleledger.example';
let app: TestApp;
let send: Send;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL });
  send = injectSender(app);
});
afterAll(async () => app?.stop());

/** A fresh signed-in user, and how their browser would send the cookie. */
async function victim() {
  const creator = await creatorFlows(send).signUp();
  return { ...creator, cookie: { cookie: `tl_session=${creator.token}` } };
}

const signedIn = async (cookie: Record<string, string>) => (await send({ method: 'GET', url: '/api/auth/me', headers: cookie })).status === 200;

describe('a state-changing request another site makes the browser send', () => {
  const attacks: Array<[string, Record<string, string>]> = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'https://evil.titleledger.example' }],
    ['a foreign Origin (a browser without Fetch Metadata)', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ];

  it.each(attacks)('is refused with a 403 that says why, and changes nothing: %s', async (_name, headers) => {
    const { cookie } = await victim();
    const response = await send({ method: 'POST', url: '/api/auth/logout', headers: { ...cookie, ...headers } });
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({ message: expect.stringContaining("only be made from TitleLedger's own pages") });
    expect(await signedIn(cookie)).toBe(true);
  });

  it('is refused for JSON writes too (a profile change), leaving the profile as it was', async () => {
    const { cookie } = await victim();
    const before = (await send({ method: 'GET', url: '/api/auth/me', headers: cookie })).json();
    const response = await send({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { ...cookie, 'sec-fetch-site': 'cross-site', ...jsonBody({}).headers },
      body: JSON.stringify({ fullName: 'Mallory' }),
    });
    expect(response.status).toBe(403);
    expect((await send({ method: 'GET', url: '/api/auth/me', headers: cookie })).json()).toEqual(before);
    // The very same request from our own page goes through: only where it came from was refused.
    const own = await send({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { ...cookie, 'sec-fetch-site': 'same-origin', ...jsonBody({}).headers },
      body: JSON.stringify({ fullName: 'Mallory' }),
    });
    expect(own.status).toBe(200);
    expect((await send({ method: 'GET', url: '/api/auth/me', headers: cookie })).json()).toMatchObject({ fullName: 'Mallory' });
  });
});

describe('legitimate callers are unaffected', () => {
  it("the app's own pages (same-origin) sign out with the cookie", async () => {
    const { cookie } = await victim();
    const response = await send({ method: 'POST', url: '/api/auth/logout', headers: { ...cookie, 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL } });
    expect(response.status).toBe(200);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('an older browser sending only our Origin is allowed', async () => {
    const { cookie } = await victim();
    expect((await send({ method: 'POST', url: '/api/auth/logout', headers: { ...cookie, origin: PUBLIC_URL } })).status).toBe(200);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('an API client with a bearer token is not checked (no other site can make a browser send one)', async () => {
    const { token } = await victim();
    const response = await send({ method: 'POST', url: '/api/auth/logout', token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(200);
    expect((await send({ method: 'GET', url: '/api/auth/me', token })).status).toBe(401);
  });

  it('reads are never refused, whoever links to them', async () => {
    const { cookie } = await victim();
    expect((await send({ method: 'GET', url: '/api/auth/me', headers: { ...cookie, 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });
});

describe('the session cookie over https', () => {
  it('is HttpOnly, SameSite=Lax and Secure when PUBLIC_URL is https (outside production too)', async () => {
    const reply = await creatorFlows(send).signUp();
    const login = await send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: reply.email, password: reply.password }) });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^tl_session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(cookie).not.toContain('Max-Age'); // "Remember me" unticked: gone when the browser closes
    const remembered = await send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: reply.email, password: reply.password, rememberMe: true }) });
    expect(String(remembered.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
  });
});
