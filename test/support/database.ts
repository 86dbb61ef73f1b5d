// A fresh, migrated database per test file, in the Postgres that global-setup.ts started.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { createPool, migrate, type Migration } from '@titleledger/api/runtime';

declare module 'vitest' {
  /** What global-setup.ts provides to every test file. */
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export interface TestDatabase {
  readonly url: string;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export async function createTestDatabase(migrations: readonly Migration[] = []): Promise<TestDatabase> {
  const serverUrl = inject('pgUrl');
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
