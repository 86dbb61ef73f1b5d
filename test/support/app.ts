// The whole embedded system in-process for end-to-end and API tests: a fresh database, every
// service, the HTTP API and the built SPA on a free port.
import pino, { type Logger } from 'pino';
import { runApp, type RunAppOptions, type RunningApp } from '@titleledger/api/runtime';
import { embeddedComposition } from '../../scripts/compose.mjs';
import { createTestDatabase } from './database.js';
import { MemoryEventStore } from './memory-event-store.js';

export interface TestApp {
  readonly url: string;
  readonly running: RunningApp;
  stop(): Promise<void>;
}

/**
 * Whether test apps keep the log in Postgres (the default). `TEST_EVENT_STORE=memory` runs every test
 * app over the in-memory store that behaves as the EventStoreDB adapter does (memory-event-store.ts):
 * the API suite against a log that is not Postgres's. Tests of the Postgres adapter itself (its
 * tables, its visibility rule, its one-transaction append) skip themselves then.
 */
export const logInPostgres = process.env.TEST_EVENT_STORE !== 'memory';

/** One in-memory log per database, so an app started again on the same database finds its log, as with EventStoreDB. */
const memoryStores = new Map<string, MemoryEventStore>();
function memoryStoreOf(databaseUrl: string): MemoryEventStore {
  let store = memoryStores.get(databaseUrl);
  if (!store) memoryStores.set(databaseUrl, (store = new MemoryEventStore()));
  return store;
}

/**
 * `env` adds to or overrides the test defaults; a variable given as undefined is left unset (say,
 * NODE_ENV, to boot as a plain `npm start` would). `env.DATABASE_URL` restarts on an existing database
 * (with the same DATA_DIR: its secret key).
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
  const eventStore = options.eventStore ?? (logInPostgres ? undefined : () => memoryStoreOf(databaseUrl));
  const merged = { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env, DATABASE_URL: databaseUrl };
  const running = await runApp({
    ...embeddedComposition(),
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    handleSignals: false,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(eventStore ? { eventStore } : {}),
  });
  return {
    url: running.url!.replace('localhost', '127.0.0.1'),
    running,
    stop: () => running.stop(),
  };
}
