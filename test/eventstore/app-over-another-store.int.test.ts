// The whole app over an event store that is not Postgres (issue 19 item 5). EventStoreDB cannot run
// here, so the store is the in-memory stand-in that behaves as the EventStoreDB adapter does through
// the port (test/support/memory-event-store.ts: no appendMany, no heldBack, its own positions, JSON
// read back afresh) and passes the same contract suite. Postgres keeps only the read models, the
// ledger and the transparency tree: the Postgres adapter's tables are never made, so anything still
// reading the log from Postgres fails here. A creator signs up, pays and registers (the registration's
// crash-recovery path, as without appendMany), lists the title and downloads its certificate; the
// ledger anchors it and /verify shows it registered; the transparency log covers every event, verifies
// and is anchored; the read models equal a replay from the store; health is ok.
// A second app shares the same store, each app in a scope of its own (test/support/scoped-event-store.ts),
// as the API suite shares one EventStoreDB server: its creator registers too, both ledgers seal a stream
// named `batch-1` (each database counts its own batches), and neither app's log, tree or read models
// hold the other's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredVerifierKey, latestCheckpoint, verifyLog } from '@titleledger/api/transparency';
import { allProjections, readModelMigrations, replayAndDiff } from '@titleledger/projections';
import { startTestApp, type TestApp } from '../support/app.js';
import { creatorFlows, injectSender } from '../support/flows.js';
import { MemoryEventStore } from '../support/memory-event-store.js';
import { signedInStaff } from '../support/staff.js';
import { ScopedEventStore } from '../support/scoped-event-store.js';
import { eventually } from '../ledger/registrations.js';

const shared = new MemoryEventStore();
let app: TestApp;
let store: ScopedEventStore;
let client: ReturnType<typeof creatorFlows>;
let token: string;
let registered: Awaited<ReturnType<typeof client.register>>;
let neighbour: TestApp;
let neighbourStore: ScopedEventStore;
let neighbourRegistered: Awaited<ReturnType<typeof client.register>>;

const settings = { LEDGER_BATCH_SECONDS: '0.5', LEDGER_CHECKPOINT_ANCHOR_ENTRIES: '1' };

beforeAll(async () => {
  [app, neighbour] = await Promise.all([
    startTestApp(settings, { eventStore: () => (store = new ScopedEventStore(shared, 'first')) }),
    startTestApp(settings, { eventStore: () => (neighbourStore = new ScopedEventStore(shared, 'second')) }),
  ]);
  client = creatorFlows(injectSender(app));
  token = (await client.signUp()).token;
  registered = await client.register(token, Buffer.from(`A poem kept elsewhere ${Date.now()}\n`), { title: 'Kept Elsewhere' });
  const other = creatorFlows(injectSender(neighbour));
  neighbourRegistered = await other.register((await other.signUp()).token, Buffer.from(`A neighbour's poem ${Date.now()}\n`), { title: 'Next Door' });
}, 120_000);
afterAll(async () => Promise.all([app?.stop(), neighbour?.stop()]));

/** Waits until /verify shows the registration anchored; returns what it shows. */
function anchored(sender: ReturnType<typeof creatorFlows>, trNumber: string) {
  return eventually(async () => {
    const body = (await sender.send({ method: 'GET', url: `/api/titles/verify/${trNumber}` })).json<{ status: string }>();
    return body.status === 'registered' ? body : null;
  }, 90_000, `${trNumber} anchored`);
}

/** Waits for a checkpoint of the app's whole log, anchored; returns it. */
function wholeLogCheckpoint(of: TestApp, log: ScopedEventStore) {
  const sender = creatorFlows(injectSender(of));
  // The ledger's own events (its batch, the checkpoint anchor) land in the log too: wait for a
  // checkpoint covering the whole log at some moment, and anchored.
  return eventually(async () => {
    const [latest, events] = await Promise.all([latestCheckpoint(of.running.pool), log.readAll()]);
    const anchored = await sender.send({ method: 'GET', url: '/api/log/checkpoint/anchor' });
    return latest && latest.treeSize === events.length && anchored.json<{ anchored: boolean }>().anchored ? latest : null;
  }, 90_000, 'a checkpoint of the whole log, and an anchored one');
}

