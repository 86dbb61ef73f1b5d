// A creator's whole journey in a real browser, against the built SPA and the embedded API: sign
// up, register a title through the five wizard steps paying on the local test-mode checkout
// page, download the PDF certificate and the .tr file, and find the registration on the
// dashboard and in My documents. Screenshots of every screen at 1280 and 375 px go to
// $SCREENSHOT_DIR when it is set; E2E_THEME=dark takes them in the dark theme.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';

import { startTestApp } from '../../../../test/support/app.js';
import { launchBrowser } from '../../../../test/support/browser.js';
import { fillWorkDetails } from '../../../../test/support/wizard.js';
import { cardDetails, creatorFlows, fetchSender, signUpDetails, TEST_PASSWORD, type Creator } from '../../../../test/support/flows.js';
import { pdfText } from '../../../../test/support/pdf-text.js';
import {
  atBothWidths,
  expectToast,
  mobile,
  newContext,
  PHONE_AND_DESKTOP,
  screenshotDir as screenshotDirOrNone,
  toastsShown,
  withPage,
} from '../../../../test/support/screens.js';

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;

beforeAll(async () => {
  // No batch is sealed during the test, so the new title stays pending while the status filter is checked.
  app = await startTestApp({ LEDGER_BATCH_SECONDS: '3600' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const screenshotDir = screenshotDirOrNone();
const shoot = (page: Page, name: string) => atBothWidths(page, name);

/** Signs up through the API from inside the page, so the browser holds the session cookie too. */
async function signUp(page: Page, email: string, profile: Record<string, string> = {}): Promise<void> {
  await page.goto(`${app.url}/login`);
  const token = await page.evaluate(
    async ({ card, details }) => {
      const json = { 'Content-Type': 'application/json' };
      const method = await fetch('/api/payment/local/payment-methods', { method: 'POST', headers: json, body: JSON.stringify(card) }).then(
        (r) => r.json() as Promise<{ id: string }>,
      );
      const response = await fetch('/api/auth/register-enhanced', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...details, paymentMethodId: method.id }),
      });
      const body = (await response.json()) as { token?: string };
      if (!body.token) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(body)}`);
      return body.token;
    },
    { card: cardDetails(), details: signUpDetails({ ...profile, email }) },
  );
  expect(token).toBeTruthy();
}

/** Clicks a download button and returns the file it delivers (fetched by the page with the session cookie). */
async function downloadFrom(page: Page, buttonName: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: buttonName, exact: true }).click()]);
  return readFile((await download.path()));
}

test('a creator registers a title through all five steps and finds it everywhere', async () => {
  // The desktop browser: "Open PDF" shows the certificate in its PDF viewer, which the headless
  // shell the other tests run on does not have (it saves the file instead).
  const desktopBrowser = await launchBrowser({ desktop: true });
  const context = await newContext(desktopBrowser, { acceptDownloads: true });
  const page = await context.newPage();
  try {
    const email = `creator.${Date.now()}@example.com`;
    await signUp(page, email);

    // An empty dashboard first.
    await page.goto(`${app.url}/dashboard`);
    await page.getByText("You haven't registered any titles yet.").waitFor();
    await shoot(page, 'dashboard-empty');
    await page.goto(`${app.url}/my-documents`);
    await page.getByText('No documents registered').waitFor();
    await shoot(page, 'my-documents-empty');

    // Step 1: Work Details.
    await page.goto(`${app.url}/register-title`);
    await page.getByRole('heading', { level: 1, name: 'Register New Title' }).waitFor();
    expect(await page.getByText('20% complete').isVisible()).toBe(true);
    const next = page.getByRole('button', { name: 'Next' });
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);

    const title = 'The Analytical Engine Notes';
    const titleInput = page.getByLabel('Title of work');
    await titleInput.fill('x');
    await titleInput.fill('');
    await page.getByText('Title is required').waitFor();
    await titleInput.fill(title);
    await page.getByLabel('Material type').selectOption('Manuscript');
    await page.getByLabel('Intended medium').selectOption('PRINT LITERARY');
    // Conditional fields appear with their box.
    expect(await page.getByLabel('Date of publication').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Broadcast Registration Record' }).click();
    await page.getByLabel('Date of publication').waitFor();
    await page.getByRole('checkbox', { name: 'Pseudonymous work' }).click();
    await page.getByLabel('Pseudonym', { exact: true }).fill('A.A.L.');
    await shoot(page, 'wizard-1-work-details');
    expect(await next.isEnabled()).toBe(true);
    await next.click();

    // Step 2: Contact Information, filled from the profile.
    await page.getByText('40% complete').waitFor();
    await page.getByText('Contact Information Auto-filled').first().waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Phone').inputValue()).toBe('3105551234');
    expect(await page.getByLabel('Address').inputValue()).toContain('12 Analytical Engine Road');
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    await shoot(page, 'wizard-2-contact');
    await next.click();

    // Step 3: Review & Payment, then the local test-mode checkout page.
    await page.getByText('60% complete').waitFor();
    await page.getByText(title).first().waitFor();
    await shoot(page, 'wizard-3-review');
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/checkout/'));
    await page.getByRole('button', { name: /^Pay/ }).click();

    // Back in the wizard at step 4, with the draft restored and the payment confirmed by the server.
    await page.waitForURL((url) => url.pathname === '/register-title' && url.searchParams.has('session_id'));
    await page.getByText('80% complete').waitFor();
    await page.getByText('Payment Successful').first().waitFor();

    const work = Buffer.from(`Notes by the translator.\n${'The engine weaves algebraic patterns. '.repeat(2000)}\n`);
    const localHash = createHash('sha256').update(work).digest('hex');
    await page.getByLabel('Document to register').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: work });
    await page.getByText(localHash).waitFor();
    // About 74 KB (rounded up): shown in KB, where MB would read "0.07 MB".
    await page.getByText(`${Math.ceil((work.length / 1024) * 10) / 10} KB`, { exact: true }).waitFor();
    await shoot(page, 'wizard-4-upload');
    // With screenshots, the submission is held until the processing screen has been shot.
    let releaseSubmission = () => {};
    if (screenshotDir) {
      const shot = new Promise<void>((resolve) => (releaseSubmission = resolve));
      await page.route('**/api/copyright/submit-registration', async (route) => {
        await shot;
        await route.continue();
      });
    }
    // The certificate is held back until the wizard has said it is generating it (seed 001 §2.2).
    let releaseCertificate!: () => void;
    const certificateHeld = new Promise<void>((resolve) => (releaseCertificate = resolve));
    await page.route('**/api/copyright/certificate-preview/*/image', async (route) => {
      await certificateHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    if (screenshotDir) {
      await page.getByRole('list', { name: 'Registration progress' }).waitFor();
      await page.screenshot({ path: path.join(screenshotDir, 'wizard-4-processing-1280.png') });
      releaseSubmission();
    }
    await page.getByRole('list', { name: 'Registration progress' }).getByText('Generating PDF certificate (in progress)').waitFor();
    releaseCertificate();

    // Step 5: Registration Complete, with the spec's success toast.
    await page.getByRole('heading', { name: 'Registration Complete', exact: true }).waitFor();
    await expectToast(page, 'Registration Completed!');
    expect(await page.getByText('100% complete').isVisible()).toBe(true);
    const trNumber = (await page.locator('dd code').first().textContent())!.trim();
    expect(trNumber).toMatch(/^TR-COPY-\d{4}-[A-Z0-9]{8}$/);
    await page.getByText('File hash verified').waitFor();
    expect(await page.getByText(localHash).count()).toBeGreaterThan(0);
    // The preview is an image of the certificate's first page, rendered by the server (a PDF in a
    // frame is blank here and on many phones), with "Open PDF" beside it.
    const preview = page.getByRole('img', { name: `First page of the certificate for ${trNumber}` });
    expect(await preview.getAttribute('src')).toBe(`/api/copyright/certificate-preview/${trNumber}/image`);
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 90_000 }).toBe(1240);
    const image = await page.request.get(`${app.url}/api/copyright/certificate-preview/${trNumber}/image`);
    expect(image.headers()['content-type']).toBe('image/png');
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Open PDF' }).click();
    const pdfTab = await opened;
    await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
    await pdfTab.close();
    await shoot(page, 'wizard-5-complete');

    // The downloads.
    const pdf = await downloadFrom(page, 'Download PDF');
    // The button keeps focus while its download runs: disabled, it dropped focus to <body>.
    expect(await isFocused(page.getByRole('button', { name: 'Download PDF', exact: true }))).toBe(true);
    if (screenshotDir) await writeFile(path.join(screenshotDir, 'certificate.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(trNumber);
    const trFile = JSON.parse((await downloadFrom(page, 'Download .TR file')).toString('utf8')) as Record<string, unknown>;
    expect(JSON.stringify(trFile)).toContain(trNumber);

    // "Register New Title" in the side menu starts a new registration at step 1, and the old
    // payment's "Payment Successful" toast goes with the wizard it belonged to: the new one raises none.
    // Its mount effects have run once it shows step 1 and has drawn a frame after, and the page
    // records every toast it shows (newContext), so one raised and closed meanwhile is seen too.
    const toastsBefore = (await toastsShown(page)).length;
    await page.getByRole('link', { name: /^Register New Title/ }).click();
    await page.waitForURL((url) => url.pathname === '/register-title' && url.search === '');
    await page.getByText('20% complete').waitFor();
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(await page.getByRole('heading', { name: 'Registration Complete', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Title of work').inputValue()).toBe('');
    expect((await toastsShown(page)).slice(toastsBefore).filter((text) => text.includes('Payment Successful'))).toEqual([]);
    expect(await page.locator('.toast[data-state="open"]', { hasText: 'Payment Successful' }).count()).toBe(0);

    // Back to step 5's address (as a reload would): the registration that payment made is complete,
    // and the page says so, with its TR number and the way to it, rather than "Payment Already Used".
    await page.goBack();
    await page.getByRole('heading', { name: 'This registration is complete' }).waitFor();
    expect(await page.getByText('100% complete').isVisible()).toBe(true);
    await page.getByText(`This payment paid for your registration of “${title}”`).waitFor();
    expect(await page.locator('dd code').first().textContent()).toBe(trNumber);
    expect(await page.getByText('Payment Already Used').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View the registration' }).getAttribute('href')).toBe(`/titles/${trNumber}`);
    await atBothWidths(page, 'wizard-5-reloaded', { widths: PHONE_AND_DESKTOP, check: true });
    const paidAddress = new URL(page.url());

    // With another work in progress, the same payment cannot pay for it: the spec's message, and
    // off to the dashboard.
    await page.getByRole('link', { name: 'Register another title' }).click();
    await page.getByText('20% complete').waitFor();
    await fillWorkDetails(page, 'Another Work Entirely');
    await page.goto(`${app.url}${paidAddress.pathname}${paidAddress.search}`);
    // The wizard moves on to the dashboard 2 s after saying so: its toast is recorded whenever the test looks.
    await expectToast(page, 'Payment Already Used', 'Please start a new registration');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The dashboard shows it at once, with its numbers, search and filter.
    const list = page.getByRole('list', { name: 'Registrations' });
    await list.getByText(title).waitFor();
    expect(await list.getByText(trNumber).isVisible()).toBe(true);
    // Its downloads keep focus on the button pressed, as step 5's do.
    const trButton = list.getByRole('button', { name: `.tr File for ${title}` });
    const [trDownload] = await Promise.all([page.waitForEvent('download'), trButton.click()]);
    expect(trDownload.suggestedFilename()).toContain(trNumber);
    expect(await isFocused(trButton)).toBe(true);
    const totalCard = page.getByRole('listitem').filter({ hasText: 'Total Registrations' });
    await expect.poll(() => totalCard.textContent()).toContain('1');
    await shoot(page, 'dashboard');
    await page.getByPlaceholder('Search your titles...').fill('no such title');
    await page.getByText('No titles match your search.').waitFor();
    await page.getByPlaceholder('Search your titles...').fill(trNumber.slice(-8));
    await list.getByText(title).waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: 'Registered', exact: true }).click();
    await page.getByText('No titles match your search.').waitFor();
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await list.getByText(title).waitFor();

    // And in My documents.
    await page.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL((url) => url.pathname === '/my-documents');
    await page.getByRole('heading', { name: 'Registered Titles (1)' }).waitFor();
    await page.getByText(`TR: ${trNumber}`).waitFor();
    expect(await page.getByText('Manuscript - PRINT LITERARY').isVisible()).toBe(true);
    await shoot(page, 'my-documents');
  } finally {
    await context.close();
    await desktopBrowser.close();
  }
});

test('the checkout page pays on the test-mode page and hands over to the wizard', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await signUp(page, `buyer.${Date.now()}@example.com`);
    await page.goto(`${app.url}/checkout/9.99`);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await shoot(page, 'checkout');
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/checkout/'));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/success');
    await shoot(page, 'checkout-success');
    // The success screen moves on to the wizard by itself after 2 s (journeys.e2e.test.ts holds its
    // clock to click "Continue now"): its toast is recorded whenever the test looks.
    await expectToast(page, 'Payment Successful', 'Taking you to your title registration');
    await page.waitForURL((url) => url.pathname === '/register-title' && url.searchParams.get('status') === 'succeeded');
    // The server confirmed the payment, but nothing about the work is known yet: the wizard starts at
    // the work details with the payment kept, and the review step then goes on to the upload.
    await page.getByText('20% complete').waitFor();
    await page.getByText('Your payment is confirmed and kept').first().waitFor();
    await fillWorkDetails(page, 'Paid Before Described');
    await page.getByText('Contact Information Auto-filled').first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% complete').waitFor();
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await page.getByRole('button', { name: /Continue/ }).click();
    await page.getByText('80% complete').waitFor();
    await page.getByLabel('Document to register').waitFor();
  } finally {
    await context.close();
  }
});

/** The keys of everything the browser keeps for this origin. */
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

test('a wizard draft belongs to its author: the next user of the browser starts empty, with their own details', async () => {
  await withPage(browser, {}, async (page) => {
    // Ada gets as far as the review, so her draft holds her name and contact details.
    const ada = `draft.ada.${Date.now()}@example.com`;
    await signUp(page, ada);
    await page.goto(`${app.url}/register-title`);
    await fillWorkDetails(page, 'Ada Draft Not For Others');
    await page.getByText('Contact Information Auto-filled').first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% complete').waitFor();
    expect((await storedKeys(page)).filter((key) => key.includes('registrationDraft'))).toHaveLength(1);

    // Signing out forgets it.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await storedKeys(page)).filter((key) => key.includes('registrationDraft'))).toEqual([]);

    // Bob, next in the same browser, starts at an empty step 1 and gets his own profile on step 2.
    const bob = `draft.bob.${Date.now()}@example.com`;
    await signUp(page, bob, { firstName: 'Bob', lastName: 'Marley', phone: '2125550199', address: '56 Hope Road' });
    await page.goto(`${app.url}/register-title`);
    await page.getByText('20% complete').waitFor();
    expect(await page.getByLabel('Title of work').inputValue()).toBe('');
    await fillWorkDetails(page, 'Bob Own Work');
    await page.getByText('Contact Information Auto-filled').first().waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Bob');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Marley');
    expect(await page.getByLabel('Email').inputValue()).toBe(bob);
    expect(await page.getByLabel('Phone').inputValue()).toBe('2125550199');
    expect(await page.getByLabel('Address').inputValue()).toContain('56 Hope Road');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% complete').waitFor();
    expect(await page.getByText('Ada Draft Not For Others').count()).toBe(0);

    // Ada, back later, starts afresh too: her sign-out forgot her draft, and Bob's is not hers.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const signedIn = await page.evaluate(
      async (credentials) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(credentials),
          })
        ).status,
      { email: ada, password: TEST_PASSWORD },
    );
    expect(signedIn).toBe(200);
    await page.goto(`${app.url}/register-title`);
    await page.getByText('20% complete').waitFor();
    expect(await page.getByLabel('Title of work').inputValue()).toBe('');
  });
});

/** Whether `locator` has the keyboard focus. */
const isFocused = (locator: ReturnType<Page['getByLabel']>) => locator.evaluate((element) => element === document.activeElement);

/** Whether all of `locator` is inside the window (not scrolled out of view). */
const isInView = (locator: ReturnType<Page['getByLabel']>) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

test('Next takes the person to the first field in error, in view and focused, and says so, on steps 1 and 2', async () => {
  // A phone: the fields in error are far above the Next button.
  await withPage(browser, { viewport: mobile }, async (page) => {
    await signUp(page, `formats.${Date.now()}@example.com`);
    await page.goto(`${app.url}/register-title`);
    await page.getByLabel('Title of work').fill('Dates Written Wrong');
    await page.getByLabel('Material type').selectOption('Manuscript');
    await page.getByLabel('Intended medium').selectOption('PRINT LITERARY');
    await page.getByRole('checkbox', { name: 'Published as a contribution to a collective work' }).click();
    const issueDate = page.getByLabel('Issue date');
    const yearBorn = page.getByLabel('Year born');
    await issueDate.fill('13/45/2026');
    await yearBorn.fill('abcd');

    const next = page.getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    expect(await isInView(issueDate)).toBe(false);
    await next.click();
    await page.getByText('Use MM/DD/YYYY').waitFor();
    await page.getByText('Use YYYY', { exact: true }).waitFor();
    expect(await page.getByText('20% complete').isVisible()).toBe(true);
    // The first of them, in the order the page shows them, has the focus and is on screen, its
    // message tied to it; a toast says what is wrong for those who are not looking there.
    await expect.poll(() => isFocused(issueDate)).toBe(true);
    expect(await isInView(issueDate)).toBe(true);
    expect(await issueDate.getAttribute('aria-invalid')).toBe('true');
    expect(await issueDate.evaluate((input) => input.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent))).toContain('Use MM/DD/YYYY');
    await expectToast(page, 'Fix the highlighted fields');
    if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, 'wizard-1-next-to-invalid-375.png') });

    // With the date fixed, Next goes on to the year.
    await issueDate.fill('05/01/2024');
    expect(await page.getByText('Use MM/DD/YYYY').count()).toBe(0);
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await expect.poll(() => isFocused(yearBorn)).toBe(true);
    expect(await isInView(yearBorn)).toBe(true);

    await yearBorn.fill('1815');
    expect(await page.getByText('Use YYYY', { exact: true }).count()).toBe(0);
    await next.click();
    await page.getByText('40% complete').waitFor();

    // Step 2 does the same: a phone number too short to be one.
    await page.getByText('Contact Information Auto-filled').first().waitFor();
    const phone = page.getByLabel('Phone');
    await phone.fill('555');
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await page.getByText('Valid phone number is required').waitFor();
    await expect.poll(() => isFocused(phone)).toBe(true);
    expect(await isInView(phone)).toBe(true);
    expect(await page.getByText('40% complete').isVisible()).toBe(true);
  });
});

test("the browser's Back and Forward move between the wizard's steps, and Back from the payment page returns to the review", async () => {
  await withPage(browser, {}, async (page) => {
    await signUp(page, `history.${Date.now()}@example.com`);
    // The step's own heading: the page's h1 is the same on every step, and a screen reader focused there heard no change.
    const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name });
    const stepOfAddress = () => new URL(page.url()).searchParams.get('step');

    // A link asking for a step whose input is missing shows the first step that needs it, and the
    // address says so (Back and Forward then move from there).
    await page.goto(`${app.url}/register-title?step=3`);
    await page.getByText('20% complete').waitFor();
    await expect.poll(stepOfAddress).toBe('1');

    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('link', { name: /^Register New Title/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/register-title');
    const title = 'Back And Forth';
    await fillWorkDetails(page, title);
    await page.getByText('Contact Information Auto-filled').first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% complete').waitFor();
    expect(stepOfAddress()).toBe('3');

    // Back: the contact step, then the work details as typed; the heading has the focus each time.
    await page.goBack();
    await page.getByText('40% complete').waitFor();
    await expect.poll(() => isFocused(stepHeading('Step 2 of 5: Contact Information'))).toBe(true);
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    await page.goBack();
    await page.getByText('20% complete').waitFor();
    expect(await page.getByLabel('Title of work').inputValue()).toBe(title);
    await expect.poll(() => isFocused(stepHeading('Step 1 of 5: Work Details'))).toBe(true);
    // Forward: the steps already visited.
    await page.goForward();
    await page.getByText('40% complete').waitFor();
    await page.goForward();
    await page.getByText('60% complete').waitFor();
    await page.getByText(title).first().waitFor();

    // Previous is the same Back: Forward then goes on to the review again.
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('40% complete').waitFor();
    await page.goForward();
    await page.getByText('60% complete').waitFor();

    // Back from the payment page: the review, with the draft, ready to pay.
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/checkout/'));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/register-title');
    await page.getByText('60% complete').waitFor();
    await page.getByText(title).first().waitFor();
    expect(await page.getByRole('button', { name: 'Pay $9.99' }).isEnabled()).toBe(true);
    await atBothWidths(page, 'wizard-3-back-from-checkout', { widths: PHONE_AND_DESKTOP });

    // And Back through the steps leaves the wizard for the page before it.
    await page.goBack();
    await page.getByText('40% complete').waitFor();
    await page.goBack();
    await page.getByText('20% complete').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // Paid, back on the upload from the checkout page (an entry that no step of this wizard made):
    // Previous shows the review in that entry's place, adding none, as Back adds none; so Back never
    // returns to the step just left. Continue to Upload then adds one, which Previous goes back through.
    await page.goto(`${app.url}/register-title?step=3`);
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/checkout/'));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/register-title' && url.searchParams.has('session_id'));
    await page.getByText('80% complete').waitFor();
    const entries = () => page.evaluate(() => window.history.length);
    const returned = await entries();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('60% complete').waitFor();
    await expect.poll(stepOfAddress).toBe('3');
    expect(new URL(page.url()).searchParams.has('session_id')).toBe(true);
    expect(await entries()).toBe(returned);
    await page.getByRole('button', { name: 'Continue to Upload' }).click();
    await page.getByText('80% complete').waitFor();
    expect(await entries()).toBe(returned + 1);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('60% complete').waitFor();
    await page.goForward();
    await page.getByText('80% complete').waitFor();
    expect(await entries()).toBe(returned + 1);
  });
});

/**
 * Steps 1 to 3 with the profile's contact details, then Pay on the local test-mode checkout page:
 * back on step 4 with the payment confirmed. Returns the address the payment came back to.
 */
async function payInWizard(page: Page, title: string): Promise<string> {
  await page.goto(`${app.url}/register-title`);
  await fillWorkDetails(page, title);
  await page.getByText('Contact Information Auto-filled').first().waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('60% complete').waitFor();
  await page.getByRole('button', { name: 'Pay $9.99' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/checkout/'));
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL((url) => url.pathname === '/register-title' && url.searchParams.has('session_id'));
  await page.getByText('80% complete').waitFor();
  await page.getByLabel('Document to register').waitFor();
  const paid = new URL(page.url());
  return `${paid.pathname}${paid.search}`;
}

test('a paid registration whose session ended before the upload goes on after signing in again, without paying again', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    const email = `stranded.${Date.now()}@example.com`;
    await signUp(page, email);
    const title = 'Paid Then Signed Out Elsewhere';
    const paidAddress = await payInWizard(page, title);
    const checkouts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/payment/create-intent')) checkouts.push(request.url());
    });

    // Signed out in another tab: the session ends on the server, and that tab forgets the draft.
    const other = await context.newPage();
    await other.goto(`${app.url}/dashboard`);
    await other.getByRole('button', { name: 'Sign Out' }).click();
    await other.waitForURL((url) => url.pathname === '/');
    await other.close();

    // Complete Registration meets the 401: off to sign in, with the way back to this payment.
    const work = { name: 'work.txt', mimeType: 'text/plain', buffer: Buffer.from('A work registered after signing in again.\n') };
    await page.getByLabel('Document to register').setInputFiles(work);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(paidAddress);
    await expectToast(page, 'Your payment and details are kept');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await shoot(page, 'login-after-upload-401');

    // Signed in again: back at the upload, the payment still good and the draft as it was.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === paidAddress);
    await page.getByText('80% complete').waitFor();
    await page.getByText('Upload your document to finish.').first().waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('60% complete').waitFor();
    await page.getByText(title).first().waitFor();
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Continue to Upload' }).click();

    await page.getByLabel('Document to register').setInputFiles(work);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.getByRole('heading', { name: 'Registration Complete', exact: true }).waitFor();
    expect(checkouts).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a paid payment whose address was lost is offered on the review step instead of a second charge', async () => {
  await withPage(browser, {}, async (page) => {
    await signUp(page, `unused.${Date.now()}@example.com`);
    const title = 'Paid And Wandered Off';
    await payInWizard(page, title);
    const checkouts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/payment/create-intent')) checkouts.push(request.url());
    });

    // The person leaves the upload for the dashboard: the paid address is gone from the screen.
    await page.getByRole('link', { name: /^Dashboard/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('link', { name: /^Register New Title/ }).first().click();
    await page.waitForURL((url) => url.pathname === '/register-title' && url.search === '');
    await page.getByText('20% complete').waitFor();
    expect(await page.getByLabel('Title of work').inputValue()).toBe(title);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('40% complete').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% complete').waitFor();

    // The review offers the payment made for this work rather than a second one.
    await page.getByText('You have a payment not used yet').waitFor();
    await page.getByText(`for “${title}”`, { exact: false }).waitFor();
    await atBothWidths(page, 'wizard-3-unused-payment', { check: true });
    await page.getByRole('button', { name: 'Use This Payment' }).click();
    await page.waitForURL((url) => url.pathname === '/register-title' && url.searchParams.has('session_id'));
    await page.getByText('80% complete').waitFor();
    await page.getByLabel('Document to register').setInputFiles({ name: 'work.txt', mimeType: 'text/plain', buffer: Buffer.from('Registered with the payment found again.\n') });
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.getByRole('heading', { name: 'Registration Complete', exact: true }).waitFor();
    expect(checkouts).toEqual([]);

    // Used now: the next registration is asked to pay.
    await page.getByRole('link', { name: /^Register New Title/ }).click();
    await page.waitForURL((url) => url.pathname === '/register-title' && url.search === '');
    await fillWorkDetails(page, 'The Next Work');
    // The review step asks again which payments are unused; while that answer is held back, nothing
    // is offered (a list kept from before the registration had offered the used payment again).
    let answer!: () => void;
    const heldBack = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/payment/unused', async (route) => {
      await heldBack;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% complete').waitFor();
    await page.getByRole('button', { name: 'Pay $9.99' }).waitFor();
    expect(await page.getByText('You have a payment not used yet').count()).toBe(0);
    const asked = page.waitForResponse((response) => response.url().includes('/api/payment/unused'));
    answer();
    expect(await (await asked).json()).toEqual({ payments: [] });
    expect(await page.getByText('You have a payment not used yet').count()).toBe(0);
    await page.unroute('**/api/payment/unused');
  });
});

test('Start over discards a stale draft after asking, and never the payment: the review offers it again', async () => {
  await withPage(browser, {}, async (page) => {
    await signUp(page, `restart.${Date.now()}@example.com`);
    const draftKeys = async () => (await storedKeys(page)).filter((key) => key.includes('registrationDraft'));
    // The step's own heading: the page's h1 is the same on every step, and a screen reader focused there heard no change.
    const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name });

    // An abandoned registration's draft pre-fills the next wizard.
    await page.goto(`${app.url}/register-title`);
    await fillWorkDetails(page, 'Stale Draft From Last Week');
    await page.goto(`${app.url}/dashboard`);
    await page.goto(`${app.url}/register-title`);
    await page.getByText('20% complete').waitFor();
    expect(await page.getByLabel('Title of work').inputValue()).toBe('Stale Draft From Last Week');

    // Start over asks first; keeping the details changes nothing.
    const startOver = page.getByRole('button', { name: 'Start over' });
    await startOver.click();
    const dialog = page.getByRole('dialog', { name: 'Start over?' });
    await dialog.getByText('Nothing has been paid for this registration.').waitFor();
    await atBothWidths(page, 'wizard-start-over-dialog', { widths: PHONE_AND_DESKTOP, check: true, fullPage: false });
    await dialog.getByRole('button', { name: 'Keep My Details' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Title of work').inputValue()).toBe('Stale Draft From Last Week');
    await expect.poll(() => isFocused(startOver)).toBe(true);

    // Confirmed: an empty step 1, the draft gone from the browser (a reload stays empty).
    await startOver.click();
    await dialog.getByRole('button', { name: 'Clear and Start Over' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByLabel('Title of work').inputValue()).toBe('');
    await expect.poll(() => isFocused(stepHeading('Step 1 of 5: Work Details'))).toBe(true);
    expect(await draftKeys()).toEqual([]);
    expect(await startOver.count()).toBe(0);
    await page.reload();
    await page.getByText('20% complete').waitFor();
    expect(await page.getByLabel('Title of work').inputValue()).toBe('');

    // Paid, then started over: the dialog says the payment is kept, and the review offers it.
    await payInWizard(page, 'Paid Then Restarted');
    await startOver.click();
    await dialog.getByText('Your payment is kept').waitFor();
    await dialog.getByRole('button', { name: 'Clear and Start Over' }).click();
    await page.waitForURL((url) => url.pathname === '/register-title' && url.search === '');
    await page.getByText('20% complete').waitFor();
    expect(await page.getByLabel('Title of work').inputValue()).toBe('');
    await fillWorkDetails(page, 'The Work I Meant');
    await page.getByText('Contact Information Auto-filled').first().waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('60% complete').waitFor();
    await page.getByText('You have a payment not used yet').waitFor();
    await page.getByRole('button', { name: 'Use This Payment' }).waitFor();
  });
});

test('the dashboard says what matched nothing, offers to clear it, and asks for a first title only of someone with none', async () => {
  const flows = creatorFlows(fetchSender(app.url));
  const creator = await flows.signUp();
  await withPage(browser, {}, async (page) => {
    await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
    // Someone with no titles, searching: the truth is they have none.
    await page.goto(`${app.url}/dashboard`);
    await page.getByText("You haven't registered any titles yet.").waitFor();
    await page.getByPlaceholder('Search your titles...').fill('anything');
    await page.getByText("You haven't registered any titles yet.").waitFor();
    expect(await page.getByRole('link', { name: 'Register Your First Title' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);

    const title = 'A Title Still Pending';
    await flows.register(creator.token, Buffer.from('A work that stays pending.\n'), { title });
    await page.reload();
    const list = page.getByRole('list', { name: 'Registrations' });
    await list.getByText(title).waitFor();
    const firstTitleCall = page.getByRole('link', { name: 'Register Your First Title' });
    const clear = page.getByRole('button', { name: 'Clear filters' });
    const searchBox = page.getByPlaceholder('Search your titles...');

    // A search that matches nothing: the spec's words, and a way back, not a first-title call.
    await searchBox.fill('no such title');
    await page.getByText('No titles match your search.', { exact: true }).waitFor();
    expect(await firstTitleCall.count()).toBe(0);
    await clear.click();
    await list.getByText(title).waitFor();
    expect(await searchBox.inputValue()).toBe('');
    expect(await searchBox.evaluate((input) => input === document.activeElement)).toBe(true);

    // The status filter alone: it is named, not called a search.
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: 'Registered', exact: true }).click();
    await page.getByText('None of your titles is registered.').waitFor();
    expect(await page.getByText('No titles match your search.').count()).toBe(0);
    expect(await firstTitleCall.count()).toBe(0);
    await atBothWidths(page, 'dashboard-filter-no-match', { widths: PHONE_AND_DESKTOP, check: true });

    // Both: the search, and the filter that is on too.
    await searchBox.fill(title);
    await page.getByText('No titles match your search. The Registered filter is on too.').waitFor();
    await clear.click();
    await list.getByText(title).waitFor();
    expect(await page.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });
});

test('step 4 states the upload limit, refuses a larger file before sending it, and gives a small file its size in bytes', async () => {
  await withPage(browser, {}, async (page) => {
    await signUp(page, `limits.${Date.now()}@example.com`);
    await payInWizard(page, 'Sized Up');
    await page.getByText('up to 25 MB', { exact: false }).waitFor();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/copyright/submit-registration')) uploads.push(request.url());
    });

    // One byte over the server's limit: the server's own sentence, before anything is sent.
    const dir = await mkdtemp(path.join(tmpdir(), 'titleledger-upload-'));
    try {
      const big = path.join(dir, 'too-big.txt');
      await writeFile(big, Buffer.alloc(25 * 1024 * 1024 + 1, 'a'));
      await page.getByLabel('Document to register').setInputFiles(big);
      await page.getByText('The file is larger than the 25 MB limit. Upload a smaller file.').waitFor();
      await page.getByText('25.01 MB', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Complete Registration' }).isDisabled()).toBe(true);
      await atBothWidths(page, 'wizard-4-too-large', { check: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Twenty bytes read as twenty bytes, not "0.00 MB".
    await page.getByLabel('Document to register').setInputFiles({ name: 'tiny.txt', mimeType: 'text/plain', buffer: Buffer.from('Twenty bytes of work') });
    await page.getByText('20 bytes', { exact: true }).waitFor();
    expect(await page.getByText('The file is larger than').count()).toBe(0);
    await shoot(page, 'wizard-4-small-file');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.getByRole('heading', { name: 'Registration Complete', exact: true }).waitFor();
    expect(uploads).toHaveLength(1);
  });
});

test('a download a 401 interrupted resumes for its own user only, never for the next one to sign in on the tab', async () => {
  const flows = creatorFlows(fetchSender(app.url));
  const ada = await flows.signUp();
  const title = 'Ada Interrupted Download';
  const { trNumber } = await flows.register(ada.token, Buffer.from('A work whose certificate download is interrupted.\n'), { title });
  const bob = await flows.signUp();

  const context = await newContext(browser, { acceptDownloads: true });
  const page = await context.newPage();
  // Every request the page makes for one of Ada's files.
  const adaFileRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(encodeURIComponent(trNumber)) && request.url().includes('download')) adaFileRequests.push(request.url());
  });
  const pendingDownload = () => page.evaluate(() => sessionStorage.getItem('titleledger.pendingDownload'));
  /** Ends the browser's session on the server, as an expiry or a sign-out elsewhere would. */
  const endSession = async () => {
    const cookie = (await context.cookies(app.url)).find((c) => c.name === 'tl_session');
    expect(cookie).toBeDefined();
    expect((await flows.send({ method: 'POST', url: '/api/auth/logout', token: cookie!.value })).status).toBe(200);
  };
  /** Ada clicks Certificate on My documents after her session has ended: she is sent to sign in. */
  const interruptedCertificate = async () => {
    await page.goto(`${app.url}/my-documents`);
    const certificate = page.getByRole('button', { name: `Certificate for ${title}` });
    await certificate.waitFor();
    await endSession();
    await certificate.click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/my-documents');
    expect(await pendingDownload()).not.toBeNull();
  };
  const signInOnPage = async (creator: Creator) => {
    await page.getByLabel('Email', { exact: true }).fill(creator.email);
    await page.getByLabel('Password', { exact: true }).fill(creator.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  };

  try {
    await context.addCookies([{ name: 'tl_session', value: ada.token, url: app.url }]);

    // Ada signs back in: her certificate downloads without another click.
    await interruptedCertificate();
    const [download] = await Promise.all([page.waitForEvent('download'), signInOnPage(ada)]);
    expect(download.suggestedFilename()).toContain(trNumber);
    expect(await pendingDownload()).toBeNull();

    // Interrupted again, but Bob signs in on the tab: Ada's download is dropped, not tried for him.
    await interruptedCertificate();
    const requestsBefore = adaFileRequests.length;
    await signInOnPage(bob);
    await page.waitForURL((url) => url.pathname === '/my-documents');
    await page.getByText('No documents registered').waitFor();
    expect(await pendingDownload()).toBeNull();
    expect(adaFileRequests.slice(requestsBefore)).toEqual([]);
    expect(await page.locator('.toast', { hasText: 'Download failed' }).count()).toBe(0);
  } finally {
    await context.close();
  }
});
