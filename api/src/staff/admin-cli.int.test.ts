// `npm run admin -- create-master` against the embedded default's own data directory: while the app
// runs (the CLI joins the app's Postgres) and while it does not (the CLI starts that Postgres for
// itself); either way the app signs the new master admin in. `reset-password` gives a master admin
// (or any staff member) a new password, ends their sessions and is recorded on the account's stream. Bad input
// stops with a clear message.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
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
  it('joins the Postgres of a running app, and says to sign in at that app', async () => {
    const app = await start();
    const said = vi.spyOn(console, 'log');
    // The app listens on a port of its own choosing (PORT=0): the CLI's own settings do not know it.
    const code = await adminCli(['create-master', '--email', 'cli.running@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'cli password one' });
    expect(code).toBe(0);
    expect(said).toHaveBeenCalledWith(`Master admin cli.running@example.com created. Sign in at ${app.url}/master-admin/login`);
    said.mockRestore();
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

  it('reset-password: a master admin who forgot the password gets a new one; sessions end; the stream records it', async () => {
    const app = running!;
    const login = await app.app!.inject({ method: 'POST', url: '/api/master-admin/login', payload: { email: 'cli.stopped@example.com', password: 'cli password two' } });
    const session = login.json<{ token: string }>().token;
    const code = await adminCli(['reset-password', '--email', 'cli.stopped@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'cli password three' });
    expect(code).toBe(0);
    expect(await signIn(app, 'cli.stopped@example.com', 'cli password two')).toBe(401);
    expect(await signIn(app, 'cli.stopped@example.com', 'cli password three')).toBe(200);
    expect((await app.app!.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);

    // On the stream as StaffPasswordReset (the access log's `password_reset`), by the system, not by a signed-in admin.
    const staffId = (await app.app!.staffService.staffIdByEmail('cli.stopped@example.com'))!;
    const reset = (await app.store.readStream(`admin-${staffId}`)).filter((event) => event.type === 'StaffPasswordReset');
    expect(reset).toHaveLength(1);
    expect(reset[0]).toMatchObject({ type: 'StaffPasswordReset', data: { via: 'cli' }, metadata: { actor: { kind: 'system' } } });

    await expect(adminCli(['reset-password', '--email', 'nobody@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'cli password four' })).rejects.toMatchObject({ status: 404 });
    await expect(adminCli(['reset-password', '--email', 'cli.stopped@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      /Password must be at least 8 characters/,
    );
    expect(await adminCli(['reset-password'], { ...env, MASTER_ADMIN_PASSWORD: 'long enough pw' })).toBe(2);
    expect(await adminCli(['reset-password', '--email', 'cli.stopped@example.com', '--first-name', 'X'], { ...env, MASTER_ADMIN_PASSWORD: 'long enough pw' })).toBe(2);
    expect(await signIn(app, 'cli.stopped@example.com', 'cli password three')).toBe(200);
  });

  it('refuses a weak password, a missing e-mail and an unknown command with a clear message', async () => {
    await expect(adminCli(['create-master', '--email', 'weak@example.com'], { ...env, MASTER_ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      /Password must be at least 8 characters/,
    );
    expect(await adminCli(['create-master'], { ...env, MASTER_ADMIN_PASSWORD: 'long enough pw' })).toBe(2);
    expect(await adminCli(['make-coffee'], env)).toBe(2);
  });
});
