// The whole embedded system in-process for end-to-end and API tests: a fresh database, every
// service, the HTTP API and the built SPA on a free port.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { EventStoreDbEventStore, type EventStore } from '@titleledger/api/eventstore';
import { runApp, type RunAppOptions, type RunningApp } from '@titleledger/api/runtime';
import { embeddedComposition } from '../../scripts/compose.mjs';
import { createTestDatabase } from './database.js';
import { MemoryEventStore } from './memory-event-store.js';
import { ScopedEventStore } from './scoped-event-store.js';

export interface TestApp {
  readonly url: string;
  readonly running: RunningApp;
  stop(): Promise<void>;
}

/**
 * Where test apps keep their log:
 * - in Postgres, the default;
 * - on the EventStoreDB / KurrentDB server at EVENTSTORE_URL, when it is set;
 * - with `TEST_EVENT_STORE=memory`, in the in-memory store that behaves as the EventStoreDB adapter
 *   does (memory-event-store.ts), for a run of the API suite over a log that is not Postgres's where
 *   no server runs.
 * The last two are shared by every app of a test file, each app in a scope of its own named after its
 * database (scoped-event-store.ts): an app started again on its database finds its log, and no app
 * sees another's events. Tests of the Postgres adapter itself (its tables, its visibility rule, its
 * one-transaction append) skip themselves then.
 */
const sharedLog = process.env.EVENTSTORE_URL ? 'eventstoredb' : process.env.TEST_EVENT_STORE === 'memory' ? 'memory' : null;
export const logInPostgres = sharedLog === null;

let sharedStore: EventStore | null = null;
/** The data directories made here for apps given none: removed with the test file (a test may read one after its app stopped). */
const ownDataDirs = new Set<string>();
/**
 * The secret key of those directories, one per worker process: the server key is the process's
 * (runApp installs it for every app in it), so two apps running at once in it must have the same
 * one, as they did when they shared ./data/secret.key.
 */
const fileSecretKey = randomBytes(32).toString('hex');
/**
 * Ends what this module keeps for the test file that ran: the shared store (and an EventStoreDB
 * client's connection) and the data directories. Called after the file's own afterAll hooks by
 * test/support/after-each-file.ts (a worker runs many files with one module graph).
 */
export async function endTestAppsOfFile(): Promise<void> {
  const store = sharedStore;
  sharedStore = null;
  await store?.close();
  for (const dir of ownDataDirs) rmSync(dir, { recursive: true, force: true });
  ownDataDirs.clear();
}
function scopedStoreOf(databaseUrl: string): EventStore {
  sharedStore ??= sharedLog === 'eventstoredb' ? new EventStoreDbEventStore(process.env.EVENTSTORE_URL!) : new MemoryEventStore();
  return new ScopedEventStore(sharedStore, new URL(databaseUrl).pathname.slice(1));
}

/**
 * `env` adds to or overrides the test defaults; a variable given as undefined is left unset (say,
 * NODE_ENV, to boot as a plain `npm start` would). `env.DATABASE_URL` restarts on an existing database
 * (with the same DATA_DIR: its secret key).
 *
 * Without `env.DATA_DIR`, the app gets a fresh directory of its own (blobs, certificates, keys, .eml
 * files), removed at the end of the test file: apps never share ./data, within a run or across runs.
 */
export async function startTestApp(
  env: Record<string, string | undefined> = {},
  options: { logger?: Logger; eventStore?: RunAppOptions['eventStore'] } = {},
): Promise<TestApp> {
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const db = await createTestDatabase();
    await db.close();
    databaseUrl = db.url;
  }
  const eventStore = options.eventStore ?? (logInPostgres ? undefined : () => scopedStoreOf(databaseUrl));
  const ownDataDir = 'DATA_DIR' in env ? null : mkdtempSync(path.join(tmpdir(), 'tl-app-'));
  if (ownDataDir) {
    ownDataDirs.add(ownDataDir);
    writeFileSync(path.join(ownDataDir, 'secret.key'), fileSecretKey, { mode: 0o600 });
  }
  // A command waits for its read models up to PROJECTION_WAIT_MS, then answers 503: the production
  // 3 s is a state a loaded machine reaches now and then (waits of ~1 s seen at load 13), 60 s is a hang.
  const merged = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PROJECTION_WAIT_MS: '60000',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
    DATABASE_URL: databaseUrl,
  };
  let running: RunningApp;
  try {
    running = await runApp({
      ...embeddedComposition(),
      env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
      handleSignals: false,
      logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      ...(eventStore ? { eventStore } : {}),
    });
  } catch (error) {
    if (ownDataDir) {
      rmSync(ownDataDir, { recursive: true, force: true });
      ownDataDirs.delete(ownDataDir);
    }
    throw error;
  }
  return {
    url: running.url!,
    running,
    stop: () => running.stop(),
  };
}
