// Postgres connection pools. bigint columns come back as strings from pg; callers convert with BigInt.
import pg from 'pg';
import { PreparingClient } from './prepared-statements.js';

/**
 * `idleMs`: how long an idle connection stays open (pg's default, 10 s, unless given). A long-running
 * service keeps them longer: opening one costs both sides CPU (SCRAM), and a burst of requests after a
 * quiet spell then queued behind its own connections being opened (20 certificates at once: ~130 ms
 * before the first query, against ~15 ms on open connections, in `npm run bench`).
 * `prepare`: each parameterised statement is prepared once per connection (prepared-statements.ts);
 * off only for a pooler in front of Postgres that cannot keep them (`DATABASE_PREPARED_STATEMENTS=off`).
 */
export function createPool(connectionString: string, max = 10, { idleMs = 10_000, prepare = true }: { idleMs?: number; prepare?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: idleMs, application_name: 'titleledger', ...(prepare ? { Client: PreparingClient } : {}) });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export interface TransactionOptions {
  /**
   * Commit without waiting for the WAL to reach the disk (`synchronous_commit = off`, ~1.5 ms less a
   * commit on this machine). Only for what can be derived again: read models written with their
   * checkpoint, which a crash of Postgres can lose only together, and a replay from that checkpoint
   * restores. Never for events. A later synchronous commit flushes it too (the WAL is one sequence).
   */
  readonly derived?: boolean;
}

/** Runs `work` in one transaction on a client of its own: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const client = await pool.connect();
  // The connection dying mid-transaction (Postgres restarting, the backend terminated) fails the
  // query in hand, and pg also emits it on the client: heard here, or it would crash the process.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    // One round trip: a query without parameters may hold two statements.
    await client.query(options.derived ? 'BEGIN; SET LOCAL synchronous_commit TO off' : 'BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
