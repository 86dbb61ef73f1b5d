// The support team's e-mail on a real Postgres: with SUPPORT_TEAM_EMAIL set, new requests reach the
// team's inbox once, urgent first, with nothing the sender wrote; two API processes looking at once
// announce a request once; a failed e-mail is sent again at the next look; without the setting,
// nothing is sent and nothing claimed.
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { emlFilesTo } from '../../../test/support/mail.js';
import type { Mailer } from '../mail/mailer.js';
import { SupportTeamAlerts } from './team-alerts.js';

// An address of this run's own (each test app has a mail folder of its own too).
const TEAM = `support-team.${Date.now()}@example.com`;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SUPPORT_TEAM_EMAIL: TEAM, NOTIFICATION_MAIL_INTERVAL_MS: '100' });
});
afterAll(async () => app?.stop());

const request = (priority: string, subject: string) => ({
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  subject,
  issueType: 'payment',
  priority,
  message: 'Visit http://spam.example for the details of my problem.',
});

async function submit(target: TestApp, body: object): Promise<{ id: string; ticketNumber: string }> {
  const response = await target.running.app!.inject({ method: 'POST', url: '/api/support/submit', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Waits until the support inbox's read model has these requests. */
async function inInbox(target: TestApp, ids: readonly string[]): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await target.running.pool.query('SELECT count(*)::int AS n FROM support_requests WHERE id = ANY($1)', [ids]);
      expect(rows[0].n).toBe(ids.length);
    },
    { timeout: 90_000, interval: 50 },
  );
}

const failingMailer: Mailer = { send: () => Promise.reject(new Error('SMTP down')) } as unknown as Mailer;

