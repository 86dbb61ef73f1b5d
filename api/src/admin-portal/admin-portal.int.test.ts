// The admin portal's API over HTTP on a real Postgres and the real chain (issue 15): the numbers come
// from the admin read models; admin2 edits, admin3 deletes (a reason required, twice is idempotent),
// a deleted registration leaves search and its owner's list at once and its `.tr` still verifies;
// master_admin restores; deleting a creator crypto-shreds them and archives every registration of
// theirs; every action is in the access log with actor, role, IP and reason. Who may call each route
// is covered for every role by the authorisation table test (staff.int.test.ts). No call answers 500.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, injectSender, jsonBody, type Creator, type HttpRequest, type Registered, type Send } from '../../../test/support/flows.js';
import { signedInStaff, type TestStaff } from '../../../test/support/staff.js';
import { runVerifyCli } from '../../../test/ledger/cli.js';
import { eventually } from '../../../test/ledger/registrations.js';
import { isEvent } from '../events/index.js';
import {
  adminGlobalStatsSchema,
  adminRegistrationsPageSchema,
  adminUserRegistrationsSchema,
  adminUsersPageSchema,
  foreverDatabasePageSchema,
  materialTypeStatsSchema,
  registrationsByGeoSchema,
  registrationsByPeriodSchema,
  titleVerificationSchema,
} from '../schemas/admin.js';

const files = mkdtempSync(path.join(tmpdir(), 'tl-admin-'));
let app: TestApp;
const statuses: number[] = [];
let client: ReturnType<typeof creatorFlows>;
let staff: Record<'admin1' | 'admin2' | 'admin3' | 'master_admin', TestStaff>;
let owner: Creator;
let other: Creator;
const works: Registered[] = [];

const ADMIN_IP = '10.20.30.40';
const call = async (request: HttpRequest) => {
  const reply = await injectSender(app, { remoteAddress: () => ADMIN_IP })(request);
  statuses.push(reply.status);
  return reply;
};
const as = (who: TestStaff, request: HttpRequest) => call({ ...request, token: who.token });

/** Runs `both` with the first two reads of `streamId` held until both are made: two requests racing, made to race. */
async function bothReadFirst<T>(streamId: string, both: () => Promise<T>): Promise<T> {
  const store = app.running.store;
  const readStream = store.readStream.bind(store);
  const waiting: (() => void)[] = [];
  store.readStream = async (id, ...rest) => {
    if (id === streamId && waiting.length < 2) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) for (const go of waiting) go();
      });
    }
    return readStream(id, ...rest);
  };
  try {
    return await both();
  } finally {
    store.readStream = readStream;
  }
}
const get = (who: TestStaff, url: string) => as(who, { method: 'GET', url });

beforeAll(async () => {
  app = await startTestApp({ LEDGER_BATCH_SECONDS: '0.5' });
  client = creatorFlows(call);
  owner = await moveTo(call, await client.signUp({ fullName: 'Colette Willy', firstName: 'Colette', lastName: 'Willy' }), 'FR');
  other = await client.signUp();
  works.push(await client.register(owner.token, Buffer.from(`Lighthouse keeper ${Date.now()}\n`), { title: 'Lighthouse Keeper' }));
  works.push(await client.register(owner.token, Buffer.from(`Second work ${Date.now()}\n`), { title: 'Harbour Songs' }));
  works.push(await client.register(other.token, Buffer.from(`Other work ${Date.now()}\n`), { title: 'Prairie Notes' }));
  const entries = await Promise.all((['admin1', 'admin2', 'admin3', 'master_admin'] as const).map(async (role) => [role, await signedInStaff(app, role, call)] as const));
  staff = Object.fromEntries(entries) as typeof staff;
});
afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await app?.stop();
});

const search = async (q: string) => (await call({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })).json<{ tr_number: string }[]>().map((r) => r.tr_number);
const ownerList = async (creator: Creator) => (await call({ method: 'GET', url: '/api/titles/user', token: creator.token })).json<{ tr_number: string }[]>().map((t) => t.tr_number);
const stats = async () => adminGlobalStatsSchema.parse((await get(staff.admin1, '/api/admin/global-stats')).json());

