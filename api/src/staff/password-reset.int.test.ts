// Staff password resets over HTTP on a real Postgres: the master admin e-mails a member a link
// (written as an .eml file); the link sets the new password once, ends every session of the account
// and keeps two-factor sign-in on; a replaced, late, forged or garbage link is refused with a clear
// 4xx; a master admin, an invitee or a deleted account cannot be reset from the console; of several
// completions sent at once exactly one wins; the same link finishes a reset whose password was never
// stored. Who may call the routes at all is the authorisation
// table's test (staff.int.test.ts). No call may answer 500.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logInPostgres, startTestApp, type TestApp } from '../../../test/support/app.js';
import { errorReply, freshEmail, injectSender, jsonBody, type HttpRequest, type Send } from '../../../test/support/flows.js';
import { emlFilesTo } from '../../../test/support/mail.js';
import { createStaff, signedInStaff, signInStaff, type TestStaff } from '../../../test/support/staff.js';
import { AttemptLimiter } from '../accounts/attempt-limiter.js';
import { StaffSessions } from './staff-sessions.js';
import { PASSWORD_RESET_TTL_MS, StaffService } from './staff-service.js';

let app: TestApp;
let send: Send;
let boss: TestStaff;
const statuses: number[] = [];

const call = async (request: HttpRequest) => {
  const reply = await injectSender(app)(request);
  statuses.push(reply.status);
  return reply;
};

beforeAll(async () => {
  app = await startTestApp();
  send = (request) => call(request);
  boss = await signedInStaff(app, 'master_admin', send);
});
afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await app?.stop();
});

const sendReset = (staffId: string, token = boss.token) => call({ method: 'POST', url: `/api/master-admin/admins/${staffId}/password-reset`, token, ...jsonBody({}) });
const complete = (token: string, password: string) => call({ method: 'POST', url: '/api/admin/reset-password', ...jsonBody({ token, password }) });
const signIn = (email: string, password: string) => call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email, password }) });
const INVALID = errorReply('unprocessable', 'Invalid or expired reset link');

/** The reset links e-mailed to `email` (the .eml files the app writes under DATA_DIR/mail), oldest first, once there are `count`. */
async function resetLinksTo(email: string, count = 1): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const files = await emlFilesTo(path.join(app.running.config.dataDir, 'mail'), email);
      const links = files
        .sort((a, b) => a.file.localeCompare(b.file))
        .map(({ mail }) => /https?:\/\/\S+\/admin\/reset-password\?token=\S+/.exec(mail.text ?? '')?.[0])
        .filter((link): link is string => link !== undefined);
      if (links.length < count) throw new Error(`${links.length} of ${count} reset e-mails to ${email} so far`);
      return links;
    },
    { timeout: 90_000, interval: 50 },
  );
}
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

