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

export async function createTestDatabase(migrations: readonly Migration[] = []): Promise<TestDatabase> {
  const serverUrl = testPostgresUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
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
