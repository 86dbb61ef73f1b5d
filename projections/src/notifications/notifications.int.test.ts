// The notification centre from the log, on a real Postgres and the real ledger: a creator's payment,
// registration, certificate and anchoring become notifications; a sign-in from a new network, a
// password change and turning two-factor on too; read, unread, delete, all read and clear all are
// the user's own (another user gets 404) and survive a rebuild of the read model. E-mails go out
// through the mail port for the topics a user left on, once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '@titleledger/api/eventstore';
import { rebuildProjections } from '../runner/projection-runner.js';
import { notificationsProjection } from './notifications.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { creatorFlows, injectSender, jsonBody, TEST_PASSWORD, type Creator } from '../../../test/support/flows.js';
import { textBytes } from '../../../test/support/documents.js';
import { outboxMail, type OutboxMail } from '../../../test/support/mail.js';

/** A right-to-left title with Latin words, brackets and digits: the case the isolates are for. */
const HEBREW_TITLE = 'שלום עולם — Notified (2024)';

let app: TestApp;
let ip = '203.0.113.10';
let flows: ReturnType<typeof creatorFlows>;
let ada: Creator;
let bob: Creator;

type Listed = { notifications: { id: string; type: string; title: string; message: string; read: boolean; trNumber: string | null }[]; unread: number };

const list = async (token: string): Promise<Listed> => {
  const reply = await flows.send({ method: 'GET', url: '/api/notifications', token });
  expect(reply.status).toBe(200);
  return reply.json<Listed>();
};
const titles = async (token: string) => (await list(token)).notifications.map((n) => n.title);

beforeAll(async () => {
  app = await startTestApp({ LEDGER_BATCH_SECONDS: '1', DEV_OUTBOX: '1', NOTIFICATION_MAIL_INTERVAL_MS: '100' });
  flows = creatorFlows(injectSender(app, { remoteAddress: () => ip }));
  ada = await flows.signUp();
  bob = await flows.signUp();
});
afterAll(async () => app?.stop());

it('needs a signed-in user', async () => {
  expect((await flows.send({ method: 'GET', url: '/api/notifications' })).status).toBe(401);
  expect((await flows.send({ method: 'POST', url: '/api/notifications/read-all' })).status).toBe(401);
});

it('tells a creator about the payment, the registration, the certificate and the anchoring', async () => {
  const registered = await flows.register(ada.token, textBytes('a notified work'), { title: HEBREW_TITLE });
  // The anchoring comes from the ledger's batch: wait for its notification, never for a time.
  await expect.poll(() => titles(ada.token), { timeout: 90_000 }).toContain('Title anchored');
  const { notifications, unread } = await list(ada.token);
  expect(notifications.map((n) => n.title)).toEqual(
    expect.arrayContaining(['Payment received', 'Title registered', 'Certificate ready', 'Title anchored']),
  );
  expect(unread).toBe(notifications.length);
  const anchored = notifications.find((n) => n.title === 'Title anchored')!;
  expect(anchored).toMatchObject({ type: 'registration', trNumber: registered.trNumber, read: false });
  expect(anchored.message).toMatch(/anchored in block \d+/);
  // The Hebrew title is isolated (FSI … PDI) in the sentences: its direction does not reorder them.
  expect(anchored.message.startsWith(`"\u2068${HEBREW_TITLE}\u2069" (${registered.trNumber}) is anchored in block `), anchored.message).toBe(true);
  const told = notifications.find((n) => n.title === 'Title registered')!;
  expect(told.message).toBe(`"\u2068${HEBREW_TITLE}\u2069" is registered as ${registered.trNumber}. It is anchored on the blockchain within minutes.`);
  expect(notifications.find((n) => n.title === 'Payment received')!.message).toMatch(/9\.99 USD.*Receipt: payment /);
  // Nobody else sees them.
  expect((await list(bob.token)).notifications).toEqual([]);
  // Ada left every topic on: the e-mail came through the mail port.
  const mail = await outboxMail(flows.send, ada.email);
  expect(mail.subject).toMatch(/^TitleLedger: /);
  // The e-mail of the registration says the same, isolate and all (its subject names no title).
  const sent = await vi.waitFor(
    async () => {
      const outbox = (await flows.send({ method: 'GET', url: '/api/dev/outbox' })).json<{ emails: OutboxMail[] }>().emails;
      const found = outbox.find((m) => m.to === ada.email && m.subject === 'TitleLedger: Title registered');
      if (!found) throw new Error('the registration e-mail is not out yet');
      return found;
    },
    { timeout: 90_000, interval: 20 },
  );
  expect(sent.body).toContain(`"\u2068${HEBREW_TITLE}\u2069" is registered as ${registered.trNumber}.`);
  expect(sent.subject).not.toContain(HEBREW_TITLE);
});

