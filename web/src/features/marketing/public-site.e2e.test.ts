// The public site in Chromium against the built SPA: every public page at 1280 and 375 px (own
// document title, no sideways scrolling, no serious or critical axe violations; a screenshot to
// $SCREENSHOT_DIR when it is set, as in the other browser tests),
// the live search with the keyboard, and support and contact requests that come back with a
// ticket number.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { insertRegistrations } from '../../../../api/src/search/registrations-fixture.js';
import { startTestApp } from '../../../../test/support/app.js';
import { START } from '../../../../api/src/eventstore/index.js';
import { launchBrowser } from '../../../../test/support/browser.js';
import {
  atBothWidths,
  desktop,
  expectSoundLayout,
  mobile,
  screenshotDir,
  WIDTHS,
  withPage as withPageIn,
} from '../../../../test/support/screens.js';

const SCREENSHOTS = screenshotDir();
/** A screenshot for people to look at, when SCREENSHOT_DIR asks for them (a full page takes ~1 s). */
const shoot = async (page: Page, name: string, fullPage = false) => {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
};

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const titles = ['The Midnight Garden', 'Midnight', 'Midnight Harbour', 'Midnight Letters', 'Midnight Train', 'Midnight Rain', 'Midnight Orchard'];
  await insertRegistrations(app.running.pool, [
    ...titles.map((title, i) => ({
      tr_number: `TR-COPY-2026-MIDN000${i}`,
      title,
      registrant_name: i % 2 ? 'Grace Hopper' : 'Ada Lovelace',
      material_type: i % 2 ? 'Poems' : 'Book',
      status: i === 0 ? 'registered' : 'pending',
    })),
    { tr_number: 'TR-COPY-2026-ARCHIVED', title: 'Midnight Archived', registrant_name: 'Nobody', material_type: 'Book', archived: true },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const withPage = (viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) => withPageIn(browser, { viewport }, run);

const pages = [
  { path: '/', title: 'Home' },
  { path: '/home', title: 'Home' },
  { path: '/services', title: 'Services' },
  { path: '/how-it-works', title: 'How It Works' },
  { path: '/pricing', title: 'Pricing' },
  { path: '/about', title: 'Our Story' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Use' },
  { path: '/cookies', title: 'Cookie Policy' },
  { path: '/refund', title: 'Refund Policy' },
  { path: '/patent', title: 'IP Strategy' },
  { path: '/demo', title: 'Demo' },
  { path: '/resources', title: 'Resources' },
  { path: '/contact', title: 'Contact' },
  { path: '/support', title: 'Support Center' },
] as const;

describe.each(WIDTHS)('every public page at %s px', (width, viewport) => {
  test.each(pages)('$path', async ({ path: route, title }) => {
    await withPage(viewport, async (page) => {
      await page.goto(`${app.url}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const name = route === '/' ? 'landing' : route.slice(1);
      await shoot(page, `${name}-${width}`, true);
      expect(await page.title()).toBe(`${title} · TitleLedger`);
      await expectSoundLayout(page, `${route} at ${width} px`);
    });
  });
});

test('the page search suggests as you type, never for one character, and opens a suggestion by keyboard', async () => {
  await withPage(desktop, async (page) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search')) searches.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    // The box searches once typing pauses (a 150 ms timer): the page's clock is run by hand past that
    // pause for 'm', then for 'mi'. A search for 'm' would be sent before the one for 'mi', so once
    // that one is seen, none for 'm' was, whatever the machine's speed.
    await page.clock.install();
    await page.goto(`${app.url}/`);
    const box = page.getByRole('main').getByRole('combobox');
    await box.click();
    await page.clock.pauseAt(Date.now() + 1_000);
    await box.fill('m');
    await page.clock.runFor(1_000);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    const searchedMi = page.waitForRequest((request) => request.url().includes('/api/search') && new URL(request.url()).searchParams.get('q') === 'mi');
    await box.fill('mi');
    await page.clock.runFor(1_000);
    await searchedMi;
    expect(searches).toEqual(['mi']);
    await page.clock.resume();

    // The list keeps showing the suggestions for 'mi' until 'midnight' is searched (which clears the
    // keyboard's choice) and answered: wait for that answer to be the one on screen.
    const searchedMidnight = page.waitForResponse(
      (response) => response.url().includes('/api/search') && new URL(response.url()).searchParams.get('q') === 'midnight',
    );
    await box.fill('midnight');
    const answered = (await (await searchedMidnight).json()) as { tr_number: string }[];
    const list = page.getByRole('main').getByRole('listbox');
    const options = list.getByRole('option');
    const shownTrs = () => options.locator('.font-mono').allTextContents().then((trs) => trs.map((tr) => tr.trim()));
    await expect.poll(shownTrs).toEqual(answered.slice(0, 8).map((result) => result.tr_number));
    expect(await options.count()).toBe(7); // 7 live matches (≤ 8 on the page); the archived one is not among them
    expect(await list.textContent()).not.toContain('Archived');
    expect(await options.first().textContent()).toContain('Midnight'); // the exact title comes first
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    const chosen = page.locator(`[id="${activeId}"]`);
    expect(await chosen.getAttribute('aria-selected')).toBe('true');
    const chosenTr = (await chosen.locator('.font-mono').textContent())!.trim();
    await box.press('Enter');
    // A suggestion opens the registration's public record page.
    await page.waitForURL((url) => url.pathname === `/titles/${chosenTr}`);
    await page.getByRole('main').getByText(chosenTr, { exact: true }).first().waitFor();
  });
});

test('the header search shows at most 5, forgives a typo, says when nothing matches, and submits to /home?search=', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/pricing`);
    const box = page.getByRole('banner').getByRole('combobox');
    await box.fill('midnigth');
    const list = page.getByRole('banner').getByRole('listbox');
    await list.getByRole('option').first().waitFor();
    expect(await list.getByRole('option').count()).toBe(5);

    await box.fill('zzqxv');
    await page.getByText('No registrations found for "zzqxv"').waitFor();

    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.fill('garden');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('search') === 'garden');
    expect(await page.getByRole('main').getByRole('combobox').inputValue()).toBe('garden');
    // Read on load: suggestions for the term show in the page box.
    await page.getByRole('main').getByRole('option', { name: /The Midnight Garden/ }).waitFor();
  });
});

test('the search says why a term is refused, never that search is down', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/pricing`);
    const banner = page.getByRole('banner');
    const box = banner.getByRole('combobox');
    const outage = banner.getByText('Search is unavailable right now', { exact: false });

    // A tab pasted into the term: the server refuses control characters, and the box says so.
    await box.fill('mid\tnight');
    await banner.getByText('Search term contains a control character (U+0009) that is not allowed.').waitFor();
    expect(await outage.count()).toBe(0);

    // Should the server still refuse a term the page let through, its reason shows, not an outage.
    const refused = await fetch(`${app.url}/api/search?q=${encodeURIComponent('😀')}`);
    expect(refused.status).toBe(400);
    const reply = { status: 400, contentType: refused.headers.get('content-type') ?? 'application/json', body: await refused.text() };
    await page.route('**/api/search?*', (route) => route.fulfill(reply));
    await box.fill('garden');
    await banner.getByText('Search terms must be at least 2 characters.').waitFor();
    expect(await outage.count()).toBe(0);
  });
});

test('the home page’s closing call to action goes to /checkout/9.99 (the fee)', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/`);
    const cta = page.getByRole('main').getByRole('link', { name: /^Register a work for/ });
    await expect.poll(() => cta.getAttribute('href')).toBe('/checkout/9.99');
    await cta.click();
    await page.waitForURL((url) => url.pathname === '/checkout/9.99');
  });
});

