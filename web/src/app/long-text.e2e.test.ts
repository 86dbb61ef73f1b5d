// What people write is shown whole and wraps: a title of one 400-character word (a URL, a file name, a
// hashtag), as long a name and address, within the spec's limits. Every screen that shows them holds
// at 1280 and 375 px (no sideways scrolling, no serious axe violation), and no card's text runs over
// its neighbour.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';

import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { launchBrowser } from '../../../test/support/browser.js';
import { textBytes } from '../../../test/support/documents.js';
import { creatorFlows, injectSender, type Creator, type Registered } from '../../../test/support/flows.js';
import { expectSoundLayout, withPage, WIDTHS } from '../../../test/support/screens.js';
import { createStaff } from '../../../test/support/staff.js';

/** The QA report's title: one unbroken word of 400 characters and a short one (the limit is 500). */
const LONG_TITLE = `Supercalifragilistic${'X'.repeat(380)} end`;
const LONG_NAME = `Maximilian${'n'.repeat(150)}`;
const LONG_ADDRESS = `12${'Analytical'.repeat(40)} Road`;

let app: TestApp;
let browser: Browser;
let creator: Creator;
let registered: Registered;
let admin: { email: string; password: string };

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const flows = creatorFlows(injectSender(app));
  creator = await flows.signUp({ fullName: `Ada ${LONG_NAME}`, address: LONG_ADDRESS });
  registered = await flows.register(creator.token, textBytes('a long title'), {
    title: LONG_TITLE,
    fields: { firstName: LONG_NAME, lastName: 'Lovelace' },
  });
  // A second one beside it, so a card that grows over its neighbour shows.
  await flows.register(creator.token, textBytes('a short title'), { title: 'Evening Tide' });
  admin = await createStaff(app, 'admin1');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Every element showing the start of the long title stays inside the window, and inside its card. */
async function expectTitlesInside(page: Page, what: string): Promise<void> {
  const escaping = await page.evaluate((start) => {
    const problems: string[] = [];
    const holders = [...document.querySelectorAll('body *')].filter(
      (el) => [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').includes(start)),
    );
    for (const el of holders) {
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.right > window.innerWidth + 0.5) problems.push(`${el.tagName} ends at ${Math.round(box.right)} px`);
      const card = el.parentElement?.closest('li, [class*="rounded-xl"]');
      if (card && box.right > card.getBoundingClientRect().right + 0.5) problems.push(`${el.tagName} runs past its card`);
    }
    return problems;
  }, 'SupercalifragilisticXXXX');
  expect(escaping, what).toEqual([]);
}

async function check(page: Page, url: string, ready: (page: Page) => Promise<void>, name: string): Promise<void> {
  for (const [label, viewport] of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto(`${app.url}${url}`);
    await ready(page);
    await expectSoundLayout(page, `${name} at ${label} px`);
    await expectTitlesInside(page, `${name} at ${label} px`);
  }
}

const longTitleShown = (page: Page) => page.getByText(LONG_TITLE, { exact: true }).first().waitFor();

test('the creator’s pages wrap a 400-character word: dashboard, My Documents, account', async () => {
  await withPage(browser, {}, async (page) => {
    await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
    await check(page, '/dashboard', longTitleShown, 'dashboard');
    await check(page, '/my-documents', longTitleShown, 'my documents');
    await check(page, '/account', (p) => p.getByText(LONG_ADDRESS, { exact: true }).waitFor(), 'account');
  });
});

test('the public pages wrap it: the record page, /verify’s result and the search suggestions', async () => {
  await withPage(browser, {}, async (page) => {
    await check(page, `/titles/${registered.trNumber}`, longTitleShown, 'public record');
    const verify = `/verify?${new URLSearchParams({ tr: registered.trNumber, hash: registered.cryptographicHash })}`;
    await check(page, verify, (p) => p.getByText('Certificate Verified').first().waitFor(), 'verify');
    await check(
      page,
      `/?search=${encodeURIComponent('Supercalifragilistic')}`,
      (p) => p.getByRole('main').getByRole('option').first().waitFor(),
      'search suggestions',
    );
  });
});

test('the admin portal wraps it: registrations and users', async () => {
  await withPage(browser, {}, async (page) => {
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('Username', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Portal' }).waitFor();
    await check(page, '/admin?tab=registrations', longTitleShown, 'admin registrations');
    await check(page, '/admin?tab=users', (p) => p.getByText(LONG_NAME, { exact: false }).first().waitFor(), 'admin users');
  });
});
