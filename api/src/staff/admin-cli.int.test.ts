// `npm run admin -- create-master` against the embedded default's own data directory: while the app
// runs (the CLI joins the app's Postgres) and while it does not (the CLI starts that Postgres for
// itself); either way the app signs the new master admin in. Bad input stops with a clear message.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runApp, type RunningApp } from '../runtime/run-app.js';
import { adminCli } from './admin-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'titleledger-admin-cli-'));
chmodSync(dir, 0o755);
const env = { NODE_ENV: 'test', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' } as const;
let running: RunningApp | null = null;

const start = async () =>
  (running = await runApp({ env, handleSignals: false, logger: pino({ level: 'silent' }) }));

async function signIn(app: RunningApp, email: string, password: string): Promise<number> {
  const reply = await app.app!.inject({ method: 'POST', url: '/api/master-admin/login', payload: { email, password } });
  return reply.statusCode;
}

afterAll(async () => {
  await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run admin -- create-master', () => {
  it('joins the Postgres of a running app', async () => {
    const app = await start();
    const code = await adminCli(['create-master', '--email', 'cli.running@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'cli password one' });
    expect(code).toBe(0);
    expect(await signIn(app, 'cli.running@example.com', 'cli password one')).toBe(200);
    await expect(
      adminCli(['create-master', '--email', 'cli.running@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'cli password one' }),
    ).rejects.toMatchObject({ status: 409 });
    await app.stop();
    running = null;
  });

  it('starts the same Postgres itself when the app is not running, and the app then signs the admin in', async () => {
    expect(await adminCli(['create-master', '--email', 'cli.stopped@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'cli password two' })).toBe(0);
    const app = await start();
    expect(await signIn(app, 'cli.stopped@example.com', 'cli password two')).toBe(200);
    expect(await signIn(app, 'cli.running@example.com', 'cli password one')).toBe(200);
  });

  it('refuses a weak password, a missing e-mail and an unknown command with a clear message', async () => {
    await expect(adminCli(['create-master', '--email', 'weak@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      /Password must be at least 8 characters/,
    );
    expect(await adminCli(['create-master'], { ...env, MASTER_ADMIN_PASSWORD: 'long enough pw' })).toBe(2);
    expect(await adminCli(['make-coffee'], env)).toBe(2);
  });
});