test('the header search is in the mobile menu at 375 px', async () => {
  await withPage(mobile, async (page) => {
    await page.goto(`${app.url}/about`);
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const box = page.getByRole('banner').getByRole('combobox');
    await box.fill('lovelace');
    await page.getByRole('banner').getByRole('option').first().waitFor();
    await shoot(page, 'header-search-375');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/titles/'));
  });
});

test('the pricing page names the four plans as seed 000 §3 does, on cards and in the comparison', async () => {
  const names = ['Free account', 'One-Time Registration', 'Monthly Subscription', 'Annual Plan'];
  await withPage(mobile, async (page) => {
    await page.goto(`${app.url}/pricing`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Annual Plan' }).waitFor();
    expect(await main.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents()).toEqual(names);
    expect(await main.getByRole('columnheader').allTextContents()).toEqual(['Feature', ...names]);
    await expectSoundLayout(page, '/pricing at 375 px');
  });
});

test('a comparison table too wide for a phone says it scrolls, fades at its edge until the end, and stays a labelled, focusable region', async () => {
  const phone = { width: 390, height: 844 };
  for (const [pathname, label, lastColumn] of [
    ['/', 'Comparison table', 'TitleLedger'],
    ['/pricing', 'Plan comparison table', 'Annual Plan'],
  ] as const) {
    await withPage(phone, async (page) => {
      await page.goto(`${app.url}${pathname}`);
      const region = page.getByRole('region', { name: label });
      await region.scrollIntoViewIfNeeded();
      const hint = page.getByText('Scroll for more');
      const fade = region.locator('xpath=..').getByTestId('scroll-fade');
      // The hint is visible above the table and describes the region; the right edge fades.
      await hint.waitFor();
      expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await region.getAttribute('tabindex')).toBe('0');
      expect(
        await region.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent),
      ).toContain('Scroll for more');
      await fade.waitFor();
      await expectSoundLayout(page, `${pathname} table at 390 px`);
      // The key column starts cut off; scrolled to the end (a swipe), it is in view and the fade goes.
      const column = region.getByRole('columnheader', { name: lastColumn, exact: true });
      const inWindow = () => column.evaluate((cell) => cell.getBoundingClientRect().right <= window.innerWidth);
      expect(await inWindow()).toBe(false);
      await atBothWidths(page, `scroll-table${pathname === '/' ? '-landing' : '-pricing'}`, { widths: [['390', phone]], fullPage: false });
      await region.focus();
      expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
      await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await fade.waitFor({ state: 'detached' });
      expect(await inWindow()).toBe(true);
      await expectSoundLayout(page, `${pathname} table scrolled at 390 px`);
    });
    // Wide enough for the table: no hint and no fade.
    await withPage(desktop, async (page) => {
      await page.goto(`${app.url}${pathname}`);
      const region = page.getByRole('region', { name: label });
      await region.waitFor();
      await expect.poll(() => region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await page.getByText('Scroll for more').count()).toBe(0);
      expect(await region.getAttribute('aria-describedby')).toBeNull();
      await atBothWidths(page, `scroll-table${pathname === '/' ? '-landing' : '-pricing'}`, { widths: [['1280', desktop]] });
    });
  }
});