/** The UTC days (YYYY-MM-DD) the server recorded the three registrations of beforeAll on. */
const registrationDays = async () =>
  (
    await app.running.pool.query<{ day: string }>(
      `SELECT to_char(registration_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM registrations WHERE tr_number = ANY($1)`,
      [works.map((w) => w.trNumber)],
    )
  ).rows.map((r) => r.day);

/**
 * `read` (an answer the server dates by its clock, `new Date()` in this process), with the UTC day it
 * was dated on: read between two readings of that clock on the same day, again if midnight fell
 * between them. The expected counts come from that day and the server's own dates of the
 * registrations, so a run across midnight or a month's end expects what the server counts.
 */
async function onOneDay<T>(read: () => Promise<T>): Promise<{ value: T; day: string }> {
  for (;;) {
    const before = new Date().toISOString().slice(0, 10);
    const value = await read();
    const after = new Date().toISOString().slice(0, 10);
    if (before === after) return { value, day: after };
  }
}
const monthBefore = (month: string) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};

describe('reading', () => {
  it('Overview: totals, active, non-active, users and this month from the read models', async () => {
    const days = await registrationDays();
    expect(days).toHaveLength(3);
    const { value: s, day } = await onOneDay(stats);
    expect(s).toEqual({
      totalRegistrations: 3,
      activeRegistrations: 3,
      nonActiveRegistrations: 0,
      totalUsers: 2,
      thisMonthRegistrations: days.filter((d) => d.slice(0, 7) === day.slice(0, 7)).length, // 3 but across a month's end
      materialTypeCount: 1,
    });
  });

  it('Analytics: per day (continuous buckets), per material type with its latest date, per country', async () => {
    const days = await registrationDays();
    const byPeriod = async (query: string) => registrationsByPeriodSchema.parse((await get(staff.admin1, `/api/admin/registrations-by-period?${query}`)).json());
    const { value: byDay, day: today } = await onOneDay(() => byPeriod('period=day&limit=7'));
    expect(byDay.points).toHaveLength(7);
    const ofToday = days.filter((d) => d === today).length; // 3 but across midnight
    expect(byDay.points.at(-1)).toMatchObject({ periodStart: today, count: ofToday, active: ofToday });
    expect(byDay.points.reduce((sum, p) => sum + p.count, 0)).toBe(3);
    const { value: byMonth, day } = await onOneDay(() => byPeriod('period=month&limit=2'));
    const [thisMonth, lastMonth] = [day.slice(0, 7), monthBefore(day.slice(0, 7))];
    expect(byMonth.points.map((p) => p.count)).toEqual([days.filter((d) => d.startsWith(lastMonth)).length, days.filter((d) => d.startsWith(thisMonth)).length]);
    const types = materialTypeStatsSchema.parse((await get(staff.admin1, '/api/admin/material-type-stats')).json());
    expect(types.types).toEqual([{ materialType: 'Poems', material_type: 'Poems', count: 3, latestDate: expect.any(String) }]);
    const geo = registrationsByGeoSchema.parse((await get(staff.admin1, '/api/admin/registrations-by-geo')).json());
    expect(geo.countries).toEqual([{ country: 'FR', count: 2 }, { country: 'US', count: 1 }]);
  });

  it('refuses a bad query with a message a person can act on, never a 500', async () => {
    const bad = await get(staff.admin1, '/api/admin/registrations-by-period?period=year');
    expect(bad.status).toBe(400);
    expect(bad.json().message).toMatch(/period must be day, week or month/);
    const page = await get(staff.admin1, '/api/admin/users?pageSize=1000');
    expect(page.status).toBe(400);
    expect(page.json().message).toMatch(/pageSize must be a whole number from 1 to 100/);
  });

  it('Users: search by e-mail or name, server-side paging, registration counts', async () => {
    const all = adminUsersPageSchema.parse((await get(staff.admin1, '/api/admin/users?pageSize=1')).json());
    expect(all).toMatchObject({ page: 1, pageSize: 1, total: 2, totalCapped: false, hasMore: true });
    expect(all.users).toHaveLength(1);
    const byName = adminUsersPageSchema.parse((await get(staff.admin1, '/api/admin/users?q=colette')).json());
    expect(byName.users.map((u) => u.id)).toEqual([owner.userId]);
    expect(byName.users[0]).toMatchObject({ firstName: 'Colette', lastName: 'Willy', email: owner.email, registrationCount: 2, activeRegistrationCount: 2 });
    const byEmail = adminUsersPageSchema.parse((await get(staff.admin1, `/api/admin/users?q=${encodeURIComponent(other.email.slice(0, 12))}`)).json());
    expect(byEmail.users.map((u) => u.id)).toEqual([other.userId]);
  });

  it("View Details: a user's registrations, staff only", async () => {
    const details = adminUserRegistrationsSchema.parse((await get(staff.admin1, `/api/user/${owner.userId}/registrations`)).json());
    expect(details.user.email).toBe(owner.email);
    expect(details.registrations.map((r) => r.trNumber).sort()).toEqual([works[0]!.trNumber, works[1]!.trNumber].sort());
    expect((await call({ method: 'GET', url: `/api/user/${owner.userId}/registrations`, token: owner.token })).status).toBe(401);
  });

  it('Registrations: search by title, TR number or owner e-mail; material-type filter; both spellings', async () => {
    const byTitle = adminRegistrationsPageSchema.parse((await get(staff.admin1, '/api/admin/registrations?q=lighthouse')).json());
    expect(byTitle.registrations.map((r) => r.trNumber)).toEqual([works[0]!.trNumber]);
    expect(byTitle.registrations[0]).toMatchObject({
      id: works[0]!.trNumber,
      tr_number: works[0]!.trNumber,
      material_type: 'Poems',
      materialType: 'Poems',
      blockchain_hash: works[0]!.cryptographicHash,
      owner_email: owner.email,
      ownerEmail: owner.email,
    });
    const byTr = adminRegistrationsPageSchema.parse((await get(staff.admin1, `/api/admin/registrations?q=${works[2]!.trNumber.toLowerCase()}`)).json());
    expect(byTr.registrations.map((r) => r.trNumber)).toEqual([works[2]!.trNumber]);
    const byOwner = adminRegistrationsPageSchema.parse((await get(staff.admin1, `/api/admin/registrations?q=${encodeURIComponent(owner.email)}`)).json());
    expect(byOwner.registrations).toHaveLength(2);
    const filtered = adminRegistrationsPageSchema.parse((await get(staff.admin1, '/api/admin/registrations?materialType=Book')).json());
    expect(filtered).toMatchObject({ registrations: [], total: 0, hasMore: false });
  });
});

