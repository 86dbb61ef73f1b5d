// The checkpointed subscription on a real Postgres: what it applies and its checkpoint move in one
// transaction, so a connection dying between the two applies nothing twice, and a batch delivered
// again after a restart (or to a second subscriber) applies nothing new.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { newEvent } from '../../../test/eventstore/contract.js';
import { PostgresEventStore, eventStoreMigrations, type RecordedEvent } from '../eventstore/index.js';
import { CheckpointTable, CheckpointedSubscription } from './checkpointed-subscription.js';

let db: TestDatabase;
let store: PostgresEventStore;
const checkpoints = new CheckpointTable('test_checkpoints');

beforeAll(async () => {
  db = await createTestDatabase(eventStoreMigrations);
  store = new PostgresEventStore(db.pool, { pollIntervalMs: 5, batchSize: 10 });
  await db.pool.query(`
    CREATE TABLE test_checkpoints (name text PRIMARY KEY, commit_position bigint NOT NULL, prepare_position bigint NOT NULL,
                                   updated_at timestamptz NOT NULL DEFAULT now());
    -- No unique key: an event applied twice shows as two rows.
    CREATE TABLE applied (subscriber text NOT NULL, event_id text NOT NULL, n integer NOT NULL);
    -- The crash: the connection dies as the last row of the second batch of 'crash' is written, once
    -- its checkpoint has moved and before the commit. A sequence, because it is not rolled back
    -- with the transaction.
    CREATE SEQUENCE crash_count;
    CREATE FUNCTION crash_in_second_batch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.subscriber = 'crash' AND nextval('crash_count') = 20 THEN
        PERFORM pg_terminate_backend(pg_backend_pid());
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER crash_in_second_batch BEFORE INSERT ON applied
      FOR EACH ROW EXECUTE FUNCTION crash_in_second_batch();
  `);
});
afterAll(async () => db?.close());

const noted = z.object({ n: z.number() });
const nOf = (event: RecordedEvent) => noted.parse(event.data).n;

async function appendNotes(stream: string, count: number): Promise<void> {
  await store.append(stream, Array.from({ length: count }, (_, n) => newEvent('Noted', { n })), 'no_stream');
}

async function insertApplied(tx: pg.PoolClient, subscriber: string, events: readonly RecordedEvent[]): Promise<number> {
  for (const event of events) {
    await tx.query('INSERT INTO applied (subscriber, event_id, n) VALUES ($1, $2, $3)', [subscriber, event.metadata.eventId, nOf(event)]);
  }
  return events.length;
}

async function appliedCounts(subscriber: string): Promise<{ rows: number; distinct: number }> {
  const { rows } = await db.pool.query<{ rows: number; distinct: number }>(
    'SELECT count(*)::int AS rows, count(DISTINCT event_id)::int AS distinct FROM applied WHERE subscriber = $1',
    [subscriber],
  );
  return rows[0]!;
}

