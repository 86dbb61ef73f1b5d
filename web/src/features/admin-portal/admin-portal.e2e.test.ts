// The admin portal in a real browser against the built SPA and the real API, each journey at 1280
// or 375 px with its screens checked at both: an admin1 sees the numbers (equal to the read models') and the charts, and only the actions its
// role has (the server refuses a forbidden call made anyway); an admin3 deletes a registration with a
// reason, it leaves the landing search and shows as archived on the verify page, it appears in the
// Forever Database, the master admin restores it and it is back in search. Recharts stays out of
// the landing page's scripts.
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startTestApp, type TestApp } from '../../../../test/support/app.js';
import { launchBrowser } from '../../../../test/support/browser.js';
import { creatorFlows, injectSender, type Registered } from '../../../../test/support/flows.js';
import { AT_1280, AT_375, expectSoundLayout, expectSoundLayoutAtBothWidths, expectToast, newContext, screenshotDir } from '../../../../test/support/screens.js';
import { createStaff, signedInStaff, type TestStaff } from '../../../../test/support/staff.js';
import { textBytes } from '../../../../test/support/documents.js';

let app: TestApp;
let browser: Browser;
let master: TestStaff;
const staff = {} as Record<'admin1' | 'admin2' | 'admin3' | 'master_admin', { email: string; password: string }>;

/**
 * Registrations with titles no fuzzy search confuses: admin1's refused delete aims at the 1280 one, and
 * the delete → restore journey (at 375 px) deletes and restores the 375 one.
 */
const JOURNEY_TITLES = { '1280': 'Zephyr Quokka Ballad', '375': 'Marmalade Lighthouse Atlas' } as const;
const journey: Partial<Record<keyof typeof JOURNEY_TITLES, Registered>> = {};
let ownerEmail = '';
let misspelt: Registered;
let novelistEmail = '';

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const send = injectSender(app);
  const flows = creatorFlows(send);
  const poet = await flows.signUp();
  const novelist = await flows.signUp();
  ownerEmail = poet.email;
  novelistEmail = novelist.email;
  journey['1280'] = await flows.register(poet.token, textBytes('zephyr'), { title: JOURNEY_TITLES['1280'] });
  journey['375'] = await flows.register(poet.token, textBytes('marmalade'), { title: JOURNEY_TITLES['375'] });
  await flows.register(poet.token, textBytes('third poem'), { title: 'Evening Tide' });
  await flows.register(novelist.token, textBytes('a novel'), { title: 'The Long Winter', fields: { materialType: 'Book' } });
  misspelt = await flows.register(poet.token, textBytes('a draft'), { title: 'Morning Drfat' });
  // Enough creators for a second page of Users (20 a page).
  await Promise.all(Array.from({ length: 20 }, () => flows.signUp()));
  master = await signedInStaff(app, 'master_admin');
  staff.master_admin = master;
  staff.admin1 = await createStaff(app, 'admin1');
  staff.admin2 = await createStaff(app, 'admin2');
  staff.admin3 = await createStaff(app, 'admin3');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A toast with this title opened since the last one awaited (pages record theirs: it may have closed already). */
