// A production start against a DATABASE_URL nobody answers at stops with one configuration line naming
// the variable, the host and the port, and never the password (it was a bare ECONNREFUSED stack).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { freePort } from './ports.js';
import { runApp } from './run-app.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-run-app-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('runApp with an unreachable DATABASE_URL', () => {
  it('stops with "DATABASE_URL: cannot connect to host:port (…)", without the password', async () => {
    const port = await freePort();
    for (const host of ['127.0.0.1', 'localhost']) {
      const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: `postgres://titleledger:pw-never-shown@${host}:${port}/titleledger` };
      const started = runApp({ env, http: false, handleSignals: false, logger: pino({ level: 'silent' }) });
      const error = await started.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration:\\n  - DATABASE_URL: cannot connect to ${host}:${port} \\(.*ECONNREFUSED.*\\)$`));
      expect((error as Error).message).not.toContain('pw-never-shown');
    }
  });
});