describe('editing (admin2)', () => {
  it("corrects a registration's title: an event beside the hashed registration, whose hash never changes", async () => {
    const url = `/api/admin/titles/${works[1]!.trNumber}`;
    expect((await as(staff.admin1, { method: 'PUT', url, ...jsonBody({ title: 'Harbour Songs (2nd ed.)', reason: 'Typo' }) })).status).toBe(403);
    const noReason = await as(staff.admin2, { method: 'PUT', url, ...jsonBody({ title: 'Harbour Songs (2nd ed.)' }) });
    expect(noReason.status).toBe(400);
    expect(noReason.json().message).toMatch(/A reason is required/);
    const reply = await as(staff.admin2, { method: 'PUT', url, ...jsonBody({ title: 'Harbour Songs (2nd ed.)', reason: 'Owner asked for the edition' }) });
    expect(reply.status, reply.body).toBe(200);
    expect(reply.json().registration).toMatchObject({ title: 'Harbour Songs (2nd ed.)', registeredTitle: 'Harbour Songs', corrections: 1, blockchain_hash: works[1]!.cryptographicHash });
  });

  it("edits a user's profile fields with a reason; the e-mail is not an admin's to change", async () => {
    const url = `/api/admin/users/${other.userId}`;
    const reply = await as(staff.admin2, { method: 'PUT', url, ...jsonBody({ firstName: 'Prairie', lastName: 'Writer', reason: 'Legal name change' }) });
    expect(reply.status, reply.body).toBe(200);
    expect(reply.json().user).toMatchObject({ firstName: 'Prairie', lastName: 'Writer', email: other.email });
    const nothing = await as(staff.admin2, { method: 'PUT', url, ...jsonBody({ reason: 'Nothing' }) });
    expect(nothing.status).toBe(400);
    expect(nothing.json().message).toMatch(/Change at least one field/);
  });
});

