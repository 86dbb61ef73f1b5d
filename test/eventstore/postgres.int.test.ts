// The contract suite against the default adapter on a real Postgres, plus the Postgres-only part:
// the late-committing-transaction trap. (Tamper evidence: api/src/transparency/transparency.int.test.ts.)
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import {
  PostgresEventStore,
  eventStoreMigrations,
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
});
