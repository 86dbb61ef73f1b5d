// The whole app over an event store that is not Postgres (issue 19 item 5). EventStoreDB cannot run
// here, so the store is the in-memory stand-in that behaves as the EventStoreDB adapter does through
// the port (test/support/memory-event-store.ts: no appendMany, no heldBack, its own positions, JSON
// read back afresh) and passes the same contract suite. Postgres keeps only the read models, the
// ledger and the transparency tree: the Postgres adapter's tables are never made, so anything still
// reading the log from Postgres fails here. A creator signs up, pays and registers (the registration's
// crash-recovery path, as without appendMany), lists the title and downloads its certificate; the
// ledger anchors it and /verify shows it registered; the transparency log covers every event, verifies
// and is anchored; the read models equal a replay from the store; health is ok.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredVerifierKey, latestCheckpoint, verifyLog } from '@titleledger/api/transparency';
import { allProjections, readModelMigrations, replayAndDiff } from '@titleledger/projections';
import { startTestApp, type TestApp } from '../support/app.js';
import { creatorFlows, injectSender } from '../support/flows.js';
import { MemoryEventStore } from '../support/memory-event-store.js';
import { eventually } from '../ledger/registrations.js';

let app: TestApp;
let store: MemoryEventStore;
let client: ReturnType<typeof creatorFlows>;
let token: string;
let registered: Awaited<ReturnType<typeof client.register>>;

beforeAll(async () => {
  app = await startTestApp({ LEDGER_BATCH_SECONDS: '0.5', LEDGER_CHECKPOINT_ANCHOR_ENTRIES: '1' }, { eventStore: () => (store = new MemoryEventStore()) });
  client = creatorFlows(injectSender(app));
  token = (await client.signUp()).token;
  registered = await client.register(token, Buffer.from(`A poem kept elsewhere ${Date.now()}\n`), { title: 'Kept Elsewhere' });
}, 120_000);
afterAll(async () => app?.stop());

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
    const verified = await eventually(async () => {
      const response = await client.send({ method: 'GET', url: `/api/titles/verify/${registered.trNumber}` });
      const body = response.json<{ status: string }>();
      return body.status === 'registered' ? body : null;
    }, 90_000, 'the registration anchored');
    expect(verified).toMatchObject({ tr_number: registered.trNumber, cryptographic_hash: registered.cryptographicHash, file_content_hash: registered.fileContentHash });
  });

  it('keeps the transparency log over the store: every event a leaf, verified, and its checkpoint anchored', async () => {
    const { pool, config } = app.running;
    // The ledger's own events (its batch, the checkpoint anchor) land in the log too: wait for a
    // checkpoint covering the whole log at some moment, and anchored.
    const checkpoint = await eventually(async () => {
      const [latest, events] = await Promise.all([latestCheckpoint(pool), store.readAll()]);
      const anchored = await client.send({ method: 'GET', url: '/api/log/checkpoint/anchor' });
      return latest && latest.treeSize === events.length && anchored.status === 200 ? latest : null;
    }, 90_000, 'a checkpoint of the whole log, and an anchored one');
    expect(checkpoint.treeSize).toBeGreaterThan(3);
    const verdict = await verifyLog(pool, store, { vkey: await configuredVerifierKey(pool, config) });
    expect(verdict).toMatchObject({ ok: true });
    const entries = await client.send({ method: 'GET', url: '/api/log/tile/entries/000.p/1' });
    expect(entries.status).toBe(200);
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
    const health = await client.send({ method: 'GET', url: '/api/health' });
    expect(health.status).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