describe('the Forever Database', () => {
  let trPath: string;

  beforeAll(async () => {
    // The .tr file as its owner holds it, once anchored.
    await eventually(async () => (await call({ method: 'GET', url: `/api/ledger/proof/${works[0]!.trNumber}` })).status === 200, 90_000, 'anchoring');
    trPath = path.join(files, 'lighthouse.tr');
    writeFileSync(trPath, await client.downloadTr(owner.token, works[0]!.trNumber));
  });

  it('admin3 deletes a registration with a reason: it leaves search, the owner list and the active count at once', async () => {
    const tr = works[0]!.trNumber;
    expect((await search('Lighthouse'))).toContain(tr);
    expect((await as(staff.admin2, { method: 'DELETE', url: `/api/admin/titles/${tr}`, ...jsonBody({ reason: 'Duplicate' }) })).status).toBe(403);
    const noReason = await as(staff.admin3, { method: 'DELETE', url: `/api/admin/titles/${tr}`, ...jsonBody({ reason: ' ' }) });
    expect(noReason.status).toBe(400);
    expect(noReason.json().message).toMatch(/A reason is required/);
    const noBody = await as(staff.admin3, { method: 'DELETE', url: `/api/admin/titles/${tr}` });
    expect(noBody.status).toBe(400);
    expect(noBody.json().message).toMatch(/A reason is required/);

    // Pressed by two admins (or in two tabs) at once: one archives, the other is told it was already (not a 409 "try again").
    // Both read the title's stream before either appends (its first two reads wait for each other).
    const replies = await bothReadFirst(`title-${tr}`, () =>
      Promise.all([0, 1].map(() => as(staff.admin3, { method: 'DELETE', url: `/api/admin/titles/${tr}`, ...jsonBody({ reason: 'Duplicate of an earlier filing' }) }))),
    );
    expect(replies.map((r) => [r.status, r.json().archived]).sort()).toEqual([[200, false], [200, true]]);
    const reply = replies.find((r) => r.json().archived)!;
    expect(reply.json()).toEqual({ success: true, id: tr, archived: true, message: 'Registration has been archived to Forever Database' });
    // No waiting: the answer came after the read models it changes.
    expect((await search('Lighthouse'))).not.toContain(tr);
    expect(await ownerList(owner)).not.toContain(tr);
    expect(await stats()).toMatchObject({ totalRegistrations: 3, activeRegistrations: 2, nonActiveRegistrations: 1 });
    // The owner's dashboard counts it among all their registrations, no longer as active; GET /api/user/stats agrees.
    const dashboard = (await call({ method: 'GET', url: '/api/dashboard/stats', token: owner.token })).json<Record<string, number>>();
    expect(dashboard).toMatchObject({ totalRegistrations: 2, activeRegistrations: 1 });
    const { recent_activity: _recent, ...cards } = dashboard;
    expect((await call({ method: 'GET', url: '/api/user/stats', token: owner.token })).json()).toEqual(cards);
    const list = adminRegistrationsPageSchema.parse((await get(staff.admin1, '/api/admin/registrations')).json());
    expect(list.registrations.map((r) => r.trNumber)).not.toContain(tr);
  });

  it('deleting twice is idempotent: 200, nothing more appended, the first reason stays', async () => {
    const tr = works[0]!.trNumber;
    const again = await as(staff.admin3, { method: 'DELETE', url: `/api/admin/titles/${tr}`, ...jsonBody({ reason: 'Once more' }) });
    expect(again.status).toBe(200);
    expect(again.json()).toMatchObject({ archived: false });
    const stream = await app.running.store.readStream(`title-${tr}`);
    expect(stream.filter((e) => isEvent(e, 'RegistrationArchived')).map((e) => e.data.reason)).toEqual(['Duplicate of an earlier filing']);
  });

  it('lists it for admin3 and master (who archived it, when, why), searchable and paged; not for admin2', async () => {
    expect((await get(staff.admin2, '/api/admin/forever-database')).status).toBe(403);
    const page = foreverDatabasePageSchema.parse((await get(staff.admin3, '/api/admin/forever-database?q=earlier%20filing')).json());
    expect(page.records).toEqual([
      expect.objectContaining({
        trNumber: works[0]!.trNumber,
        title: 'Lighthouse Keeper',
        ownerEmail: owner.email,
        archivedBy: staff.admin3.id,
        archivedByEmail: staff.admin3.email,
        archivedByRole: 'admin3',
        reason: 'Duplicate of an earlier filing',
        cause: 'admin_deleted_registration',
      }),
    ]);
    expect(foreverDatabasePageSchema.parse((await get(staff.master_admin, '/api/admin/forever-database?q=nothing-like-this')).json()).records).toEqual([]);
  });

  it('verify says it existed, was anchored and archived on a date, without personal data; the .tr still verifies', async () => {
    const tr = works[0]!.trNumber;
    const reply = await call({ method: 'GET', url: `/api/titles/verify/${tr}` });
    expect(reply.status).toBe(200);
    const body = titleVerificationSchema.parse(reply.json());
    expect(body).toMatchObject({ archived: true, status: 'archived', tr_number: tr, anchored: true, cryptographic_hash: works[0]!.cryptographicHash });
    expect(reply.body).not.toContain('Lighthouse');
    expect(reply.body).not.toContain('Colette');
    expect(reply.body).not.toContain('Lovelace');
    expect((await call({ method: 'GET', url: `/api/ledger/proof/${tr}` })).status).toBe(200);
    // Pinned to the registry contract our chain serves, read over our RPC: the verifier's pin.
    const { contract } = (await call({ method: 'GET', url: '/api/ledger/status' })).json<{ contract: string }>();
    const result = await runVerifyCli([trPath, '--contract', contract, '--rpc', `${app.url}/api/ledger/rpc`]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^VERIFIED: /m);
  });

  it('only master_admin restores; then it is back in search, the owner list and the counts', async () => {
    const tr = works[0]!.trNumber;
    const url = `/api/admin/forever-database/${tr}/restore`;
    expect((await as(staff.admin3, { method: 'POST', url, ...jsonBody({}) })).status).toBe(403);
    // Pressed in two tabs at once: one restores, the other is told it is not archived (not a 409 "try again").
    const replies = await bothReadFirst(`title-${tr}`, () =>
      Promise.all([0, 1].map(() => as(staff.master_admin, { method: 'POST', url, ...jsonBody({ reason: 'Archived by mistake' }) }))),
    );
    expect(replies.map((r) => [r.status, r.json().restored]).sort()).toEqual([[200, false], [200, true]]);
    expect((await app.running.store.readStream(`title-${tr}`)).filter((e) => e.type === 'RegistrationRestored')).toHaveLength(1);
    expect((await search('Lighthouse'))).toContain(tr);
    expect(await ownerList(owner)).toContain(tr);
    expect(await stats()).toMatchObject({ activeRegistrations: 3, nonActiveRegistrations: 0 });
    expect(titleVerificationSchema.parse((await call({ method: 'GET', url: `/api/titles/verify/${tr}` })).json())).toMatchObject({ archived: false, title: 'Lighthouse Keeper' });
    // The reason is optional, and so is the body: none, or JSON null.
    for (const request of [{}, { headers: { 'content-type': 'application/json' }, body: 'null' }]) {
      const again = await as(staff.master_admin, { method: 'POST', url, ...request });
      expect(again.status, again.body).toBe(200);
      expect(again.json()).toMatchObject({ restored: false });
    }
  });
});

