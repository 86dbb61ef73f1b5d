// The auditor's journey in a real browser against the built SPA and the real API (issue 17 items 3
// and 4): the master admin invites an auditor from the console's form; the auditor accepts from the
// outbox link, signs in at /admin/login and lands on /audit; turns on two-factor sign-in and signs in
// again with a code; sees the latest checkpoint with its signature checked and the latest checkpoint
// the ledger anchored on the chain (the app anchors after every entry here), the chart of the tree,
// checks consistency between two checkpoints in the browser (and sees a tampered proof fail), runs
// verify-log on the server and sees its verdict. The admin portal and the master console stay closed
// to the auditor, in the page and at the API.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';

import { startTestApp, type TestApp } from '../../../../test/support/app.js';
import { launchBrowser } from '../../../../test/support/browser.js';
import { atBothWidths, desktop, expectToast, mobile, newContext } from '../../../../test/support/screens.js';

const MASTER = { email: 'master.audit@example.com', password: 'master password 2026' };
const AUDITOR_PASSWORD = 'auditor password 1';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  // Checkpoints are anchored as soon as one entry is new (the default waits for 1000 or 10 minutes).
  app = await startTestApp({ MASTER_ADMIN_EMAIL: MASTER.email, MASTER_ADMIN_PASSWORD: MASTER.password, DEV_OUTBOX: '1', LEDGER_CHECKPOINT_ANCHOR_ENTRIES: '1' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
/** A toast with this title opened since the last one awaited (pages record theirs: it may have closed already). */
const toast = (page: Page, title: string) => expectToast(page, title);
const field = (scope: Page | Locator, name: string) => scope.getByLabel(name, { exact: true });
/** Whether `locator` has the keyboard's focus (a button disabled while its call ran dropped it to <body>). */
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function invitationLink(email: string): Promise<string> {
  const response = await fetch(`${app.url}/api/dev/outbox`);
  const { emails } = (await response.json()) as { emails: { to: string; body: string }[] };
  const link = emails.find((mail) => mail.to === email)?.body.match(/https?:\/\/\S+accept-invite\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation e-mail for ${email}`);
  return link;
}

async function signIn(page: Page, portal: '/admin/login' | '/master-admin/login', email: string, password: string): Promise<void> {
  await page.goto(`${app.url}${portal}`);
  await heading(page, portal === '/admin/login' ? 'Admin Login' : 'Master Admin Login');
  await field(page, portal === '/admin/login' ? 'Username' : 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** GET /api/log/checkpoint/anchor: the latest checkpoint anchored on chain, null while it answers {anchored: false}. */
async function anchoredCheckpoint(): Promise<{ treeSize: number; anchor: { blockNumber: number; chainId: number } } | null> {
  const response = await fetch(`${app.url}/api/log/checkpoint/anchor`);
  const body = (await response.json()) as { anchored: boolean; treeSize: number; anchor: { blockNumber: number; chainId: number } };
  return body.anchored ? body : null;
}

/** The status of a call made by the page itself (with its HttpOnly staff cookie). */
const statusOf = (page: Page, url: string) => page.evaluate(async (u) => (await fetch(u)).status, url);

describe('the auditor in the browser', () => {
  test('invited by the master, signs in with two-factor, checks the log on /audit', async () => {
    const masterContext = await newContext(browser);
    const auditorContext = await newContext(browser);
    const master = await masterContext.newPage();
    const auditor = await auditorContext.newPage();
    const email = `auditor.${Date.now()}@example.com`;
    try {
      // The master invites an auditor with the console's form.
      await signIn(master, '/master-admin/login', MASTER.email, MASTER.password);
      await heading(master, 'Master Admin Console');
      const form = master.getByRole('form', { name: 'Invite an admin' });
      await field(form, 'Email').fill(email);
      await field(form, 'First name').fill('Iris');
      await field(form, 'Last name').fill('Auditor');
      await field(form, 'Role').selectOption('auditor');
      await form.getByRole('button', { name: 'Send Invitation' }).click();
      await toast(master, 'Invitation Sent');

      // The auditor accepts and signs in at the admin login: the audit page, not the portal.
      await auditor.goto(await invitationLink(email));
      await heading(auditor, 'Accept Admin Invitation');
      await field(auditor, 'Password').fill(AUDITOR_PASSWORD);
      await field(auditor, 'Confirm password').fill(AUDITOR_PASSWORD);
      await auditor.getByRole('checkbox', { name: 'I accept the Terms of Use' }).click();
      await auditor.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).click();
      await auditor.getByRole('button', { name: 'Create Admin Account' }).click();
      await auditor.waitForURL((url) => url.pathname === '/admin/login');
      await signIn(auditor, '/admin/login', email, AUDITOR_PASSWORD);
      await auditor.waitForURL((url) => url.pathname === '/audit');
      await heading(auditor, 'Audit');
      // "Not anchored yet" is a normal answer, not a 404 the console reports (QA 38 finding 8).
      const anchorStatuses: number[] = [];
      auditor.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/log/checkpoint/anchor') anchorStatuses.push(response.status());
      });

      // Two-factor sign-in, as every staff member has it.
      // A CI run at load waited 90 s here for a setup form that never opened after one click. The cause
      // is not known: the audit tools and access log above the card load meanwhile and can move it as
      // the click lands. So: click until the form shows, and name a failure toast if one comes instead.
      const setup = auditor.getByRole('form', { name: 'Set up two-factor sign-in' });
      await vi.waitFor(async () => {
        const failed = auditor.locator('.toast', { hasText: '2FA setup failed' });
        if ((await failed.count()) > 0) throw new Error(`2FA setup failed: ${await failed.first().textContent()}`);
        if (!(await setup.isVisible())) await auditor.getByRole('button', { name: 'Enable 2FA' }).click({ timeout: 5_000 });
        await setup.waitFor({ timeout: 5_000 });
      }, { timeout: 90_000, interval: 100 });
      const secret = (await setup.locator('code').textContent())!.trim();
      await field(setup, 'Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
      await setup.getByRole('button', { name: 'Verify and enable' }).click();
      await toast(auditor, '2FA enabled');
      await auditor.getByRole('button', { name: 'Sign out' }).click();
      await auditor.waitForURL((url) => url.pathname === '/admin/login');
      await signIn(auditor, '/admin/login', email, AUDITOR_PASSWORD);
      const code = field(auditor, 'Authentication code');
      await code.waitFor();
      await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await auditor.getByRole('button', { name: 'Verify and Sign In' }).click();
      await auditor.waitForURL((url) => url.pathname === '/audit');

      // At least two non-empty signed checkpoints to compare (the extender signs one a second while the log grows).
      await expect
        .poll(async () => Number((await app.running.pool.query<{ n: string }>('SELECT count(*) AS n FROM tlog_checkpoints WHERE tree_size > 0')).rows[0]!.n))
        .toBeGreaterThanOrEqual(2);
      const latestSize = Number((await app.running.pool.query<{ s: string }>('SELECT max(tree_size) AS s FROM tlog_checkpoints')).rows[0]!.s);
      await auditor.reload();
      await heading(auditor, 'Audit');
      await auditor.getByText('Signature ok', { exact: true }).waitFor();
      expect(Number((await auditor.getByTestId('latest-tree-size').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(latestSize);
      // The anchored checkpoint, as the chain records it: the page shows what the API says.
      await expect.poll(anchoredCheckpoint).not.toBeNull();
      const anchored = (await anchoredCheckpoint())!;
      expect(anchored.anchor.chainId).toBe(31337);
      await auditor.reload();
      await heading(auditor, 'Audit');
      const anchorFact = auditor.getByTestId('checkpoint-anchor');
      await anchorFact.getByText(/^Tree size [\d,]+ anchored in block [\d,]+ on chain 31337,/).waitFor();
      const shown = (await anchorFact.textContent())!.match(/Tree size ([\d,]+) anchored in block ([\d,]+)/)!;
      // Anchored at least as far as when we asked (the ledger may have anchored a newer one since).
      expect(Number(shown[1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(anchored.treeSize);
      expect(Number(shown[2]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(anchored.anchor.blockNumber);
      expect(await anchorFact.textContent()).not.toMatch(/Not anchored yet/);
      expect(anchorStatuses.length).toBeGreaterThan(0);
      expect(anchorStatuses.every((status) => status === 200), String(anchorStatuses)).toBe(true);
      await auditor.getByRole('img', { name: /The tree over time: from \d+ leaves to \d+ leaves/ }).waitFor();
      expect(await auditor.locator('.recharts-area').count()).toBeGreaterThan(0);

      // Consistency checked in the browser: the oldest against the latest.
      const older = await field(auditor, 'Older checkpoint').inputValue();
      const newer = await field(auditor, 'Newer checkpoint').inputValue();
      expect(Number(older)).toBeLessThan(Number(newer));
      const checkConsistency = auditor.getByRole('button', { name: 'Check consistency' });
      await checkConsistency.focus();
      await auditor.keyboard.press('Enter');
      await auditor.getByText(`Consistent: ${older} → ${newer} ok`).waitFor();
      expect(await hasFocus(checkConsistency)).toBe(true);
      // Another pick: the verdict was for the old pair, so it goes (QA 38 finding 6).
      await field(auditor, 'Older checkpoint').selectOption(newer);
      await auditor.getByText(`Consistent: ${older} → ${newer} ok`).waitFor({ state: 'detached' });
      await field(auditor, 'Older checkpoint').selectOption(older);

      // A proof with one byte changed: the page itself refuses it.
      await auditor.route('**/api/log/proof/consistency**', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { from: number; to: number; path: string[] };
        const path = body.path.map((hash, i) => (i === 0 ? `${hash[0] === '0' ? '1' : '0'}${hash.slice(1)}` : hash));
        await route.fulfill({ response, json: { ...body, path } });
      });
      await auditor.getByRole('button', { name: 'Check consistency' }).click();
      await auditor.getByText(`Consistency FAILED: ${older} → ${newer}`).waitFor();
      await auditor.unroute('**/api/log/proof/consistency**');

      // verify-log on the server, its verdict recorded and shown.
      const runVerifyLog = auditor.getByRole('button', { name: 'Run verify-log on the server' });
      await runVerifyLog.focus();
      await auditor.keyboard.press('Enter');
      const run = auditor.getByTestId('audit-run').first();
      await run.getByText('OK', { exact: true }).waitFor();
      expect(await hasFocus(runVerifyLog)).toBe(true);
      await run.getByText(/^verify-log: OK — \d+ events recomputed into the tree/).waitFor();
      await run.getByText(`from this page by ${email}`, { exact: false }).waitFor();
      await atBothWidths(auditor, 'audit', { check: true });
      // On a phone the access log has the column's width: inside a second card it had some 290 px of 375.
      await auditor.setViewportSize(mobile);
      const log = auditor.getByRole('list', { name: 'Access log' });
      expect((await log.boundingBox())!.width).toBeGreaterThanOrEqual(mobile.width - 40);
      await auditor.setViewportSize(desktop);

      // Read-only, outside the admin order: no admin portal, no console; the access log and entries are open.
      expect(await statusOf(auditor, '/api/master-admin/admins')).toBe(403);
      expect(await statusOf(auditor, '/api/admin/global-stats')).toBe(403);
      expect(await statusOf(auditor, '/api/master-admin/audit-logs')).toBe(200);
      expect(await statusOf(auditor, '/api/log/entries?from=0&limit=2')).toBe(200);
      // The admin portal is not theirs: the page says so and leads back to the audit page.
      await auditor.goto(`${app.url}/admin`);
      await heading(auditor, 'This page needs another role');
      expect(await auditor.getByRole('main').textContent()).toContain('The Admin Portal is for admins (Admin 1, 2 and 3) and the master admin.');
      await auditor.getByRole('link', { name: 'Go to Audit' }).waitFor();

      // The master admin opens the audit page too, from the console.
      await master.goto(`${app.url}/master-admin`);
      await heading(master, 'Master Admin Console');
      await master.getByRole('link', { name: 'Audit', exact: true }).click();
      await master.waitForURL((url) => url.pathname === '/audit');
      await heading(master, 'Audit');
      await master.getByText('Signature ok', { exact: true }).waitFor();
    } finally {
      await masterContext.close();
      await auditorContext.close();
    }
  });
});
