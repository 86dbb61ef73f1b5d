// What people write is shown in its own direction: a title or name in Hebrew or Arabic, with Latin
// words and a number in it, is set right to left on the creator's pages, the public record and
// /verify, the search suggestions and the admin portal, while the page around it stays left to right
// (components/user-text.tsx). Without dir="auto" the browser lays it out in the page's direction:
// "(2024) Hello — שלום עולם" with the brackets and English on the wrong side. Quoted inside a
// sentence (a dialog's question, a search's "No registrations found for …"), it is a <bdi> of its
// own, so it cannot pull the quote marks and the words after it into its right-to-left run.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';

import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { launchBrowser } from '../../../test/support/browser.js';
import { textBytes } from '../../../test/support/documents.js';
import { creatorFlows, injectSender, type Creator, type Registered } from '../../../test/support/flows.js';
import { withPage } from '../../../test/support/screens.js';
import { createStaff } from '../../../test/support/staff.js';

const TITLE = 'שלום עולם — Hello (2024)';
const NAME = 'محمد علي';

let app: TestApp;
let browser: Browser;
let creator: Creator;
let registered: Registered;
let admin: { email: string; password: string };

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const flows = creatorFlows(injectSender(app));
  creator = await flows.signUp({ fullName: NAME });
  registered = await flows.register(creator.token, textBytes('a Hebrew title'), { title: TITLE, fields: { firstName: 'محمد', lastName: 'علي' } });
  admin = await createStaff(app, 'admin3');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * Every visible element whose own text holds `text`: its computed direction, and that of the
 * element it sits in and of the page.
 */
async function directions(page: Page, text: string): Promise<{ own: string; around: string; page: string }[]> {
  await page.getByText(text, { exact: false }).first().waitFor();
  return page.evaluate((wanted) => {
    const holders = [...document.querySelectorAll('body *')].filter(
      (el) =>
        el.getBoundingClientRect().width > 0 &&
        [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').includes(wanted)),
    );
    return holders.map((el) => ({
      own: getComputedStyle(el).direction,
      around: getComputedStyle(el.parentElement!).direction,
      page: getComputedStyle(document.body).direction,
    }));
  }, text);
}

/**
 * `text` quoted in the sentence `sentence` shows: in an element of its own that holds exactly it
 * (a <bdi>, or dir="auto"), set right to left, inside the sentence's left-to-right element.
 */
async function expectIsolatedIn(sentence: Locator, text: string, what: string): Promise<void> {
  await sentence.getByText(text, { exact: false }).first().waitFor();
  const found = await sentence.evaluate((root, wanted) => {
    const own = [...root.querySelectorAll('*')].find((el) => el.textContent === wanted);
    if (!own) return { sentence: root.textContent, isolated: false };
    return {
      sentence: root.textContent,
      isolated: own.tagName === 'BDI' || own.getAttribute('dir') === 'auto',
      own: getComputedStyle(own).direction,
      around: getComputedStyle(own.parentElement!).direction,
    };
  }, text);
  expect(found, `${what}: ${text} in an isolate of its own`).toEqual({ sentence: found.sentence, isolated: true, own: 'rtl', around: 'ltr' });
}

async function expectRightToLeft(page: Page, url: string, text: string, what: string): Promise<void> {
  await page.goto(`${app.url}${url}`);
  const found = await directions(page, text);
  expect(found.length, `${what}: shows ${text}`).toBeGreaterThan(0);
  for (const shown of found) expect(shown, what).toEqual({ own: 'rtl', around: 'ltr', page: 'ltr' });
}

test('the creator’s pages set a Hebrew title and an Arabic name right to left, in a left-to-right page', async () => {
  await withPage(browser, {}, async (page) => {
    await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
    await expectRightToLeft(page, '/dashboard', TITLE, 'dashboard');
    await expectRightToLeft(page, '/my-documents', TITLE, 'my documents');
    await expectRightToLeft(page, '/account', NAME, 'account');
  });
});

test('the public record, /verify and the search suggestions set them right to left', async () => {
  await withPage(browser, {}, async (page) => {
    await expectRightToLeft(page, `/titles/${registered.trNumber}`, TITLE, 'public record');
    await expectRightToLeft(page, `/titles/${registered.trNumber}`, NAME, 'public record registrant');
    const verify = `/verify?${new URLSearchParams({ tr: registered.trNumber, hash: registered.cryptographicHash })}`;
    await expectRightToLeft(page, verify, TITLE, 'verify');
    await page.goto(`${app.url}/?search=${encodeURIComponent('שלום')}`);
    await page.getByRole('main').getByRole('option').first().waitFor();
    for (const shown of await directions(page, TITLE)) expect(shown, 'search suggestions').toEqual({ own: 'rtl', around: 'ltr', page: 'ltr' });
    // A search that finds nothing says so (a live region) quoting the term in its own direction.
    const nothing = 'אין כזה (1999)';
    await page.goto(`${app.url}/?search=${encodeURIComponent(nothing)}`);
    const status = page.getByRole('main').getByRole('status').filter({ hasText: 'No registrations found for' });
    await expectIsolatedIn(status, nothing, 'no search results');
  });
});

test('the admin portal’s lists set them right to left', async () => {
  await withPage(browser, {}, async (page) => {
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('Username', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Portal' }).waitFor();
    await expectRightToLeft(page, '/admin?tab=registrations', TITLE, 'admin registrations');
    await expectRightToLeft(page, '/admin?tab=users', NAME, 'admin users');
    // The confirmations quote the name and the title inside the seed's sentences: each in a <bdi>.
    const dialog = page.getByRole('dialog');
    await page.getByRole('listitem').filter({ hasText: NAME }).getByRole('button', { name: /^Delete / }).click();
    await expectIsolatedIn(dialog.getByText('Are you sure you want to delete user', { exact: false }), NAME, 'delete user question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`${app.url}/admin?tab=registrations`);
    await page.getByRole('listitem').filter({ hasText: TITLE }).getByRole('button', { name: /^Delete / }).click();
    await expectIsolatedIn(dialog.getByText('It will be archived permanently', { exact: false }), TITLE, 'delete registration question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