describe('deleting a creator (admin3)', () => {
  it("crypto-shreds the account, ends their sessions and archives every registration of theirs; twice is idempotent", async () => {
    const url = `/api/admin/users/${owner.userId}`;
    expect((await as(staff.admin2, { method: 'DELETE', url, ...jsonBody({ reason: 'Fraud' }) })).status).toBe(403);
    const reply = await as(staff.admin3, { method: 'DELETE', url, ...jsonBody({ reason: 'Fraudulent account' }) });
    expect(reply.status, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, deleted: true, archivedRegistrations: 2, message: 'User Deleted' });

    expect((await call({ method: 'GET', url: '/api/titles/user', token: owner.token })).status).toBe(401);
    expect((await app.running.pool.query('SELECT 1 FROM user_keys WHERE user_id = $1', [owner.userId])).rowCount).toBe(0);
    const users = adminUsersPageSchema.parse((await get(staff.admin1, '/api/admin/users')).json());
    expect(users.users.map((u) => u.id)).toEqual([other.userId]);
    expect(await stats()).toMatchObject({ totalUsers: 1, activeRegistrations: 1 });
    const archive = foreverDatabasePageSchema.parse((await get(staff.admin3, '/api/admin/forever-database')).json());
    expect(archive.records.filter((r) => r.ownerId === owner.userId).map((r) => [r.cause, r.ownerEmail])).toEqual([
      ['admin_deleted_user', null],
      ['admin_deleted_user', null],
    ]);
    expect(await search('Harbour')).toEqual([]);

    const again = await as(staff.admin3, { method: 'DELETE', url, ...jsonBody({ reason: 'Fraudulent account' }) });
    expect(again.status).toBe(200);
    expect(again.json()).toMatchObject({ deleted: false, archivedRegistrations: 0 });
    expect((await get(staff.admin1, `/api/user/${owner.userId}/registrations`)).status).toBe(404);
  });

  it('keeps their registrations in the Forever Database: a restore is refused, nothing comes back to search or verify', async () => {
    for (const { trNumber } of works.slice(0, 2)) {
      const reply = await as(staff.master_admin, { method: 'POST', url: `/api/admin/forever-database/${trNumber}/restore`, ...jsonBody({ reason: 'Undo' }) });
      expect(reply.status, reply.body).toBe(409);
      expect(reply.json()).toEqual(errorReply('conflict', "This registration's owner account was deleted, with all its data: the registration stays in the Forever Database."));
      expect(titleVerificationSchema.parse((await call({ method: 'GET', url: `/api/titles/verify/${trNumber}` })).json())).toMatchObject({ archived: true });
    }
    expect(await search('Harbour')).toEqual([]);
    expect(await stats()).toMatchObject({ activeRegistrations: 1 });
  });
});

