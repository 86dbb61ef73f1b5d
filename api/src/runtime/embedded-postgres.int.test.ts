// The embedded server is reached through a Unix socket in its data directory when the path fits
// (no TCP stack per query), over TCP otherwise; on TCP, which every local user can reach, only with
// the cluster's own password. The server a live process runs (`npm start`) is never stopped by
// another start: that one refuses, a command made to join it uses it, and only an orphan is stopped.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import pg from 'pg';
import { testPostgresUrl } from '../../../test/support/database.js';
import pino from 'pino';
import { DataDirInUseError, embeddedOwnerFile, embeddedPassword, embeddedPasswordFile, runningEmbedded, startEmbeddedPostgres, unixSocketDir } from './embedded-postgres.js';
import { runApp } from './run-app.js';

/** Whether `password` opens the superuser's session over TCP. */
async function tcpAccepts(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres` });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    expect((error as { code?: string }).code).toBe('28P01'); // refused for the password, not for anything else
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

it('hands out a URL that connects through the Unix socket', async () => {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ local: boolean }>('SELECT inet_server_addr() IS NULL AS local');
    expect(rows[0]!.local).toBe(true);
  } finally {
    await client.end();
  }
});

it('uses the socket only where its address fits (107 bytes) and the path is plain', () => {
  expect(unixSocketDir('/tmp/titleledger-x/data', 54321)).toBe('/tmp/titleledger-x/data');
  expect(unixSocketDir(`/tmp/${'d'.repeat(90)}`, 54321)).toBeNull();
  expect(unixSocketDir('/tmp/with space/data', 54321)).toBeNull();
});

it('gives a new cluster a password of its own on TCP, and one made with the shared password a new one at its next start', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'titleledger-embedded-'));
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  try {
    let server = await startEmbeddedPostgres({ dataDir, fast: true });
    const own = embeddedPassword(dataDir);
    try {
      expect(statSync(embeddedPasswordFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(own).toMatch(/^[\w-]{32}$/);
      expect(await tcpAccepts(server.port, 'titleledger')).toBe(false);
      expect(await tcpAccepts(server.port, own)).toBe(true);
      // A cluster as an earlier version made it: the shared password, no file beside it.
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query(`CREATE TABLE kept (n int); INSERT INTO kept VALUES (7); ALTER ROLE postgres WITH PASSWORD 'titleledger'`);
      await client.end();
    } finally {
      await server.stop();
    }
    unlinkSync(embeddedPasswordFile(dataDir));
    expect(embeddedPassword(dataDir)).toBe('titleledger'); // what a client beside an older server uses

    server = await startEmbeddedPostgres({ dataDir, fast: true });
    try {
      const renewed = embeddedPassword(dataDir);
      expect(renewed).not.toBe(own);
      expect(await tcpAccepts(server.port, 'titleledger')).toBe(false);
      expect(await tcpAccepts(server.port, renewed)).toBe(true);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      expect((await client.query('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
      await client.end();
    } finally {
      await server.stop();
    }

    // A password file lost or replaced: said at once, rather than after a minute of retries.
    writeFileSync(embeddedPasswordFile(dataDir), 'not-the-password\n', { mode: 0o600 });
    const started = Date.now();
    await expect(startEmbeddedPostgres({ dataDir, fast: true })).rejects.toThrow(/refuses its superuser's password .*data\.password was lost or replaced/);
    expect(Date.now() - started).toBeLessThan(30_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Whether the server at `url` answers a query. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query('SELECT 1 AS one')).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

it("leaves the server of a live process alone: another start refuses, a joining command uses it, an orphan's is stopped", { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'titleledger-embedded-'));
  chmodSync(dir, 0o755);
  const dataRoot = path.join(dir, 'data');
  const dataDir = path.join(dataRoot, 'postgres');
  // Stands for the `npm start` that runs the server (a live process of our program, not this one).
  const app = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600_000)'], { stdio: 'ignore' });
  // A stale claim whose pid another program has since (a reboot): not a holder; the start goes on.
  const stranger = spawn('sleep', ['600'], { stdio: 'ignore' });
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  try {
    mkdirSync(dataRoot, { recursive: true });
    writeFileSync(embeddedOwnerFile(dataDir), `${stranger.pid}\n`);
    const overStale = await startEmbeddedPostgres({ dataDir, fast: true });
    await overStale.stop();
    // While that start is still bringing its server up (claimed, nothing running yet), another refuses.
    writeFileSync(embeddedOwnerFile(dataDir), `${app.pid}\n`);
    await expect(startEmbeddedPostgres({ dataDir, fast: true })).rejects.toThrow(DataDirInUseError);
    rmSync(embeddedOwnerFile(dataDir));
    server = await startEmbeddedPostgres({ dataDir, fast: true });
    writeFileSync(embeddedOwnerFile(dataDir), `${app.pid}\n`);
    expect(runningEmbedded(dataDir)).toEqual({ port: server.port, ownerPid: app.pid });

    // `npm run projections -- rebuild`, a second `npm start`: refused, naming the process; the server still answers.
    const refused = startEmbeddedPostgres({ dataDir, fast: true });
    await expect(refused).rejects.toThrow(DataDirInUseError);
    await expect(refused).rejects.toThrow(`is run by another TitleLedger process (pid ${app.pid}`);
    expect(await answers(server.url)).toBe(true);

    // `npm run audit`: uses the running server and leaves it running.
    const joined = await runApp({
      env: { NODE_ENV: 'test', DATA_DIR: dataRoot, PORT: '0', LOG_LEVEL: 'silent' },
      http: false,
      handleSignals: false,
      joinRunningApp: true,
      logger: pino({ level: 'silent' }),
    });
    expect((await joined.pool.query<{ port: number }>("SELECT current_setting('port')::int AS port")).rows[0]!.port).toBe(server.port);
    await joined.stop();
    expect(await answers(server.url)).toBe(true);

    // Once that process is gone, its server is an orphan: the next start stops it and runs its own.
    app.kill();
    await once(app, 'exit');
    expect(runningEmbedded(dataDir)).toBeNull();
    const next = await startEmbeddedPostgres({ dataDir, fast: true });
    try {
      expect(await answers(next.url)).toBe(true);
      expect(runningEmbedded(dataDir)).toBeNull(); // this process's own server
    } finally {
      await next.stop();
    }
  } finally {
    app.kill();
    stranger.kill();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
