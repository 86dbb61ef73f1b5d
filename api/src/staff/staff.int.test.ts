// Staff accounts over HTTP on a real Postgres: the authorisation table (every staff route × every
// kind of caller, generated from the table the routes are registered from), invitations (single
// use, replaced by a re-invite, late, forged), sessions (cookie and bearer, ended by sign-out, role
// change and deletion), the access log with paging, the throttle kept in Postgres, the first master
// admin from MASTER_ADMIN_*. No call may answer 500.
import { createHash, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, freshEmail, injectSender, jsonBody, TEST_PASSWORD, type HttpRequest, type Send } from '../../../test/support/flows.js';
import { createStaff, signedInStaff, signInStaff, type TestStaff } from '../../../test/support/staff.js';
import { wrongTotpCode } from '../../../test/support/totp.js';
import { DEFAULT_LIMITS } from '../accounts/attempt-limiter.js';
import { STAFF_ROLES, type StaffRole } from '../schemas/staff.js';
import { staffAccessTable } from './access-table.js';
import { INVITATION_TTL_MS } from './staff-service.js';

let app: TestApp;
let send: Send;
const statuses: number[] = [];
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const call = async (request: HttpRequest & { ip?: string }) => {
  const reply = await injectSender(app, { remoteAddress: () => request.ip ?? '127.0.0.1' })(request);
  statuses.push(reply.status);
  return reply;
};
const master = () => signedInStaff(app, 'master_admin', send);

beforeAll(async () => {
  app = await startTestApp({ MASTER_ADMIN_EMAIL: 'first.master@example.com', MASTER_ADMIN_PASSWORD: 'a long master password', DEV_OUTBOX: '1' });
  send = (request) => call(request);
});
afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await app?.stop();
});

