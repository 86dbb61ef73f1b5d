// Configuration is environment variables with safe defaults, validated with zod at start.
// A bad value stops the start with a message naming the variable.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { normaliseEmail } from './accounts/crypto.js';

/**
 * A setting given empty counts as unset, so its default applies: `PORT=` in an env file, or
 * docker-compose.yml's `${VAR:-}` for a setting .env leaves out. Numbers need it: zod coerces "" to 0
 * (`PORT=` listened on a random port).
 */
const emptyAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/** A 32-byte key given as 64 hex characters or as base64. */
const secretKey = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const bytes = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
    if (bytes.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, as 64 hex characters or base64' });
      return z.NEVER;
    }
    return bytes;
  });
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Why `pem` (`\\n` standing for newlines, as `npm run keys` writes it) is not an Ed25519 PKCS#8 private key; null if it is. */
function signingKeyProblem(pem: string): string | null {
  const text = pem.replaceAll('\\n', '\n');
  if (!text.includes('-----BEGIN PRIVATE KEY-----')) return 'no -----BEGIN PRIVATE KEY----- line';
  if (!text.includes('-----END PRIVATE KEY-----')) {
    return 'no -----END PRIVATE KEY----- line: a value on several lines cut at the first? Give it on one line, with \\n for each newline';
  }
  try {
    const type = createPrivateKey(text).asymmetricKeyType;
    return type === 'ed25519' ? null : `a ${type ?? 'unknown'} key`;
  } catch (error) {
    // OpenSSL's reason only (e.g. "DECODER routines::unsupported"): it never quotes the key.
    return `unreadable: ${(error as Error).message.replace(/^error:[0-9A-F]+:/, '')}`;
  }
}

/** The registry's Ed25519 signing key (PKCS#8 PEM), checked here so a bad one names this variable. */
const registrySigningKey = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const problem = signingKeyProblem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `not an Ed25519 private key in PKCS#8 PEM (${problem})` });
      return z.NEVER;
    }
    return v;
  });

/** `1` turns a development switch on; anything else but unset, empty or `0` is refused. */
const flag = z
  .enum(['', '0', '1'], { message: 'must be 1 (on) or 0 (off)' })
  .optional()
  .transform((v) => v === '1');

/** An address or CIDR block (`10.0.0.0/8`, `::1`), or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}
const trustedProxies = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const entries = (v ?? '').split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an IP address, CIDR block or loopback/linklocal/uniquelocal: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * At most two e-mail addresses, comma-separated, kept as the accounts compare them (trimmed, lower-case).
 * Unset or empty: none.
 */
