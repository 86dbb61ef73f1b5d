// The whole embedded system in-process for end-to-end and API tests: a fresh database, every
// service, the HTTP API and the built SPA on a free port.
import pino from 'pino';
import { runApp, type RunningApp } from '@titleledger/api/runtime';
import { embeddedComposition } from '../../scripts/compose.mjs';
import { createTestDatabase } from './database.js';

export interface TestApp {
  readonly url: string;
  readonly running: RunningApp;
  stop(): Promise<void>;
}

/** `env.DATABASE_URL` restarts on an existing database (with the same DATA_DIR: its secret key). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const db = await createTestDatabase();
    await db.close();
    databaseUrl = db.url;
  }
  const running = await runApp({
    ...embeddedComposition(),
    env: { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env, DATABASE_URL: databaseUrl },
    handleSignals: false,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  return {
    url: running.url!.replace('localhost', '127.0.0.1'),
    running,
    stop: () => running.stop(),
  };
}
