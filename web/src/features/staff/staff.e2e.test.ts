// The staff journey in a real browser against the built SPA and the real API, on a phone (375 px)
// with each screen it checks held to 1280 px as well:
// the app starts with MASTER_ADMIN_*; the master signs in, invites an admin3; the invitee opens the
// link from the outbox, accepts (submit disabled until both boxes are checked), lands on
// /admin/login after 2 s, signs in and sees the portal shell; the master changes the role (the
// invitee's session ends), deletes the admin (their token is refused), and the Access Logs tab lists
// every step with the IP. No staff token is ever readable by the page's scripts. A member who forgot
// their password: the master sends a reset, the link from the .eml file sets a new one, and they
// sign in with it.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

import { startTestApp, type TestApp } from '../../../../test/support/app.js';
import { launchBrowser } from '../../../../test/support/browser.js';
import { emlFilesTo } from '../../../../test/support/mail.js';
import { createStaff, inviteStaff } from '../../../../test/support/staff.js';
import path from 'node:path';

import { AT_375, atBothWidths, expectSoundLayout, expectSoundLayoutAtBothWidths, expectToast, mobile, newContext, PHONE_AND_DESKTOP, screenshotDir } from '../../../../test/support/screens.js';

const MASTER = { email: 'master.e2e@example.com', password: 'master password 2026' };
const INVITEE_PASSWORD = 'invitee password 1';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ MASTER_ADMIN_EMAIL: MASTER.email, MASTER_ADMIN_PASSWORD: MASTER.password, DEV_OUTBOX: '1' });
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
/** Whether `locator` has the keyboard's focus (a step that replaced or disabled it dropped it to <body>). */
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** What a screen reader reads as a control's description: the text of everything aria-describedby names. */
const description = (locator: Locator) =>
  locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' '),
  );

