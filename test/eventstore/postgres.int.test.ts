// The contract suite against the default adapter on a real Postgres, plus the Postgres-only part:
// the late-committing-transaction trap. (Tamper evidence: api/src/transparency/transparency.int.test.ts.)
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import type pg from 'pg';
import { createPool } from '@titleledger/api/runtime';
import {
  PostgresEventStore,
  eventStoreMigrations,
  type EventStore,
} from '@titleledger/api/eventstore';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { eventStoreContract, newEvent } from './contract.js';

/** `pool`, counting the queries that read the log (`reads()`): how often a subscriber looked. */
function countingReads(pool: pg.Pool): { pool: pg.Pool; reads: () => number } {
  let reads = 0;
  const counting = new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        return (...args: Parameters<pg.Pool['query']>) => {
          if (String(args[0]).includes('FROM es_events')) reads += 1;
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { pool: counting, reads: () => reads };
}

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

  it('names the events an open transaction holds back from readers, and the transaction', async () => {
    const postgres = store as PostgresEventStore;
    expect(await postgres.heldBack()).toBeNull();
    const older = await db.pool.connect();
    try {
      await older.query(`SET application_name = 'console'`);
      const pid = (await older.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()'); // a transaction id, as any write takes
      await store.append('held-1', [newEvent('Held'), newEvent('Held')], 'any');
      const held = await postgres.heldBack();
      expect(held).toMatchObject({ events: 2, holder: { pid, application: 'console', state: 'idle in transaction' } });
      expect(Date.parse(held!.oldestOccurredAt)).not.toBeNaN();
      expect(held!.holder!.openSeconds).toBeGreaterThanOrEqual(0);
      await older.query('ROLLBACK');
    } finally {
      await older.query('ROLLBACK').catch(() => undefined);
      await older.query('RESET application_name').catch(() => undefined);
      older.release();
    }
    expect(await postgres.heldBack()).toBeNull();
  });
});