describe('the app over an event store that is not Postgres', () => {
  it('keeps no event log in Postgres', async () => {
    const { rows } = await app.running.pool.query<{ events: string | null; streams: string | null }>(
      `SELECT to_regclass('es_events')::text AS events, to_regclass('es_streams')::text AS streams`,
    );
    expect(rows[0]).toEqual({ events: null, streams: null });
    expect(app.running.store).toBe(store);
    expect((await store.readAll()).map((e) => e.type)).toEqual(expect.arrayContaining(['UserRegistered', 'PaymentSucceeded', 'TitleRegistered']));
  });

  it('lists the registered title and serves its certificate', async () => {
    const titles = await client.send({ method: 'GET', url: '/api/titles/user', token });
    expect(titles.status).toBe(200);
    expect(JSON.stringify(titles.json())).toContain(registered.trNumber);
    const certificate = await client.send({ method: 'GET', url: `/api/copyright/download-certificate/${registered.trNumber}`, token });
    expect(certificate.status).toBe(200);
    expect(certificate.raw.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('anchors the registration: /verify shows it registered', async () => {
    const verified = await anchored(client, registered.trNumber);
    expect(verified).toMatchObject({ tr_number: registered.trNumber, cryptographic_hash: registered.cryptographicHash, file_content_hash: registered.fileContentHash });
  });

  it('keeps the transparency log over the store: every event a leaf, verified, and its checkpoint anchored', async () => {
    const { pool, config } = app.running;
    const checkpoint = await wholeLogCheckpoint(app, store);
    expect(checkpoint.treeSize).toBeGreaterThan(3);
    const verdict = await verifyLog(pool, store, { vkey: await configuredVerifierKey(pool, config) });
    expect(verdict).toMatchObject({ ok: true });
    const tile = await client.send({ method: 'GET', url: '/api/log/tile/0/000.p/1' });
    expect(tile.status).toBe(200);
    // The entry bundle (the leaf's bytes, for an auditor) is read through the port from this store too.
    expect((await client.send({ method: 'GET', url: '/api/log/tile/entries/000.p/1' })).status).toBe(401);
    const auditor = await signedInStaff(app, 'auditor');
    const bundle = await client.send({ method: 'GET', url: '/api/log/tile/entries/000.p/1', token: auditor.token });
    expect(bundle.status).toBe(200);
    expect(bundle.raw.readUInt16BE(0)).toBe(bundle.raw.length - 2);
  });

  it('has read models equal to a replay from the store, and health ok', async () => {
    const verdict = await replayAndDiff({
      pool: app.running.pool,
      store,
      projections: allProjections,
      migrations: readModelMigrations,
      foreignColumns: { registrations: ['status'] },
    });
    expect(verdict).toMatchObject({ ok: true });
    // Polled: one answer reads "down" for a check slower than its 2 s limit, as on a loaded machine.
    await expect.poll(async () => (await client.send({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
  });

  it('keeps a second app on the same store apart: its own log, tree and read models, the first app’s title unseen', async () => {
    const other = creatorFlows(injectSender(neighbour));
    await anchored(other, neighbourRegistered.trNumber);
    // Every event of the shared store is one app's; each app's log starts with exactly its own of them
    // (both ledgers may append meanwhile, so each log may hold more by the time it is read).
    const all = await shared.readAll();
    expect(all.filter((e) => !/^(first|second):/.test(e.streamId))).toEqual([]);
    const mine = await store.readAll();
    const theirs = await neighbourStore.readAll();
    const ids = (events: readonly { metadata: { eventId: string } }[]) => events.map((e) => e.metadata.eventId);
    const ofScope = (scope: string) => ids(all.filter((e) => e.streamId.startsWith(`${scope}:`)));
    expect(ids(mine).slice(0, ofScope('first').length)).toEqual(ofScope('first'));
    expect(ids(theirs).slice(0, ofScope('second').length)).toEqual(ofScope('second'));
    expect(mine.every((e) => !e.streamId.includes(':'))).toBe(true);
    const registeredIn = (events: typeof mine) => events.filter((e) => e.type === 'TitleRegistered').map((e) => (e.data as { cryptographicHash: string }).cryptographicHash);
    expect(registeredIn(mine)).toEqual([registered.cryptographicHash]);
    expect(registeredIn(theirs)).toEqual([neighbourRegistered.cryptographicHash]);
    // The same stream name in both, each its own stream.
    expect(mine.filter((e) => e.streamId === 'batch-1').map((e) => e.type)).toContain('BatchSealed');
    expect(theirs.filter((e) => e.streamId === 'batch-1').map((e) => e.type)).toContain('BatchSealed');

    const checkpoint = await wholeLogCheckpoint(neighbour, neighbourStore);
    // Its tree covers its own log at some moment (its ledger may append again since), never more.
    expect(checkpoint.treeSize).toBeLessThanOrEqual((await neighbourStore.readAll()).length);
    const { pool, config } = neighbour.running;
    expect(await verifyLog(pool, neighbourStore, { vkey: await configuredVerifierKey(pool, config) })).toMatchObject({ ok: true });
    const replayed = await replayAndDiff({ pool, store: neighbourStore, projections: allProjections, migrations: readModelMigrations, foreignColumns: { registrations: ['status'] } });
    expect(replayed).toMatchObject({ ok: true });
    const unseen = await other.send({ method: 'GET', url: `/api/titles/verify/${registered.trNumber}` });
    expect(unseen.status).toBe(404);
  });
});
