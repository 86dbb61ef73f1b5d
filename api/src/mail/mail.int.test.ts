// The mail port on the whole app: a plain `npm start` (NODE_ENV and DEV_OUTBOX unset) has no dev
// outbox, writes each e-mail as an .eml file under DATA_DIR/mail and logs its link; with SMTP_URL
// the message goes to a real SMTP server (smtp-server, in this process) instead. Issue 12, finding 1:
// forgot-password for a victim, then reading the outbox, no longer hands out the reset token.
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, errorReply, injectSender, jsonBody, type Creator, type Send } from '../../../test/support/flows.js';
import { emlFilesTo, resetTokenIn } from '../../../test/support/mail.js';

const NEW_PASSWORD = 'a fresh new password';

async function resetWithLink(send: Send, token: string, email: string) {
  const reset = await send({ method: 'POST', url: '/api/auth/reset-password', ...jsonBody({ token, password: NEW_PASSWORD }) });
  expect(reset.status, reset.body).toBe(200);
  const login = await send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email, password: NEW_PASSWORD }) });
  expect(login.status).toBe(200);
}

describe('a plain npm start (NODE_ENV and DEV_OUTBOX unset)', () => {
  let app: TestApp;
  let send: Send;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'titleledger-mail-'));
  const logLines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await startTestApp({ NODE_ENV: undefined, DEV_OUTBOX: undefined, DATA_DIR: dataDir }, { logger: pino({ level: 'info' }, sink) });
    send = injectSender(app);
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('boots as development with the dev outbox off', () => {
    expect(app.running.config.NODE_ENV).toBe('development');
    expect(app.running.config.DEV_OUTBOX).toBe(false);
  });

  it('has no outbox route: the reset link of a victim cannot be read back', async () => {
    const victim = await creatorFlows(send).signUp();
    const asked = await send({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: victim.email }) });
    expect(asked.status).toBe(202);
    const outbox = await send({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.status).toBe(404);
    expect(outbox.json()).toEqual(errorReply('not_found', 'No API route GET /api/dev/outbox.'));
    // The mail still goes to its owner: as a file only the server's user can read.
    const [eml] = await emlFilesTo(path.join(dataDir, 'mail'), victim.email);
    expect(statSync(eml!.file).mode & 0o777).toBe(0o600);
  });

  it('writes the reset e-mail as an .eml file, logs its link, and the link works once', async () => {
    const creator = await creatorFlows(send).signUp();
    const asked = await send({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: creator.email }) });
    expect(asked.status).toBe(202);
    const [eml, ...more] = await emlFilesTo(path.join(dataDir, 'mail'), creator.email);
    expect(more).toEqual([]);
    expect(eml!.mail.subject).toBe('Reset your TitleLedger password');
    expect(eml!.mail.from?.value).toEqual([{ name: 'TitleLedger', address: 'no-reply@titleledger.local' }]);
    const token = resetTokenIn(eml!.mail.text ?? '');
    const logged = logLines.map((line) => JSON.parse(line) as { msg: string; links?: string[]; file?: string }).find((l) => l.file === eml!.file);
    expect(logged?.links).toEqual([`${app.running.config.publicUrl}/forgot-password?token=${token}`]);
    expect(logged?.msg).toContain(eml!.file);

    await resetWithLink(send, token, creator.email);
    const again = await send({ method: 'POST', url: '/api/auth/reset-password', ...jsonBody({ token, password: 'yet another password' }) });
    expect(again.status).toBe(422);
  });

  it('sends nothing for an unknown address, with the same answer', async () => {
    // An app of its own (and a mail folder of its own): stopping it waits for every password reset
    // under way in the background, so its folder is then all it will ever write for them. It has
    // the other app's secret key: the server key is the process's, and that app still runs.
    const SECRET_KEY = readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim();
    const own = await startTestApp({ NODE_ENV: undefined, DEV_OUTBOX: undefined, SECRET_KEY });
    const stranger = 'nobody-here@example.com';
    let known: Creator | undefined;
    try {
      const ownSend = injectSender(own);
      known = await creatorFlows(ownSend).signUp();
      const a = await ownSend({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: stranger }) });
      const b = await ownSend({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: known.email }) });
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(a.body).toBe(b.body);
    } finally {
      await own.stop();
    }
    const folder = path.join(own.running.config.dataDir, 'mail');
    expect((await emlFilesTo(folder, known.email)).map((f) => f.mail.subject)).toContain('Reset your TitleLedger password');
    const all = await Promise.all((await readdir(folder)).map((name) => readFile(path.join(folder, name), 'utf8')));
    expect(all.filter((raw) => raw.includes(stranger))).toEqual([]);
  });

  it('sends one address at most 3 reset e-mails an hour, answering every request the same way', async () => {
    const creator = await creatorFlows(send).signUp();
    const refusals = () => logLines.filter((line) => line.includes('password reset not sent')).length;
    const before = refusals();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await send({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: creator.email }) }));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // Every request is handled in the background: wait until all five are, then count.
    await vi.waitFor(() => expect(refusals()).toBe(before + 2), { timeout: 90_000, interval: 20 });
    await vi.waitFor(async () => expect(await emlFilesTo(path.join(dataDir, 'mail'), creator.email)).toHaveLength(3), { timeout: 90_000, interval: 20 });
  });
});

describe('SMTP_URL set', () => {
  let app: TestApp;
  let send: Send;
  const received: ParsedMail[] = [];
  let hold: Promise<void> = Promise.resolve();
  let smtp: SMTPServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'titleledger-smtp-'));

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, done) {
        simpleParser(stream)
          .then(async (mail) => {
            await hold;
            received.push(mail);
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    // The notification sender (every 5 s by default) would mail the first test's "Password reset"
    // notice into the second test's count: only the mails these tests send go out here.
    app = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      MAIL_FROM: 'Registry <registry@titleledger.test>',
      NOTIFICATION_MAIL_INTERVAL_MS: '3600000',
    });
    send = injectSender(app);
  });
  afterAll(async () => {
    await app?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers through the SMTP server and writes no file', async () => {
    const creator = await creatorFlows(send).signUp();
    expect((await send({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: creator.email }) })).status).toBe(202);
    const mail = await vi.waitFor(
      () => {
        const found = received.find((m) => !Array.isArray(m.to) && m.to?.text === creator.email);
        if (!found) throw new Error('not delivered yet');
        return found;
      },
      { timeout: 90_000, interval: 20 },
    );
    expect(mail.from?.value).toEqual([{ name: 'Registry', address: 'registry@titleledger.test' }]);
    await resetWithLink(send, resetTokenIn(mail.text ?? ''), creator.email);
    expect(existsSync(path.join(dataDir, 'mail'))).toBe(false);
  });

  it('answers forgot-password before the e-mail is out (finding 6: no timing tell)', async () => {
    const creator = await creatorFlows(send).signUp();
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const resetMailsTo = (email: string) => received.filter((m) => !Array.isArray(m.to) && m.to?.text === email && m.subject === 'Reset your TitleLedger password').length;
    const before = received.length;
    const known = await send({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: creator.email }) });
    const unknown = await send({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: 'no-such-person@example.com' }) });
    // The SMTP server is holding the message: the known address was answered all the same.
    expect(known.status).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(received.length).toBe(before);
    release();
    await vi.waitFor(() => expect(resetMailsTo(creator.email)).toBe(1), { timeout: 90_000, interval: 20 });
  });
});
