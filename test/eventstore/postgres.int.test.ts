// The contract suite against the default adapter on a real Postgres, plus the Postgres-only parts:
// the tamper-evident chain and the late-committing-transaction trap.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import {
  PostgresEventStore,
  eventStoreMigrations,
  extendChain,
  verifyChain,
  type EventStore,
} from '@titleledger/api/eventstore';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { eventStoreContract, newEvent } from './contract.js';

eventStoreContract('postgres', async () => {
  const db = await createTestDatabase(eventStoreMigrations);
  return { store: new PostgresEventStore(db.pool, { pollIntervalMs: 10 }), close: () => db.close() };
});

describe('postgres event store specifics', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase(eventStoreMigrations);
    store = new PostgresEventStore(db.pool, { pollIntervalMs: 10 });
  });
  afterAll(async () => db.close());

  it('never shows a reader an event committed late by a transaction that took a lower sequence', async () => {
    const slow = await db.pool.connect();
    try {
      await slow.query('BEGIN');
      // The slow writer takes its sequence number first…
      await slow.query(`SELECT * FROM es_append('late-1', 'any', $1::uuid[], '{Late}', $2::jsonb[], $3::jsonb[])`, [
        [newEvent('Late').metadata.eventId],
        [JSON.stringify({})],
        [JSON.stringify(newEvent('Late').metadata)],
      ]);
      // …a fast writer commits after it.
      await store.append('fast-1', [newEvent('Fast')], 'any');
      const visible = await store.readAll();
      expect(visible.map((e) => e.type)).not.toContain('Fast');
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const all = await store.readAll();
    expect(all.map((e) => e.type)).toEqual(['Late', 'Fast']);
  });

  it('chains the log so that an edited or removed event is detected', async () => {
    for (let i = 0; i < 30; i += 1) await store.append(`chain-${i % 3}`, [newEvent('Chained', { i })], 'any');
    while ((await extendChain(db.pool, 7)) > 0);
    const before = await verifyChain(db.pool);
    expect(before.ok).toBe(true);
    expect(before.checked).toBeGreaterThanOrEqual(30);

    await db.pool.query(`UPDATE es_events SET data = '{"i": 999}' WHERE stream_id = 'chain-1' AND revision = 2`);
    const edited = await verifyChain(db.pool);
    expect(edited).toMatchObject({ ok: false, reason: 'event content changed' });

    await db.pool.query(`DELETE FROM es_events WHERE stream_id = 'chain-1' AND revision = 2`);
    const removed = await verifyChain(db.pool);
    expect(removed).toMatchObject({ ok: false, reason: 'event removed or inserted' });
  });
});
