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

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  await db.close();
  const running = await runApp({
    ...embeddedComposition(),
    env: { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...env },
    handleSignals: false,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  return {
    url: running.url!.replace('localhost', '127.0.0.1'),
    running,
    stop: () => running.stop(),
  };
}
