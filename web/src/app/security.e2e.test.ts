// Issue 12, finding 4, in a real browser: every page carries the security headers, no other site can
// frame the app (the test-mode checkout page included), the built SPA and the checkout page run
// under the strict Content-Security-Policy without a single violation, and after signing in the
// page holds no session token anywhere a script could read it: the HttpOnly cookie alone, a
// browser-session cookie unless "Remember me" is ticked.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

import { startTestApp } from '../../../test/support/app.js';
import { launchBrowser } from '../../../test/support/browser.js';
import { creatorFlows, fetchSender, registrationIntent, type Creator } from '../../../test/support/flows.js';
import { desktop, newContext } from '../../../test/support/screens.js';

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;
let creator: Creator;

/** A site that is not ours, served by the browser's request interception. */
const ATTACKER = 'http://attacker.test';

beforeAll(async () => {
  // Its public URL (checkout links) is the address the browser uses: 127.0.0.1, where the test app listens.
  app = await startTestApp();
  browser = await launchBrowser();
  creator = await creatorFlows(fetchSender(app.url)).signUp();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A fresh context whose pages record every Content-Security-Policy violation. */
async function watchedContext(): Promise<BrowserContext> {
  const context = await newContext(browser, { viewport: desktop });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return context;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

function expectHardened(response: Response | null, what: string): void {
  expect(response, what).not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '))?.trim() ?? '';
  expect(scriptSrc, what).toMatch(/^script-src 'self'/);
  expect(scriptSrc, what).not.toContain('unsafe-inline');
  expect(scriptSrc, what).not.toContain('stripe.com'); // Stripe is not configured here
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], what).toBeUndefined(); // production only
}

async function signIn(page: Page, options: { rememberMe: boolean }): Promise<void> {
  await page.goto(`${app.url}/login`);
  await page.getByLabel('Email').fill(creator.email);
  await page.getByLabel('Password', { exact: true }).fill(creator.password);
  if (options.rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/** Everything page scripts can read: both storages and document.cookie. */
const scriptReadable = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));

test('pages and API answers carry the security headers; the SPA runs with no CSP violation', async () => {
  const context = await watchedContext();
  try {
    const page = await context.newPage();
    for (const path of ['/', '/login', '/verify']) {
      expectHardened(await page.goto(`${app.url}${path}`), path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expectHardened(await page.goto(`${app.url}/theme-init.js`), 'a static file');
    const api = await page.request.get(`${app.url}/api/health`);
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
    expect(api.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.goto(`${app.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await violations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('another site cannot frame /login or the checkout page', async () => {
  const context = await watchedContext();
  try {
    const page = await context.newPage();
    const intent = await creatorFlows(fetchSender(app.url)).createIntent(creator.token, registrationIntent());
    const targets = [`${app.url}/login`, intent.checkout_url, `${ATTACKER}/own-page`];
    await context.route(`${ATTACKER}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().url().endsWith('/own-page')
          ? '<!doctype html><title>own</title><h1>the attacker\'s own page</h1>'
          : `<!doctype html><title>evil</title>${targets.map((src) => `<iframe src="${src}" width="400" height="300"></iframe>`).join('')}`,
      }),
    );
    await page.goto(`${ATTACKER}/`);
    // The attacker's own page frames fine (the control); the browser refuses to render ours.
    await expect
      .poll(() => page.frames().filter((frame) => frame !== page.mainFrame()).map((frame) => frame.url()))
      .toEqual(['chrome-error://chromewebdata/', 'chrome-error://chromewebdata/', `${ATTACKER}/own-page`]);
  } finally {
    await context.close();
  }
});

test('the test-mode checkout page runs its script under the policy and pays', async () => {
  const context = await watchedContext();
  try {
    const page = await context.newPage();
    await signIn(page, { rememberMe: false });
    const intent = await page.evaluate(async (body) => {
      const response = await fetch('/api/payment/create-intent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { checkout_url: string };
    }, registrationIntent());
    expectHardened(await page.goto(intent.checkout_url), 'the checkout page');
    await page.getByText('TEST MODE').first().waitFor();
    // The declined test card is only told apart by the page's script: paying with it proves the script ran.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/api/payment/local/checkout/'));
    const session = await page.request.get(`${app.url}/api/payment/session/${new URL(intent.checkout_url).pathname.split('/').pop()}`);
    expect(await session.json()).toMatchObject({ status: 'failed', paid: false });
    expect(await violations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('after sign-in no script can read a session token; "Remember me" alone makes the cookie persistent', async () => {
  for (const rememberMe of [false, true]) {
    const context = await watchedContext();
    try {
      const page = await context.newPage();
      await signIn(page, { rememberMe });
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      const cookie = (await context.cookies(app.url)).find((c) => c.name === 'tl_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
      if (rememberMe) expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
      else expect(cookie!.expires).toBe(-1);
      const readable = await scriptReadable(page);
      expect(readable).not.toContain(cookie!.value);
      expect(readable).not.toMatch(/token/i);
      // The page knows it is signed in from /api/auth/me (the cookie), not from storage: a reload keeps it.
      await page.reload();
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(await violations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }
});
