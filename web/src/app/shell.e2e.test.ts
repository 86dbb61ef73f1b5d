// The web shell in a real browser: top-bar navigation, the sign-in guard, Sign Out, the not-found
// page and the mobile menu, against the built SPA served with the API by the shared test app.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';

import { startTestApp } from '../../../test/support/app.js';
import { launchBrowser } from '../../../test/support/browser.js';
import { creatorFlows, injectSender } from '../../../test/support/flows.js';
import { desktop, expectToast, mobile, withPage as withPageIn } from '../../../test/support/screens.js';

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;

/** The designated account whose side menu offers the Admin Portal link (ADMIN_MENU_EMAILS). */
const MENU_ADMIN = 'menu.admin@example.com';

beforeAll(async () => {
  app = await startTestApp({ ADMIN_MENU_EMAILS: MENU_ADMIN });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const withPage = (viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) => withPageIn(browser, { viewport }, run);

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function pageHeading(page: Page, name: string): Promise<string | null> {
  const heading = page.getByRole('heading', { level: 1, name, exact: true });
  await heading.waitFor();
  return heading.textContent();
}

const LANDING_HEADING = 'Prove what you created, and when.';

test('the top bar links lead to their pages', async () => {
  const links = [
    { name: 'Learn', path: '/how-it-works', heading: 'How It Works' },
    { name: 'Registration', path: '/services', heading: 'Services' },
    { name: 'Pricing', path: '/pricing', heading: 'Pricing' },
    { name: 'Verify', path: '/verify', heading: 'Verify Certificate' },
    { name: 'Sign in with email', path: '/login', heading: 'Sign In' },
    { name: 'Register Title', path: '/register', heading: 'Create Account' },
    { name: 'TitleLedger home', path: '/', heading: LANDING_HEADING, title: 'Home' },
  ];
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/`);
    expect(await pageHeading(page, LANDING_HEADING)).toBe(LANDING_HEADING);
    const banner = page.getByRole('banner');
    for (const { name, path, heading, title = heading } of links) {
      await banner.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      expect(pathOf(page)).toBe(path);
      expect(await pageHeading(page, heading)).toBe(heading);
      expect(await page.title()).toBe(`${title} · TitleLedger`);
    }
  });
});

test('a signed-out visitor who opens /dashboard lands on /login', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login');
    expect(await pageHeading(page, 'Sign In')).toBe('Sign In');
  });
});

test('/ arrives with the landing page in its HTML, and the browser takes that markup over as it is', async () => {
  const html = await (await fetch(`${app.url}/`)).text();
  expect(html).toContain(LANDING_HEADING);
  // Every other page gets its own: none flashes the landing page.
  expect(await (await fetch(`${app.url}/verify`)).text()).not.toContain(LANDING_HEADING);
  expect(await (await fetch(`${app.url}/pricing`)).text()).not.toContain(LANDING_HEADING);
  await withPage(desktop, async (page) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(`${app.url}/`);
    await pageHeading(page, LANDING_HEADING);
    // React has taken over once a link navigates in the page (the router's own click handling).
    await page.getByRole('link', { name: 'Verify a certificate' }).first().click();
    await page.waitForURL((url) => url.pathname === '/verify');
    await pageHeading(page, 'Verify Certificate');
    // A mismatch between the build's HTML and the code would be reported here (main.tsx).
    expect(warnings.filter((text) => /rendered afresh|hydrat/i.test(text))).toEqual([]);
  });
});

test('/verify arrives with its form in the HTML, read-only until the browser has taken it over, then takes what is typed', async () => {
  const html = await (await fetch(`${app.url}/verify`)).text();
  expect(html).toContain('>Verify Certificate</h1>');
  // What a visitor types before the JS has run would be lost: the build's inputs are read-only.
  expect(html).toMatch(/<input[^>]*name="tr"[^>]*readOnly=""|<input[^>]*readOnly=""[^>]*name="tr"/i);
  await withPage(desktop, async (page) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(`${app.url}/verify`);
    // fill waits until the input is editable, as a person waits for the page to respond.
    await page.getByLabel('TR Number', { exact: true }).fill('TR-COPY-2025-00000000');
    await page.getByLabel('Cryptographic Hash (SHA-256)', { exact: true }).fill('a'.repeat(64));
    await page.locator('button[type="submit"]:enabled', { hasText: 'Verify Certificate' }).waitFor();
    expect(warnings.filter((text) => /rendered afresh|hydrat/i.test(text))).toEqual([]);
  });
});

test('a page built in an earlier year is taken over as it is, and then shows this year in its footer', async () => {
  // The year `npm run build` wrote, read from the page: the build may be of another year than this run
  // (built on 31 December, tested on 1 January).
  const html = (await (await fetch(`${app.url}/`)).text()).replaceAll('<!-- -->', '');
  const builtIn = Number(/© (\d{4}) TitleLedger/.exec(html)?.[1]);
  expect(builtIn).toBeGreaterThanOrEqual(2025);
  expect(builtIn).toBeLessThanOrEqual(new Date().getFullYear());
  await withPage(desktop, async (page) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    // The visitor's clock is years past the build (timers still run).
    await page.clock.setFixedTime(new Date(`${builtIn + 5}-03-01T12:00:00Z`));
    await page.goto(`${app.url}/`);
    await page.getByRole('contentinfo').getByText(`© ${builtIn + 5} TitleLedger`).waitFor();
    // The year the build wrote was taken over, not reported as a mismatch (main.tsx).
    expect(warnings.filter((text) => /rendered afresh|hydrat/i.test(text))).toEqual([]);
  });
});

test('/?search=term arrives with the term in the search box and its answer listed', async () => {
  // The build rendered `/` with an empty box: this address is painted afresh (main.tsx).
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/?search=${encodeURIComponent('Nothing Registered Yet')}`);
    const box = page.getByRole('main').getByRole('combobox');
    await expect.poll(() => box.inputValue()).toBe('Nothing Registered Yet');
    await page.getByRole('main').getByText('No registrations found for "Nothing Registered Yet"').waitFor();
  });
});

