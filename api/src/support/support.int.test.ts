// POST /api/support/submit on a real Postgres: every field's limit with the spec's message, the
// defaults, the 201 answer with a ticket number, the event it records, and the ticket number e-mailed.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { emlFilesTo } from '../../../test/support/mail.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.stop());

const valid = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Certificate download',
  issueType: 'registration',
  priority: 'high',
  message: 'My certificate PDF does not open after download.',
};

const submit = (body: unknown) =>
  app.running.app!.inject({ method: 'POST', url: '/api/support/submit', payload: body as object });

describe('POST /api/support/submit', () => {
  it('records the request and answers 201 with a ticket number', async () => {
    // The ticket's year is the server's UTC year as it answers: between these two readings of its clock
    // (the app runs in this process), whichever side of New Year they fall on.
    const yearBefore = new Date().getUTCFullYear();
    const response = await submit(valid);
    const yearAfter = new Date().getUTCFullYear();
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.ticketNumber).toMatch(new RegExp(`^TL-(${yearBefore}|${yearAfter})-[0-9A-Z]{6}$`));
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);

    const events = await app.running.store.readStream(`support-${body.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('SupportRequestSubmitted');
    expect(events[0]!.data).toMatchObject({ ...valid, ticketNumber: body.ticketNumber, id: body.id });
    expect(events[0]!.metadata.actor.kind).toBe('anonymous');
  });

  it('e-mails the ticket number to the address given, with nothing the sender wrote in it', async () => {
    const email = `ticket.${Date.now()}@example.com`;
    const response = await submit({ ...valid, email, fullName: 'Visit http://spam.example', subject: 'Cheap pills here', message: 'Buy now at http://spam.example today!' });
    const { ticketNumber } = response.json();
    const [eml, ...more] = await emlFilesTo(path.join(app.running.config.dataDir, 'mail'), email);
    expect(more).toEqual([]);
    expect(eml!.mail.subject).toBe(`Your TitleLedger support request ${ticketNumber}`);
    expect(eml!.mail.text).toContain(`Your ticket number is ${ticketNumber}.`);
    expect(eml!.mail.text).toContain('typically responds within 24 hours');
    expect(eml!.mail.text).not.toMatch(/spam|pills|Visit/);
  });

  it('sends one address three ticket e-mails an hour at most; every request is still recorded', async () => {
    const own = await startTestApp();
    const email = `flood.${Date.now()}@example.com`;
    const ids: string[] = [];
    try {
      for (let i = 0; i < 5; i += 1) {
        const response = await own.running.app!.inject({ method: 'POST', url: '/api/support/submit', payload: { ...valid, email, subject: `Request number ${i}` } });
        expect(response.statusCode).toBe(201);
        ids.push(response.json().id);
      }
    } finally {
      await own.stop(); // waits for the e-mails under way
    }
    const sent = await emlFilesTo(path.join(own.running.config.dataDir, 'mail'), email);
    expect(sent).toHaveLength(3);
    expect(ids).toHaveLength(5);
  });

  it("takes the contact page's message at /api/contact: all four fields required, no minimum lengths, issue type other", async () => {
    const email = `contact.${Date.now()}@example.com`;
    const response = await app.running.app!.inject({ method: 'POST', url: '/api/contact', payload: { fullName: 'Al', email, subject: 'Hi', message: 'Quick question?' } });
    expect(response.statusCode, response.body).toBe(201);
    const { id, ticketNumber } = response.json();
    const [event] = await app.running.store.readStream(`support-${id}`);
    expect(event!.data).toMatchObject({ ticketNumber, fullName: 'Al', email, subject: 'Hi', message: 'Quick question?', issueType: 'other', priority: 'normal' });
    await emlFilesTo(path.join(app.running.config.dataDir, 'mail'), email);
    for (const [field, message] of [['fullName', 'Name is required'], ['subject', 'Subject is required'], ['message', 'Message is required']] as const) {
      const refused = await app.running.app!.inject({ method: 'POST', url: '/api/contact', payload: { fullName: 'Al', email, subject: 'Hi', message: 'Quick question?', [field]: '   ' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    const long = await app.running.app!.inject({ method: 'POST', url: '/api/contact', payload: { fullName: 'Al', email, subject: 'Hi', message: 'x'.repeat(2001) } });
    expect(long.json().message).toContain('Message must be at most 2000 characters');
  });

  it('defaults the issue type to technical and the priority to normal', async () => {
    const { issueType: _i, priority: _p, ...rest } = valid;
    const response = await submit(rest);
    expect(response.statusCode).toBe(201);
    const events = await app.running.store.readStream(`support-${response.json().id}`);
    expect(events[0]!.data).toMatchObject({ issueType: 'technical', priority: 'normal' });
  });

  it.each([
    ['fullName', 'A', 'Full name must be at least 2 characters'],
    ['fullName', 'A'.repeat(101), 'Full name must be at most 100 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['subject', 'Help', 'Subject must be at least 5 characters'],
    ['subject', 'S'.repeat(201), 'Subject must be at most 200 characters'],
    ['message', 'Too short to act on', 'Message must be at least 20 characters'],
    ['message', 'M'.repeat(2001), 'Message must be at most 2000 characters'],
    ['issueType', 'billing', 'Choose one of the listed issue types'],
    ['priority', 'critical', 'Choose one of the listed priorities'],
  ])('refuses %s = %j with a 400 and "%s"', async (field, value, message) => {
    const response = await submit({ ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', error: message, message });
    expect(response.json().details.issues).toEqual([{ path: field, message }]);
  });

  it('accepts each limit exactly', async () => {
    const response = await submit({
      ...valid,
      fullName: 'Al',
      subject: 'Hello',
      message: 'M'.repeat(20),
    });
    expect(response.statusCode).toBe(201);
    const longest = await submit({ ...valid, fullName: 'A'.repeat(100), subject: 'S'.repeat(200), message: 'M'.repeat(2000) });
    expect(longest.statusCode).toBe(201);
  });

  it('lists every invalid field of an empty request', async () => {
    const response = await submit({});
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ['email', 'fullName', 'message', 'subject'],
    );
  });
});