test('the footer’s FAQ link leads to /pricing (seed 000 §2)', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/about`);
    const faq = page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true });
    expect(await faq.getAttribute('href')).toBe('/pricing');
    await faq.click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
  });
});

test('the support page gives phone hours to 5 PM (seed 000 §2), the contact page support hours to 6 PM (seed 001 §2.12)', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/support`);
    const reach = page.getByRole('main').getByText('Monday to Friday, 9 AM – 5 PM Eastern', { exact: true });
    await reach.waitFor();
    expect(await page.getByRole('main').getByText('6 PM').count()).toBe(0);
    await page.goto(`${app.url}/contact`);
    await page.getByRole('main').getByText('Support hours: Monday to Friday, 9 AM – 6 PM Eastern; we reply within 24 hours.').waitFor();
  });
});

test('a support request is refused with the spec messages, then submitted with a ticket number', async () => {
  await withPage(desktop, async (page) => {
    await page.goto(`${app.url}/support`);
    await page.getByLabel('Full name').fill('A');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of [
      'Full name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 20 characters',
    ]) {
      await page.getByText(message).waitFor();
    }
    expect(await page.getByLabel('Issue type').inputValue()).toBe('technical');
    expect(await page.getByLabel('Priority').inputValue()).toBe('normal');

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Certificate will not open');
    await page.getByLabel('Issue type').selectOption('registration');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Message').fill('The PDF certificate for my last registration shows a blank page.');
    await page.getByRole('button', { name: 'Submit Request' }).click();

    await page.getByRole('heading', { name: 'Request Submitted Successfully' }).waitFor();
    const ticket = (await page.getByTestId('support-ticket').textContent())!.trim();
    expect(ticket).toMatch(/^TL-\d{4}-[0-9A-Z]{6}$/);
    await page.getByText('Support Request Submitted', { exact: true }).waitFor();
    await shoot(page, 'support-submitted-1280');

    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
  });
});

test('the contact form sends its message as a support request and shows the ticket number', async () => {
  await withPage(mobile, async (page) => {
    await page.goto(`${app.url}/contact`);
    // All four are required, nothing more (seed 001 §5): an empty form names each field.
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByRole('form', { name: 'Contact form' }).getByText('Required').count()).toBe(4);
    await page.getByLabel('Name').fill('Al');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Subject').fill('Hi');
    await page.getByLabel('Message').fill('Quick question?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const ticket = (await page.getByTestId('contact-ticket').textContent())!.trim();
    expect(ticket).toMatch(/^TL-\d{4}-[0-9A-Z]{6}$/);
    const [event] = (await app.running.store.readAll({ from: START, maxCount: 100_000 })).filter((e) => e.type === 'SupportRequestSubmitted' && (e.data as { ticketNumber: string }).ticketNumber === ticket);
    expect(event?.data).toMatchObject({ fullName: 'Al', subject: 'Hi', message: 'Quick question?', issueType: 'other', priority: 'normal' });
  });
});