describe('the access log', () => {
  it("shows every admin action with actor, role, IP and reason in the master console", async () => {
    const reply = await get(staff.master_admin, '/api/master-admin/audit-logs?limit=50');
    expect(reply.status).toBe(200);
    const logs = reply.json<{ logs: { action: string; targetType: string; targetId: string; adminId: string; ipAddress: string; details: Record<string, unknown> }[] }>().logs;
    const find = (action: string, targetId: string) => logs.find((l) => l.action === action && l.targetId === targetId);
    // Archived twice over its life: by the registration's deletion, then with its owner's account.
    const archivals = logs.filter((l) => l.action === 'registration_archived' && l.targetId === works[0]!.trNumber);
    expect(archivals.map((l) => l.details.cause)).toEqual(['admin_deleted_user', 'admin_deleted_registration']);
    expect(archivals[1]).toMatchObject({
      targetType: 'registration',
      adminId: staff.admin3.id,
      ipAddress: ADMIN_IP,
      details: { role: 'admin3', reason: 'Duplicate of an earlier filing' },
    });
    expect(find('registration_restored', works[0]!.trNumber)).toMatchObject({ adminId: staff.master_admin.id, details: { role: 'master_admin', reason: 'Archived by mistake' } });
    expect(find('registration_corrected', works[1]!.trNumber)).toMatchObject({ adminId: staff.admin2.id, details: { role: 'admin2', fields: ['title'] } });
    expect(find('user_profile_edited', other.userId)).toMatchObject({ adminId: staff.admin2.id, details: { reason: 'Legal name change', fields: ['firstName', 'lastName'] } });
    expect(find('user_deleted', owner.userId)).toMatchObject({ targetType: 'user', adminId: staff.admin3.id, ipAddress: ADMIN_IP, details: { role: 'admin3', reason: 'Fraudulent account' } });
  });
});

/** Sign-up takes US addresses only; the profile can move abroad. */
async function moveTo(send: Send, creator: Creator, country: string): Promise<Creator> {
  const reply = await send({ method: 'PUT', url: '/api/user/profile', token: creator.token, ...jsonBody({ country }) });
  if (reply.status !== 200) throw new Error(`moving to ${country}: ${reply.status} ${reply.body}`);
  return creator;
}
