// Where a new page starts and where focus lands, in a real browser: a link opens the next page at its
// top (or at its #hash) with focus on its main heading, wherever the previous page was scrolled to
// and whichever link led there; Back and Forward come back to where the reader was.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';

import { startTestApp } from '../../../test/support/app.js';
import { launchBrowser } from '../../../test/support/browser.js';
import { creatorFlows, injectSender } from '../../../test/support/flows.js';
import { desktop, mobile, withPage as withPageIn } from '../../../test/support/screens.js';

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

const withPage = (viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) =>
  withPageIn(browser, { viewport, hasTouch: viewport === mobile }, run);

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The focused element, as "TAG: text" (or "BODY" when nothing has focus). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'BODY';
    return `${element.tagName}: ${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}`;
  });

/** Scrolls the page to its end the way a person does, with the wheel, until it is there. */
async function scrollToEnd(page: Page): Promise<number> {
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 4000);
      return page.evaluate(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2);
    })
    .toBe(true);
  return scrollY(page);
}

test('a footer link on a phone opens the next page at its top, focused on its heading; Back returns to the footer, Forward to the top', async () => {
  await withPage(mobile, async (page) => {
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const atFooter = await scrollToEnd(page);
    expect(atFooter).toBeGreaterThan(1000);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).tap();
    await page.waitForURL((url) => url.pathname === '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    await expect.poll(() => focused(page)).toBe('H1: Contact');
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => scrollY(page)).toBe(atFooter);

    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

test('a link to a #hash opens the page at that part, with focus there', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/how-it-works`);
    await page.getByRole('link', { name: 'Read the FAQ' }).click();
    await page.waitForURL((url) => url.pathname === '/resources' && url.hash === '#faq');
    const faq = page.locator('#faq');
    await faq.waitFor();
    // The section's top is at the top of the window (below the sticky bar), not wherever the last page was.
    await expect.poll(async () => Math.round((await faq.boundingBox())!.y)).toBeLessThan(120);
    expect(Math.round((await faq.boundingBox())!.y)).toBeGreaterThanOrEqual(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#faq') !== null)).toBe(true);
  });
});

test('a top-bar link chosen by keyboard moves focus to the new page’s heading, not left on the link', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Register Title', exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/register');
    await expect.poll(() => focused(page)).toBe('H1: Create Account');
  });
});

test('signed in, the side menu opens a page at its top, focused on its heading; Back returns to where the last one was read', async () => {
  const creator = await creatorFlows(injectSender(app)).signUp();
  await withPage(desktop, async (page) => {
    await page.context().addCookies([{ name: 'tl_session', value: creator.token, url: app.url }]);
    await page.goto(`${app.url}/account`);
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    const down = await scrollToEnd(page);
    expect(down).toBeGreaterThan(500);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Notifications/ }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await expect.poll(() => focused(page)).toBe('H1: Notifications');
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/account');
    await expect.poll(() => scrollY(page)).toBe(down);
    await expect.poll(() => focused(page)).toBe('H1: Account Settings');

    // The sidebar's eleven stops come before every page's content: the first Tab offers to skip them.
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('A: Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^MAIN: Dashboard/);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('A: Register New Title');
  });
});
