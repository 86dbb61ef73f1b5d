// Postgres connection pools. bigint columns come back as strings from pg; callers convert with BigInt.
import pg from 'pg';

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'titleledger' });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}