const toast = (page: Page, title: string) => expectToast(page, title);
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
/** Whether `locator` has the keyboard's focus. */
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function snap(page: Page, name: string): Promise<void> {
  const dir = screenshotDir();
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${app.url}/admin/login`);
  await page.getByLabel('Username', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Admin Portal' }).waitFor();
}

async function adminGet<T>(url: string): Promise<T> {
  const reply = await injectSender(app)({ method: 'GET', url, token: master.token });
  expect(reply.status, `${url}: ${reply.body}`).toBe(200);
  return reply.json<T>();
}

/** The landing page's search for `title`: whether it lists the registration `trNumber`. */
async function landingSearchLists(page: Page, title: string, trNumber: string): Promise<boolean> {
  await page.goto(`${app.url}/?search=${encodeURIComponent(title)}`);
  const main = page.getByRole('main');
  const option = main.getByRole('option', { name: new RegExp(trNumber) });
  const none = main.getByText(`No registrations found for "${title}"`);
  await option.or(none).first().waitFor();
  return (await option.count()) > 0;
}

test('Recharts is not in the landing page’s scripts, only in the admin portal’s', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  try {
    await page.goto(`${app.url}/`);
    await page.getByRole('main').getByRole('combobox').waitFor();
    const landing = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    expect(landing.length).toBeGreaterThan(0);
    expect(landing.filter((source) => source.includes('recharts-surface'))).toEqual([]);

    await signIn(page, staff.admin1);
    await tab(page, 'Analytics').click();
    await page.locator('.recharts-surface').first().waitFor();
    const all = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    expect(all.some((source) => source.includes('recharts-surface'))).toBe(true);
  } finally {
    await context.close();
  }
});

test('/admin without a staff session goes to /admin/login, and signing in there returns to the tab asked for', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(`${app.url}/admin?tab=users`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin?tab=users');
    await page.getByLabel('Username', { exact: true }).fill(staff.admin1.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.admin1.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === 'users');
    await expect.poll(() => tab(page, 'Users').getAttribute('aria-selected')).toBe('true');
    // A `next` outside the staff pages is not followed: the portal's home.
    await page.getByRole('button', { name: 'Admin Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.goto(`${app.url}/admin/login?next=${encodeURIComponent('/dashboard')}`);
    await page.getByLabel('Username', { exact: true }).fill(staff.admin1.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.admin1.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin' && url.search === '');
  } finally {
    await context.close();
  }
});

test('an admin2 corrects a title (the anchored hash stays, the registered title shows beside it) and edits a user, but deletes nothing', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await signIn(page, staff.admin2);
    expect(await tab(page, 'Forever Database').count()).toBe(0);
    await tab(page, 'Registrations').click();
    await page.getByLabel('Search registrations').fill(misspelt.trNumber);
    const row = page.getByRole('listitem', { name: misspelt.trNumber, exact: true });
    await expect.poll(() => page.getByRole('list', { name: 'Registrations list' }).getByRole('listitem').count()).toBe(1);
    await row.waitFor();
    expect(await row.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await row.getByRole('button', { name: `Edit Morning Drfat (${misspelt.trNumber})` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(misspelt.cryptographicHash).waitFor();
    await dialog.getByLabel('Title').fill('Morning Draft');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await dialog.getByText('A reason is required').waitFor();
    // The field in error takes focus (on a phone its message was below the dialog's fold, unheard).
    await expect.poll(() => hasFocus(dialog.getByLabel('Reason'))).toBe(true);
    await dialog.getByLabel('Reason').fill('Typo in the title');
    await snap(page, 'admin-correct-registration');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await toast(page, 'Registration Corrected');
    await row.getByText('Morning Draft', { exact: true }).waitFor();
    await row.getByText('Corrected; registered as “Morning Drfat”').waitFor();

    await tab(page, 'Users').click();
    await page.getByLabel('Search users').fill(ownerEmail);
    const user = page.getByRole('listitem', { name: ownerEmail, exact: true });
    await user.waitFor();
    expect(await user.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await user.getByRole('button', { name: `Edit ${ownerEmail}` }).click();
    await page.getByRole('dialog').getByLabel('City').fill('Pasadena');
    await page.getByRole('dialog').getByLabel('Reason').fill('The creator asked by e-mail');
    await expectSoundLayout(page, 'edit user dialog');
    await snap(page, 'admin-edit-user');
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'User Updated');
    // The dialog hands focus back to the row's Edit button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Edit ${ownerEmail}`);

    // Paging by keyboard: on the last page Next is unavailable but keeps focus (disabled, it dropped
    // focus to <body> and Tab started again from the top of the portal).
    await page.getByLabel('Search users').fill('');
    const pages = page.getByRole('navigation', { name: 'Users pages' });
    await pages.getByText(/^1–20 of \d+$/).waitFor();
    const next = pages.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await pages.getByText(/^21–\d+ of \d+$/).waitFor();
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Next');
    await page.keyboard.press('Enter');
    await pages.getByText(/^21–\d+ of \d+$/).waitFor();

    // Signed out in another tab, mid-action: the save is refused and the portal goes to the sign-in
    // page saying the session ended (it stayed, every call failing with "Sign in as an admin").
    const other = await context.newPage();
    await other.goto(`${app.url}/admin`);
    await other.getByRole('button', { name: 'Admin Logout' }).click();
    await other.waitForURL((url) => url.pathname === '/admin/login');
    await other.close();
    await page.getByLabel('Search users').fill(ownerEmail);
    await user.getByRole('button', { name: `Edit ${ownerEmail}` }).click();
    await page.getByRole('dialog').getByLabel('City').fill('Glendale');
    await page.getByRole('dialog').getByLabel('Reason').fill('The creator moved');
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('reason') === 'session-ended');
    await page.getByRole('status').filter({ hasText: 'Your admin session has ended' }).waitFor();
    // Signed in again, the admin is back on the tab they were using.
    expect(new URL(page.url()).searchParams.get('next')).toMatch(/^\/admin\?(.*&)?tab=users/);
    await page.getByLabel('Username', { exact: true }).fill(staff.admin2.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.admin2.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === 'users');
    await expect.poll(() => tab(page, 'Users').getAttribute('aria-selected')).toBe('true');
  } finally {
    await context.close();
  }
});