describe('a reset link from the master admin', () => {
  it('is e-mailed, never answered; it sets the new password once, ends every session and is logged', async () => {
    const member = await signedInStaff(app, 'admin2', send);
    const sent = await sendReset(member.id);
    expect(sent.status, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: `Password reset link sent to ${member.email}` });
    const [link] = await resetLinksTo(member.email);
    expect(link!.startsWith(`${app.running.config.publicUrl}/admin/reset-password?token=`)).toBe(true);
    // The member's mail folder also holds the invitation: the reset is the one that says so.
    const eml = (await emlFilesTo(path.join(app.running.config.dataDir, 'mail'), member.email)).find((f) => f.mail.text?.includes(link!));
    expect(eml?.mail).toMatchObject({ subject: 'Reset your TitleLedger admin password', text: expect.stringContaining('within 24 hours') });
    const token = tokenOf(link!);
    expect(sent.body).not.toContain(token);

    // Until the link is used nothing changes: the old password and the session still work.
    expect((await call({ method: 'GET', url: '/api/admin/me', token: member.token })).status).toBe(200);
    expect((await complete(token, 'a brand new password')).json()).toMatchObject({ success: true });
    expect((await call({ method: 'GET', url: '/api/admin/me', token: member.token })).status).toBe(401);
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, 'a brand new password')).status).toBe(200);

    // Spent: a second use is refused and changes nothing.
    expect((await complete(token, 'yet another password')).json()).toEqual(INVALID);
    expect((await signIn(member.email, 'yet another password')).status).toBe(401);

    const logs = (await call({ method: 'GET', url: '/api/master-admin/audit-logs?limit=50', token: boss.token })).json().logs as {
      action: string;
      targetId: string;
      adminId: string | null;
      details: Record<string, unknown>;
    }[];
    const mine = logs.filter((entry) => entry.targetId === member.id && entry.action.startsWith('password_reset'));
    expect(mine).toMatchObject([
      { action: 'password_reset', adminId: member.id, details: { via: 'link' } },
      { action: 'password_reset_sent', adminId: boss.id, details: { expiresAt: expect.any(String) } },
    ]);
  });

  it('can be checked without being used; the check answers as completing it would', async () => {
    const member = await createStaff(app, 'admin1');
    expect((await sendReset(member.id)).status).toBe(200);
    const [link] = await resetLinksTo(member.email);
    const token = tokenOf(link!);
    const check = (value: string) => call({ method: 'POST', url: '/api/admin/reset-password/check', ...jsonBody({ token: value }) });
    expect((await check(token)).json()).toEqual({ success: true, valid: true });
    expect((await check(token)).status).toBe(200);
    expect((await complete(token, 'a checked new password')).status).toBe(200);
    expect((await check(token)).json()).toMatchObject(INVALID);
    expect((await check(`${token.split('.')[0]}.${'A'.repeat(43)}`)).json()).toMatchObject(INVALID);
    expect((await check('garbage')).json()).toMatchObject(INVALID);
  });

  it('is replaced by a newer link, and expires after 24 hours', async () => {
    const member = await createStaff(app, 'auditor');
    expect((await sendReset(member.id)).status).toBe(200);
    expect((await sendReset(member.id)).status).toBe(200);
    const [older, newer] = (await resetLinksTo(member.email, 2)).map(tokenOf);
    expect((await complete(older!, 'the older link password')).json()).toEqual(INVALID);
    // A day later: the time comes with the command, so the service is asked with a later `now`.
    const service = app.running.app!.staffService;
    const late = { actor: { kind: 'anonymous' as const, id: null }, correlationId: 'late', now: new Date(Date.now() + PASSWORD_RESET_TTL_MS + 1000) };
    await expect(service.resetPasswordWithLink({ token: newer!, password: 'a late password' }, late)).rejects.toMatchObject({ status: 422, message: INVALID.message });
    expect((await signIn(member.email, 'a late password')).status).toBe(401);
    expect((await complete(newer!, 'the newer link password')).status).toBe(200);
    expect((await signIn(member.email, 'the newer link password')).status).toBe(200);
  });

  it('refuses forged, malformed and garbage tokens with a clear 4xx, and a link whose account was deleted', async () => {
    const member = await createStaff(app, 'admin1');
    await sendReset(member.id);
    const [link] = await resetLinksTo(member.email);
    const token = tokenOf(link!);
    for (const forged of [`${member.id}.${'A'.repeat(43)}`, `${randomUUID()}.${'A'.repeat(43)}`, 'not-a-token', `${member.id}.`, `${member.id}.a.b`, `.${'A'.repeat(43)}`]) {
      expect((await complete(forged, 'a forger password')).json(), forged).toEqual(INVALID);
    }
    for (const garbage of ['', 'with space', 'x'.repeat(201), '\u0000']) {
      expect((await complete(garbage, 'a forger password')).json(), JSON.stringify(garbage)).toMatchObject({ code: 'validation_error' });
    }
    const wrongShapes = [{}, { token }, { password: 'long enough password' }, { token: 42, password: 'long enough password' }, { token, password: ['x'] }];
    for (const body of wrongShapes) expect((await call({ method: 'POST', url: '/api/admin/reset-password', ...jsonBody(body) })).status, JSON.stringify(body)).toBe(400);
    expect((await call({ method: 'POST', url: '/api/admin/reset-password', headers: { 'content-type': 'application/json' }, body: '{"token":' })).status).toBe(400);
    // The staff password policy: a short password is a 400 and leaves the link as it was.
    expect((await complete(token, 'short')).json()).toMatchObject({ code: 'validation_error', message: expect.stringContaining('Password must be at least 8 characters') });
    expect((await signIn(member.email, member.password)).status).toBe(200);

    expect((await call({ method: 'DELETE', url: `/api/master-admin/admins/${member.id}`, token: boss.token })).status).toBe(200);
    expect((await complete(token, 'a password after deletion')).json()).toEqual(INVALID);
  });

  it('keeps two-factor sign-in on', async () => {
    const member = await signedInStaff(app, 'admin3', send);
    const setup = (await call({ method: 'POST', url: '/api/admin/2fa/enable', token: member.token })).json<{ secret: string }>();
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await call({ method: 'POST', url: '/api/admin/2fa/verify', token: member.token, ...jsonBody({ token: code }) })).status).toBe(200);
    await sendReset(member.id);
    const [link] = await resetLinksTo(member.email);
    expect((await complete(tokenOf(link!), 'new password with 2fa')).status).toBe(200);
    expect((await signIn(member.email, 'new password with 2fa')).json()).toMatchObject({ error: 'Two-factor code required', message: 'Two-factor code required', twoFactorRequired: true, details: { twoFactorRequired: true } });
    const next = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const login = await call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email: member.email, password: 'new password with 2fa', totpCode: next }) });
    expect(login.json().admin).toMatchObject({ email: member.email, twoFactorEnabled: true });
  });

  it('lets the same link finish a reset whose password was never stored, while the link lasts, and only that', async () => {
    const member = await signedInStaff(app, 'admin2', send);
    await sendReset(member.id);
    const [link] = await resetLinksTo(member.email);
    const token = tokenOf(link!);
    const { rows: before } = await app.running.pool.query('SELECT password_hash, set_at_revision FROM staff_credentials WHERE staff_id = $1', [member.id]);
    expect(before[0].set_at_revision).not.toBeNull();
    expect((await complete(token, 'the first new password')).status).toBe(200);
    // As if the process had stopped between the reset's append and the password's write: the old
    // password and the old session still work, and the link is spent.
    await app.running.pool.query('UPDATE staff_credentials SET password_hash = $2, set_at_revision = $3 WHERE staff_id = $1', [member.id, before[0].password_hash, before[0].set_at_revision]);
    const session = await signIn(member.email, member.password);
    expect(session.status).toBe(200);
    expect((await complete(`${member.id}.${'C'.repeat(43)}`, 'a forged password')).json()).toEqual(INVALID);
    // Not after the link would have expired.
    const service = app.running.app!.staffService;
    const late = { actor: { kind: 'anonymous' as const, id: null }, correlationId: 'late', now: new Date(Date.now() + PASSWORD_RESET_TTL_MS + 1000) };
    await expect(service.resetPasswordWithLink({ token, password: 'a late password' }, late)).rejects.toMatchObject({ status: 422, message: INVALID.message });

    expect((await complete(token, 'the finishing password')).status).toBe(200);
    expect((await signIn(member.email, 'the finishing password')).status).toBe(200);
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await call({ method: 'GET', url: '/api/admin/me', token: session.json<{ token: string }>().token })).status).toBe(401);
    // Once the password is there, the link is used.
    expect((await complete(token, 'a third password')).json()).toEqual(INVALID);
    expect((await signIn(member.email, 'a third password')).status).toBe(401);
    // One reset in the log: finishing appends nothing.
    expect((await app.running.store.readStream(`admin-${member.id}`)).filter((event) => event.type === 'StaffPasswordReset')).toHaveLength(1);
  });

  it('never finishes a reset over a password of unknown age, nor one set at or after that reset (a link used before the upgrade)', async () => {
    const member = await signedInStaff(app, 'admin1', send);
    await sendReset(member.id);
    const [link] = await resetLinksTo(member.email);
    const token = tokenOf(link!);
    expect((await complete(token, 'the only new password')).status).toBe(200);
    // Stored by a version that did not record when (or with the log outside Postgres): not finishable.
    await app.running.pool.query('UPDATE staff_credentials SET set_at_revision = NULL WHERE staff_id = $1', [member.id]);
    expect((await complete(token, 'a second password')).json()).toEqual(INVALID);
    // The migration gives such rows their stream's revision (with the log in Postgres): at or after
    // the reset, so not finishable either.
    if (logInPostgres) await app.running.pool.query(
      `UPDATE staff_credentials c SET set_at_revision = s.revision FROM es_streams s WHERE s.stream_id = 'admin-' || c.staff_id::text AND c.staff_id = $1`,
      [member.id],
    );
    expect((await complete(token, 'a third password')).json()).toEqual(INVALID);
    expect((await signIn(member.email, 'the only new password')).status).toBe(200);
  });

  it('takes one of several completions sent at once (a double click, a retry, a forger), and its password signs in', async () => {
    const member = await signedInStaff(app, 'admin1', send);
    await sendReset(member.id);
    const [link] = await resetLinksTo(member.email);
    const token = tokenOf(link!);
    const passwords = ['racing password 1', 'racing password 2', 'racing password 3'];
    const answers = await Promise.all([...passwords.map((password) => complete(token, password)), complete(`${member.id}.${'B'.repeat(43)}`, 'the forger password')]);
    const codes = answers.map((answer) => answer.status);
    expect(codes.filter((status) => status === 200), JSON.stringify(codes)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.json()).toEqual(INVALID);
    const winner = passwords[codes.indexOf(200)]!;
    expect((await signIn(member.email, winner)).status).toBe(200);
    for (const loser of [...passwords.filter((p) => p !== winner), 'the forger password', member.password]) expect((await signIn(member.email, loser)).status, loser).toBe(401);
    expect((await call({ method: 'GET', url: '/api/admin/me', token: member.token })).status).toBe(401);
  });
});

