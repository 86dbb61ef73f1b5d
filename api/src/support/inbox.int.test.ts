// The support inbox over HTTP on a real Postgres: requests from the support form and the contact page
// reach the admin portal's list (the open queue most urgent then oldest first; search; filters),
// admin2 and up resolve and reopen them with a note (twice writes nothing more), the access log
// names who did it, and the list equals its rebuild from the log. Who may call each route is covered
// for every role by the authorisation table test (staff.int.test.ts). No call answers 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { injectSender, jsonBody, type HttpRequest } from '../../../test/support/flows.js';
import { signedInStaff, type TestStaff } from '../../../test/support/staff.js';
import { eventually } from '../../../test/ledger/registrations.js';
import { rebuildProjections, supportProjection } from '@titleledger/projections';
import { supportInboxPageSchema, supportRequestHandledSchema, type SupportInboxItem } from '../schemas/admin.js';

let app: TestApp;
const statuses: number[] = [];
let admin1: TestStaff;
let admin2: TestStaff;
let master: TestStaff;
const tickets: Record<string, string> = {};

const call = async (request: HttpRequest) => {
  const reply = await injectSender(app, { remoteAddress: () => '10.9.8.7' })(request);
  statuses.push(reply.status);
  return reply;
};
const as = (who: TestStaff, request: HttpRequest) => call({ ...request, token: who.token });
const inbox = async (who: TestStaff, query = '') => {
  const reply = await as(who, { method: 'GET', url: `/api/admin/support-requests${query}` });
  expect(reply.status, reply.body).toBe(200);
  return supportInboxPageSchema.parse(reply.json());
};
const subjects = (requests: readonly SupportInboxItem[]) => requests.map((r) => r.subject);
const idOf = async (subject: string) => (await inbox(master, '?status=all')).requests.find((r) => r.subject === subject)!.id;

const request = (subject: string, priority: string, email = 'visitor@example.com') => ({
  fullName: 'Grace Hopper',
  email,
  subject,
  issueType: 'technical',
  priority,
  message: 'The verify page says my certificate is unknown.',
});

beforeAll(async () => {
  app = await startTestApp();
  // Submitted in this order; the open queue puts urgent first and, within a priority, the oldest first.
  for (const [subject, priority, email] of [
    ['Low one first', 'low', 'lena@example.com'],
    ['Normal and old', 'normal', 'nora@example.com'],
    ['Urgent outage', 'urgent', 'uma@example.org'],
    ['Normal and new', 'normal', 'ned@example.com'],
  ] as const) {
    const reply = await call({ method: 'POST', url: '/api/support/submit', ...jsonBody(request(subject, priority, email)) });
    expect(reply.status).toBe(201);
    tickets[subject] = reply.json<{ ticketNumber: string }>().ticketNumber;
  }
  const contact = await call({ method: 'POST', url: '/api/contact', ...jsonBody({ fullName: 'Al', email: 'al@example.com', subject: 'Quick question?', message: 'Hi' }) });
  expect(contact.status).toBe(201);
  tickets['Quick question?'] = contact.json<{ ticketNumber: string }>().ticketNumber;
  [admin1, admin2, master] = await Promise.all([signedInStaff(app, 'admin1', call), signedInStaff(app, 'admin2', call), signedInStaff(app, 'master_admin', call)]);
  // A submission answers without waiting for the inbox: wait for the five to be listed.
  await eventually(async () => (await inbox(master, '?status=all')).total === 5, 90_000, 'the five requests in the inbox');
});
afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await app?.stop();
});