describe('CheckpointedSubscription', () => {
  it('never applies an event twice when the connection dies after applying and moving the checkpoint, before the commit', async () => {
    await appendNotes('crash-1', 25);
    const errors: unknown[] = [];
    const subscription = new CheckpointedSubscription({
      store,
      pool: db.pool,
      checkpoints,
      name: 'crash',
      apply: (events, tx) => insertApplied(tx, 'crash', events),
      onError: (error) => errors.push(error),
    });
    await subscription.start();
    try {
      const head = await store.headPosition();
      await expect.poll(async () => subscription.position(), { timeout: 90_000, interval: 10 }).toEqual(head);
      // One crash (the second batch, delivered again from the same position), and every event once.
      expect(errors).toEqual([expect.objectContaining({ code: '57P01' })]);
      expect(await appliedCounts('crash')).toEqual({ rows: 25, distinct: 25 });
    } finally {
      await subscription.stop();
    }
  });

  it('applies nothing new for a batch delivered again (a restart from an older position, or a second subscriber)', async () => {
    await appendNotes('again-1', 5);
    const events = await store.readAll({ eventTypes: ['Noted'] });
    const results: number[] = [];
    const make = () =>
      new CheckpointedSubscription({
        store,
        pool: db.pool,
        checkpoints,
        name: 'again',
        apply: (batch, tx) => insertApplied(tx, 'again', batch),
        afterCommit: (count) => void results.push(count),
      });
    const first = make();
    const second = make();
    await checkpoints.ensure(db.pool, 'again');
    // Two committers of the same batch at once: the checkpoint row's lock makes them take turns.
    const [one, two] = await Promise.all([first.commit(events), second.commit(events)]);
    expect([one.length, two.length].sort((x, y) => x - y)).toEqual([0, events.length]);
    expect(await first.commit(events.slice(0, 3))).toEqual([]);
    expect(await appliedCounts('again')).toEqual({ rows: events.length, distinct: events.length });
    expect(results).toEqual([events.length]);
    expect(await first.position()).toEqual(events[events.length - 1]!.position);
  });

  it('skips an event with other writes in one transaction, and never moves the checkpoint back', async () => {
    await appendNotes('skip-1', 3);
    const [a, b, c] = await store.readStream('skip-1');
    const subscription = new CheckpointedSubscription({
      store,
      pool: db.pool,
      checkpoints,
      name: 'skip',
      apply: (batch, tx) => insertApplied(tx, 'skip', batch),
    });
    await checkpoints.ensure(db.pool, 'skip');
    await subscription.commit([a!]);
    await subscription.skip(b!, async (tx) => {
      await tx.query(`INSERT INTO applied (subscriber, event_id, n) VALUES ('skip-parked', $1, -1)`, [b!.metadata.eventId]);
    });
    expect(await subscription.position()).toEqual(b!.position);
    // Skipping an event at or before the checkpoint moves nothing back.
    await subscription.skip(a!, async () => undefined);
    expect(await subscription.position()).toEqual(b!.position);
    // A failing write rolls the skip back with it.
    await expect(subscription.skip(c!, async () => Promise.reject(new Error('parking failed')))).rejects.toThrow('parking failed');
    expect(await subscription.position()).toEqual(b!.position);
    expect(await subscription.commit([a!, b!, c!])).toEqual([c]);
    expect(await appliedCounts('skip')).toEqual({ rows: 2, distinct: 2 });
    expect(await appliedCounts('skip-parked')).toEqual({ rows: 1, distinct: 1 });
  });
});

describe('CheckpointTable.lockAndAdvance', () => {
  const at = (commit: number) => ({ commit: BigInt(commit), prepare: 0n });

  it('returns where each checkpoint was, moves each forward only, and makes a missing one', async () => {
    await db.pool.query(`INSERT INTO test_checkpoints (name, commit_position, prepare_position) VALUES ('ahead', 5, 0), ('behind', 1, 0)`);
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const before = await checkpoints.lockAndAdvance(client, ['ahead', 'behind', 'new'], at(3));
      expect(before).toEqual(new Map([['ahead', at(5)], ['behind', at(1)]]));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await checkpoints.read(db.pool, 'ahead')).toEqual(at(5)); // never back
    expect(await checkpoints.read(db.pool, 'behind')).toEqual(at(3));
    expect(await checkpoints.read(db.pool, 'new')).toEqual(at(3));
  });

  it('moves nothing when its transaction rolls back, and holds the rows until that ends', async () => {
    await db.pool.query(`INSERT INTO test_checkpoints (name, commit_position, prepare_position) VALUES ('held', 1, 0)`);
    const mover = await db.pool.connect();
    const other = await db.pool.connect();
    try {
      const otherPid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await mover.query('BEGIN');
      await checkpoints.lockAndAdvance(mover, ['held'], at(7));
      await other.query('BEGIN');
      let through = false;
      const seen = checkpoints.lock(other, 'held').then((position) => {
        through = true;
        return position;
      });
      // The other locker is waiting on the row: not through while the mover's transaction is open.
      await expect.poll(async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND pid = $1', [otherPid])).rows[0]!.n).toBe(1);
      expect(through).toBe(false);
      await mover.query('ROLLBACK');
      expect(await seen).toEqual(at(1)); // the rolled-back move was never seen
      await other.query('COMMIT');
    } finally {
      mover.release();
      other.release();
    }
    expect(await checkpoints.read(db.pool, 'held')).toEqual(at(1));
  });
});