/** The invitation e-mail's link, from the development outbox. */
async function invitationLink(email: string): Promise<string> {
  const response = await fetch(`${app.url}/api/dev/outbox`);
  const { emails } = (await response.json()) as { emails: { to: string; body: string }[] };
  const link = emails.find((mail) => mail.to === email)?.body.match(/https?:\/\/\S+accept-invite\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation e-mail for ${email}`);
  return link;
}

async function staffCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'tl_staff');
  if (!cookie) throw new Error('no staff cookie');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  return cookie.value;
}

async function noTokenForScripts(page: Page): Promise<void> {
  const visible = await page.evaluate(() => ({ cookies: document.cookie, storage: JSON.stringify({ ...localStorage, ...sessionStorage }) }));
  expect(visible.cookies).not.toContain('tl_staff');
  expect(visible.storage).not.toMatch(/token/i);
}

async function signIn(page: Page, portal: '/admin/login' | '/master-admin/login', email: string, password: string): Promise<void> {
  await page.goto(`${app.url}${portal}`);
  await heading(page, portal === '/admin/login' ? 'Admin Login' : 'Master Admin Login');
  await field(page, portal === '/admin/login' ? 'Username' : 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A full-page screenshot at the page's current width, when $SCREENSHOT_DIR is set. */
async function snap(page: Page, name: string): Promise<void> {
  const dir = screenshotDir();
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

const adminRow = (page: Page, email: string) => page.getByRole('listitem', { name: email, exact: true });

describe('staff accounts in the browser', () => {
  test('the admin login refuses wrong credentials inline and with a toast, and needs both fields', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await page.goto(`${app.url}/admin/login`);
      await heading(page, 'Admin Login');
      const signInButton = page.getByRole('button', { name: 'Sign In', exact: true });
      await signInButton.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Username is required').waitFor();
      await page.getByText('Password is required').waitFor();
      // The first empty field takes focus and says why (focus stayed on the button, nothing heard).
      await expect.poll(() => hasFocus(field(page, 'Username'))).toBe(true);
      expect(await description(field(page, 'Username'))).toContain('Username is required');
      await field(page, 'Username').fill(MASTER.email);
      await field(page, 'Password').fill('not the password');
      await signInButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Invalid admin credentials' }).waitFor();
      await toast(page, 'Access Denied');
      // Refused: focus stays on Sign In (disabled while the call ran, it fell to <body>), and both
      // fields are marked, described by the alert that says why.
      expect(await hasFocus(signInButton)).toBe(true);
      for (const name of ['Username', 'Password']) {
        expect(await field(page, name).getAttribute('aria-invalid')).toBe('true');
        expect(await description(field(page, name))).toContain('Invalid admin credentials');
      }
      expect(await page.getByRole('link', { name: 'Back to Main Site' }).getAttribute('href')).toBe('/dashboard');
      await atBothWidths(page, 'admin-login', { check: true });
      // The server out of reach is not a wrong password.
      await page.route('**/api/admin/login', (route) => route.abort());
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to login' }).waitFor();
      await toast(page, 'Login Failed');
      await page.unroute('**/api/admin/login');
      // A browser flag opens nothing: the server decides.
      await page.evaluate(() => localStorage.setItem('adminAuth', 'true'));
      await page.goto(`${app.url}/master-admin`);
      await page.waitForURL((url) => url.pathname === '/master-admin/login');
      await page.goto(`${app.url}/admin/accept-invite`);
      await page.getByRole('heading', { name: 'Invalid Invitation' }).waitFor();
      // So does a link that cannot be a token at all (only spaces, broken at a space, over 200
      // characters): the invalid-invitation view at once, never the form and a schema message.
      for (const token of ['%20%20', 'abc%20def', 'x'.repeat(201)]) {
        await page.goto(`${app.url}/admin/accept-invite?token=${token}`);
        await page.getByRole('heading', { name: 'Invalid Invitation' }).waitFor();
        expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });

  // Clicked through on a phone, every screen it checks held to 1280 px as well (expectSoundLayoutAtBothWidths):
  // clicking it through at 1280 px too took ~22 s of a run's file time.
  for (const [label, viewport] of AT_375) {
    test(`invite → accept → sign in → role change → delete → access log at ${label} px`, async () => {
      const masterContext = await newContext(browser, { viewport });
      const inviteeContext = await newContext(browser, { viewport });
      const master = await masterContext.newPage();
      const invitee = await inviteeContext.newPage();
      const email = `admin3.${label}.${Date.now()}@example.com`;
      try {
        // The master signs in and invites an admin3.
        await signIn(master, '/master-admin/login', MASTER.email, MASTER.password);
        await heading(master, 'Master Admin Console');
        await noTokenForScripts(master);
        await expectSoundLayoutAtBothWidths(master, 'master console');
        const form = master.getByRole('form', { name: 'Invite an admin' });
        const sendInvitation = form.getByRole('button', { name: 'Send Invitation' });
        // Sent empty from the keyboard: the first field in error takes focus with its message.
        await sendInvitation.focus();
        await master.keyboard.press('Enter');
        await expect.poll(() => hasFocus(field(form, 'Email'))).toBe(true);
        expect(await field(form, 'Email').getAttribute('aria-invalid')).toBe('true');
        await field(form, 'Email').fill(email);
        await field(form, 'First name').fill('Ada');
        await field(form, 'Last name').fill(`Three ${label}`);
        await field(form, 'Role').selectOption('admin3');
        await sendInvitation.click();
        await toast(master, 'Invitation Sent');
        await adminRow(master, email).getByText('Invited').waitFor();
        // Focus stays on the button (disabled while sending, it fell to <body>).
        expect(await hasFocus(sendInvitation)).toBe(true);
        // An address already in use (the master's): said on the e-mail field, which takes focus.
        await field(form, 'Email').fill(MASTER.email);
        await field(form, 'First name').fill('Ada');
        await field(form, 'Last name').fill('Again');
        await sendInvitation.click();
        await expect.poll(() => hasFocus(field(form, 'Email'))).toBe(true);
        expect(await field(form, 'Email').getAttribute('aria-invalid')).toBe('true');
        expect(await description(field(form, 'Email'))).toContain('An admin with this email already exists');
        await snap(master, 'master-console-admins');

        // The invitee opens the link, accepts, and is sent to /admin/login after 2 s.
        await invitee.goto(await invitationLink(email));
        await heading(invitee, 'Accept Admin Invitation');
        const submit = invitee.getByRole('button', { name: 'Create Admin Account' });
        await field(invitee, 'Password').fill(INVITEE_PASSWORD);
        await field(invitee, 'Confirm password').fill(INVITEE_PASSWORD);
        expect(await submit.isDisabled()).toBe(true);
        await invitee.getByRole('checkbox', { name: 'I accept the Terms of Use' }).click();
        expect(await submit.isDisabled()).toBe(true);
        await invitee.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).click();
        expect(await submit.isDisabled()).toBe(false);
        await expectSoundLayoutAtBothWidths(invitee, 'accept invitation');
        await snap(invitee, 'accept-invite');
        await submit.click();
        await invitee.getByRole('heading', { name: 'Account created' }).waitFor();
        await invitee.waitForURL((url) => url.pathname === '/admin/login');

        // The same link again shows the invalid-invitation view as it opens, not after the form.
        const reused = await inviteeContext.newPage();
        await reused.goto(await invitationLink(email));
        await reused.getByRole('heading', { name: 'Invalid Invitation' }).waitFor();
        expect(await field(reused, 'Password').count()).toBe(0);
        await reused.close();

        // The invitee signs in and sees the portal shell.
        await signIn(invitee, '/admin/login', email, INVITEE_PASSWORD);
        await heading(invitee, 'Admin Portal');
        await invitee.getByText('admin3', { exact: true }).waitFor();
        await invitee.getByRole('button', { name: 'Admin Logout' }).waitFor();
        await noTokenForScripts(invitee);
        await expectSoundLayoutAtBothWidths(invitee, 'admin portal');
        await snap(invitee, 'admin-portal');
        const firstToken = await staffCookie(inviteeContext);

        // The master changes the role in a dialog that says what it does: an arrow key on the row
        // re-roled the admin at once. A key pressed in the dialog changes nothing until confirmed;
        // Escape hands focus back to the row's button. The invitee's session ends at once.
        await master.reload();
        await heading(master, 'Master Admin Console');
        const changeRole = adminRow(master, email).getByRole('button', { name: `Change role of ${email}` });
        await changeRole.focus();
        await master.keyboard.press('Enter');
        const roleDialog = master.getByRole('dialog');
        await field(roleDialog, 'New role').focus();
        await master.keyboard.press('ArrowDown');
        await master.keyboard.press('Escape');
        await roleDialog.waitFor({ state: 'detached' });
        await expect.poll(() => master.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Change role of ${email}`);
        await changeRole.click();
        expect(await field(roleDialog, 'New role').inputValue()).toBe('admin3');
        await field(roleDialog, 'New role').selectOption('admin1');
        await roleDialog.getByText('They are signed out at once, everywhere').waitFor();
        await snap(master, 'master-console-change-role');
        await roleDialog.getByRole('button', { name: 'Change role' }).click();
        await toast(master, 'Role Updated');
        const afterRoleChange = await fetch(`${app.url}/api/admin/me`, { headers: { authorization: `Bearer ${firstToken}` } });
        expect(afterRoleChange.status).toBe(401);
        // The invitee's open portal learns it at its next call, and the sign-in page says why (it
        // had stayed on a portal whose every call failed with "Sign in as an admin to continue").
        await invitee.getByRole('tab', { name: 'Users', exact: true }).click();
        await invitee.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('reason') === 'session-ended');
        await invitee.getByRole('status').filter({ hasText: 'Your admin session has ended' }).waitFor();
        await signIn(invitee, '/admin/login', email, INVITEE_PASSWORD);
        await heading(invitee, 'Admin Portal');
        await invitee.getByText('admin1', { exact: true }).waitFor();
        const secondToken = await staffCookie(inviteeContext);

        // The master deletes the admin after the seed's confirmation; their token is refused. A double
        // click deletes once (it sent two DELETEs), and focus goes to the row that took its place.
        const deletes: string[] = [];
        master.on('request', (request) => {
          if (request.method() === 'DELETE') deletes.push(request.url());
        });
        await adminRow(master, email).getByRole('button', { name: `Delete ${email}` }).click();
        const dialog = master.getByRole('dialog');
        await dialog.getByText('Are you sure you want to delete this admin?').waitFor();
        await snap(master, 'master-console-delete-dialog');
        await dialog.getByRole('button', { name: 'Delete admin' }).dblclick();
        await toast(master, 'Admin Deleted');
        await adminRow(master, email).waitFor({ state: 'detached' });
        expect(deletes).toHaveLength(1);
        await expect
          .poll(() => master.evaluate(() => (document.activeElement?.tagName === 'LI' ? document.activeElement.closest('ul')?.getAttribute('aria-label') : null)))
          .toBe('Admin accounts');
        const afterDelete = await fetch(`${app.url}/api/admin/me`, { headers: { authorization: `Bearer ${secondToken}` } });
        expect(afterDelete.status).toBe(401);
        await invitee.reload();
        await invitee.waitForURL((url) => url.pathname === '/admin/login');

        // Access Logs lists each step with the IP.
        await master.getByRole('tab', { name: 'Access Logs' }).click();
        const log = master.getByRole('list', { name: 'Access log' });
        await log.waitFor();
        const entries = log.getByRole('listitem');
        for (const action of ['Admin deleted', 'Role changed', 'Signed in', 'Invitation accepted', 'Admin invited']) {
          const entry = entries.filter({ hasText: action }).first();
          await entry.waitFor();
          expect(await entry.textContent()).toContain('127.0.0.1');
        }
        for (const action of ['Admin invited', 'Role changed', 'Admin deleted']) {
          expect(await entries.filter({ hasText: action }).first().textContent()).toContain(email);
        }
        expect(await entries.filter({ hasText: 'Role changed' }).first().textContent()).toContain(`by ${MASTER.email}`);
        await expectSoundLayoutAtBothWidths(master, 'access logs');
        await snap(master, 'master-console-access-logs');
        await master.getByRole('tab', { name: 'Role Info' }).click();
        await master.getByRole('heading', { name: 'Admin 3 — full records' }).waitFor();
        await expectSoundLayoutAtBothWidths(master, 'role info');
        await snap(master, 'master-console-role-info');

        // Logout ends the master's session too.
        await master.getByRole('button', { name: 'Logout' }).click();
        await master.waitForURL((url) => url.pathname === '/master-admin/login');
        await master.goto(`${app.url}/master-admin`);
        await master.waitForURL((url) => url.pathname === '/master-admin/login');
      } finally {
        await masterContext.close();
        await inviteeContext.close();
      }
    });
  }

  test('a staff member on a page their role does not reach is told who they are, and led on or out', async () => {
    const admin = await createStaff(app, 'admin1');
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await signIn(page, '/admin/login', admin.email, admin.password);
      await heading(page, 'Admin Portal');
      await page.goto(`${app.url}/audit`);
      await heading(page, 'This page needs another role');
      expect(new URL(page.url()).pathname).toBe('/audit');
      const text = await page.getByRole('main').textContent();
      expect(text).toContain(`You are signed in as ${admin.email} (Admin 1 — read only).`);
      expect(text).toContain('The Audit page is for the auditor and the master admin.');
      await atBothWidths(page, 'wrong-role', { check: true });

      await page.getByRole('link', { name: 'Go to Admin Portal' }).click();
      await heading(page, 'Admin Portal');

      // A sign-in page is no dead end either: the portal's own leads back in; the master's says who is signed in.
      await page.goto(`${app.url}/admin/login`);
      await page.waitForURL((url) => url.pathname === '/admin');
      await heading(page, 'Admin Portal');
      await page.goto(`${app.url}/master-admin/login`);
      await page.getByText(`You are signed in as ${admin.email} (Admin 1 — read only).`).waitFor();
      await heading(page, 'Master Admin Login');

      await page.goto(`${app.url}/audit`);
      // Sign-out the server cannot complete (tried twice) says so, and the session stays as it is.
      let attempts = 0;
      await page.route('**/api/admin/logout', async (route) => {
        attempts += 1;
        await route.fulfill({ status: 503, json: { success: false, error: 'Down for a moment.', code: 'service_unavailable', message: 'Down for a moment.' } });
      });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expectToast(page, 'Signing out failed');
      expect(attempts).toBe(2);
      // Focus is still on Sign out (disabled while it ran, it fell to <body>).
      expect(await hasFocus(page.getByRole('button', { name: 'Sign out' }))).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/audit');
      expect((await context.cookies()).some((cookie) => cookie.name === 'tl_staff')).toBe(true);
      await page.unroute('**/api/admin/logout');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/login');
      await heading(page, 'Admin Login');
      expect((await context.cookies()).some((cookie) => cookie.name === 'tl_staff')).toBe(false);
    } finally {
      await context.close();
    }
  });

  test('an admin turns on two-factor sign-in in the portal; the next sign-in asks for the code', async () => {
    const admin = await createStaff(app, 'admin1');
    // On a phone the card is far below the portal's lists: the notice under the heading leads to it.
    const context = await newContext(browser, { viewport: mobile });
    const page = await context.newPage();
    const inView = (locator: Locator) => locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    try {
      await signIn(page, '/admin/login', admin.email, admin.password);
      await heading(page, 'Admin Portal');
      const notice = page.getByText('Two-factor sign-in is off for your account');
      await notice.waitFor();
      await snap(page, 'admin-portal-two-factor-notice');
      const enable = page.getByRole('button', { name: 'Enable 2FA' });
      await page.getByRole('tab').first().waitFor();
      expect(await inView(enable)).toBe(false);
      await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
      await expect.poll(() => inView(enable)).toBe(true);
      await enable.click();
      const setup = page.getByRole('form', { name: 'Set up two-factor sign-in' });
      const secret = (await setup.locator('code').textContent())!.trim();
      await snap(page, 'admin-portal-two-factor-setup');
      // The Enable button is gone: the code field has focus, described by the instructions and the secret.
      const setupCode = field(setup, 'Authentication code');
      await expect.poll(() => hasFocus(setupCode)).toBe(true);
      expect(await description(setupCode)).toContain(secret);
      // A refused code is said on the field, where focus stays for the next one.
      await setupCode.fill('000000');
      await setup.getByRole('button', { name: 'Verify and enable' }).click();
      await toast(page, 'Verification failed');
      await expect.poll(() => setupCode.getAttribute('aria-invalid')).toBe('true');
      expect(await hasFocus(setupCode)).toBe(true);
      await setupCode.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
      await setup.getByRole('button', { name: 'Verify and enable' }).click();
      await toast(page, '2FA enabled');
      await page.getByText('Enabled', { exact: true }).waitFor();
      // The form is gone: focus is on the card's heading, which says the new state.
      expect(await hasFocus(page.getByRole('heading', { name: 'Two-factor sign-in Enabled' }))).toBe(true);
      expect(await notice.count()).toBe(0);
      await page.getByRole('button', { name: 'Admin Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/login');

      await signIn(page, '/admin/login', admin.email, admin.password);
      const code = field(page, 'Authentication code');
      await code.waitFor();
      // A refused code marks the code field and puts focus back in it.
      await code.fill('000000');
      await page.getByRole('button', { name: 'Verify and Sign In' }).click();
      await page.getByRole('alert').waitFor();
      expect(await code.getAttribute('aria-invalid')).toBe('true');
      expect(await hasFocus(code)).toBe(true);
      await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
      await page.getByRole('button', { name: 'Verify and Sign In' }).click();
      await heading(page, 'Admin Portal');
    } finally {
      await context.close();
    }
  });

  test('the master sends a password reset; the e-mailed link sets a new password and the member signs in with it', async () => {
    const member = await createStaff(app, 'admin2');
    const NEW_PASSWORD = 'a fresh reset password';
    const masterContext = await newContext(browser);
    const memberContext = await newContext(browser);
    const master = await masterContext.newPage();
    const page = await memberContext.newPage();
    try {
      // The member is signed in somewhere (and has forgotten the password since).
      await signIn(page, '/admin/login', member.email, member.password);
      await heading(page, 'Admin Portal');

      await signIn(master, '/master-admin/login', MASTER.email, MASTER.password);
      await heading(master, 'Master Admin Console');
      // A master admin's row offers no reset: theirs is the server's command line.
      await adminRow(master, MASTER.email).waitFor();
      expect(await adminRow(master, MASTER.email).getByRole('button', { name: /Send password reset/ }).count()).toBe(0);
      await adminRow(master, member.email).getByText('Active').waitFor();
      await atBothWidths(master, 'master-console-admins-with-reset', { check: true });
      await adminRow(master, member.email).getByRole('button', { name: `Send password reset to ${member.email}` }).click();
      const dialog = master.getByRole('dialog');
      await dialog.getByText('E-mail this admin a link to set a new password?').waitFor();
      await snap(master, 'master-console-password-reset-dialog');
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await toast(master, 'Password Reset Sent');

      // The link, from the .eml file the app wrote (no SMTP_URL in tests).
      const files = await emlFilesTo(path.join(app.running.config.dataDir, 'mail'), member.email);
      const link = files.map(({ mail }) => /https?:\/\/\S+\/admin\/reset-password\?token=\S+/.exec(mail.text ?? '')?.[0]).find(Boolean);
      if (!link) throw new Error(`no reset e-mail to ${member.email}`);

      await page.goto(link);
      await heading(page, 'Reset Admin Password');
      await field(page, 'New password').fill(NEW_PASSWORD);
      await field(page, 'Confirm new password').fill('not the same password');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
      // The field it is about is marked, and described by the alert.
      expect(await field(page, 'Confirm new password').getAttribute('aria-invalid')).toBe('true');
      expect(await description(field(page, 'Confirm new password'))).toContain('Passwords do not match');
      expect(await field(page, 'New password').getAttribute('aria-invalid')).toBeNull();
      await field(page, 'Confirm new password').fill(NEW_PASSWORD);
      await atBothWidths(page, 'staff-reset-password', { check: true });
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'Password reset' }).waitFor();
      // Signed out everywhere: /admin/login shows its form, not the portal.
      await page.waitForURL((url) => url.pathname === '/admin/login');
      await heading(page, 'Admin Login');

      await signIn(page, '/admin/login', member.email, member.password);
      await page.getByRole('alert').filter({ hasText: 'Invalid admin credentials' }).waitFor();
      await signIn(page, '/admin/login', member.email, NEW_PASSWORD);
      await heading(page, 'Admin Portal');

      // The link is spent: opened again it shows the invalid-link view as it opens.
      await page.goto(link);
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      expect(await field(page, 'New password').count()).toBe(0);
      await page.goto(`${app.url}/admin/reset-password`);
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();

      await master.getByRole('tab', { name: 'Access Logs' }).click();
      const entries = master.getByRole('list', { name: 'Access log' }).getByRole('listitem');
      await entries.filter({ hasText: 'Password reset sent' }).filter({ hasText: member.email }).first().waitFor();
      expect(await entries.filter({ hasText: 'Password reset sent' }).first().textContent()).toContain(`by ${MASTER.email}`);
      await entries.filter({ hasText: 'with the e-mailed link' }).filter({ hasText: member.email }).first().waitFor();
    } finally {
      await masterContext.close();
      await memberContext.close();
    }
  });

  test('sixty admins on a phone: the invite form first, the list filtered and counted, panels and older log entries by keyboard', async () => {
    for (let i = 0; i < 60; i++) await inviteStaff(app, 'admin1', { firstName: 'Crowd', lastName: `Member ${i}` });
    const context = await newContext(browser, { viewport: PHONE_AND_DESKTOP[1][1] });
    const page = await context.newPage();
    try {
      await signIn(page, '/master-admin/login', MASTER.email, MASTER.password);
      await heading(page, 'Master Admin Console');
      const list = page.getByRole('list', { name: 'Admin accounts' });
      await list.waitFor();
      // Below the list, the form was sixty rows (some 10,000 px) down on a phone.
      const top = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().top);
      expect(await top(page.getByRole('form', { name: 'Invite an admin' }))).toBeLessThan(await top(list));

      // Counted, and filtered by name, e-mail or role.
      const rows = list.getByRole('listitem');
      const total = await rows.count();
      expect(total).toBeGreaterThan(60);
      await page.getByRole('status').filter({ hasText: `${total} accounts` }).waitFor();
      const filter = page.getByRole('searchbox', { name: 'Filter admins' });
      await filter.fill('member 42');
      await page.getByRole('status').filter({ hasText: `1 of ${total} accounts match` }).waitFor();
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('Crowd Member 42');
      await filter.fill('nobody by this name');
      await page.getByText('No admin account matches “nobody by this name”.').waitFor();
      await expectSoundLayout(page, 'master console filtered at 390 px');
      await filter.fill('');
      await expect.poll(() => rows.count()).toBe(total);

      // The keyboard lands on the open panel after the tabs, and the focus ring shows it.
      await page.getByRole('tab', { name: 'Admins' }).focus();
      await page.keyboard.press('Tab');
      const landed = await page.evaluate(() => {
        const element = document.activeElement;
        return { role: element?.getAttribute('role'), outline: element ? getComputedStyle(element).outlineStyle : null };
      });
      expect(landed.role).toBe('tabpanel');
      expect(landed.outline).not.toBe('none');

      // "Load older entries" by keyboard: focus goes to the first older entry (it fell to <body>).
      await page.getByRole('tab', { name: 'Access Logs' }).click();
      const entries = page.getByRole('list', { name: 'Access log' }).getByRole('listitem');
      await expect.poll(() => entries.count()).toBe(50);
      await page.getByRole('button', { name: 'Load older entries' }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => {
          const element = document.activeElement;
          return element?.tagName === 'LI' ? Array.from(element.parentElement!.children).indexOf(element) : -1;
        }))
        .toBe(50);
    } finally {
      await context.close();
    }
  });
});