const MAX_ADMIN_MENU_EMAILS = 2;
const emailAddress = z.email();
const adminMenuEmails = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const entries = [...new Set((v ?? '').split(',').map(normaliseEmail).filter(Boolean))];
    const bad = entries.filter((e) => !emailAddress.safeParse(e).success);
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an e-mail address: ${bad.join(', ')}` });
      return z.NEVER;
    }
    if (entries.length > MAX_ADMIN_MENU_EMAILS) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_ADMIN_MENU_EMAILS} addresses (the spec's two designated accounts)` });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: emptyAsUnset(port.default(3000)),
  /** An http(s) address: it goes into e-mail links, QR codes and the log's checkpoint origin. */
  PUBLIC_URL: optionalUrl(['http://', 'https://']).pipe(z.union([z.url(), z.undefined()])),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  /**
   * Parameterised statements are prepared once per connection (`on`). `off` for a connection pooler
   * that cannot keep named statements (PgBouncer in transaction mode before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  EVENTSTORE_URL: optionalUrl(['esdb://', 'esdb+discover://', 'kurrentdb://', 'kurrent://']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTION_WAIT_MS: emptyAsUnset(z.coerce.number().int().min(0).max(60_000).default(3000)),
  /** How often the API sends the notification e-mails the notifications read model queued. */
  NOTIFICATION_MAIL_INTERVAL_MS: emptyAsUnset(z.coerce.number().int().min(100).max(3_600_000).default(5000)),
  /** /api/health turns `degraded` when a read model's oldest unapplied event is older than this, or more events wait. */
  HEALTH_MAX_LAG_SECONDS: emptyAsUnset(z.coerce.number().positive().max(86_400).default(30)),
  HEALTH_MAX_LAG_EVENTS: emptyAsUnset(positiveInt.max(100_000).default(1000)),
  /** Subscribers poll this often only while they cannot LISTEN (Postgres adapter); NOTIFY wakes them otherwise. */
  EVENT_POLL_INTERVAL_MS: emptyAsUnset(positiveInt.max(10_000).default(20)),
  /** The fallback poll while LISTEN works: it only catches what a NOTIFY could not announce. */
  EVENT_LISTEN_POLL_INTERVAL_MS: emptyAsUnset(positiveInt.max(60_000).default(1000)),
  WEB_DIST: optionalString,
  /** Title registration: the fee a payment must carry (cents), the upload limit, the .tr signing key (PEM). */
  REGISTRATION_FEE_CENTS: emptyAsUnset(positiveInt.default(999)),
  MAX_UPLOAD_BYTES: emptyAsUnset(positiveInt.default(25 * 1024 * 1024)),
  REGISTRY_SIGNING_KEY: registrySigningKey,
  /** Wraps every per-user key and keys the e-mail index. Required in production. */
  SECRET_KEY: secretKey,
  /**
   * During a rotation of SECRET_KEY (docs/operations.md): the key it replaces, still read, never
   * written with, until `npm run admin -- rotate-secret-key` has re-wrapped everything it wrapped.
   */
  SECRET_KEY_PREVIOUS: secretKey,
  /** A session ends after this long without a request (the spec: 24 hours of inactivity). */
  SESSION_IDLE_MS: emptyAsUnset(positiveInt.default(24 * 60 * 60 * 1000)),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Outgoing e-mail: smtp(s)://user:pass@host:port sends through SMTP; unset, each message is an .eml file under DATA_DIR/mail. */
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: emptyAsUnset(z.string().trim().min(3).default('TitleLedger <no-reply@titleledger.local>')),
  /** GET /api/dev/outbox lists sent e-mail (reset links included): only with DEV_OUTBOX=1, never in production. */
  DEV_OUTBOX: flag,
  /** The proxies whose X-Forwarded-For is believed (comma-separated addresses / CIDR blocks); none by default. */
  TRUST_PROXY: trustedProxies,
  /** Point the Stripe SDK elsewhere (tests use a local stand-in). */
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: emptyAsUnset(port.optional()),
  STRIPE_API_PROTOCOL: emptyAsUnset(z.enum(['http', 'https']).optional()),
  /**
   * The ledger's chain. Unset: an embedded Hardhat node started by the ledger. Set: any EVM JSON-RPC,
   * with the anchorer's key (0x + 64 hex) and the deployed AnchorRegistry (0x + 40 hex).
   */
  CHAIN_RPC_URL: optionalUrl(['http://', 'https://']).pipe(z.union([z.url(), z.undefined()])),
  ANCHOR_PRIVATE_KEY: optionalString.pipe(z.union([z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits'), z.undefined()])),
  ANCHOR_CONTRACT: optionalString.pipe(z.union([z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits'), z.undefined()])),
  /** The RPC URL a verifier is told to use (proofs, `.tr` files); default: our read-only proxy (`publicRpcUrl`). */
  CHAIN_PUBLIC_RPC_URL: optionalUrl(['http://', 'https://']),
  /** Calls to the read-only chain proxy (POST /api/ledger/rpc) per client IP per minute. */
  RPC_RATE_LIMIT_PER_MINUTE: emptyAsUnset(positiveInt.max(100_000).default(120)),
  /** A batch is sealed at this many leaves, or when its oldest leaf has waited this long. */
  LEDGER_BATCH_SIZE: emptyAsUnset(positiveInt.max(1_000_000).default(256)),
  LEDGER_BATCH_SECONDS: emptyAsUnset(z.coerce.number().positive().max(86_400).default(1)),
  /**
   * The transparency log's latest checkpoint is anchored on chain once it is this many entries beyond
   * the last anchored one, or once the oldest checkpoint not anchored yet is this many seconds old.
   */
  LEDGER_CHECKPOINT_ANCHOR_ENTRIES: emptyAsUnset(positiveInt.max(100_000_000).default(1000)),
  LEDGER_CHECKPOINT_ANCHOR_SECONDS: emptyAsUnset(z.coerce.number().positive().max(7 * 86_400).default(600)),
  /** Blocks to wait after the anchor's block before recording it (1: the block itself). */
  LEDGER_CONFIRMATIONS: emptyAsUnset(positiveInt.max(100).default(1)),
  /** The embedded chain's process alive but silent this long is killed, and the chain rebuilt from the log. */
  LEDGER_EMBEDDED_CHAIN_HANG_SECONDS: emptyAsUnset(z.coerce.number().positive().max(3_600).default(30)),
  /**
   * The creator accounts whose side menu shows the Admin Portal link (seed 000 §2: two designated
   * addresses). Default none. The link only leads to /admin, which asks for a staff sign-in that the
   * server checks on every admin call, so this grants nothing.
   */
  ADMIN_MENU_EMAILS: adminMenuEmails,
  /**
   * The support team's inbox: each new support request is announced there (ticket, priority, type and
   * a link to the admin portal's Support tab; nothing the sender wrote). Unset: no such e-mail (the
   * portal's Support tab counts the open requests either way).
   */
  SUPPORT_TEAM_EMAIL: optionalString.pipe(z.union([z.email('must be an e-mail address'), z.undefined()])),
  /** The first master admin, made at start when none exists (ignored once one does; never a default password). */
  MASTER_ADMIN_EMAIL: optionalString.pipe(z.union([z.email('must be an e-mail address'), z.undefined()])),
  MASTER_ADMIN_PASSWORD: optionalString.pipe(z.union([z.string().min(8, 'must be at least 8 characters (the staff password policy)'), z.undefined()])),
});

export type Config = z.infer<typeof configSchema> & { readonly dataDir: string; readonly publicUrl: string };

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** `value` with the password of a URL in it (smtp://user:pass@host, postgres://…) masked. */
/**
 * A value as an error may show it: with anything before an `@` masked, since what holds one is a URL
 * with credentials, and the values refused are often typos a stricter pattern would miss
 * (`postgresql//u:secret@h`): `postgresql//***@h`.
 */
function withoutPassword(value: string | undefined): string | undefined {
  if (value === undefined || !value.includes('@')) return value;
  const at = value.lastIndexOf('@');
  const scheme = /^[a-z][a-z0-9+.-]*:\/*/i.exec(value.slice(0, at))?.[0] ?? '';
  return `${scheme}***${value.slice(at)}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // A secret's value never reaches the console or a log, nor a password inside a URL.
        const got = /PASSWORD|SECRET|PRIVATE_KEY|SIGNING_KEY|MNEMONIC/.test(name)
          ? '[redacted]'
          : JSON.stringify(name.endsWith('_URL') ? withoutPassword(env[name]) : env[name]);
        return `${issue.path.join('.') || '(env)'}: ${issue.message} (got ${got})`;
      }),
    );
  }
  const value = parsed.data;
  if (value.NODE_ENV === 'production' && value.DEV_OUTBOX) {
    throw new ConfigError(['DEV_OUTBOX: must not be set in production (it would show password-reset links to anyone)']);
  }
  if ((value.MASTER_ADMIN_EMAIL === undefined) !== (value.MASTER_ADMIN_PASSWORD === undefined)) {
    throw new ConfigError([
      `${value.MASTER_ADMIN_EMAIL === undefined ? 'MASTER_ADMIN_EMAIL' : 'MASTER_ADMIN_PASSWORD'}: set MASTER_ADMIN_EMAIL and MASTER_ADMIN_PASSWORD together`,
    ]);
  }
  return {
    ...value,
    dataDir: path.resolve(value.DATA_DIR),
    publicUrl: value.PUBLIC_URL ?? defaultPublicUrl(value.HOST, value.PORT),
  };
}

/**
 * Where links point when PUBLIC_URL is unset: the address the API listens on, or localhost when it
 * listens on every address. A browser given 127.0.0.1 must stay on it: its session cookie is not sent
 * to localhost.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const everyAddress = host === '0.0.0.0' || host === '::';
  return `http://${everyAddress ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The separate processes of a production deployment (api/, projections/ and ledger/ dist/main.js). */
export type ProcessRole = 'api' | 'projections' | 'ledger';

type SettingName = keyof z.input<typeof configSchema>;

/** Every setting the configuration knows. */
export const SETTING_NAMES = Object.keys(configSchema.shape) as SettingName[];

/**
 * What each process needs set in production, beyond the defaults. One server key and one registry
 * key for every replica (a key generated per container would make each replica's data and proofs
 * unreadable to the others; the projections sign the log's checkpoints with the registry key, under
 * an origin made from PUBLIC_URL that the first checkpoint fixes for good, so never a default); an
 * external database (an embedded one per process would split the log); the ledger's chain, anchorer
 * and registry contract. docker-compose.yml is checked against this (test/prod/compose.unit.test.ts),
 * and each main.ts refuses to start without it.
 */
export const PRODUCTION_SETTINGS = {
  api: ['SECRET_KEY', 'DATABASE_URL', 'REGISTRY_SIGNING_KEY', 'PUBLIC_URL'],
  projections: ['SECRET_KEY', 'DATABASE_URL', 'REGISTRY_SIGNING_KEY', 'PUBLIC_URL'],
  // No SECRET_KEY, no REGISTRY_SIGNING_KEY: the ledger opens nothing sealed and signs nothing with the registry key.
  ledger: ['DATABASE_URL', 'CHAIN_RPC_URL', 'ANCHOR_PRIVATE_KEY', 'ANCHOR_CONTRACT'],
} as const satisfies Record<ProcessRole, readonly SettingName[]>;

/** What runApp itself reads, so every process it starts: the database and the log. */
const RUN_APP_SETTINGS = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_PREPARED_STATEMENTS',
  'EVENTSTORE_URL',
  'EVENT_POLL_INTERVAL_MS',
  'EVENT_LISTEN_POLL_INTERVAL_MS',
] as const satisfies readonly SettingName[];

/**
 * What runApp reads in the processes that open sealed data or sign (the api and the projections, not
 * the ledger): the server key it installs (production refuses to start without one), and the registry
 * key it checks against the recorded one before any service runs (absent, a process would refuse to
 * start, or, first on a new database, make and record a key of its own under DATA_DIR).
 */
const KEY_SETTINGS = ['SECRET_KEY', 'SECRET_KEY_PREVIOUS', 'REGISTRY_SIGNING_KEY'] as const satisfies readonly SettingName[];

/**
 * Every setting each program of a production deployment reads, required or optional: the three
 * processes, and `deploy-registry`, the chain command's `check` and `deploy` (ledger/src/chain/cli.ts),
 * which the compose file runs once before them. A program is given these and no other, so that a
 * secret reaches only the programs that use it: the anchorer's key only the ledger and the
 * deployment, Stripe's keys and the SMTP password only the api (docker-compose.yml, held to this by
 * test/prod/compose.unit.test.ts). A new setting goes in the list of each program that reads it.
 */
export const PROGRAM_SETTINGS = {
  api: [
    ...RUN_APP_SETTINGS,
    ...KEY_SETTINGS,
    'HOST',
    'PORT',
    'PUBLIC_URL',
    'WEB_DIST',
    'TRUST_PROXY',
    'PROJECTION_WAIT_MS',
    'HEALTH_MAX_LAG_SECONDS',
    'HEALTH_MAX_LAG_EVENTS',
    'SESSION_IDLE_MS',
    'ADMIN_MENU_EMAILS',
    'MASTER_ADMIN_EMAIL',
    'MASTER_ADMIN_PASSWORD',
    // The e-mail it sends: account mail, the notifications the read model queues, support alerts.
    'SMTP_URL',
    'MAIL_FROM',
    'DEV_OUTBOX',
    'NOTIFICATION_MAIL_INTERVAL_MS',
    'SUPPORT_TEAM_EMAIL',
    'REGISTRATION_FEE_CENTS',
    'MAX_UPLOAD_BYTES',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_HOST',
    'STRIPE_API_PORT',
    'STRIPE_API_PROTOCOL',
    // The read-only JSON-RPC proxy forwards to CHAIN_RPC_URL (else to the node the ledger recorded),
    // about the registry at ANCHOR_CONTRACT until the ledger has recorded it; proofs and `.tr` files
    // name CHAIN_PUBLIC_RPC_URL.
    'CHAIN_RPC_URL',
    'ANCHOR_CONTRACT',
    'CHAIN_PUBLIC_RPC_URL',
    'RPC_RATE_LIMIT_PER_MINUTE',
  ],
  // The transparency log's extender signs checkpoints: the registry key, and PUBLIC_URL for their origin.
  projections: [...RUN_APP_SETTINGS, ...KEY_SETTINGS, 'PUBLIC_URL'],
  // Anchors hashes: the anchorer's key, and no other (RunAppOptions.serverKey).
  ledger: [
    ...RUN_APP_SETTINGS,
    'CHAIN_RPC_URL',
    'ANCHOR_PRIVATE_KEY',
    'ANCHOR_CONTRACT',
    // Recorded in ledger_status, where the api finds it.
    'CHAIN_PUBLIC_RPC_URL',
    'LEDGER_BATCH_SIZE',
    'LEDGER_BATCH_SECONDS',
    'LEDGER_CHECKPOINT_ANCHOR_ENTRIES',
    'LEDGER_CHECKPOINT_ANCHOR_SECONDS',
    'LEDGER_CONFIRMATIONS',
    'LEDGER_EMBEDDED_CHAIN_HANG_SECONDS',
  ],
  // No database: the deployment record is a file under DATA_DIR; the registry key's fingerprint is bound.
  'deploy-registry': ['NODE_ENV', 'DATA_DIR', 'CHAIN_RPC_URL', 'ANCHOR_PRIVATE_KEY', 'ANCHOR_CONTRACT', 'REGISTRY_SIGNING_KEY'],
} as const satisfies Record<ProcessRole | 'deploy-registry', readonly SettingName[]>;

/**
 * The settings whose value grants something: keys, passwords, and the URLs that carry credentials
 * (a database or mail password; a hosted chain RPC's key is often in its path). Each reaches only the
 * programs of PROGRAM_SETTINGS that read it.
 */
export const SECRET_SETTINGS = [
  'SECRET_KEY',
  'SECRET_KEY_PREVIOUS',
  'REGISTRY_SIGNING_KEY',
  'ANCHOR_PRIVATE_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'MASTER_ADMIN_PASSWORD',
  'DATABASE_URL',
  'EVENTSTORE_URL',
  'SMTP_URL',
  'CHAIN_RPC_URL',
] as const satisfies readonly SettingName[];

/** Refuses a production start of `role` with a setting of PRODUCTION_SETTINGS unset (the config already validated the values). */
export function requireProductionSettings(config: Config, role: ProcessRole): void {
  if (config.NODE_ENV !== 'production') return;
  const missing = PRODUCTION_SETTINGS[role].filter((name) => config[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name}: required in production for the ${role} process (see docs/operations.md)`));
  }
}

/**
 * DATABASE_URL's server could not be reached or refused us at start: said as a configuration problem,
 * naming the host and port, never the password (a bare ECONNREFUSED stack named neither the variable
 * nor what to check).
 */
export function unreachableDatabase(databaseUrl: string, error: unknown): ConfigError {
  const { hostname, port } = new URL(databaseUrl);
  const failure = error as { message?: string; code?: string; errors?: readonly { message?: string }[] };
  // A name that resolves to several addresses fails with an AggregateError whose own message is empty.
  const reason = failure.message || failure.errors?.map((e) => e.message).join('; ') || failure.code || String(error);
  return new ConfigError([`DATABASE_URL: cannot connect to ${hostname}:${port || 5432} (${reason})`]);
}

/**
 * The chain's public JSON-RPC address that proofs and `.tr` files name: CHAIN_PUBLIC_RPC_URL, or the
 * app's own read-only proxy (POST /api/ledger/rpc) under PUBLIC_URL — always absolute, since a
 * verifier reads it from a file far from our pages.
 */
export function publicRpcUrl(config: Pick<Config, 'CHAIN_PUBLIC_RPC_URL' | 'publicUrl'>): string {
  return config.CHAIN_PUBLIC_RPC_URL ?? `${config.publicUrl.replace(/\/+$/, '')}/api/ledger/rpc`;
}

/**
 * Where the embedded default keeps its server keys under DATA_DIR: the current one, and during a
 * rotation (`npm run admin -- rotate-secret-key`) the one it replaces, then its successor while it is
 * being made.
 */
export const SECRET_KEY_FILES = { current: 'secret.key', previous: 'secret.previous.key', next: 'secret.next.key' } as const;

/**
 * The server key (SECRET_KEY). Without one, development and tests keep a generated key in
 * DATA_DIR/secret.key (mode 0600), so restarts can still read what was encrypted; production refuses
 * to start, since losing the key would make every account unreadable.
 */
export function resolveSecretKey(config: Config): Buffer {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(['SECRET_KEY: required in production (32 bytes, hex or base64)']);
  }
  const file = path.join(config.dataDir, SECRET_KEY_FILES.current);
  mkdirSync(config.dataDir, { recursive: true });
  writeKeyFileOnce(file, randomBytes(32).toString('hex'));
  return readSecretKeyFile(file);
}

/**
 * The server key and, during a rotation, the one it replaces: SECRET_KEY_PREVIOUS, or with the
 * embedded default DATA_DIR/secret.previous.key while `rotate-secret-key` has not finished.
 */
export function resolveSecretKeys(config: Config): { readonly current: Buffer; readonly previous: readonly Buffer[] } {
  const current = resolveSecretKey(config);
  let previous: Buffer | undefined = config.SECRET_KEY_PREVIOUS;
  if (!previous && !config.SECRET_KEY) {
    const file = path.join(config.dataDir, SECRET_KEY_FILES.previous);
    if (existsSync(file)) previous = readSecretKeyFile(file);
  }
  return { current, previous: previous && !previous.equals(current) ? [previous] : [] };
}

/**
 * Writes a key file (0600) unless it exists: written aside then linked into place, so concurrent
 * starts never read a half-written key, and the first one written is the one every start reads.
 */
export function writeKeyFileOnce(file: string, contents: string): void {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, contents, { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
}

function readSecretKeyFile(file: string): Buffer {
  const parsed = configSchema.shape.SECRET_KEY.safeParse(readFileSync(file, 'utf8'));
  if (!parsed.success || !parsed.data) throw new ConfigError([`SECRET_KEY: ${file} does not hold a 32-byte key`]);
  return parsed.data;
}