/** The link the invitation e-mail carries, read from the development outbox's copy (DEV_OUTBOX=1). */
async function invitationLinkFor(email: string): Promise<string> {
  const { rows } = await app.running.pool.query<{ body: string }>('SELECT body FROM outbox_emails WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
  const link = rows[0]?.body.match(/https?:\/\/\S+accept-invite\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation e-mail for ${email}`);
  return link;
}
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

const accept = (token: string, overrides: Record<string, unknown> = {}) =>
  call({ method: 'POST', url: '/api/admin/accept-invitation', ...jsonBody({ token, password: TEST_PASSWORD, termsAccepted: true, privacyAccepted: true, ...overrides }) });

describe('the authorisation table', () => {
  type Caller = { name: string; headers: () => Promise<Record<string, string>>; role: StaffRole | null };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  let staffByRole: Record<StaffRole, { email: string; password: string }>;
  let deletedToken: string;
  let expiredToken: string;
  let creatorToken: string;

  beforeAll(async () => {
    staffByRole = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (role) => [role, await createStaff(app, role)]))) as typeof staffByRole;
    const doomed = await signedInStaff(app, 'admin3', send);
    const boss = await master();
    expect((await call({ method: 'DELETE', url: `/api/master-admin/admins/${doomed.id}`, token: boss.token })).status).toBe(200);
    deletedToken = doomed.token;
    const idle = await signedInStaff(app, 'admin3', send);
    await app.running.pool.query(`UPDATE staff_sessions SET last_seen_at = now() - interval '25 hours' WHERE token_hash = $1`, [
      createHash('sha256').update(idle.token).digest(),
    ]);
    expiredToken = idle.token;
    creatorToken = (await creatorFlows(send).signUp()).token;
  });

  // A fresh session per request, so a sign-out row cannot end the session another row uses.
  const asRole = (role: StaffRole): Caller => ({
    name: role,
    role,
    headers: async () => bearer(await signInStaff(send, staffByRole[role].email, staffByRole[role].password, role === 'master_admin' ? 'master-admin' : 'admin')),
  });
  const callers: Caller[] = [
    { name: 'anonymous', role: null, headers: async () => ({}) },
    { name: 'creator', role: null, headers: async () => bearer(creatorToken) },
    { name: 'header only', role: null, headers: async () => ({ 'x-admin-auth': 'admin-authenticated' }) },
    ...STAFF_ROLES.map(asRole),
    { name: 'deleted admin', role: null, headers: async () => bearer(deletedToken) },
    { name: 'expired session', role: null, headers: async () => bearer(expiredToken) },
  ];

  // Written out here, not taken from the code under test: who each access level admits.
  const ADMITS: Record<Exclude<(typeof staffAccessTable)[number]['access'], 'public'>, readonly StaffRole[]> = {
    staff: ['admin1', 'admin2', 'admin3', 'master_admin', 'auditor'],
    auditor: ['auditor', 'master_admin'],
    admin1: ['admin1', 'admin2', 'admin3', 'master_admin'],
    admin2: ['admin2', 'admin3', 'master_admin'],
    admin3: ['admin3', 'master_admin'],
    master_admin: ['master_admin'],
  };
  const expected = (access: (typeof staffAccessTable)[number]['access'], caller: Caller): 'pass' | 401 | 403 => {
    if (access === 'public') return 'pass';
    if (caller.role === null) return 401;
    return ADMITS[access].includes(caller.role) ? 'pass' : 403;
  };

  it('gives the auditor exactly its own session, the log entries, the access log and the audit calls', () => {
    const reached = staffAccessTable.filter((spec) => spec.access !== 'public' && ADMITS[spec.access].includes('auditor')).map((spec) => `${spec.method} ${spec.url}`);
    expect(reached.sort()).toEqual(
      [
        'GET /api/admin/me',
        'POST /api/admin/logout',
        'POST /api/admin/2fa/enable',
        'POST /api/admin/2fa/verify',
        'DELETE /api/admin/2fa/disable',
        'GET /api/log/entries',
        'GET /api/log/tile/entries/*',
        'GET /api/master-admin/audit-logs',
        'GET /api/audit/checkpoints',
        'GET /api/audit/runs',
        'POST /api/audit/verify-log',
      ].sort(),
    );
  });

  it('lists every staff route the app serves', () => {
    const served = app.running.app!.printRoutes({ commonPrefix: false });
    for (const spec of staffAccessTable) expect(app.running.app!.hasRoute({ method: spec.method, url: spec.url }), `${spec.method} ${spec.url}`).toBe(true);
    expect(served).toContain('/api/master-admin/admins');
  });

  it('refuses to start with a staff route declared without its guard', async () => {
    const { default: Fastify } = await import('fastify');
    const { guardStaffPaths } = await import('./staff-routes.js');
    const bare = Fastify();
    guardStaffPaths(bare);
    expect(() => bare.get('/api/admin/unguarded', async () => 'open')).toThrow(/not declared with staffRoute/);
    await bare.close();
  });

  for (const spec of staffAccessTable) {
    for (const caller of callers) {
      const want = expected(spec.access, caller);
      it(`${spec.method} ${spec.url} as ${caller.name} → ${want === 'pass' ? 'passes authorisation' : want}`, async () => {
        const url = spec.url.replace(':id', randomUUID());
        const reply = await call({
          method: spec.method,
          url,
          headers: { ...(await caller.headers()), ...(spec.method === 'GET' || spec.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          ...(spec.method === 'GET' || spec.method === 'DELETE' ? {} : { body: '{}' }),
        });
        if (want === 'pass') {
          expect([401, 403], reply.body).not.toContain(reply.status);
          expect(reply.status).toBeLessThan(500);
        } else {
          expect(reply.status, reply.body).toBe(want);
          expect(reply.json()).toMatchObject({ success: false, code: want === 401 ? 'unauthorized' : 'forbidden', error: expect.any(String) });
        }
      });
    }
  }
});

describe('the first master admin', () => {
  it('was made from MASTER_ADMIN_* at start and signs in at both portals', async () => {
    const reply = await call({ method: 'POST', url: '/api/master-admin/login', ...jsonBody({ email: 'first.master@example.com', password: 'a long master password' }) });
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({ token: expect.any(String), admin: { email: 'first.master@example.com', role: 'master_admin' } });
    expect(String(reply.headers['set-cookie'])).toMatch(/tl_staff=.+HttpOnly; SameSite=Strict/);
    expect((await call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email: 'first.master@example.com', password: 'a long master password' }) })).status).toBe(200);
  });

  it('is made only while none exists', async () => {
    const service = app.running.app!.staffService;
    const context = { actor: { kind: 'system' as const, id: null }, correlationId: 'again', now: new Date() };
    expect(await service.ensureFirstMasterAdmin('second.master@example.com', 'another long password', context)).toBe('exists');
    expect(await service.staffIdByEmail('second.master@example.com')).toBeNull();
  });

  it('cannot be re-roled or deleted from the list', async () => {
    const boss = await master();
    const first = (await call({ method: 'GET', url: '/api/master-admin/admins', token: boss.token })).json().admins.find((a: { email: string }) => a.email === 'first.master@example.com');
    expect(first).toMatchObject({ role: 'master_admin', isActive: true, emailVerified: true, termsAccepted: true });
    const role = await call({ method: 'PUT', url: `/api/master-admin/admins/${first.id}/role`, token: boss.token, ...jsonBody({ role: 'admin1' }) });
    expect(role.status).toBe(403);
    expect((await call({ method: 'DELETE', url: `/api/master-admin/admins/${first.id}`, token: boss.token })).status).toBe(403);
    const promote = await call({ method: 'PUT', url: `/api/master-admin/admins/${first.id}/role`, token: boss.token, ...jsonBody({ role: 'master_admin' }) });
    expect(promote.status).toBe(400);
  });
});

describe('invitations', () => {
  let boss: TestStaff;
  beforeAll(async () => {
    boss = await master();
  });
  const invite = (email: string, role = 'admin3', firstName = 'Ida') =>
    call({ method: 'POST', url: '/api/master-admin/invite', token: boss.token, ...jsonBody({ email, firstName, lastName: 'Invitee', role }) });

  it('e-mails a single-use link; accepting makes an active, verified admin who can sign in', async () => {
    const email = freshEmail('invitee');
    const sent = await invite(email, 'admin3', 'דנה');
    expect(sent.status).toBe(201);
    expect(sent.json()).toMatchObject({ success: true, admin: { email, role: 'admin3', status: 'invited', isActive: false } });
    expect(sent.body).not.toContain('token');
    // A Hebrew first name is isolated (FSI … PDI) in the greeting: the comma and the English stay where they are.
    const { rows } = await app.running.pool.query<{ body: string }>('SELECT body FROM outbox_emails WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
    expect(rows[0]?.body).toMatch(/^Hello \u2068דנה\u2069,\n\nYou have been invited/);
    const token = tokenOf(await invitationLinkFor(email));
    expect((await call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email, password: TEST_PASSWORD }) })).status).toBe(401);
    expect((await accept(token)).status).toBe(200);
    // Seed 001 §7.5, §8.3: the error body's `error` is the sentence ('Invalid or expired invitation' switches to the invalid-invitation view).
    expect((await accept(token)).json()).toEqual(errorReply('unprocessable', 'Invalid or expired invitation'));
    const login = await call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email, password: TEST_PASSWORD }) });
    expect(login.status).toBe(200);
    expect(login.json().admin).toMatchObject({ email, role: 'admin3' });
    const listed = (await call({ method: 'GET', url: '/api/master-admin/admins', token: boss.token })).json().admins.find((a: { email: string }) => a.email === email);
    expect(listed).toMatchObject({ isActive: true, emailVerified: true, termsAccepted: true, lastLogin: expect.any(String) });
    // Not a master admin: the console's own sign-in refuses.
    const console = await call({ method: 'POST', url: '/api/master-admin/login', ...jsonBody({ email, password: TEST_PASSWORD }) });
    expect(console.json()).toEqual(errorReply('unauthorized', 'Invalid credentials'));
  });

  it('a second invitation replaces the first', async () => {
    const email = freshEmail('reinvited');
    await invite(email, 'admin1');
    const first = tokenOf(await invitationLinkFor(email));
    await invite(email, 'admin2');
    const second = tokenOf(await invitationLinkFor(email));
    expect(second).not.toBe(first);
    expect((await accept(first)).status).toBe(422);
    expect((await accept(second)).status).toBe(200);
    const listed = (await call({ method: 'GET', url: '/api/master-admin/admins', token: boss.token })).json().admins.filter((a: { email: string }) => a.email === email);
    expect(listed).toHaveLength(1);
    expect(listed[0].role).toBe('admin2');
    expect((await invite(email)).status).toBe(409);
  });

  it('refuses forged, malformed, late and master invitations with clear messages', async () => {
    const email = freshEmail('late');
    await invite(email);
    const token = tokenOf(await invitationLinkFor(email));
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await accept(forged)).json().message).toBe('Invalid or expired invitation');
    expect((await accept('not-a-token')).json().message).toBe('Invalid or expired invitation');
    expect((await accept(token, { password: 'short' })).json()).toMatchObject({ code: 'validation_error', error: expect.stringMatching(/^Password must be at least 8 characters/) });
    expect((await accept(token, { termsAccepted: false })).json().message).toContain('You must accept both terms and privacy policy');
    expect((await accept(token, { privacyAccepted: false })).json().message).toContain('You must accept both terms and privacy policy');
    expect((await invite(freshEmail('m'), 'master_admin')).status).toBe(400);
    expect((await invite('not an email')).json()).toMatchObject({ success: false, code: 'validation_error', error: 'Valid email is required', message: 'email: Valid email is required' });
    // Seven days later the link has expired: the decider gets the time with the command.
    const service = app.running.app!.staffService;
    const late = { actor: { kind: 'anonymous' as const, id: null }, correlationId: 'late', now: new Date(Date.now() + INVITATION_TTL_MS + 1000) };
    await expect(service.acceptInvitation({ token, password: TEST_PASSWORD }, late)).rejects.toMatchObject({ status: 422, message: 'Invalid or expired invitation' });
    expect((await accept(token)).status).toBe(200);
  });

  it('tells whether a link still works without using it, as accepting it would', async () => {
    const email = freshEmail('checked');
    await invite(email);
    const token = tokenOf(await invitationLinkFor(email));
    const check = (value: string) => call({ method: 'POST', url: '/api/admin/accept-invitation/check', ...jsonBody({ token: value }) });
    expect((await check(token)).json()).toEqual({ success: true, valid: true });
    expect((await check(token)).status).toBe(200);
    expect((await accept(token)).status).toBe(200);
    // Used, forged or garbage: the answer accepting gives.
    const refused = errorReply('unprocessable', 'Invalid or expired invitation');
    expect((await check(token)).json()).toMatchObject(refused);
    expect((await check(`${token.split('.')[0]}.${'A'.repeat(43)}`)).json()).toMatchObject(refused);
    expect((await check('not-a-token')).json()).toMatchObject(refused);
    // An acceptance whose password was never stored can still be finished with its link: the check agrees.
    await app.running.pool.query('DELETE FROM staff_credentials WHERE staff_id = $1', [token.split('.')[0]]);
    expect((await check(token)).status).toBe(200);
    expect((await accept(token, { password: 'the finishing password' })).status).toBe(200);
    expect((await check(token)).status).toBe(422);
  });

  it('lets the same link finish an acceptance whose password was never stored, and only that', async () => {
    const email = freshEmail('unfinished');
    await invite(email);
    const token = tokenOf(await invitationLinkFor(email));
    expect((await accept(token)).status).toBe(200);
    // As if the process had stopped between the acceptance and the password's write.
    const { rows } = await app.running.pool.query<{ staff_id: string }>('DELETE FROM staff_credentials WHERE staff_id = $1 RETURNING staff_id', [token.split('.')[0]]);
    expect(rows).toHaveLength(1);
    const signIn = (password: string) => call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email, password }) });
    expect((await signIn(TEST_PASSWORD)).status).toBe(401);
    expect((await accept(`${token.split('.')[0]}.${'C'.repeat(43)}`, { password: 'a forged password' })).status).toBe(422);
    expect((await accept(token, { password: 'the finishing password' })).status).toBe(200);
    expect((await signIn('the finishing password')).status).toBe(200);
    // Once the password is there, the link is used.
    expect((await accept(token, { password: 'a third password' })).json()).toEqual(errorReply('unprocessable', 'Invalid or expired invitation'));
    expect((await signIn('a third password')).status).toBe(401);
  });

  it('takes one of several acceptances sent at once (a double click, a retry, a forger), and its password signs in', async () => {
    const email = freshEmail('twice');
    await invite(email);
    const token = tokenOf(await invitationLinkFor(email));
    const forged = `${token.split('.')[0]}.${'B'.repeat(43)}`;
    const passwords = ['first password 1', 'second password 2', 'third password 3'];
    const answers = await Promise.all([
      ...passwords.map((password) => accept(token, { password })),
      accept(forged, { password: 'the forger password' }),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200), JSON.stringify(statuses)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.json()).toEqual(errorReply('unprocessable', 'Invalid or expired invitation'));
    const winner = passwords[statuses.indexOf(200)]!;
    const signIn = (password: string) => call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email, password }) });
    expect((await signIn(winner)).status).toBe(200);
    for (const loser of [...passwords.filter((p) => p !== winner), 'the forger password']) expect((await signIn(loser)).status, loser).toBe(401);
  });
});

describe('staff sessions', () => {
  it('the cookie alone opens the admin calls; sign-out ends the session', async () => {
    const admin = await createStaff(app, 'admin1');
    const login = await call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email: admin.email, password: admin.password }) });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    expect((await call({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).json().admin).toMatchObject({ email: admin.email, role: 'admin1' });
    // A staff token is not a creator session.
    expect((await call({ method: 'GET', url: '/api/auth/me', token: login.json().token })).status).toBe(401);
    expect((await call({ method: 'POST', url: '/api/admin/logout', headers: { cookie } })).status).toBe(200);
    expect((await call({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).status).toBe(401);
  });

  it('a role change ends every session of the account at once; the new role applies at the next sign-in', async () => {
    const boss = await master();
    const admin = await signedInStaff(app, 'admin2', send);
    const changed = await call({ method: 'PUT', url: `/api/master-admin/admins/${admin.id}/role`, token: boss.token, ...jsonBody({ role: 'admin1' }) });
    expect(changed.json()).toMatchObject({ success: true, admin: { role: 'admin1' } });
    expect((await call({ method: 'GET', url: '/api/admin/me', token: admin.token })).status).toBe(401);
    const again = await signInStaff(send, admin.email, admin.password);
    expect((await call({ method: 'GET', url: '/api/admin/me', token: again })).json().admin.role).toBe('admin1');
  });

  it('a deleted admin is refused at once and cannot sign in again', async () => {
    const boss = await master();
    const admin = await signedInStaff(app, 'admin3', send);
    // Two tabs (or a double click) delete it at once: one StaffDeleted, and the other is told it is deleted.
    const both = await Promise.all([0, 1].map(() => call({ method: 'DELETE', url: `/api/master-admin/admins/${admin.id}`, token: boss.token })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(both.find((r) => r.status === 404)!.json().message).toBe('This admin account has been deleted.');
    expect((await app.running.store.readStream(`admin-${admin.id}`)).filter((e) => e.type === 'StaffDeleted')).toHaveLength(1);
    expect((await call({ method: 'GET', url: '/api/admin/me', token: admin.token })).status).toBe(401);
    expect((await call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email: admin.email, password: admin.password }) })).status).toBe(401);
    const listed = (await call({ method: 'GET', url: '/api/master-admin/admins', token: boss.token })).json().admins;
    expect(listed.map((a: { id: string }) => a.id)).not.toContain(admin.id);
  });

  it('sign-in goes through the shared attempt limiter, kept in Postgres', async () => {
    const admin = await createStaff(app, 'admin1');
    const ip = nextIp();
    const wrong = () => call({ method: 'POST', url: '/api/admin/login', ip, ...jsonBody({ email: admin.email, password: 'wrong password' }) });
    // The limiter's free attempts, then a wait: the shared limits (accounts/attempt-limiter.ts).
    for (let i = 0; i <= DEFAULT_LIMITS.pair.free; i += 1) expect((await wrong()).json()).toMatchObject({ message: 'Invalid admin credentials' });
    const blocked = await wrong();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The count lives in the database (scope staff_login), not in this process; the right password waits too.
    const { rows } = await app.running.pool.query<{ failures: number }>(`SELECT failures FROM auth_failures WHERE scope = 'staff_login' AND key LIKE 'pair:%' AND key LIKE $1`, [`%|${ip}`]);
    expect(rows.map((r) => r.failures)).toEqual([DEFAULT_LIMITS.pair.free + 1]);
    expect((await call({ method: 'POST', url: '/api/admin/login', ip, ...jsonBody({ email: admin.email, password: admin.password }) })).status).toBe(429);
  });

  it('sign-ins at once with the right password all succeed, and count as no failure', async () => {
    const admin = await createStaff(app, 'admin1');
    const ip = nextIp();
    // Four at once: below the free attempts, which a burst counts before any password is checked.
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call({ method: 'POST', url: '/api/admin/login', ip, ...jsonBody({ email: admin.email, password: admin.password }) })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    }
    const { rows } = await app.running.pool.query<{ failures: number }>("SELECT failures FROM auth_failures WHERE scope = 'staff_login' AND key = $1", [`client:${ip}`]);
    expect(rows.map((r) => r.failures)).toEqual([0]);
  });

  it('two-factor sign-in for staff: set up with a code, then required at sign-in; a code works once; off needs the password', async () => {
    const admin = await signedInStaff(app, 'admin2', send);
    const setup = (await call({ method: 'POST', url: '/api/admin/2fa/enable', token: admin.token })).json();
    expect(setup).toMatchObject({ success: true, secret: expect.any(String), qrCode: expect.stringMatching(/^data:image\/png;base64,/) });
    const epoch = () => Math.floor(Date.now() / 1000);
    expect((await call({ method: 'POST', url: '/api/admin/2fa/verify', token: admin.token, ...jsonBody({ token: await wrongTotpCode((at) => generate({ secret: setup.secret, epoch: at })) }) })).status).toBe(422);
    const first = await generate({ secret: setup.secret, epoch: epoch() });
    expect((await call({ method: 'POST', url: '/api/admin/2fa/verify', token: admin.token, ...jsonBody({ token: first }) })).status).toBe(200);
    expect((await call({ method: 'GET', url: '/api/admin/me', token: admin.token })).json().admin.twoFactorEnabled).toBe(true);

    const ip = nextIp();
    const login = (totpCode?: string) =>
      call({ method: 'POST', url: '/api/admin/login', ip, ...jsonBody({ email: admin.email, password: admin.password, ...(totpCode ? { totpCode } : {}) }) });
    expect((await login()).json()).toMatchObject({ code: 'unauthorized', error: 'Two-factor code required', twoFactorRequired: true, details: { twoFactorRequired: true } });
    // The code that turned it on is spent; the next step's code signs in once.
    expect((await login(first)).json()).toMatchObject({ message: expect.stringMatching(/already been used/) });
    const next = await generate({ secret: setup.secret, epoch: epoch() + 30 });
    expect((await login(next)).status).toBe(200);
    expect((await login(next)).status).toBe(401);

    expect((await call({ method: 'DELETE', url: '/api/admin/2fa/disable', token: admin.token, ...jsonBody({}) })).status).toBe(403);
    expect((await call({ method: 'DELETE', url: '/api/admin/2fa/disable', token: admin.token, ...jsonBody({ password: 'wrong password' }) })).status).toBe(422);
    expect((await call({ method: 'DELETE', url: '/api/admin/2fa/disable', token: admin.token, ...jsonBody({ password: admin.password }) })).status).toBe(200);
    expect((await login()).status).toBe(200);
  });

  it('answers bad input with a clear 400', async () => {
    const boss = await master();
    expect((await call({ method: 'POST', url: '/api/admin/login', ...jsonBody({ email: '', password: '' }) })).json()).toMatchObject({ code: 'validation_error', error: 'Email is required' });
    expect((await call({ method: 'DELETE', url: '/api/master-admin/admins/not-a-uuid', token: boss.token })).status).toBe(400);
    expect((await call({ method: 'GET', url: '/api/master-admin/audit-logs?limit=abc', token: boss.token })).status).toBe(400);
    expect((await call({ method: 'GET', url: '/api/master-admin/audit-logs?limit=0', token: boss.token })).status).toBe(400);
  });
});

describe('the access log', () => {
  it('lists every staff event newest first with the IP, and pages beyond the limit', async () => {
    const ip = nextIp();
    const boss = await master();
    const email = freshEmail('logged');
    await call({ method: 'POST', url: '/api/master-admin/invite', token: boss.token, ip, ...jsonBody({ email, firstName: 'Lo', lastName: 'Gged', role: 'admin1' }) });
    await accept(tokenOf(await invitationLinkFor(email)));
    await call({ method: 'POST', url: '/api/admin/login', ip, ...jsonBody({ email, password: 'not the password' }) });
    const token = (await call({ method: 'POST', url: '/api/admin/login', ip, ...jsonBody({ email, password: TEST_PASSWORD }) })).json().token as string;
    const id = (await call({ method: 'GET', url: '/api/admin/me', token })).json().admin.id as string;
    await call({ method: 'PUT', url: `/api/master-admin/admins/${id}/role`, token: boss.token, ip, ...jsonBody({ role: 'admin2' }) });
    await call({ method: 'DELETE', url: `/api/master-admin/admins/${id}`, token: boss.token, ip });

    const page = (await call({ method: 'GET', url: '/api/master-admin/audit-logs?limit=50', token: boss.token })).json();
    const mine = page.logs.filter((l: { targetId: string }) => l.targetId === id);
    expect(mine.map((l: { action: string }) => l.action)).toEqual(['admin_deleted', 'role_changed', 'login', 'login_failed', 'invitation_accepted', 'admin_invited']);
    expect(mine.find((l: { action: string }) => l.action === 'role_changed')).toMatchObject({
      targetType: 'admin',
      targetEmail: email,
      adminId: boss.id,
      adminEmail: boss.email,
      details: { from: 'admin1', to: 'admin2' },
      ipAddress: ip,
      createdAt: expect.any(String),
    });
    expect(mine.find((l: { action: string }) => l.action === 'login_failed')).toMatchObject({ ipAddress: ip, details: { reason: 'wrong_password' } });
    expect(mine.find((l: { action: string }) => l.action === 'login')).toMatchObject({ adminId: id, ipAddress: ip });

    // Paging: three at a time walks the same entries as one big page, without gaps or repeats.
    const all = page.logs.map((l: { id: number }) => l.id) as number[];
    const walked: number[] = [];
    let before: number | null = null;
    do {
      const reply: { logs: { id: number }[]; nextBefore: number | null } = (await call({ method: 'GET', url: `/api/master-admin/audit-logs?limit=3${before ? `&before=${before}` : ''}`, token: boss.token })).json();
      walked.push(...reply.logs.map((l) => l.id));
      before = reply.nextBefore;
    } while (before !== null && walked.length < all.length);
    expect(walked.slice(0, all.length)).toEqual(all);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
  });
});

describe('an invitation whose e-mail cannot be sent', () => {
  it('says so (503), and inviting again retries for the same account, never a second one', async () => {
    // Nothing listens on port 1: every send is refused.
    const unreachable = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const sendTo = injectSender(unreachable);
      const boss = await signedInStaff(unreachable, 'master_admin', sendTo);
      const email = freshEmail('undelivered');
      const invite = () =>
        sendTo({ method: 'POST', url: '/api/master-admin/invite', token: boss.token, ...jsonBody({ email, firstName: 'Una', lastName: 'Sent', role: 'admin1' }) });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const reply = await invite();
        expect(reply.status, reply.body).toBe(503);
        expect(reply.json()).toEqual(errorReply('service_unavailable', `The invitation is recorded, but its e-mail could not be sent. Invite ${email} again to send a new link.`));
      }
      // The list is a read model: read it once every read model has the whole log.
      await unreachable.running.app!.waitForProjections(await unreachable.running.store.headPosition());
      const admins = (await sendTo({ method: 'GET', url: '/api/master-admin/admins', token: boss.token })).json().admins.filter((a: { email: string }) => a.email === email);
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({ status: 'invited' });
    } finally {
      await unreachable.stop();
    }
  });
});
