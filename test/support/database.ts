// A fresh, migrated database per test file, in the Postgres that global-setup.ts started.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { createPool, migrate, type Migration } from '@titleledger/api/runtime';

declare module 'vitest' {
  /** What global-setup.ts provides to every test file. */
  export interface ProvidedContext {
    /** One server per test file that may run at once (global-setup.ts). */
    pgUrls: string[];
  }
}

/** The Postgres server of this test file's worker: no file running at the same time uses it. */
export function testPostgresUrl(): string {
  const urls = inject('pgUrls');
  // VITEST_POOL_ID: 1 … maxWorkers, unique among the workers running at once.
  return urls[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % urls.length]!;
}

export interface TestDatabase {
  readonly url: string;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/** The databases the running test file made (emptied after each file: endDatabasesOfFile). */
const madeHere = new Set<string>();

/**
 * Ends every session on `databases` of `serverUrl` (but the caller's): a transaction left open there
 * (a child process never stopped, an app a failed afterAll left running) would otherwise hide the
 * events of the next file in this worker's slot, which shares the server (global-setup.ts). Vitest
 * frees a slot once its file has finished, without waiting for that file's worker to exit.
 */
export async function endSessionsOn(serverUrl: string, databases: readonly string[]): Promise<number> {
  if (databases.length === 0) return 0;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()',
      [databases],
    );
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

/**
 * Ends every session left on the databases the test file that ran made. Called after the file's own
 * afterAll hooks by test/support/after-each-file.ts: what they closed is gone already.
 */
export async function endDatabasesOfFile(): Promise<void> {
  if (madeHere.size === 0) return;
  const databases = [...madeHere];
  madeHere.clear();
  await endSessionsOn(testPostgresUrl(), databases);
}

export async function createTestDatabase(migrations: readonly Migration[] = []): Promise<TestDatabase> {
  const serverUrl = testPostgresUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  madeHere.add(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 20);
  await migrate(pool, migrations);
  return {
    url: url.toString(),
    pool,
    close: async () => {
      await pool.end();
    },
  };
}