describe('the support inbox', () => {
  it('lists open requests most urgent first, then oldest first, with everything needed to answer them', async () => {
    const page = await inbox(admin1);
    expect(subjects(page.requests)).toEqual(['Urgent outage', 'Normal and old', 'Normal and new', 'Quick question?', 'Low one first']);
    expect(page).toMatchObject({ openCount: 5, total: 5, totalCapped: false, hasMore: false, page: 1 });
    expect(page.requests[0]).toMatchObject({
      ticketNumber: tickets['Urgent outage'],
      fullName: 'Grace Hopper',
      email: 'uma@example.org',
      issueType: 'technical',
      priority: 'urgent',
      message: 'The verify page says my certificate is unknown.',
      status: 'open',
      handledAt: null,
      handledByEmail: null,
      note: null,
    });
    // The contact page's message is a request of type other, normal priority.
    expect(page.requests.find((r) => r.subject === 'Quick question?')).toMatchObject({ issueType: 'other', priority: 'normal', fullName: 'Al', message: 'Hi' });
  });

  it('searches by ticket number, e-mail, name or subject, and pages', async () => {
    expect(subjects((await inbox(admin1, `?q=${tickets['Normal and new']!.toLowerCase()}`)).requests)).toEqual(['Normal and new']);
    expect(subjects((await inbox(admin1, '?q=EXAMPLE.ORG')).requests)).toEqual(['Urgent outage']);
    expect(subjects((await inbox(admin1, '?q=outage')).requests)).toEqual(['Urgent outage']);
    expect((await inbox(admin1, '?q=100%25')).requests).toEqual([]); // a LIKE wildcard is a character, not a wildcard
    const first = await inbox(admin1, '?pageSize=2');
    expect(first).toMatchObject({ total: 5, hasMore: true });
    expect(subjects((await inbox(admin1, '?pageSize=2&page=3')).requests)).toEqual(['Low one first']);
  });

  it('admin2 resolves a request with a note; it leaves the open queue and shows who resolved it', async () => {
    const id = await idOf('Urgent outage');
    const reply = await as(admin2, { method: 'POST', url: `/api/admin/support-requests/${id}/resolve`, ...jsonBody({ note: 'Replied by e-mail: the outage is over.' }) });
    expect(reply.status, reply.body).toBe(200);
    const handled = supportRequestHandledSchema.parse(reply.json());
    expect(handled).toMatchObject({ changed: true, request: { id, status: 'resolved', handledByEmail: admin2.email, handledByRole: 'admin2', note: 'Replied by e-mail: the outage is over.' } });
    expect(Date.parse(handled.request.handledAt!)).not.toBeNaN();

    // Answered once the list shows it (read-your-writes).
    const open = await inbox(admin1);
    expect(subjects(open.requests)).not.toContain('Urgent outage');
    expect(open.openCount).toBe(4);
    expect(subjects((await inbox(admin1, '?status=resolved')).requests)).toEqual(['Urgent outage']);
    expect((await inbox(admin1, '?status=all')).total).toBe(5);

    // Twice: nothing more is written, and the first resolution stands.
    const again = supportRequestHandledSchema.parse((await as(master, { method: 'POST', url: `/api/admin/support-requests/${id}/resolve` })).json());
    expect(again).toMatchObject({ changed: false, request: { status: 'resolved', handledByEmail: admin2.email } });
    expect((await app.running.store.readStream(`support-${id}`)).map((e) => e.type)).toEqual(['SupportRequestSubmitted', 'SupportRequestResolved']);
  });

  it('reopens a resolved request: back in the open queue in its place', async () => {
    const id = await idOf('Urgent outage');
    const reply = await as(master, { method: 'POST', url: `/api/admin/support-requests/${id}/reopen`, body: 'null', headers: { 'content-type': 'application/json' } });
    expect(reply.status, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ changed: true, request: { status: 'open', handledByRole: 'master_admin', note: null } });
    expect(subjects((await inbox(admin1)).requests)[0]).toBe('Urgent outage');
  });

  it('admin1 reads but may not resolve; unknown and malformed ids and bad queries are clear 4xx', async () => {
    const id = await idOf('Low one first');
    const refused = await as(admin1, { method: 'POST', url: `/api/admin/support-requests/${id}/resolve` });
    expect(refused.status).toBe(403);
    const unknown = await as(admin2, { method: 'POST', url: '/api/admin/support-requests/00000000-0000-4000-8000-000000000000/resolve' });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'No such support request' });
    const malformed = await as(admin2, { method: 'POST', url: '/api/admin/support-requests/not-an-id/resolve' });
    expect(malformed.status).toBe(400);
    const badStatus = await as(admin1, { method: 'GET', url: '/api/admin/support-requests?status=closed' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.json()).toMatchObject({ message: expect.stringContaining('status must be open, resolved or all') });
    for (const body of [JSON.stringify({ note: 'x'.repeat(1001) }), JSON.stringify({ note: 'a\u0000b' }), String.raw`{"note":"\ud800"}`, '[]', '{"note":', JSON.stringify({ note: 5 })]) {
      const refusedNote = await as(admin2, { method: 'POST', url: `/api/admin/support-requests/${id}/resolve`, headers: { 'content-type': 'application/json' }, body });
      expect(refusedNote.status, body.slice(0, 40)).toBe(400);
      expect(refusedNote.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    const hostileQuery = await as(admin1, { method: 'GET', url: '/api/admin/support-requests?q=%00&page=0' });
    expect(hostileQuery.status).toBe(400);
    expect((await inbox(admin1)).openCount).toBe(5); // nothing was resolved by the refused calls
    const anonymous = await call({ method: 'GET', url: '/api/admin/support-requests' });
    expect(anonymous.status).toBe(401);
  });

  it('puts every resolution and reopening in the access log, with the note as the reason', async () => {
    const reply = await as(master, { method: 'GET', url: '/api/master-admin/audit-logs?limit=50' });
    const logs = reply.json<{ logs: { action: string; targetType: string; targetId: string; adminId: string; ipAddress: string; details: Record<string, unknown> }[] }>().logs;
    const ticket = tickets['Urgent outage'];
    expect(logs.filter((l) => l.targetType === 'support_request').map((l) => [l.action, l.targetId, l.adminId])).toEqual([
      ['support_request_reopened', ticket, master.id],
      ['support_request_resolved', ticket, admin2.id],
    ]);
    expect(logs.find((l) => l.action === 'support_request_resolved')).toMatchObject({ ipAddress: '10.9.8.7', details: { role: 'admin2', reason: 'Replied by e-mail: the outage is over.' } });
  });

  it('two staff members resolving one request at once agree: both 200, one resolution written', async () => {
    const id = await idOf('Normal and new');
    const replies = await Promise.all([admin2, master].map((who) => as(who, { method: 'POST', url: `/api/admin/support-requests/${id}/resolve` })));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies.map((r) => r.json<{ changed: boolean; request: { status: string } }>()).map((b) => [b.changed, b.request.status]).sort()).toEqual([
      [false, 'resolved'],
      [true, 'resolved'],
    ]);
    expect((await app.running.store.readStream(`support-${id}`)).map((e) => e.type)).toEqual(['SupportRequestSubmitted', 'SupportRequestResolved']);
  });

  it('is rebuilt from the log row for row', async () => {
    const rows = async () => (await app.running.pool.query('SELECT * FROM support_requests ORDER BY id')).rows;
    const before = await rows();
    expect(before).toHaveLength(5);
    for (const service of app.running.services) await service.stop();
    await rebuildProjections({ store: app.running.store, pool: app.running.pool, projections: [supportProjection] });
    expect(await rows()).toEqual(before);
  });
});
