// The transparency log over any event store: its leaves come through the port (`readAll`), so a log
// that is not Postgres's own (here an in-memory one with EventStoreDB-like positions, past the range
// of a signed bigint) is extended, read back, verified and its tampering named the same way. And a
// tree built before leaves held port positions (they held Postgres's transaction id and sequence)
// carries on after the migration: no leaf repeated, every entry read back, verify-log passes; and a
// process of the previous version, running on through a rolling upgrade, still reads and writes it.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { START, PostgresEventStore, eventStoreMigrations, isAfter, type ReadAllOptions, type RecordedEvent } from '../eventstore/index.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { newEvent } from '../../../test/eventstore/contract.js';
import { registryKeyFromPem } from '../tr-bundle/registry-key.js';
import { migrate } from '../db/migrate.js';
import { canonicalEventBytes, eventLeafHash, sha256 } from './log-format.js';
import { extendLog, readEntries, readHead, signCheckpointIfDue, toLogEvent, transparencyMigrations, type LogSource } from './log-store.js';
import { logOrigin, logVerifierKey } from './log-service.js';
import { TileAppender } from './tiles.js';
import { verifyLog } from './verify-log.js';

const key = registryKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
const origin = logOrigin('https://titles.example/');
const vkey = logVerifierKey(origin, key);
const databases: TestDatabase[] = [];
afterAll(async () => Promise.all(databases.map((db) => db.close())));

/** A log held in memory, ordered by (commit, prepare) as EventStoreDB's is; positions beyond 2^63 and with gaps. */
class MemoryLog implements LogSource {
  readonly events: RecordedEvent[] = [];
  private next = 2n ** 63n + 12_345n;

  append(count: number): void {
    for (let i = 0; i < count; i++) {
      const event = newEvent('Logged', { n: this.events.length });
      this.next += 4_096n + BigInt(i % 3);
      this.events.push({ ...event, streamId: `memory-${this.events.length % 5}`, revision: BigInt(Math.floor(this.events.length / 5)), position: { commit: this.next, prepare: this.next - 64n } });
    }
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = options.from ?? START;
    return Promise.resolve(this.events.filter((e) => isAfter(e.position, from)).slice(0, options.maxCount ?? 10_000));
  }
}

async function sign(db: TestDatabase) {
  return signCheckpointIfDue(db.pool, { origin, signer: key, minIntervalMs: 0, now: new Date() });
}

describe('the transparency log over a store that is not Postgres', () => {
  it('logs, reads back and verifies every event, and names an edit and a removal', async () => {
    const db = await createTestDatabase(transparencyMigrations);
    databases.push(db);
    const log = new MemoryLog();
    log.append(300);
    while ((await extendLog(db.pool, log, { batchSize: 97 })) > 0) await sign(db);
    log.append(40);
    expect(await extendLog(db.pool, log)).toBe(40);
    await sign(db);

    const head = await readHead(db.pool);
    expect(head).toEqual({ size: 340, last: log.events[339]!.position });
    const entries = await readEntries(db.pool, log, 250, 60);
    expect(entries.map((e) => e.index)).toEqual(Array.from({ length: 60 }, (_, i) => 250 + i));
    expect(entries.map((e) => e.event.eventId)).toEqual(log.events.slice(250, 310).map((e) => e.metadata.eventId));
    expect(JSON.parse(entries[0]!.canonical.toString('utf8'))).toMatchObject({ type: 'Logged', data: { n: 250 }, streamId: 'memory-0' });
    expect(await verifyLog(db.pool, log, { vkey })).toMatchObject({ ok: true, treeSize: 340, checkpoints: 5 });

    const edited = log.events[123]!;
    log.events[123] = { ...edited, data: { n: 9999 } };
    expect(await verifyLog(db.pool, log, { vkey })).toMatchObject({ ok: false, position: 123, reason: expect.stringMatching(/content was edited/) });
    log.events[123] = edited;

    // An event slipped in among the logged ones: each leaf is still read at its own position.
    const forged = { ...log.events[259]!, metadata: { ...log.events[259]!.metadata, eventId: 'forged' }, position: { ...log.events[259]!.position, prepare: log.events[259]!.position.prepare + 1n } };
    log.events.splice(260, 0, forged);
    expect((await readEntries(db.pool, log, 250, 60)).map((e) => e.event.eventId)).toEqual(entries.map((e) => e.event.eventId));
    expect(await verifyLog(db.pool, log, { vkey })).toMatchObject({ ok: false, position: 260, reason: expect.stringMatching(/removed or inserted/) });
    log.events.splice(260, 1);

    const [removed] = log.events.splice(200, 1);
    expect(await verifyLog(db.pool, log, { vkey })).toMatchObject({ ok: false, position: 200, reason: expect.stringMatching(/removed or inserted/) });
    // Reading entries skips the leaf whose event is gone, as a read by position would.
    expect((await readEntries(db.pool, log, 199, 3)).map((e) => e.index)).toEqual([199, 201]);
    log.events.splice(200, 0, removed!);
    expect((await verifyLog(db.pool, log, { vkey })).ok).toBe(true);
  });
});

