// Issue 11's "done when": a database whose log already holds a NUL-byte UserRegistered (and one the
// users projection cannot open at all), appended straight through the event store as an older
// release let through, starts; the NUL is stored sanitised, the unopenable one is parked and health
// says so; every other user signs in and up. A stalled read model answers 503 at once, and only
// commands that read it care.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, serverKeyring } from '@titleledger/api/accounts';
import { startTestApp, type TestApp } from '../support/app.js';
import { creatorFlows, injectSender, jsonBody, type Creator } from '../support/flows.js';
import { newEvent } from '../eventstore/contract.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-poison-'));
let app: TestApp;
let flows: ReturnType<typeof creatorFlows>;
let alice: Creator;
const nulUser = randomUUID();
/** The restarted app's log lines: state changes are logged once, not per retry or per health check. */
const logged: { msg: string; projection?: string; component?: string }[] = [];
const logLines = (msg: string) => logged.filter((l) => l.msg.startsWith(msg));
const unopenable = randomUUID();

/** A UserRegistered whose profile is sealed with the user's real key (or, for `sealFor`, someone else's binding). */
async function appendUserRegistered(first: TestApp, userId: string, fullName: string, sealFor = userId) {
  const keyring = serverKeyring();
  const key = keyring.newUserKey();
  const email = `${userId}@example.com`;
  await first.running.pool.query('INSERT INTO user_keys (user_id, email_hmac, wrapped_key) VALUES ($1, $2, $3)', [
    userId,
    keyring.emailHmac(email),
    keyring.wrap(userId, key),
  ]);
  const profile = { email, username: null, fullName, firstName: fullName, lastName: 'X', phone: '3105551234', address: '1 Main Street', city: 'LA', state: 'CA', zipCode: '90001', country: 'US' };
  const now = new Date().toISOString();
  await first.running.store.append(
    `user-${userId}`,
    [
      newEvent('UserRegistered', {
        userId,
        emailHmac: keyring.emailHmac(email),
        accountType: 'individual',
        profile: seal(key, sealFor, profile),
        password: seal(key, sealFor, { algorithm: 'none' }),
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
        registeredAt: now,
      }),
    ],
    'no_stream',
  );
}

const health = async () => {
  const reply = await flows.send({ method: 'GET', url: '/api/health' });
  return { status: reply.status, body: reply.json() };
};

beforeAll(async () => {
  const first = await startTestApp({ DATA_DIR: dataDir });
  alice = await creatorFlows(injectSender(first)).signUp();
  // The projections are not running when the poison arrives: the next start meets it in the log.
  for (const service of first.running.services) if (service.name === 'projections') await service.stop();
  await appendUserRegistered(first, nulUser, 'Nul\u0000Name');
  await appendUserRegistered(first, unopenable, 'Never Opened', randomUUID());
  const databaseUrl = first.running.config.DATABASE_URL!;
  await first.stop();

  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  app = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PROJECTION_WAIT_MS: '60000' }, { logger });
  flows = creatorFlows(injectSender(app));
});
afterAll(async () => app?.stop());

describe('a log holding events the read models cannot take as they are', () => {
  it('stores the NUL sanitised, parks the unopenable one, and health names it', async () => {
    const pool = app.running.pool;
    // Every read model that opens a user's sealed details meets the unopenable event: each parks it once.
    const readers = ['admin', 'users'];
    await expect
      .poll(async () => (await pool.query('SELECT projection FROM projection_failures ORDER BY projection')).rows.map((r: { projection: string }) => r.projection))
      .toEqual(readers);
    const failures = (await pool.query('SELECT projection, stream_id, event_type, error, attempts FROM projection_failures ORDER BY projection')).rows;
    for (const [i, projection] of readers.entries()) {
      expect(failures[i]).toMatchObject({ projection, stream_id: `user-${unopenable}`, event_type: 'UserRegistered', attempts: 5 });
    }
    expect((await pool.query('SELECT full_name FROM users WHERE id = $1', [nulUser])).rows).toEqual([{ full_name: 'Nul\uFFFDName' }]);
    expect((await pool.query('SELECT 1 FROM users WHERE id = $1', [unopenable])).rowCount).toBe(0);

    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.components.readModels).toMatchObject({
      status: 'degraded',
      details: {
        readModels: { users: { status: 'degraded', parked: 1 }, admin: { status: 'degraded', parked: 1 }, 'audit-log': { status: 'ok', parked: 0 } },
        reasons: readers.map((name) => expect.stringMatching(new RegExp(`^${name}: 1 parked event\\(s\\) it could not apply`))),
      },
    });
    expect(body.components.projections).toMatchObject({ status: 'degraded', details: { parked: readers.length } });

    // Said once each: the failure, the parking, the recovery; and health's change of state, however often asked.
    await health();
    const projectionsOf = (message: string) => logLines(message).map((l) => l.projection).sort();
    expect(projectionsOf('projection failing; retrying')).toEqual(readers);
    expect(projectionsOf('projection parked an event')).toEqual(readers);
    expect(projectionsOf('projection applying events again')).toEqual(readers);
    expect(logLines('health: readModels is degraded')).toHaveLength(1);
  });

  it('serves every other user: sign-in, sign-up, profile', async () => {
    const login = await flows.send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: alice.email, password: alice.password }) });
    expect(login.status).toBe(200);
    const bob = await flows.signUp();
    const me = await flows.send({ method: 'GET', url: '/api/auth/me', token: bob.token });
    expect(me.json()).toMatchObject({ id: bob.userId, email: bob.email });
    const profile = await flows.send({ method: 'PUT', url: '/api/user/profile', token: bob.token, ...jsonBody({ city: 'San Diego' }) });
    expect(profile.json()).toMatchObject({ success: true, user: { city: 'San Diego' } });
  });

  it('once the parked event is dealt with, health is ok again', async () => {
    await app.running.pool.query('DELETE FROM projection_failures');
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(logLines('health: readModels is ok')).toHaveLength(1);
  });
});

describe('waits that cannot hurt everyone', () => {
  it('sign-in does not wait for a stalled audit log', async () => {
    await app.running.pool.query("UPDATE projection_checkpoints SET stalled_since = now(), last_error = 'test: stalled' WHERE name = 'audit-log'");
    const login = await flows.send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: alice.email, password: alice.password }) });
    expect(login.status).toBe(200);
    expect((await health()).body.components.readModels.details.reasons).toEqual([expect.stringMatching(/^audit-log: failing since .*: test: stalled$/)]);
  });

  it('a command whose read model is stalled answers 503 with Retry-After at once, not after PROJECTION_WAIT_MS', async () => {
    for (const service of app.running.services) if (service.name === 'projections') await service.stop();
    await app.running.pool.query("UPDATE projection_checkpoints SET stalled_since = now(), last_error = 'test: stalled' WHERE name = 'users'");
    const started = Date.now();
    const login = await flows.send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: alice.email, password: alice.password }) });
    expect(login.status).toBe(503);
    expect(login.headers['retry-after']).toBe('5');
    expect(login.json()).toMatchObject({ success: false, code: 'service_unavailable', details: { readModels: ['users'] } });
    // PROJECTION_WAIT_MS is 60 s here: an answer well inside it did not wait.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
