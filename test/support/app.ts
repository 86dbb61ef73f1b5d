// The whole embedded system in-process for end-to-end and API tests: a fresh database, every
// service, the HTTP API and the built SPA on a free port.
import pino, { type Logger } from 'pino';
import { runApp, type RunAppOptions, type RunningApp } from '@titleledger/api/runtime';
import { embeddedComposition } from '../../scripts/compose.mjs';
import { createTestDatabase } from './database.js';

export interface TestApp {
  readonly url: string;
  readonly running: RunningApp;
  stop(): Promise<void>;
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
  const merged = { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env, DATABASE_URL: databaseUrl };
  const running = await runApp({
    ...embeddedComposition(),
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    handleSignals: false,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(options.eventStore ? { eventStore: options.eventStore } : {}),
  });
  return {
    url: running.url!.replace('localhost', '127.0.0.1'),
    running,
    stop: () => running.stop(),
  };
}
