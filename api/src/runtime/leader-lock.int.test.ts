// The leader lock on a real Postgres: two instances, one leads; the other takes over when the
// leader's connection dies, and the loss is logged with the one message; the leader's work is
// stopped before its lock is released.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { createPool } from '../db/pool.js';
import { LeaderLock, LOST_MESSAGE, type LeaderLockLog } from './leader-lock.js';

let db: TestDatabase;
const pools: pg.Pool[] = [];
let nextKey = 0x7465_7300; // "tes\0"

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await db?.close();
});

interface Line {
  readonly level: 'info' | 'error';
  readonly details: Record<string, unknown>;
  readonly message: string;
}

/** One instance: its own pool (as another process would have), a log it records, and what it ran. */
function instance(key: number, options: { lead?: () => Promise<void> | void; stepDown?: () => Promise<void> | void } = {}) {
  const pool = createPool(db.url, 3);
  pools.push(pool);
  const lines: Line[] = [];
  const log: LeaderLockLog = {
    info: (details, message) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
    error: (details, message) => lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
  };
  const calls: string[] = [];
  const lock = new LeaderLock({
    pool,
    key,
    name: 'test',
    log,
    retryMs: 10,
    checkMs: 50,
    lead: async () => {
      calls.push('lead');
      await options.lead?.();
    },
    stepDown: async () => {
      calls.push('stepDown');
      await options.stepDown?.();
    },
  });
  return { lock, lines, calls };
}

/** The backend holding the advisory lock `key`, if any. */
async function holderPid(key: number): Promise<number | null> {
  const { rows } = await db.pool.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND granted`,
    [key],
  );
  return rows[0]?.pid ?? null;
}

describe('LeaderLock', () => {
  it('lets one of two instances lead; the other takes over when the first one’s connection dies', async () => {
    const key = nextKey++;
    const a = instance(key);
    const b = instance(key);
    await a.lock.start();
    await b.lock.start();
    expect(a.lock.isHeld).toBe(true);
    expect(b.lock.isHeld).toBe(false);
    expect(a.calls).toEqual(['lead']);
    expect(b.calls).toEqual([]);

    const pid = await holderPid(key);
    expect(pid).not.toBeNull();
    await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);

    await expect.poll(() => b.lock.isHeld, { timeout: 90_000, interval: 10 }).toBe(true);
    await expect.poll(() => a.calls, { timeout: 90_000, interval: 10 }).toEqual(['lead', 'stepDown']);
    expect(b.calls).toEqual(['lead']);
    // The loss is logged once, at error level, with the one message and the lock's name.
    expect(a.lines.filter((l) => l.message === LOST_MESSAGE)).toEqual([
      { level: 'error', details: expect.objectContaining({ lock: 'test', err: expect.anything() }), message: LOST_MESSAGE },
    ]);
    // The first instance keeps trying, and leads again once the second one stops.
    expect(a.lock.isHeld).toBe(false);
    await b.lock.stop();
    expect(b.calls).toEqual(['lead', 'stepDown']);
    await expect.poll(() => a.lock.isHeld, { timeout: 90_000, interval: 10 }).toBe(true);
    expect(a.calls).toEqual(['lead', 'stepDown', 'lead']);
    await a.lock.stop();
    expect(await holderPid(key)).toBeNull();
  });

  it('steps down before it releases the lock on stop', async () => {
    const key = nextKey++;
    let heldWhileSteppingDown: number | null = null;
    const a = instance(key, { stepDown: async () => void (heldWhileSteppingDown = await holderPid(key)) });
    await a.lock.start();
    const pid = await holderPid(key);
    await a.lock.stop();
    expect(heldWhileSteppingDown).toBe(pid);
    expect(await holderPid(key)).toBeNull();
    expect(a.lock.isHeld).toBe(false);
  });

  it('logs a leader that fails to start, steps down, releases the lock and tries again', async () => {
    const key = nextKey++;
    let failures = 1;
    const a = instance(key, {
      lead: () => {
        if (failures-- > 0) throw new Error('could not start');
      },
    });
    await a.lock.start();
    expect(a.lock.isHeld).toBe(false);
    expect(a.lines).toContainEqual(expect.objectContaining({ level: 'error', details: expect.objectContaining({ lock: 'test' }) }));
    await expect.poll(() => a.lock.isHeld, { timeout: 90_000, interval: 10 }).toBe(true);
    expect(a.calls).toEqual(['lead', 'stepDown', 'lead']);
    await a.lock.stop();
  });

  it('logs (never swallows) a failed attempt to lead, and goes on trying', async () => {
    const key = nextKey++;
    const broken = createPool('postgres://nobody@127.0.0.1:1/none', 1);
    pools.push(broken);
    const lines: Line[] = [];
    const lock = new LeaderLock({
      pool: broken,
      key,
      name: 'broken',
      retryMs: 10,
      log: { info: () => undefined, error: (details, message) => lines.push({ level: 'error', details: details as Record<string, unknown>, message }) },
      lead: () => undefined,
      stepDown: () => undefined,
    });
    await lock.start();
    await expect.poll(() => lines.length, { timeout: 90_000, interval: 10 }).toBeGreaterThan(1);
    expect(lines[0]).toMatchObject({ level: 'error', details: { lock: 'broken' } });
    await lock.stop();
    expect(lock.isHeld).toBe(false);
  });
});