describe('the support team e-mail', () => {
  it("tells the team's inbox about new requests, with a link to the Support tab and nothing the sender wrote", async () => {
    const { ticketNumber } = await submit(app, request('urgent', 'Cheap pills here'));
    const [eml, ...more] = await emlFilesTo(path.join(app.running.config.dataDir, 'mail'), TEAM);
    expect(more).toEqual([]);
    expect(eml!.mail.subject).toBe(`New support request ${ticketNumber} (urgent)`);
    expect(eml!.mail.text).toContain(`${ticketNumber}  Urgent (answer within 2-4 hours)  Payment Issue`);
    expect(eml!.mail.text).toContain(`${app.running.config.publicUrl}/admin?tab=support`);
    expect(eml!.mail.text).not.toMatch(/spam|pills|Ada/);
  });

  it('lists the requests of one look in one e-mail, urgent first', async () => {
    const sent: { subject: string; text: string }[] = [];
    const mailer = { send: (mail: { subject: string; text: string }) => (sent.push(mail), Promise.resolve()) } as unknown as Mailer;
    const own = await startTestApp(); // no SUPPORT_TEAM_EMAIL: its own process announces nothing
    try {
      const low = await submit(own, request('low', 'A question about plans'));
      const urgent = await submit(own, request('urgent', 'Charged twice today'));
      await inInbox(own, [low.id, urgent.id]);
      expect((await own.running.pool.query('SELECT count(*)::int AS n FROM support_team_alerts')).rows[0].n).toBe(0);

      const alerts = new SupportTeamAlerts(own.running.pool, mailer, TEAM, 'https://tl.example', pino({ level: 'silent' }));
      expect(await alerts.drain()).toBe(2);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('2 new support requests (1 urgent)');
      expect(sent[0]!.text.indexOf(urgent.ticketNumber)).toBeLessThan(sent[0]!.text.indexOf(low.ticketNumber));
      expect(sent[0]!.text).toContain('Read and answer them in the Support tab: https://tl.example/admin?tab=support');
      expect(await alerts.drain()).toBe(0); // nothing new
      expect(sent).toHaveLength(1);
    } finally {
      await own.stop();
    }
  });

  it('announces each request once, however many processes look at once', async () => {
    const sent: { text: string }[] = [];
    const mailer = { send: (mail: { text: string }) => (sent.push(mail), Promise.resolve()) } as unknown as Mailer;
    const own = await startTestApp();
    try {
      const submitted = await Promise.all([1, 2, 3, 4, 5].map((n) => submit(own, request('normal', `Question number ${n}`))));
      await inInbox(own, submitted.map((r) => r.id));
      const lookers = Array.from({ length: 4 }, () => new SupportTeamAlerts(own.running.pool, mailer, TEAM, 'https://tl.example', pino({ level: 'silent' })));
      const listed = await Promise.all(lookers.map((looker) => looker.drain()));
      expect(listed.reduce((a, b) => a + b, 0)).toBe(5);
      const announced = sent.flatMap((mail) => mail.text.match(/TL-\d{4}-[0-9A-Z]{6}/g) ?? []);
      expect(announced.sort()).toEqual(submitted.map((r) => r.ticketNumber).sort());
    } finally {
      await own.stop();
    }
  });

  it('gives the claims back when the e-mail fails, so the next look sends them', async () => {
    const own = await startTestApp();
    try {
      const { id, ticketNumber } = await submit(own, request('high', 'Certificate will not open'));
      await inInbox(own, [id]);
      const log = pino({ level: 'silent' });
      await expect(new SupportTeamAlerts(own.running.pool, failingMailer, TEAM, 'https://tl.example', log).drain()).rejects.toThrow('SMTP down');
      const sent: { subject: string }[] = [];
      const working = { send: (mail: { subject: string }) => (sent.push(mail), Promise.resolve()) } as unknown as Mailer;
      expect(await new SupportTeamAlerts(own.running.pool, working, TEAM, 'https://tl.example', log).drain()).toBe(1);
      expect(sent.map((mail) => mail.subject)).toEqual([`New support request ${ticketNumber}`]);
    } finally {
      await own.stop();
    }
  });

  it("takes again a claim whose process stopped during the send, once it is 10 minutes old; never a sent one", async () => {
    const own = await startTestApp();
    try {
      const { id, ticketNumber } = await submit(own, request('urgent', 'Nobody was told'));
      await inInbox(own, [id]);
      const sent: { subject: string }[] = [];
      const mailer = { send: (mail: { subject: string }) => (sent.push(mail), Promise.resolve()) } as unknown as Mailer;
      const alerts = new SupportTeamAlerts(own.running.pool, mailer, TEAM, 'https://tl.example', pino({ level: 'silent' }));
      // As a process left it when it stopped mid-send: claimed a minute ago, not sent.
      await own.running.pool.query("INSERT INTO support_team_alerts (request_id, claimed_at) VALUES ($1, now() - interval '1 minute')", [id]);
      expect(await alerts.drain()).toBe(0); // that process may still be sending
      await own.running.pool.query("UPDATE support_team_alerts SET claimed_at = now() - interval '11 minutes' WHERE request_id = $1", [id]);
      expect(await alerts.drain()).toBe(1);
      expect(sent.map((mail) => mail.subject)).toEqual([`New support request ${ticketNumber} (urgent)`]);
      await own.running.pool.query("UPDATE support_team_alerts SET claimed_at = now() - interval '11 minutes' WHERE request_id = $1", [id]);
      expect(await alerts.drain()).toBe(0); // sent: never again
    } finally {
      await own.stop();
    }
  });

  it('leaves resolved requests and requests older than a day out', async () => {
    const own = await startTestApp();
    try {
      const { id } = await submit(own, request('normal', 'An older question'));
      await inInbox(own, [id]);
      const sent: unknown[] = [];
      const mailer = { send: (mail: unknown) => (sent.push(mail), Promise.resolve()) } as unknown as Mailer;
      const alerts = new SupportTeamAlerts(own.running.pool, mailer, TEAM, 'https://tl.example', pino({ level: 'silent' }));
      expect(await alerts.drain(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(0);
      await own.running.pool.query("UPDATE support_requests SET status = 'resolved' WHERE id = $1", [id]);
      expect(await alerts.drain()).toBe(0);
      expect(sent).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});