test('the landing page paints before the session is known; a signed-in visitor is then sent to the dashboard', async () => {
  const creator = await creatorFlows(injectSender(app)).signUp();
  await withPage(desktop, async (page) => {
    await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
    // Hold the session answer: the landing page is on screen all the same.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/`);
    expect(await pageHeading(page, LANDING_HEADING)).toBe(LANDING_HEADING);
    expect(pathOf(page)).toBe('/');
    answer();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});

test('Sign Out the server cannot complete keeps the user signed in and says so; the next click signs out', async () => {
  const creator = await creatorFlows(injectSender(app)).signUp();
  await withPage(desktop, async (page) => {
    await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
    // The logout call fails (a server or network failure) until `failing` is turned off.
    let failing = true;
    let attempts = 0;
    await page.route('**/api/auth/logout', async (route) => {
      attempts += 1;
      if (failing) await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
      else await route.continue();
    });
    const sessionCookie = async () => (await page.context().cookies(app.url)).find((cookie) => cookie.name === 'tl_session');

    await page.goto(`${app.url}/dashboard`);
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await signOut.click();
    await expectToast(page, 'Signing out failed', 'You are still signed in');
    expect(attempts).toBe(2);
    expect(pathOf(page)).toBe('/dashboard');
    expect(await page.getByText(creator.email).first().isVisible()).toBe(true);
    expect(await sessionCookie()).toBeDefined();

    failing = false;
    await signOut.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await pageHeading(page, LANDING_HEADING)).toBe(LANDING_HEADING);
    expect(await sessionCookie()).toBeUndefined();
    expect(attempts).toBe(3);
  });
});

test('the side menu offers the Admin Portal only to a designated account, and it still asks for a staff sign-in', async () => {
  const flows = creatorFlows(injectSender(app));
  const designated = await flows.signUp({ email: MENU_ADMIN });
  const other = await flows.signUp();
  for (const [creator, shown] of [[other, false], [designated, true]] as const) {
    await withPage(desktop, async (page) => {
      await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
      await page.goto(`${app.url}/dashboard`);
      const menu = page.getByRole('navigation', { name: 'Account' });
      await menu.getByRole('link', { name: /^Settings/ }).waitFor();
      const adminLink = menu.getByRole('link', { name: /^Admin Portal/ });
      expect(await adminLink.count()).toBe(shown ? 1 : 0);
      if (!shown) return;
      expect(await adminLink.textContent()).toContain('System management');
      await adminLink.click();
      // A creator's session is no staff session: /admin sends them to the staff sign-in.
      await page.waitForURL((url) => url.pathname === '/admin/login');
    });
  }
});

test('an unknown path shows the not-found page', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/no-such-page`);
    expect(await pageHeading(page, '404 Page Not Found')).toBe('404 Page Not Found');
    await expect
      .poll(() => page.getByText('Did you forget to add the page to the router?').isVisible())
      .toBe(true);
  });
});

test('at 375 px the menu button opens the menu and choosing a link closes it', async () => {
  await withPage(mobile, async (page) => {
    await page.goto(`${app.url}/`);
    await pageHeading(page, LANDING_HEADING);

    const banner = page.getByRole('banner');
    // The desktop links are hidden; only the menu button is offered.
    expect(await banner.getByRole('link', { name: 'Learn', exact: true }).isVisible()).toBe(false);
    const menuButton = banner.getByRole('button', { name: 'Open menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    const menuId = await menuButton.getAttribute('aria-controls');
    expect(menuId).toBeTruthy();

    await menuButton.click();
    const toggle = banner.locator('button[aria-controls]');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`[id="${menuId}"]`);
    expect(await menu.isVisible()).toBe(true);

    await menu.getByRole('link', { name: 'Verify Certificate', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/verify');
    expect(await pageHeading(page, 'Verify Certificate')).toBe('Verify Certificate');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
  });
});

test('a toast takes taps, the margin of the toast area around it does not: the bottom of a phone’s screen stays the page’s', async () => {
  await withPage(mobile, async (page) => {
    // What a tap at (x, y) lands on: a toast, the toast area around it, or the page.
    const tapAt = (x: number, y: number) =>
      page.evaluate(({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        return hit?.closest('.toast') ? 'toast' : hit?.closest('[aria-label^="Notifications"]') ? 'area' : 'page';
      }, { x, y });

    // A toast: a sign-in that could not reach the server. From the click on, the page's clock moves
    // only when the test moves it, 10 ms at a time, so the toast stays for the checks: they took
    // longer than its 5 s on a loaded machine, and it had closed before they looked.
    await page.clock.install();
    await page.goto(`${app.url}/login`);
    await page.route('**/api/auth/login', (route) => route.abort(), { times: 1 });
    await page.getByLabel('Email', { exact: true }).fill('nobody.here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1A!');
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const area = page.getByRole('region', { name: /^Notifications/ });
    const toast = area.locator('.toast').filter({ hasText: 'Login failed' });
    const tick = () => page.clock.runFor(10);
    await expect.poll(async () => (await tick(), toast.isVisible())).toBe(true);
    // Once it has slid in, a tap on it is the toast's.
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return tapAt(box.x + box.width / 2, box.y + box.height / 2);
      })
      .toBe('toast');
    // Below it, in the area's 16 px margin along the bottom edge (the whole width of a phone), a tap
    // reaches the page: a button there was out of reach for as long as a toast showed.
    const bottom = await page.evaluate(() => ({ x: window.innerWidth / 2, y: window.innerHeight - 8 }));
    const shown = (await toast.boundingBox())!;
    expect(shown.y + shown.height).toBeLessThan(bottom.y);
    expect(await tapAt(bottom.x, bottom.y)).toBe('page');

    // Its own button dismisses it; the empty area takes no taps either.
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(async () => (await tick(), area.locator('.toast').count())).toBe(0);
    expect(await tapAt(bottom.x, bottom.y)).toBe('page');
  });
});
