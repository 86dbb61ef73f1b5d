// A test file's databases are left with no session at its end (database.ts's afterAll), so a
// transaction it left open cannot hold back the next file on the same server.
import pg from 'pg';
import { expect, it } from 'vitest';
import { createTestDatabase, endSessionsOn, testPostgresUrl } from './database.js';

it("ends the sessions on the given databases, an open transaction's too, and leaves the others", async () => {
  const [mine, other] = [await createTestDatabase(), await createTestDatabase()];
  const holder = new pg.Client({ connectionString: mine.url });
  const bystander = new pg.Client({ connectionString: other.url });
  holder.on('error', () => undefined); // the termination arrives as an error event too
  await holder.connect();
  await bystander.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT txid_current()');
    const name = new URL(mine.url).pathname.slice(1);
    const sessionsOn = async (database: string) =>
      (await bystander.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database])).rows[0]!.n;
    const others = await sessionsOn(new URL(other.url).pathname.slice(1));
    expect(await sessionsOn(name)).toBeGreaterThanOrEqual(1);
    expect(await endSessionsOn(testPostgresUrl(), [name])).toBeGreaterThanOrEqual(1);
    await expect.poll(() => sessionsOn(name)).toBe(0);
    await expect(holder.query('SELECT 1')).rejects.toThrow();
    expect(await sessionsOn(new URL(other.url).pathname.slice(1))).toBe(others);
  } finally {
    await holder.end().catch(() => undefined);
    await bystander.end();
    await mine.close();
    await other.close();
  }
});