describe('who can be sent a reset link', () => {
  it('not a master admin (403), an invitee (409), an unknown or deleted account (404)', async () => {
    const otherMaster = await createStaff(app, 'master_admin');
    expect((await sendReset(otherMaster.id)).json()).toEqual(errorReply('forbidden', 'A master admin cannot be edited or deleted.'));
    expect((await sendReset(boss.id)).status).toBe(403);

    const service = app.running.app!.staffService;
    const invitee = await service.invite(
      { email: freshEmail('invitee'), firstName: 'In', lastName: 'Vitee', role: 'admin1' },
      { actor: { kind: 'system', id: null, role: null }, correlationId: 'invite', now: new Date() },
    );
    expect((await sendReset(invitee.staffId)).json()).toMatchObject({ code: 'conflict', message: expect.stringMatching(/not accepted the invitation yet/) });

    expect((await sendReset(randomUUID())).status).toBe(404);
    const gone = await createStaff(app, 'admin2');
    await call({ method: 'DELETE', url: `/api/master-admin/admins/${gone.id}`, token: boss.token });
    expect((await sendReset(gone.id)).status).toBe(404);
    expect((await sendReset('not-a-uuid')).status).toBe(400);
  });

  it('only the master admin sends one: any other staff member is refused (403)', async () => {
    const member = await createStaff(app, 'admin1');
    for (const role of ['admin3', 'auditor'] as const) {
      const caller = await createStaff(app, role);
      const token = await signInStaff(send, caller.email, caller.password);
      expect((await sendReset(member.id, token)).status).toBe(403);
    }
    expect((await sendReset(member.id, '')).status).toBe(401);
  });
});

