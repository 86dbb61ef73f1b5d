// The support inbox in a real browser against the built SPA and the real API, on a phone (375 px): a
// visitor sends a request from /support; an admin1 finds it in the portal's Support tab (urgent first,
// with a reply link) but has no Resolve button; an admin2 resolves it with a note, it leaves the open
// queue and shows under Resolved with who resolved it and why, and the master console's access log
// has it. Layout and accessibility are checked on the tab with the request in it, at 375 and 1280 px.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { startTestApp, type TestApp } from '../../../../test/support/app.js';
import { launchBrowser } from '../../../../test/support/browser.js';
import { AT_375, expectSoundLayoutAtBothWidths, expectToast, newContext, screenshotDir } from '../../../../test/support/screens.js';
import { createStaff } from '../../../../test/support/staff.js';

let app: TestApp;
let browser: Browser;
const staff = {} as Record<'admin1' | 'admin2' | 'master_admin', { email: string; password: string }>;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  staff.admin1 = await createStaff(app, 'admin1');
  staff.admin2 = await createStaff(app, 'admin2');
  staff.master_admin = await createStaff(app, 'master_admin');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
/** The Support tab, whose name carries the open count when there is one: "Support (1 open)". */
const supportTab = (page: Page) => page.getByRole('tab', { name: /^Support( \(\d+ open\))?$/ });
/** A toast with this title opened since the last one awaited (pages record theirs: it may have closed already). */
const toast = (page: Page, title: string) => expectToast(page, title);

async function signIn(page: Page, who: { email: string; password: string }, portal: 'admin' | 'master-admin' = 'admin'): Promise<void> {
  await page.goto(`${app.url}/${portal}/login`);
  if (portal === 'admin') {
    await page.getByLabel('Username', { exact: true }).fill(who.email);
  } else {
    await page.getByLabel('Email', { exact: true }).fill(who.email);
  }
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: portal === 'admin' ? 'Admin Portal' : 'Master Admin Console' }).waitFor();
}

/** Sends the support form as a visitor would and returns the ticket number it shows. */
async function sendSupportRequest(page: Page, subject: string, email: string): Promise<string> {
  await page.goto(`${app.url}/support`);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Issue type').selectOption('payment');
  await page.getByLabel('Priority').selectOption('urgent');
  await page.getByLabel('Message').fill('I was charged twice for one registration this morning.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.getByRole('heading', { name: 'Request Submitted Successfully' }).waitFor();
  return (await page.getByTestId('support-ticket').textContent())!.trim();
}

async function openSupportTab(page: Page, search: string): Promise<void> {
  await page.goto(`${app.url}/admin?tab=support`);
  await supportTab(page).waitFor();
  await page.getByLabel('Search support requests').fill(search);
}

// Clicked through on a phone, every screen it checks held to both widths (expectSoundLayoutAtBothWidths):
// clicking it through at 1280 px as well took ~12 s of a run's file time.
test.each(AT_375)('at %s px: a request sent from /support is answered in the portal: admin1 reads it, admin2 resolves it with a note', async (label, viewport) => {
  const subject = `Charged twice at ${label} px`;
  const email = `grace.${label}@example.com`;
  const contexts = await Promise.all([newContext(browser, { viewport }), newContext(browser, { viewport }), newContext(browser, { viewport }), newContext(browser, { viewport })]);
  const [visitor, reader, resolver, master] = await Promise.all(contexts.map((context) => context.newPage()));
  try {
    const ticket = await sendSupportRequest(visitor!, subject, email);

    // admin1: the request is in the open queue with everything needed to answer it, and no Resolve.
    await signIn(reader!, staff.admin1);
    await openSupportTab(reader!, ticket);
    const row = reader!.getByRole('listitem', { name: ticket, exact: true });
    await row.getByText(subject).waitFor(); // the submission does not wait for the inbox: this waits for it
    // The tab counts it (the only request sent); reloaded, so the count is read after the inbox has it.
    await reader!.reload();
    await tab(reader!, 'Support (1 open)').waitFor();
    await row.getByText('Urgent', { exact: true }).waitFor();
    await row.getByText('Payment Issue').waitFor();
    await row.getByText('I was charged twice for one registration this morning.').waitFor();
    const reply = row.getByRole('link', { name: email });
    expect(await reply.getAttribute('href')).toBe(`mailto:${email}?subject=${encodeURIComponent(`Re: \u2068${subject}\u2069 [${ticket}]`)}`);
    expect(await row.getByRole('button', { name: `Resolve ${ticket}` }).count()).toBe(0);
    await expectSoundLayoutAtBothWidths(reader!, 'support tab');
    const dir = screenshotDir();
    if (dir) await reader!.screenshot({ path: path.join(dir, `admin-support-${label}.png`), fullPage: true });

    // admin2 resolves it with a note; it leaves the open queue.
    await signIn(resolver!, staff.admin2);
    await openSupportTab(resolver!, ticket);
    await resolver!.getByRole('button', { name: `Resolve ${ticket}` }).click();
    const dialog = resolver!.getByRole('dialog');
    await dialog.getByText(`Reply to ${email} first: nothing is sent from here.`, { exact: false }).waitFor();
    await dialog.getByLabel('Note (optional)').fill('Refunded the second charge.');
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    await toast(resolver!, 'Request Resolved');
    await resolver!.getByText('No support requests match.').waitFor();
    await tab(resolver!, 'Support').waitFor(); // nothing open: no count

    // Under Resolved: who resolved it and their note.
    await resolver!.getByLabel('Show').selectOption('resolved');
    const resolved = resolver!.getByRole('listitem', { name: ticket, exact: true });
    await resolved.getByText(`by ${staff.admin2.email} (admin2): “Refunded the second charge.”`, { exact: false }).waitFor();
    await resolved.getByRole('button', { name: `Reopen ${ticket}` }).waitFor();

    // The master console's access log names it.
    await signIn(master!, staff.master_admin, 'master-admin');
    await tab(master!, 'Access Logs').click();
    await master!
      .getByRole('list', { name: 'Access log' })
      .getByRole('listitem')
      .filter({ hasText: 'Support request resolved' })
      .filter({ hasText: ticket })
      .filter({ hasText: 'Refunded the second charge.' })
      .waitFor();
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
