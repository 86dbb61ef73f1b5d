// Boots TitleLedger: configuration, Postgres (embedded unless DATABASE_URL is set), migrations,
// the event store, the services given (projections, ledger…) and the HTTP API with the SPA.
// The embedded launcher passes every service; production entry points pass only their own.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import type pg from 'pg';
import { apiMigrations } from '../accounts/migrations.js';
import { installServerKey, type ServerKeyring } from '../accounts/crypto.js';
import { checkServerKeys } from '../accounts/server-keys.js';
import { defaultPublicUrl, loadConfig, requireProductionSettings, resolveSecretKeys, unreachableDatabase, type Config, type ProcessRole } from '../config.js';
import { migrate, type Migration } from '../db/migrate.js';
import { ensureRegistryKey, registryKeyHealth, registryKeyMigrations } from '../tr-bundle/registry-key-record.js';
import type { RegistryKey } from '../tr-bundle/registry-key.js';
import { createPool } from '../db/pool.js';
import { createEventStore, type EventStore } from '../eventstore/index.js';
import { eventLogMigrations } from '../transparency/log-store.js';
import { buildApp, type App } from '../http/app.js';
import { embeddedAppDatabase, ensureDatabase, runningEmbedded, type EmbeddedPostgresHandle } from './embedded-postgres.js';
import { holdFreePort, type HeldPort } from './ports.js';
import { forgetRunningApp, recordRunningApp } from './running-app.js';
import type { Service, ServiceFactory } from './service.js';

export interface RunAppOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Serve the HTTP API (and the SPA). Default true. */
  readonly http?: boolean;
  /** Read-model and ledger migrations, run after the event store's own. */
  readonly migrations?: readonly Migration[];
  readonly services?: readonly ServiceFactory[];
  /** Stop gracefully on SIGINT/SIGTERM. Default true. */
  readonly handleSignals?: boolean;
  readonly logger?: Logger;
  /** The process this is in a production deployment: its PRODUCTION_SETTINGS must be set (NODE_ENV=production). */
  readonly role?: ProcessRole;
  /**
   * Refuse to start unless the configured registry key is the recorded current one. Default true,
   * except for the ledger role, which signs nothing with it; `chain -- rotate-key` (which replaces a
   * lost or retiring key) starts without the check.
   */
  readonly registryKeyCheck?: boolean;
  /**
   * Install the server key (SECRET_KEY; in development, DATA_DIR/secret.key), which opens every
   * sealed value. Default true, except for the ledger role: it anchors hashes and opens nothing, so a
   * production ledger is not given the key (nor the registry key) and a host running it holds only the
   * anchorer's key. `chain -- rotate-key` opens nothing either.
   */
  readonly serverKey?: boolean;
  /**
   * The event store, instead of the one EVENTSTORE_URL selects; the Postgres adapter's tables are
   * then not made. For tests that run the app over another store (test/support/memory-event-store.ts).
   */
  readonly eventStore?: (pool: pg.Pool) => EventStore;
  /**
   * With the embedded Postgres, use the server a running app (`npm start`) already runs in DATA_DIR
   * instead of refusing (DataDirInUseError): for commands that may run beside it (`npm run audit`).
   */
  readonly joinRunningApp?: boolean;
}

export interface RunningApp {
  readonly config: Config;
  /** Where the HTTP API listens (http://HOST:port; localhost when HOST is every address), or null without it. */
  readonly url: string | null;
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly app: App | null;
  readonly services: readonly Service[];
  stop(): Promise<void>;
}

const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'cardNumber', 'cvc', 'token', 'totpCode'];
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

/** The postgres user must reach the data directory; when it can't (a 0700 parent), use /var/lib. */
export function embeddedDataDir(dataDir: string, log: Logger): string {
  const wanted = path.join(dataDir, 'postgres');
  if (userInfo().uid !== 0) return wanted;
  const probe = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dataDir]);
  if (probe.status === 0 || probe.error) return wanted;
  const fallback = path.join('/var/lib/titleledger', createHash('sha256').update(wanted).digest('hex').slice(0, 12));
  log.warn({ wanted, fallback }, 'the postgres user cannot reach the data directory; using a system directory');
  return fallback;
}

export async function runApp(options: RunAppOptions = {}): Promise<RunningApp> {
  let config = loadConfig(options.env ?? process.env);
  if (options.role) requireProductionSettings(config, options.role);
  let port: HeldPort | null = null;
  if (config.PORT === 0 && (options.http ?? true)) {
    // Links the app hands out (checkout, certificates) need the real port, so it is chosen up front,
    // and held until the server binds it (a connection made meanwhile cannot take it).
    port = await holdFreePort();
    config = { ...config, PORT: port.port, publicUrl: config.PUBLIC_URL ?? defaultPublicUrl(config.HOST, port.port) };
  }
  try {
    return await boot(config, options, port);
  } finally {
    await port?.release();
  }
}