describe('a tree built before leaves held port positions', () => {
  it('carries on after the migration', async () => {
    const db = await createTestDatabase([...eventStoreMigrations, ...transparencyMigrations.filter((m) => m.id !== 'eventstore/005-tlog-leaf-positions')]);
    databases.push(db);
    const store = new PostgresEventStore(db.pool);
    for (let i = 0; i < 6; i++) await store.append(`old-${i}`, Array.from({ length: 20 }, (_, j) => newEvent('Logged', { n: i * 20 + j })), 'any');
    // The leaves as the extender wrote them then, in the global order: (transaction id, sequence); and their tiles.
    await db.pool.query(
      `INSERT INTO tlog_leaves (leaf_index, transaction_id, seq, event_id)
       SELECT row_number() OVER (ORDER BY transaction_id, seq) - 1, transaction_id, seq, event_id FROM es_events`,
    );
    const before = await store.readAll();
    const appender = new TileAppender(0, [], sha256);
    for (const event of before) appender.append(eventLeafHash(canonicalEventBytes(toLogEvent(event))));
    const tiles = appender.changed();
    await db.pool.query(`INSERT INTO tlog_tiles (level, tile_index, hashes) SELECT * FROM unnest($1::smallint[], $2::bigint[], $3::bytea[])`, [
      tiles.map((t) => t.level),
      tiles.map((t) => t.index),
      tiles.map((t) => Buffer.from(t.hashes)),
    ]);
    await migrate(db.pool, transparencyMigrations);
    await sign(db);
    expect(await readHead(db.pool)).toEqual({ size: 120, last: before[119]!.position });

    await store.append('new', [newEvent('Logged', { n: 120 })], 'any');
    const [added] = (await store.readAll()).slice(120);
    // A process of the previous version, still running in a rolling upgrade, writes a leaf the old
    // way: it gets its position all the same.
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO tlog_leaves (leaf_index, transaction_id, seq, event_id) VALUES (120, $1::text::xid8, $2, $3)`, [
        added!.position.commit.toString(),
        added!.position.prepare.toString(),
        added!.metadata.eventId,
      ]);
      expect((await readHead(client)).last).toEqual(added!.position);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(await extendLog(db.pool, store)).toBe(1);
    // And it reads the leaves this version writes by (transaction_id, seq), as it did.
    const { rows: oldRead } = await db.pool.query(
      `SELECT l.leaf_index FROM tlog_leaves l JOIN es_events e ON e.transaction_id = l.transaction_id AND e.seq = l.seq ORDER BY l.leaf_index`,
    );
    expect(oldRead).toHaveLength(121);
    await sign(db);
    const entries = await readEntries(db.pool, store, 0, 200);
    expect(entries.map((e) => e.event.eventId)).toEqual((await store.readAll()).map((e) => e.metadata.eventId));
    expect(await verifyLog(db.pool, store, { vkey })).toMatchObject({ ok: true, treeSize: 121, checkpoints: 2 });
  });
});