// Each journey is clicked through at one width, and every screen it checks is held to both there
// (expectSoundLayoutAtBothWidths): clicking each through at both took ~30 s of a run's file time.
test.each(AT_1280)('at %s px: an admin1 sees the read models’ numbers and the charts, and only what admin1 may do', async (_label, viewport) => {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  try {
    await signIn(page, staff.admin1);
    // Overview: the global-stats read model's figures; non-active is total − active.
    const stats = await adminGet<{ totalRegistrations: number; activeRegistrations: number; totalUsers: number; thisMonthRegistrations: number }>(
      '/api/admin/global-stats',
    );
    expect(stats.totalRegistrations).toBeGreaterThanOrEqual(4);
    const figure = async (name: string) => (await card(page, name).locator('p.text-3xl').textContent())?.trim();
    await card(page, 'Total Registrations').waitFor();
    expect(await figure('Total Registrations')).toBe(stats.totalRegistrations.toLocaleString('en-US'));
    expect(await figure('Active')).toBe(stats.activeRegistrations.toLocaleString('en-US'));
    expect(await figure('Non-active')).toBe((stats.totalRegistrations - stats.activeRegistrations).toLocaleString('en-US'));
    expect(await figure('Total Users')).toBe(stats.totalUsers.toLocaleString('en-US'));
    expect(await figure('This Month')).toBe(stats.thisMonthRegistrations.toLocaleString('en-US'));
    expect(await tab(page, 'Forever Database').count()).toBe(0);
    await expectSoundLayoutAtBothWidths(page, 'overview');
    await snap(page, 'admin-overview');

    // Analytics: cards, charts, and the material types most first; choosing one filters Registrations.
    await tab(page, 'Analytics').click();
    await page.locator('.recharts-surface').nth(1).waitFor();
    const types = page.getByRole('list', { name: 'Material types' }).getByRole('button');
    await types.first().waitFor();
    const names = (await types.allTextContents()).map((text) => text.split(/\d/)[0]!.trim());
    expect(names[0]).toBe('Poems');
    expect(names).toContain('Book');
    await expectSoundLayoutAtBothWidths(page, 'analytics');
    await snap(page, 'admin-analytics');
    // By keyboard: the chosen button leaves with its tab, and focus goes to the filter's banner
    // (it fell back to the page's heading, above the tabs).
    await types.filter({ hasText: 'Book' }).focus();
    await page.keyboard.press('Enter');
    const banner = page.getByRole('status').filter({ hasText: 'Material type: Book' });
    await banner.waitFor();
    expect(await tab(page, 'Registrations').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => hasFocus(banner)).toBe(true);
    const rows = page.getByRole('list', { name: 'Registrations list' }).getByRole('listitem');
    await rows.filter({ hasText: 'The Long Winter' }).waitFor();
    expect(await rows.count()).toBe(1);
    // Read-only: neither Edit nor Delete anywhere.
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    await snap(page, 'admin-registrations-filtered');
    await page.getByRole('button', { name: 'Clear Filter' }).focus();
    await page.keyboard.press('Enter');
    await rows.filter({ hasText: 'Evening Tide' }).waitFor();
    // The banner went with its button: focus is in the search box above the list.
    expect(await hasFocus(page.getByLabel('Search registrations'))).toBe(true);
    expect(await page.getByText('Material type: Book').count()).toBe(0);

    // Users: search by e-mail, View Details with their registrations; no Edit or Delete.
    await tab(page, 'Users').click();
    await page.getByLabel('Search users').fill(ownerEmail);
    const user = page.getByRole('listitem', { name: ownerEmail, exact: true });
    // The search has run once the list holds only them.
    await expect.poll(() => page.getByRole('list', { name: 'Users list' }).getByRole('listitem').count()).toBe(1);
    await user.waitFor();
    // What the search found is a status: heard without leaving the search box.
    await page.getByRole('navigation', { name: 'Users pages' }).getByRole('status').filter({ hasText: /^1–1 of 1$/ }).waitFor();
    expect(await user.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    await expectSoundLayoutAtBothWidths(page, 'users');
    await snap(page, 'admin-users');
    await user.getByRole('button', { name: `View details of ${ownerEmail}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('listitem').filter({ hasText: 'Evening Tide' }).waitFor();
    expect(await dialog.getByText('Member since').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await snap(page, 'admin-user-details');
    await page.keyboard.press('Escape');

    // The page hides what admin1 may not do; the server refuses it anyway.
    const refused = await page.evaluate(async (tr) => {
      const response = await fetch(`/api/admin/titles/${tr}`, {
        method: 'DELETE',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'admin1 should not be able to do this' }),
      });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    }, journey['1280']!.trNumber);
    expect(refused.status).toBe(403);
    expect(await landingSearchLists(page, JOURNEY_TITLES['1280'], journey['1280']!.trNumber)).toBe(true);
  } finally {
    await context.close();
  }
});

test.each(AT_375)('at %s px: an admin3 deletes a registration with a reason; it leaves search, is archived on /verify and in the Forever Database; the master restores it', async (label, viewport) => {
  const registered = journey[label]!;
  const title = JOURNEY_TITLES[label];
  const adminContext = await newContext(browser, { viewport });
  const masterContext = await newContext(browser, { viewport });
  const visitorContext = await newContext(browser, { viewport });
  const admin = await adminContext.newPage();
  const visitor = await visitorContext.newPage();
  try {
    expect(await landingSearchLists(visitor, title, registered.trNumber)).toBe(true);

    // admin3: Registrations, find it by TR number, Delete with the seed's confirmation and a reason.
    await signIn(admin, staff.admin3);
    await tab(admin, 'Registrations').click();
    await admin.getByLabel('Search registrations').fill(registered.trNumber);
    const row = admin.getByRole('listitem', { name: registered.trNumber, exact: true });
    await expect.poll(() => admin.getByRole('list', { name: 'Registrations list' }).getByRole('listitem').count()).toBe(1);
    await row.waitFor();
    await expectSoundLayoutAtBothWidths(admin, 'registrations (admin3)');
    await snap(admin, 'admin-registrations');
    await row.getByRole('button', { name: `Delete ${title} (${registered.trNumber})` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Delete registration "${title}"? It will be archived permanently.`).waitFor();
    // Escape hands focus back to the row's Delete button (it fell to <body>).
    const activeLabel = () => admin.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(activeLabel).toBe(`Delete ${title} (${registered.trNumber})`);
    await admin.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Delete registration' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await expect.poll(() => hasFocus(dialog.getByLabel('Reason'))).toBe(true);
    await expectSoundLayoutAtBothWidths(admin, 'delete dialog');
    await snap(admin, 'admin-delete-dialog');
    await dialog.getByLabel('Reason').fill('Duplicate of an earlier registration');
    await dialog.getByRole('button', { name: 'Delete registration' }).click();
    await expectToast(admin, 'Registration Deleted', 'Registration has been archived to Forever Database');
    await admin.getByText('No registrations match.').waitFor();
    // Its row is gone, and the list with it: focus is on the Registrations section, not <body>.
    await expect.poll(activeLabel).toBe('Registrations');

    // Gone from the landing search; the verify page says it existed and was archived, no personal data.
    expect(await landingSearchLists(visitor, title, registered.trNumber)).toBe(false);
    await visitor.goto(`${app.url}/verify?tr=${registered.trNumber}&hash=${registered.cryptographicHash}`);
    const archived = visitor.getByRole('heading', { name: 'Registration Archived' });
    await archived.waitFor();
    const result = visitor.getByRole('region', { name: 'Verification result' });
    expect(await result.textContent()).toMatch(/Archived on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(await result.textContent()).not.toContain(title);
    expect(await result.textContent()).not.toContain('Lovelace');
    await expectSoundLayoutAtBothWidths(visitor, 'archived verification');
    await snap(visitor, 'verify-archived');

    // The Forever Database lists it with who, when and why; admin3 cannot restore.
    await tab(admin, 'Forever Database').click();
    await admin.getByLabel('Search the Forever Database').fill(registered.trNumber);
    const record = admin.getByRole('listitem', { name: registered.trNumber, exact: true });
    await record.waitFor();
    await record.getByText('Duplicate of an earlier registration').waitFor();
    await record.getByText(`${staff.admin3.email} (admin3)`).waitFor();
    expect(await record.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
    await expectSoundLayoutAtBothWidths(admin, 'forever database (admin3)');
    await snap(admin, 'admin-forever-database');

    // The master admin restores it; it is back in search.
    const masterPage = await masterContext.newPage();
    await signIn(masterPage, staff.master_admin);
    await tab(masterPage, 'Forever Database').click();
    await masterPage.getByLabel('Search the Forever Database').fill(registered.trNumber);
    const toRestore = masterPage.getByRole('listitem', { name: registered.trNumber, exact: true });
    await toRestore.getByRole('button', { name: `Restore ${title} (${registered.trNumber})` }).click();
    await masterPage.getByRole('dialog').getByLabel('Reason (optional)').fill('Deleted by mistake');
    await masterPage.getByRole('dialog').getByRole('button', { name: 'Restore', exact: true }).click();
    await toast(masterPage, 'Registration Restored');
    await masterPage.getByText('No archived records match.').waitFor();
    expect(await landingSearchLists(visitor, title, registered.trNumber)).toBe(true);

    // Both actions are in the master console's Access Logs with who and why.
    await masterPage.goto(`${app.url}/master-admin`);
    await tab(masterPage, 'Access Logs').click();
    const log = masterPage.getByRole('list', { name: 'Access log' });
    await log.getByRole('listitem').filter({ hasText: 'Registration deleted (archived)' }).filter({ hasText: registered.trNumber }).filter({ hasText: staff.admin3.email }).waitFor();
    await log.getByRole('listitem').filter({ hasText: 'Registration restored' }).filter({ hasText: registered.trNumber }).filter({ hasText: 'Deleted by mistake' }).waitFor();
  } finally {
    await adminContext.close();
    await masterContext.close();
    await visitorContext.close();
  }
});

// Last: it removes a user and their registration from every other test's figures.
test('an admin3 deletes a user with the seed’s confirmation; their registrations go to the Forever Database', async () => {
  const context = await newContext(browser);
  const cleanup: (() => Promise<void>)[] = [];
  const page = await context.newPage();
  try {
    await signIn(page, staff.admin3);
    await tab(page, 'Users').click();
    await page.getByLabel('Search users').fill(novelistEmail);
    await expect.poll(() => page.getByRole('list', { name: 'Users list' }).getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: `Delete ${novelistEmail}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`Are you sure you want to delete user Ada King Lovelace (${novelistEmail})? This will remove all their data permanently`)
      .waitFor();
    await dialog.getByLabel('Reason').fill('Account reported as fraudulent');
    await dialog.getByRole('button', { name: 'Delete user' }).click();
    await toast(page, 'User Deleted');
    await page.getByText('No users match.').waitFor();

    await tab(page, 'Forever Database').click();
    await page.getByLabel('Search the Forever Database').fill('The Long Winter');
    const record = page.getByRole('list', { name: 'Archived registrations' }).getByRole('listitem').filter({ hasText: 'The Long Winter' });
    await record.getByText('Account reported as fraudulent').waitFor();
    await record.getByText('Owner account deleted').waitFor();

    // Not even the master admin can bring a deleted account's work back (the server refuses it too).
    // Another browser: in this one admin3 is signed in, and the sign-in page leads straight to the portal.
    const masterContext = await newContext(browser);
    cleanup.push(() => masterContext.close());
    const masterPage = await masterContext.newPage();
    await signIn(masterPage, staff.master_admin);
    await tab(masterPage, 'Forever Database').click();
    await masterPage.getByLabel('Search the Forever Database').fill('The Long Winter');
    const kept = masterPage.getByRole('list', { name: 'Archived registrations' }).getByRole('listitem').filter({ hasText: 'The Long Winter' });
    await kept.getByText('Stays archived: its owner’s account was deleted.').waitFor();
    expect(await kept.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
  } finally {
    for (const close of cleanup) await close();
    await context.close();
  }
});