describe('postgres wake-ups across processes (LISTEN/NOTIFY)', () => {
  // Two stores on two pools stand for two processes: the in-process nudge cannot reach the reader.
  // Both poll only every 10 minutes, so an event that arrives before the test's limit arrived by NOTIFY.
  const LONG_POLL = { pollIntervalMs: 600_000, listenPollIntervalMs: 600_000 };
  let db: TestDatabase;
  let writerPool: pg.Pool;
  beforeAll(async () => {
    db = await createTestDatabase(eventStoreMigrations);
    writerPool = createPool(db.url, 2);
  });
  afterAll(async () => {
    await writerPool.end();
    await db.close();
  });

  /**
   * A reader on its own pool (another process) whose reads of the log are counted, polling every
   * 10 minutes but fast for 2 minutes after a wake-up, subscribed from the head; and a writer.
   */
  async function watchedReader(eventTypes?: readonly string[]) {
    const { pool: counting, reads } = countingReads(db.pool);
    const reader = new PostgresEventStore(counting, { ...LONG_POLL, fastPollWindowMs: 120_000 });
    const writer = new PostgresEventStore(writerPool, LONG_POLL);
    const seen: string[] = [];
    const subscription = reader.subscribeAll({
      from: await writer.headPosition(),
      ...(eventTypes ? { eventTypes } : {}),
      onEvents: (events) => void seen.push(...events.map((e) => e.type)),
    });
    return { reader, writer, seen, reads, subscription };
  }

  /** Starts a transaction that takes its id and stays open: every later commit stays hidden until it ends. */
  async function holdOpen(older: pg.PoolClient): Promise<void> {
    await older.query('BEGIN');
    await older.query('SELECT pg_current_xact_id()');
  }

  /** Never hands the pool a connection still inside that transaction (a failed test). */
  async function endAndRelease(older: pg.PoolClient): Promise<void> {
    await older.query('ROLLBACK').catch(() => undefined);
    older.release();
  }

  /** Ends every LISTEN connection of the database but the caller's. */
  async function killListenConnections(): Promise<void> {
    await writerPool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
  }

  it("wakes another process's subscriber once the append has committed, and it polls only as a fallback", async () => {
    const reader = new PostgresEventStore(db.pool, LONG_POLL);
    const writer = new PostgresEventStore(writerPool, LONG_POLL);
    const seen: string[] = [];
    const subscription = reader.subscribeAll({ onEvents: (events) => void seen.push(...events.map((e) => e.type)) });
    try {
      await expect.poll(() => reader.isListening).toBe(true);
      await writer.append('wake-1', [newEvent('First')], 'any');
      await expect.poll(() => seen).toEqual(['First']);
      await Promise.all([writer.append('wake-2', [newEvent('Second')], 'any'), writer.append('wake-3', [newEvent('Third')], 'any')]);
      await expect.poll(() => [...seen].sort()).toEqual(['First', 'Second', 'Third']);
    } finally {
      await subscription.stop();
    }
    expect(reader.isListening).toBe(false);
  });

  it('finds an event held back by an older transaction soon after that transaction ends, though no NOTIFY comes then', async () => {
    // The append NOTIFYs at once, but its event stays invisible while an older transaction runs; that
    // one appends nothing, so its end wakes no one. The reader's fast polls after the wake start at
    // 1 ms and double (over a long window here, so a slow machine cannot outlast it); a fixed poll
    // interval (10 minutes here) would leave the event unseen past the test's limit.
    const { reader, writer, seen, reads, subscription } = await watchedReader();
    const older = await writerPool.connect();
    try {
      await expect.poll(() => reader.isListening).toBe(true);
      await holdOpen(older);
      const before = reads();
      await writer.append('held-1', [newEvent('Held')], 'any');
      // The NOTIFY woke the reader and it read: the older transaction still hides the event.
      await expect.poll(() => reads(), { interval: 1 }).toBeGreaterThan(before);
      expect(seen).toEqual([]);
      await older.query('COMMIT');
      await expect.poll(() => seen).toEqual(['Held']);
    } finally {
      await endAndRelease(older);
      await subscription.stop();
    }
  });

  it('reads once per wake-up when the commit it was woken for is visible, rather than polling fast after it', async () => {
    // The old rule polled every 1, 2, 4 … 20 ms for 250 ms after every wake-up (over a 2-minute window
    // here), whether or not the read had already shown the commit: six reads or more in the time this
    // test takes between the two appends. The NOTIFY names the appending transaction, and a read at a
    // horizon past it has everything up to it.
    const { reader, writer, seen, reads, subscription } = await watchedReader();
    try {
      await expect.poll(() => reader.isListening).toBe(true);
      await expect.poll(() => reads()).toBeGreaterThan(0); // the read once LISTEN is up
      const before = reads();
      await writer.append('once-1', [newEvent('One')], 'any');
      await expect.poll(() => seen).toEqual(['One']);
      await writer.append('once-2', [newEvent('Two')], 'any');
      await expect.poll(() => seen).toEqual(['One', 'Two']);
      // One read per NOTIFY; a second only if the first came while an older transaction still ran.
      expect(reads() - before).toBeLessThanOrEqual(4);
    } finally {
      await subscription.stop();
    }
  });

  it('reads once per wake-up when filtered by type, though the commit it was woken for has none of its types', async () => {
    // Handed nothing of that commit, it cannot tell from what it delivered: its read's snapshot
    // horizon says the commit has ended and been read past.
    const { reader, writer, seen, reads, subscription } = await watchedReader(['Wanted']);
    try {
      await expect.poll(() => reader.isListening).toBe(true);
      await expect.poll(() => reads()).toBeGreaterThan(0);
      const before = reads();
      await writer.append('filtered-1', [newEvent('Unwanted')], 'any');
      await expect.poll(() => reads()).toBeGreaterThan(before); // woken, and read
      await writer.append('filtered-2', [newEvent('Wanted')], 'any');
      await expect.poll(() => seen).toEqual(['Wanted']);
      expect(reads() - before).toBeLessThanOrEqual(4);
    } finally {
      await subscription.stop();
    }
  });

  it('after LISTEN comes back, polls fast until what was committed while it was down is visible', async () => {
    // LISTEN's return names no commit: the wake-up stands for everything committed before the read
    // that follows it (that read's snapshot ceiling). Here that includes an event still hidden by an
    // older transaction, whose end sends no NOTIFY: the reader must keep polling fast until it shows.
    const { reader, writer, seen, reads, subscription } = await watchedReader();
    const older = await writerPool.connect();
    try {
      await expect.poll(() => reader.isListening).toBe(true);
      await killListenConnections();
      await expect.poll(() => reader.isListening).toBe(false);
      await holdOpen(older);
      await writer.append('down-1', [newEvent('Hidden')], 'any'); // its NOTIFY reaches no one
      const before = reads();
      // LISTEN is back and the reader has read since: the older transaction still hides the event.
      await expect.poll(() => reader.isListening && reads() > before).toBe(true);
      expect(seen).toEqual([]);
      await older.query('COMMIT');
      await expect.poll(() => seen).toEqual(['Hidden']);
    } finally {
      await endAndRelease(older);
      await subscription.stop();
    }
  });

  it('resumes listening after its LISTEN connection is killed, and finds what was committed meanwhile', async () => {
    const reader = new PostgresEventStore(db.pool, LONG_POLL);
    const writer = new PostgresEventStore(writerPool, LONG_POLL);
    const seen: string[] = [];
    const subscription = reader.subscribeAll({
      from: await writer.headPosition(),
      onEvents: (events) => void seen.push(...events.map((e) => e.type)),
    });
    try {
      await expect.poll(() => reader.isListening).toBe(true);
      await killListenConnections();
      await expect.poll(() => reader.isListening).toBe(false);
      await writer.append('wake-4', [newEvent('WhileDown')], 'any');
      await expect.poll(() => reader.isListening).toBe(true);
      await expect.poll(() => seen).toEqual(['WhileDown']);
      await writer.append('wake-5', [newEvent('AfterReconnect')], 'any');
      await expect.poll(() => seen).toEqual(['WhileDown', 'AfterReconnect']);
    } finally {
      await subscription.stop();
    }
  });
});