describe('a reset whose e-mail cannot be sent', () => {
  it('says so (503) and that the reset is recorded; sending again sends a new link', async () => {
    const member = await createStaff(app, 'admin2');
    // The app's own service, on the same database, with a mailer that always fails.
    const { store, pool, config } = app.running;
    const failing = new StaffService({
      store,
      db: pool,
      sessions: new StaffSessions(pool, config.SESSION_IDLE_MS),
      limiter: new AttemptLimiter(pool),
      mailer: { send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')) },
      publicUrl: config.publicUrl,
    });
    const context = { actor: { kind: 'admin' as const, id: boss.id, role: 'master_admin' as const }, correlationId: 'unsent', now: new Date() };
    await expect(failing.issuePasswordReset(member.id, context)).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: `The password reset is recorded, but its e-mail could not be sent. Send the reset to ${member.email} again to send a new link.`,
    });
    expect(await failing.loadState(member.id)).toMatchObject({ status: 'active', pendingReset: { tokenHash: expect.any(String) } });
    expect((await signIn(member.email, member.password)).status).toBe(200);

    expect((await sendReset(member.id)).status).toBe(200);
    const [link] = await resetLinksTo(member.email);
    expect((await complete(tokenOf(link!), 'sent the second time')).status).toBe(200);
    expect((await signIn(member.email, 'sent the second time')).status).toBe(200);
  });
});
