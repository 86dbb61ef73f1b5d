// Keyboard and screen-reader use past the first screen, in a real browser: where focus goes after an
// action (a dialog's choice, a form replaced by its summary, a failed check, a submit that waits), that
// a double click sends a form once, and the axe rules screens.ts does not hold every page to
// (unique landmarks; the dark theme's contrast).
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';

import { startTestApp } from '../../../test/support/app.js';
import { launchBrowser } from '../../../test/support/browser.js';
import { creatorFlows, freshEmail, injectSender, TEST_PASSWORD } from '../../../test/support/flows.js';
import { axeOn, desktop, expectSoundLayout, expectSoundLayoutAtBothWidths, expectToast, mobile, withPage as withPageIn } from '../../../test/support/screens.js';
import { wrongTotpCode } from '../../../test/support/totp.js';

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const withPage = (viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) => withPageIn(browser, { viewport }, run);

const field = (scope: Page | Locator, name: string) => scope.getByLabel(name, { exact: true });

/** The focused element, as "TAG: text" (or "BODY" when nothing has focus). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'BODY';
    return `${element.tagName}: ${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80)}`;
  });

/** Counts the requests the page sends to `method path`. */
function countRequests(page: Page, method: string, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** The axe violations of `rules` on the page as it is. */
async function violationsOf(page: Page, rules: string[]): Promise<string[]> {
  const { violations } = await axeOn(page).withRules(rules).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const inViewport = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

test('sign-up on a phone by keyboard: the agreements, the card and a double-clicked Create Account', async () => {
  await withPage(mobile, async (page) => {
    const signUps = countRequests(page, 'POST', '/api/auth/register-enhanced');
    await page.goto(`${app.url}/register`);
    await field(page, 'Full name').fill('Ada King Lovelace');
    await field(page, 'Email').fill(freshEmail('keyboard'));
    await field(page, 'Phone').fill('5551234567');
    await field(page, 'Street address').fill('12 Analytical Engine Way');
    await field(page, 'City').fill('San Francisco');
    await field(page, 'State').selectOption('CA');
    await field(page, 'ZIP').fill('94016');
    await field(page, 'Password').fill(TEST_PASSWORD);
    await field(page, 'Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Next' }).press('Enter');
    await page.getByRole('heading', { name: 'Legal agreements' }).waitFor();

    // The agreement opens on its text, not on "I Decline": a reflex Enter declines nothing.
    await page.getByRole('button', { name: 'Review Terms of Service' }).press('Enter');
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await terms.waitFor();
    expect(await focused(page)).not.toMatch(/^BUTTON/);
    expect(await terms.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await terms.isVisible()).toBe(true);
    expect(await page.getByText('Registration cannot proceed').count()).toBe(0);

    // Accepting one leads to the other; its Review button was replaced, so focus cannot go back to it.
    await terms.getByRole('button', { name: 'I Accept These Terms' }).press('Enter');
    await terms.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('BUTTON: Review');
    expect(await page.getByRole('button', { name: 'Review Privacy Policy' }).evaluate((b) => b === document.activeElement)).toBe(true);

    // Declining: focus on what it means.
    await page.keyboard.press('Enter');
    const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
    await privacy.getByRole('button', { name: 'I Decline' }).press('Enter');
    await privacy.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toMatch(/Registration cannot proceed/);

    // Both accepted: focus on the summary, from which Tab reaches Next.
    await page.getByRole('button', { name: 'Review Privacy Policy' }).press('Enter');
    await privacy.getByRole('button', { name: 'I Accept This Policy' }).press('Enter');
    await privacy.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toMatch(/All legal agreements accepted/);
    await page.getByRole('button', { name: 'Next' }).press('Enter');

    // Step 3: the wizard's form and the card form are told apart.
    await page.getByRole('heading', { name: 'Payment information' }).waitFor();
    await field(page, 'Card number').waitFor();
    expect(await violationsOf(page, ['landmark-unique'])).toEqual([]);

    // The card form, near the bottom of a phone's screen, becomes a short summary: the view and focus go to it.
    await field(page, 'Card number').fill('4242 4242 4242 4242');
    await field(page, 'Expiry (MM / YY)').fill('12 / 34');
    await field(page, 'CVC').fill('123');
    await page.getByRole('button', { name: 'Add Payment Method' }).press('Enter');
    const saved = page.getByText('Payment method saved');
    await saved.waitFor();
    await expect.poll(() => focused(page)).toMatch(/Payment method saved/);
    expect(await inViewport(saved)).toBe(true);
    expect(await inViewport(page.getByRole('button', { name: 'Create Account' }))).toBe(true);

    // A double click creates the account once, and says nothing failed.
    await page.getByRole('button', { name: 'Create Account' }).dblclick();
    await page.getByRole('heading', { name: 'Account Created Successfully!' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(signUps()).toBe(1);
    expect(await page.locator('.toast', { hasText: 'Registration failed' }).count()).toBe(0);
  });
});

test('account settings: focus after Edit, Save and a wrong two-factor code; double clicks send once', async () => {
  const creator = await creatorFlows(injectSender(app)).signUp();
  await withPage(desktop, async (page) => {
    await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
    await page.goto(`${app.url}/account`);
    const profile = page.getByRole('region', { name: 'Profile Information' });

    // Edit replaces its button with the form: focus goes to the first field; Save brings the button back, with focus.
    await profile.getByRole('button', { name: 'Edit Profile' }).press('Enter');
    await expect.poll(() => field(profile, 'Full name').evaluate((input) => input === document.activeElement)).toBe(true);
    await field(profile, 'City').fill('Los Angeles');
    await profile.getByRole('button', { name: 'Save Changes' }).press('Enter');
    await expectToast(page, 'Profile updated');
    await expect.poll(() => focused(page)).toBe('BUTTON: Edit Profile');

    // A double-clicked password change changes it once (a second request would fail: the password is no longer current).
    const passwordChanges = countRequests(page, 'PUT', '/api/user/password');
    const security = page.getByRole('region', { name: 'Security Settings' });
    await field(security, 'Current password').fill(creator.password);
    await field(security, 'New password').fill('a-brand-new-password');
    await field(security, 'Confirm new password').fill('a-brand-new-password');
    await security.getByRole('button', { name: 'Change Password' }).dblclick();
    await expectToast(page, 'Password changed');
    await page.waitForLoadState('networkidle');
    expect(passwordChanges()).toBe(1);
    expect(await page.locator('.toast', { hasText: 'Password change failed' }).count()).toBe(0);

    // A wrong code: the dialog stays, says so beside the field, and focus is back in the field.
    await security.getByRole('button', { name: 'Enable 2FA' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    const secret = (await setup.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    await field(setup, 'Verification code').fill(await wrongTotpCode((at) => generate({ secret, epoch: at })));
    await setup.getByRole('button', { name: 'Verify and Enable' }).click();
    await expect.poll(() => field(setup, 'Verification code').evaluate((input) => input === document.activeElement)).toBe(true);
    const code = field(setup, 'Verification code');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    const described = await code.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    );
    expect(described).toMatch(/invalid/i);
    await setup.getByRole('button', { name: 'Cancel' }).click();
    // Back on the button that opened it (the dialog has no Radix trigger to return to), not on <body>.
    await expect.poll(() => focused(page)).toBe('BUTTON: Enable 2FA');
    await security.getByRole('button', { name: 'Enable 2FA' }).press('Enter');
    await setup.waitFor();
    await page.keyboard.press('Escape');
    await setup.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('BUTTON: Enable 2FA');

    // A double-clicked deletion deletes once and reports no failure.
    const deletions = countRequests(page, 'DELETE', '/api/user/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await field(confirm, 'Password').fill('a-brand-new-password');
    await confirm.getByLabel(/to confirm$/).fill('DELETE MY ACCOUNT');
    await confirm.getByRole('button', { name: 'Permanently Delete Account' }).dblclick();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForLoadState('networkidle');
    expect(deletions()).toBe(1);
    expect(await page.locator('.toast', { hasText: 'Account deletion failed' }).count()).toBe(0);
  });
});

test('a submit that waits keeps focus: a wrong password on /login, a check on /verify; a double-clicked sign-in signs in once', async () => {
  const creator = await creatorFlows(injectSender(app)).signUp();
  await withPage(desktop, async (page) => {
    const signIns = countRequests(page, 'POST', '/api/auth/login');
    await page.goto(`${app.url}/login`);
    await field(page, 'Email').fill(creator.email);
    await field(page, 'Password').fill('not-the-password');
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.press('Enter');
    await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
    await expect.poll(() => signIn.evaluate((button) => button === document.activeElement)).toBe(true);

    await field(page, 'Password').fill(creator.password);
    await signIn.dblclick();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.waitForLoadState('networkidle');
    expect(signIns()).toBe(2);
  });

  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/verify`);
    await field(page, 'TR Number').fill('TR-COPY-2025-00000000');
    await field(page, 'Cryptographic Hash (SHA-256)').fill('a'.repeat(64));
    const verify = page.locator('button[type="submit"]', { hasText: 'Verify Certificate' });
    await verify.press('Enter');
    await page.getByText('Registration not found').first().waitFor();
    expect(await verify.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

test('a double-clicked support request is sent once', async () => {
  await withPage(desktop, async (page) => {
    const requests = countRequests(page, 'POST', '/api/support/submit');
    await page.goto(`${app.url}/support`);
    await field(page, 'Full name').fill('Ada Lovelace');
    await field(page, 'Email').fill('ada@example.com');
    await field(page, 'Subject').fill('A question about my certificate');
    await field(page, 'Message').fill('How long does anchoring take after I register a title?');
    await page.getByRole('button', { name: 'Submit Request' }).dblclick();
    await page.getByText('Request Submitted Successfully').waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests()).toBe(1);
  });
});

test('landmarks are told apart, and the dark theme’s closing call to action reads at 4.5:1', async () => {
  // From 1024 px the header search sits in the bar beside the landing page's own.
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/`);
    await page.getByRole('main').getByRole('combobox').waitFor();
    expect(await violationsOf(page, ['landmark-unique'])).toEqual([]);
  });
  const context = await browser.newContext({ viewport: mobile });
  try {
    await context.addInitScript(() => localStorage.setItem('titleledger-theme', 'dark'));
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.locator('#cta-title').scrollIntoViewIfNeeded();
    expect(await violationsOf(page, ['color-contrast'])).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the layout bar every screen is held to fails on a serious or critical axe violation, names it, and passes a moderate one', async () => {
  await withPage(desktop, async (page) => {
    // Moderate only: content outside landmarks (region), a heading level skipped (heading-order).
    await page.setContent('<html lang="en"><head><title>Moderate</title></head><body><h1>Title</h1><h3>Skipped a level</h3><p>Outside any landmark.</p></body></html>');
    await expectSoundLayout(page, 'a page with moderate violations only');
    // Critical: an image without a text alternative, a button without a name; serious: a link without one.
    await page.setContent(
      '<html lang="en"><head><title>Serious</title></head><body><main><h1>Title</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt"><button id="no-name"></button><a href="/x" id="empty-link"></a></main></body></html>',
    );
    // The assertion's message shortens the list: what it found is its `actual`.
    const failure = await expectSoundLayout(page, 'a page with serious violations').then(
      () => 'passed',
      (error: { message: string; actual?: unknown }) => `${error.message} ${JSON.stringify(error.actual)}`,
    );
    expect(failure).toContain('image-alt');
    expect(failure).toContain('#no-alt');
    expect(failure).toContain('button-name');
    expect(failure).toContain('link-name');
  });
});

test('a journey clicked through at one width has its screens held to both: the bar fails on the other width, and the page is left at its own', async () => {
  await withPage(desktop, async (page) => {
    // An image without a text alternative that only a phone shows: sound at 1280, critical at 375.
    await page.setContent(
      '<html lang="en"><head><title>Phone only</title><style>@media (min-width: 640px) { #phone-only { display: none } }</style></head><body><main><h1>Title</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="phone-only"></main></body></html>',
    );
    await expectSoundLayout(page, 'the page at 1280 px');
    const failure = await expectSoundLayoutAtBothWidths(page, 'the page').then(
      () => 'passed',
      (error: { message: string; actual?: unknown }) => `${error.message} ${JSON.stringify(error.actual)}`,
    );
    expect(failure).toContain('axe (the page at 375 px)');
    expect(failure).toContain('#phone-only');

    // A page sound at both widths passes; a phone's page is checked at 1280 too and left at 375.
    await page.setViewportSize(mobile);
    await page.setContent('<html lang="en"><head><title>Narrow</title></head><body><main><h1>Title</h1><p>Fits.</p></main></body></html>');
    const widths: number[] = [];
    page.on('console', (message) => widths.push(Number(message.text())));
    await page.evaluate(() => window.addEventListener('resize', () => console.log(String(window.innerWidth))));
    await expectSoundLayoutAtBothWidths(page, 'the narrow page');
    expect(page.viewportSize()).toEqual(mobile);
    await expect.poll(() => widths).toEqual([1280, 375]);
  });
});
