// The attempt limiter on a real Postgres, with the clock passed in: growing delays per (account,
// client) and per client, short capped delays per account that spare a recognised client, counts
// that survive a restart and are shared by two "processes" (two pools), and a parallel burst that
// meets the same limit as a sequence.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { AppError } from '../errors.js';
import { AttemptLimiter, DEFAULT_LIMITS, delayAfter } from './attempt-limiter.js';
import { accountsMigrations } from './migrations.js';

let db: TestDatabase;
let limiter: AttemptLimiter;
let counter = 0;
const account = () => `acct-${++counter}`;
const t0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

/** The wait (ms) a refused attempt was told, or 0 when it went ahead (and is then left as a failure). */
async function tryAt(who: { account: string; ip: string }, now: Date, l = limiter): Promise<number> {
  try {
    await l.begin('creator_login', who, now);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'too_many_requests') throw error;
    return (error.details as { retryAfterSeconds: number }).retryAfterSeconds * 1000;
  }
}

beforeAll(async () => {
  db = await createTestDatabase(accountsMigrations);
  limiter = new AttemptLimiter(db.pool);
});
afterAll(async () => db?.close());

describe('delays', () => {
  it('grow by doubling past the free failures, up to the cap', () => {
    const limit = { free: 2, baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5, 6, 100].map((n) => delayAfter(n, limit))).toEqual([0, 0, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe('one client against one account', () => {
  it('slows the client down with growing delays after 5 failures, and forgets after an hour of quiet', async () => {
    const who = { account: account(), ip: '203.0.113.7' };
    for (let i = 0; i < 5; i++) expect(await tryAt(who, at(i))).toBe(0);
    expect(await tryAt(who, at(10))).toBe(0); // the 6th attempt still goes ahead (5 free failures before it)
    expect(await tryAt(who, at(20))).toBe(30_000); // …and makes the next wait 30 s (told in whole seconds)
    expect(await tryAt(who, at(30_010))).toBe(0);
    expect(await tryAt(who, at(30_020))).toBe(60_000); // 60 s after the 7th failure, rounded up to whole seconds
    expect(await tryAt(who, at(30_010 + 60_000))).toBe(0);
    expect(await tryAt(who, at(30_010 + 60_000 + 1))).toBe(120_000);
    // The owner on another address is not held up by this client.
    expect(await tryAt({ account: who.account, ip: '198.51.100.1' }, at(30_010 + 60_000 + 2))).toBe(0);
    // An hour without failures: counted from zero again.
    expect(await tryAt(who, at(30_010 + 60_000 + DEFAULT_LIMITS.forgetAfterMs + 1))).toBe(0);
  });

  it('takes back a successful attempt and clears the pair', async () => {
    const who = { account: account(), ip: '203.0.113.8' };
    for (let i = 0; i < 5; i++) await tryAt(who, at(i));
    const attempt = await limiter.begin('creator_login', who, at(10));
    await attempt.succeeded();
    for (let i = 0; i < 6; i++) expect(await tryAt(who, at(20 + i))).toBe(0);
    expect(await tryAt(who, at(30))).toBeGreaterThan(0);
  });
});

describe('many clients against one account (issue 12, finding 3)', () => {
  it('gives short growing delays, never more than 30 s, and none to the owner on a known address', async () => {
    const target = account();
    const owner = { account: target, ip: '192.0.2.10' };
    await (await limiter.begin('creator_login', owner, at(0))).succeeded();
    // 40 strangers, one guess each, a second apart: past 10 failures the account waits 1 s, 2 s, 4 s…
    const waits: number[] = [];
    let now = 1000;
    for (let i = 0; i < 40; i++) {
      const wait = await tryAt({ account: target, ip: `198.51.100.${i + 1}` }, at(now));
      waits.push(wait);
      now += wait > 0 ? wait : 1000;
    }
    expect(Math.max(...waits), JSON.stringify(waits)).toBeLessThanOrEqual(30_000);
    expect(waits.filter((w) => w > 0).length).toBeGreaterThan(5);
    // The owner's own address is recognised: no wait at all.
    expect(await tryAt(owner, at(now))).toBe(0);
    // A new address of the owner's waits at most the short account delay.
    const fresh = await tryAt({ account: target, ip: '192.0.2.99' }, at(now + 1));
    expect(fresh).toBeGreaterThan(0);
    expect(fresh).toBeLessThanOrEqual(30_000);
    expect(await tryAt({ account: target, ip: '192.0.2.99' }, at(now + 1 + fresh))).toBe(0);
  });
});

describe('one client against many accounts', () => {
  it('slows the client after 20 failures, whichever accounts it tries', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 21; i++) expect(await tryAt({ account: account(), ip }, at(i))).toBe(0);
    expect(await tryAt({ account: account(), ip }, at(100))).toBeGreaterThan(25_000);
    expect(await tryAt({ account: account(), ip: '203.0.113.51' }, at(100))).toBe(0);
  });

  it('counts a whole IPv6 /64 as one client', async () => {
    for (let i = 0; i < 21; i++) expect(await tryAt({ account: account(), ip: `2001:db8:1:2::${(i + 1).toString(16)}` }, at(i))).toBe(0);
    expect(await tryAt({ account: account(), ip: '2001:db8:1:2:ffff::1' }, at(100))).toBeGreaterThan(0);
    expect(await tryAt({ account: account(), ip: '2001:db8:1:3::1' }, at(100))).toBe(0);
  });
});

describe('shared and durable', () => {
  it('holds across a restart and between two processes', async () => {
    const who = { account: account(), ip: '203.0.113.60' };
    for (let i = 0; i < 6; i++) await tryAt(who, at(i));
    const otherProcess = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      expect(await tryAt(who, at(10), new AttemptLimiter(otherProcess))).toBeGreaterThan(0);
    } finally {
      await otherProcess.end();
    }
  });

  it('meets the limit under a parallel burst as it does in sequence', async () => {
    const who = { account: account(), ip: '203.0.113.70' };
    const waits = await Promise.all(Array.from({ length: 30 }, () => tryAt(who, at(0))));
    expect(waits.filter((w) => w === 0)).toHaveLength(6);
  });

  it.each(['release', 'succeeded'] as const)('%s locks the rows in key order, as `begin` does, whatever their order on disk (a deadlock was a 500)', async (end) => {
    // A small table is read by a sequential scan, in its rows' order on disk, which updates change;
    // forced here, so an UPDATE … WHERE key = ANY(…) would lock in that order.
    const seqScans = new pg.Pool({ connectionString: db.url, max: 4, options: '-c enable_indexscan=off -c enable_bitmapscan=off' });
    const holder = await seqScans.connect();
    const prober = await seqScans.connect();
    try {
      const ip = end === 'release' ? '203.0.113.80' : '203.0.113.82';
      const who = { account: account(), ip };
      const [first, middle] = [`account:${who.account}`, `client:${ip}`];
      const attempt = await new AttemptLimiter(seqScans).begin('creator_login', who, at(0));
      // The first key's row moves behind the others on disk.
      for (let i = 0; i < 2; i++) await seqScans.query("UPDATE auth_failures SET failures = failures WHERE scope = 'creator_login' AND key = $1", [first]);
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM auth_failures WHERE scope = 'creator_login' AND key = $1 FOR UPDATE", [middle]);
      const takenBack = attempt[end]();
      await vi.waitFor(
        async () => {
          const { rows } = await prober.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%auth_failures%' AND pid <> pg_backend_pid()");
          expect(rows).toHaveLength(1);
        },
        { timeout: 90_000, interval: 20 },
      );
      // Waiting on the middle key, it holds the first one already: in key order.
      await prober.query('BEGIN');
      await expect(prober.query("SELECT 1 FROM auth_failures WHERE scope = 'creator_login' AND key = $1 FOR UPDATE NOWAIT", [first])).rejects.toMatchObject({ code: '55P03' });
      await prober.query('ROLLBACK');
      await holder.query('COMMIT');
      await takenBack;
    } finally {
      holder.release();
      prober.release();
      await seqScans.end();
    }
  });

  it('starts again from nothing held when a prune drops a row under it, so an attempt inserting that row meanwhile is not deadlocked', async () => {
    // One attempt (held) paused at its statements; the other runs freely. The keys in order: account, client, pair.
    const who = { account: account(), ip: '203.0.113.90' };
    await (await limiter.begin('creator_login', who, at(0))).release();
    const gates = new Map<number, { reached: () => void; open: Promise<void>; release: () => void; at: Promise<void> }>();
    const gate = (n: number) => {
      let reached!: () => void;
      let release!: () => void;
      const at = new Promise<void>((resolve) => (reached = resolve));
      const open = new Promise<void>((resolve) => (release = resolve));
      gates.set(n, { reached, open, release, at });
      return gates.get(n)!;
    };
    // Before its third statement (the first SELECT … FOR UPDATE) and before its fourth (whatever follows it).
    const [beforeSelect, afterSelect] = [gate(3), gate(4)];
    const gated = {
      connect: async () => {
        const client = await db.pool.connect();
        let n = 0;
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        return Object.assign(client, {
          query: async (...args: unknown[]) => {
            const g = gates.get(++n);
            if (g) {
              g.reached();
              await g.open;
            }
            return query(...args);
          },
        });
      },
      query: db.pool.query.bind(db.pool),
    } as unknown as pg.Pool;
    const held = new AttemptLimiter(gated).begin('creator_login', who, at(1));
    await beforeSelect.at;
    // A prune drops the middle row between its insert and its select: it locks the other two.
    await db.pool.query("DELETE FROM auth_failures WHERE scope = 'creator_login' AND key = $1", ['client:203.0.113.90']);
    beforeSelect.release();
    await afterSelect.at;
    // The other attempt inserts the middle row, then waits for the first, which the held one has.
    const other = limiter.begin('creator_login', who, at(2));
    await vi.waitFor(
      async () => {
        const { rows } = await db.pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%auth_failures%' AND pid <> pg_backend_pid()");
        expect(rows).toHaveLength(1);
      },
      { timeout: 90_000, interval: 20 },
    );
    afterSelect.release();
    const outcomes = await Promise.allSettled([held, other]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? 'went ahead' : String(o.reason)))).toEqual(['went ahead', 'went ahead']);
  });

  it('finds its rows when a prune drops them under it', async () => {
    const unlimited = { free: 1_000_000, baseMs: 1, maxMs: 1 };
    const generous = new AttemptLimiter(db.pool, { pair: unlimited, client: unlimited, account: unlimited, forgetAfterMs: 1, recogniseForMs: 0 });
    const who = { account: account(), ip: '203.0.113.81' };
    for (let round = 0; round < 10; round++) {
      await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => generous.begin('creator_login', who, at(round * 100 + i)).then((attempt) => attempt.release())),
        generous.prune(at(round * 100 + 50)),
      ]);
    }
  });
});