async function boot(config: Config, options: RunAppOptions, heldPort: HeldPort | null): Promise<RunningApp> {
  const log =
    options.logger ??
    pino({
      level: config.LOG_LEVEL,
      base: { service: 'titleledger' },
      // Request bodies are never logged; these paths are a second line for anything that slips in.
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    });
  // The ledger role holds no key but the anchorer's (RunAppOptions.serverKey).
  const holdsKeys = options.role !== 'ledger';
  const keys = (options.serverKey ?? holdsKeys) ? resolveSecretKeys(config) : null;
  const keyring = keys ? installServerKey(keys.current, keys.previous) : null;

  let embedded: EmbeddedPostgresHandle | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = embeddedDataDir(config.dataDir, log);
    const running = options.joinRunningApp ? runningEmbedded(dataDir) : null;
    if (running) log.info({ dataDir, pid: running.ownerPid }, 'using the embedded Postgres of the running app');
    else log.info({ dataDir }, 'starting embedded Postgres');
    const database = await embeddedAppDatabase(dataDir, running?.port ?? null, (line) => log.debug({ component: 'postgres' }, line));
    databaseUrl = database.url;
    embedded = database.started;
  }
  await ensureDatabase(databaseUrl).catch((error: unknown) => {
    throw config.DATABASE_URL ? unreachableDatabase(config.DATABASE_URL, error) : error;
  });
  // Connections stay open through quiet spells of up to 5 minutes; `stop` ends them.
  const pool = createPool(databaseUrl, 20, { idleMs: 5 * 60_000, prepare: config.DATABASE_PREPARED_STATEMENTS === 'on' });
  await migrate(pool, [...eventLogMigrations(!config.EVENTSTORE_URL && !options.eventStore), ...apiMigrations, ...registryKeyMigrations, ...(options.migrations ?? [])]);
  // A lost or replaced registry key stops the start here, before any service signs with it.
  let registryKey: RegistryKey | null = null;
  try {
    // So is a server key that cannot open every account's key (a wrong one, or a rotation's previous dropped too soon).
    if (keyring) await reportServerKeys(pool, keyring, log);
    if (options.registryKeyCheck ?? holdsKeys) registryKey = await ensureRegistryKey(pool, config);
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  const store =
    options.eventStore?.(pool) ??
    createEventStore({
      eventStoreUrl: config.EVENTSTORE_URL,
      pool,
      pollIntervalMs: config.EVENT_POLL_INTERVAL_MS,
      listenPollIntervalMs: config.EVENT_LISTEN_POLL_INTERVAL_MS,
    });

  const context = { config, pool, store, log };
  const services: Service[] = [];
  for (const factory of options.services ?? []) {
    const service = await factory({ ...context, log: log.child({ component: 'service' }) });
    await service.start();
    services.push(service);
    log.info({ service: service.name }, 'service started');
  }

  let app: App | null = null;
  let url: string | null = null;
  if (options.http ?? true) {
    app = await buildApp({
      config,
      pool,
      store,
      logger: log,
      components: {
        ...Object.fromEntries(services.map((s) => [s.name, () => s.health()])),
        // A rotation run while this process kept the old key: degraded until it is restarted.
        ...(registryKey ? { registryKey: () => registryKeyHealth(pool, registryKey) } : {}),
      },
    });
    await heldPort?.release();
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = defaultPublicUrl(config.HOST, port);
    // For `npm run admin`, which joins this embedded Postgres: where to tell the operator to sign in.
    if (embedded) recordRunningApp(config.dataDir, config.publicUrl);
    log.info({ url }, 'TitleLedger is ready');
  }

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      log.info('shutting down');
      // In order: stop taking requests (in-flight ones finish), let services finish their batch,
      // then close the database.
      await app?.close();
      if (embedded) forgetRunningApp(config.dataDir);
      for (const service of [...services].reverse()) {
        await service.stop().catch((error: unknown) => log.error({ err: error, service: service.name }, 'stop failed'));
      }
      if (store.kind === 'eventstoredb') await store.close();
      await pool.end();
      await embedded?.stop();
      log.info('stopped');
    })());

  if (options.handleSignals ?? true) {
    const onSignal = (signal: NodeJS.Signals) => {
      log.info({ signal }, 'signal received');
      void stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    // SIGHUP: the terminal closed. Postgres and the chain run in their own process groups (Ctrl-C
    // reaches only this process), so they are stopped here, in order, and last.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, onSignal);
  }

  return { config, url, pool, store, app, services, stop };
}

async function reportServerKeys(pool: pg.Pool, keyring: ServerKeyring, log: Logger): Promise<void> {
  const { underPrevious } = await checkServerKeys(pool, keyring);
  const [current, previous] = keyring.keyIds;
  if (previous === undefined) return;
  if (underPrevious > 0) log.warn({ current, previous, accounts: underPrevious }, 'a rotation of the server key is under way: run `npm run admin -- rotate-secret-key` to finish it');
  else log.info({ current, previous }, 'no account is under the previous server key any more; once `rotate-secret-key` has said it is finished, remove SECRET_KEY_PREVIOUS');
}