it('sends no e-mail for a topic the user turned off, and each notification at most once', async () => {
  const off = await flows.send({ method: 'PUT', url: '/api/user/notifications', token: bob.token, ...jsonBody({ key: 'paymentUpdates', value: false }) });
  expect(off.status).toBe(200);
  await flows.register(bob.token, textBytes('a quiet work'), { title: 'Quiet Work' });
  const outcomes = async () =>
    (
      await app.running.pool.query<{ type: string; outcome: string | null }>(
        `SELECT o.type, o.outcome FROM notification_outbox o JOIN notifications n ON n.id = o.notification_id WHERE o.user_id = $1`,
        [bob.userId],
      )
    ).rows;
  await expect.poll(async () => (await outcomes()).find((o) => o.type === 'payment')?.outcome, { timeout: 90_000 }).toBe('skipped: topic off');
  await expect.poll(async () => (await outcomes()).find((o) => o.type === 'registration')?.outcome, { timeout: 90_000 }).toBe('sent');
  const { rows } = await app.running.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox_emails WHERE subject = 'TitleLedger: Payment received'`,
  );
  expect(rows[0]!.n).toBe(1); // Ada's only
});

it('tells about a sign-in from a new network, not from a known one, and about security changes', async () => {
  const signIn = () => flows.send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: ada.email, password: TEST_PASSWORD }) });
  expect((await signIn()).status).toBe(200);
  // Once the notifications read model has taken the log up to here (the sign-in included), a
  // notification it was to write for it is there.
  await app.running.app!.waitForProjections(await app.running.store.headPosition(), ['notifications']);
  expect(await titles(ada.token)).not.toContain('Sign-in from a new device or network');
  ip = '198.51.100.7';
  expect((await signIn()).status).toBe(200);
  await expect.poll(() => titles(ada.token), { timeout: 90_000 }).toContain('Sign-in from a new device or network');
  // Two sign-ins, one from the network the account signed up from: one notification.
  expect((await titles(ada.token)).filter((t) => t === 'Sign-in from a new device or network')).toHaveLength(1);
  const changed = await flows.send({
    method: 'PUT',
    url: '/api/user/password',
    token: ada.token,
    ...jsonBody({ currentPassword: TEST_PASSWORD, newPassword: 'another long password' }),
  });
  expect(changed.status).toBe(200);
  await expect.poll(() => titles(ada.token), { timeout: 90_000 }).toContain('Password changed');
});

it('reads, unreads, deletes, reads all and clears, for its owner only, and keeps that through a rebuild', async () => {
  const [first, second] = (await list(ada.token)).notifications;
  const post = (url: string, token = ada.token) => flows.send({ method: 'POST', url, token });

  expect((await post(`/api/notifications/${first!.id}/read`)).status).toBe(200);
  let now = await list(ada.token);
  expect(now.notifications.find((n) => n.id === first!.id)!.read).toBe(true);
  const unreadAfterOne = now.unread;

  expect((await post(`/api/notifications/${first!.id}/unread`)).status).toBe(200);
  expect((await list(ada.token)).unread).toBe(unreadAfterOne + 1);

  // Another user cannot touch it, and a made-up id is a 404 too; a malformed one a 400.
  expect((await post(`/api/notifications/${first!.id}/read`, bob.token)).status).toBe(404);
  expect((await post('/api/notifications/no-such-id/read')).status).toBe(404);
  expect((await post('/api/notifications/bad!id/read')).status).toBe(400);

  expect((await flows.send({ method: 'DELETE', url: `/api/notifications/${second!.id}`, token: ada.token })).status).toBe(200);
  expect((await list(ada.token)).notifications.map((n) => n.id)).not.toContain(second!.id);
  expect((await post(`/api/notifications/${second!.id}/read`)).status).toBe(404);

  expect((await post('/api/notifications/read-all')).status).toBe(200);
  now = await list(ada.token);
  expect(now.unread).toBe(0);

  // Clear all (Bob's, once his title's anchoring is in): nothing left to list.
  await expect.poll(() => titles(bob.token), { timeout: 90_000 }).toContain('Title anchored');
  expect((await flows.send({ method: 'DELETE', url: '/api/notifications', token: bob.token })).status).toBe(200);
  expect(await list(bob.token)).toEqual({ notifications: [], unread: 0 });

  // The read model rebuilt from the log (services stopped, as an operator would): the same lists,
  // the same read and deleted state.
  for (const service of app.running.services) await service.stop();
  await rebuildProjections({ pool: app.running.pool, store: app.running.store, projections: [notificationsProjection] });
  expect(await list(ada.token)).toEqual(now);
  expect(await list(bob.token)).toEqual({ notifications: [], unread: 0 });
});

it('a batch of sign-ins notifies each new network once, on the first sign-in from it', async () => {
  const userId = randomUUID();
  const login = (address: string, commit: bigint): RecordedEvent => ({
    type: 'UserLoggedIn',
    data: { method: 'password', totpTimeStep: null, rememberMe: false },
    metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: userId, role: null }, clientIp: address, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    streamId: `user-${userId}`,
    revision: commit,
    position: { commit, prepare: 0n },
  });
  const batch = [login('198.51.100.7', 1n), login('198.51.100.7', 2n), login('192.0.2.44', 3n), login('198.51.100.7', 4n)];
  const client = await app.running.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO notification_networks VALUES ($1, $2)', [userId, '192.0.2.1']); // known before
    await notificationsProjection.apply(batch, client);
    await notificationsProjection.apply(batch, client); // the same batch again adds nothing
    const { rows } = await client.query<{ id: string; message: string }>('SELECT id, message FROM notifications WHERE user_id = $1 ORDER BY message', [userId]);
    expect(rows).toEqual([
      { id: batch[2]!.metadata.eventId, message: expect.stringContaining('from 192.0.2.44.') },
      { id: batch[0]!.metadata.eventId, message: expect.stringContaining('from 198.51.100.7.') },
    ]);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
});

it('keeps nothing for a deleted account: a title still pending when it went, or registered while it went, is anchored to nobody', async () => {
  const userId = randomUUID();
  let commit = 0n;
  const event = (type: string, streamId: string, data: Record<string, unknown>): RecordedEvent => ({
    type,
    data,
    metadata: { eventId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: null, role: null }, clientIp: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    streamId,
    revision: 0n,
    position: { commit: ++commit, prepare: 0n },
  });
  const [pending, late] = [`TR-COPY-2031-${randomUUID().slice(0, 8).toUpperCase()}`, `TR-COPY-2031-${randomUUID().slice(0, 8).toUpperCase()}`];
  const batchId = 900_000 + Math.floor(Math.random() * 100_000);
  const registered = (trNumber: string) => event('TitleRegistered', `title-${trNumber}`, { trNumber, ownerId: userId, title: 'Left behind' });
  const archivedWithAccount = (trNumber: string) =>
    event('RegistrationArchived', `title-${trNumber}`, { trNumber, by: userId, role: null, reason: 'Account deleted by its owner', cause: 'owner_deleted_account', at: new Date().toISOString() });
  const log = [
    event('PaymentCheckoutCreated', `payment-${userId}`, { paymentId: `pay-${userId}`, userId, reference: 'Left behind', amountCents: 999, currency: 'usd' }),
    registered(pending),
    event('AccountDeleted', `user-${userId}`, { reason: 'user_request', deletedAt: new Date().toISOString() }),
    // Its session and key were read before the deletion: it lands after, and the sweep archives it.
    registered(late),
    event('PaymentSucceeded', `payment-${userId}`, { paymentId: `pay-${userId}`, amountCents: 999, currency: 'usd', confirmedAt: new Date().toISOString(), providerPaymentIntentId: null }),
    event('BatchSealed', `batch-${batchId}`, { batchId, trNumbers: [pending, late] }),
    event('RootAnchored', `batch-${batchId}`, { batchId, blockNumber: 7 }),
    archivedWithAccount(pending),
    archivedWithAccount(late),
  ];
  const client = await app.running.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SAVEPOINT fresh');
    // One batch, and one event at a time: the same outcome.
    for (const batches of [[log], log.map((e) => [e])]) {
      await client.query('ROLLBACK TO SAVEPOINT fresh');
      for (const batch of batches) await notificationsProjection.apply(batch, client);
      const left = async (sql: string) => (await client.query(sql, [userId])).rows;
      expect(await left('SELECT title FROM notifications WHERE user_id = $1')).toEqual([]);
      expect(await left('SELECT subject FROM notification_outbox WHERE user_id = $1')).toEqual([]);
      expect(await left('SELECT tr_number FROM notification_titles WHERE owner_id = $1')).toEqual([]);
      expect(await left('SELECT payment_id FROM notification_payments WHERE user_id = $1')).toEqual([]);
    }
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
});
