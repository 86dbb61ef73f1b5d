// `npm run admin -- create-master --email E [--first-name F] [--last-name L]`: makes a master
// admin in the same data `npm start` uses, whether the app is running or not.
// `npm run admin -- rotate-secret-key`: replaces the server key (runtime/rotate-secret-key.ts).
// `npm run admin -- reset-password --email E`: sets a new password for any staff account, a master
// admin's included (the one way back for a master admin who forgot theirs: whoever runs this holds
// the server); it is logged as StaffPasswordReset and ends every session of the account.
// Either way the password comes from MASTER_ADMIN_PASSWORD or is asked for (twice, not echoed); the
// password policy applies. With the embedded default it finds the Postgres a running app started
// (DATA_DIR/postgres) and joins it, or starts that Postgres for the moment it needs it.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { createPool } from '../db/pool.js';
import { createEventStore } from '../eventstore/index.js';
import { eventLogMigrations } from '../transparency/log-store.js';
import { apiMigrations } from '../accounts/migrations.js';
import { embeddedAppDatabase, ensureDatabase, liveServer, type EmbeddedPostgresHandle } from '../runtime/embedded-postgres.js';
import { embeddedDataDir } from '../runtime/run-app.js';
import { runningAppUrl } from '../runtime/running-app.js';
import { rotateSecretKey } from '../runtime/rotate-secret-key.js';
import { STAFF_MESSAGES, staffPasswordSchema } from '../schemas/staff.js';
import { AttemptLimiter } from '../accounts/attempt-limiter.js';
import { createMailer } from '../mail/mailer.js';
import { StaffSessions } from './staff-sessions.js';
import { StaffService } from './staff-service.js';

const USAGE = [
  'Usage: npm run admin -- create-master --email <address> [--first-name <name>] [--last-name <name>]',
  '       npm run admin -- reset-password --email <address>',
  '       npm run admin -- rotate-secret-key',
  'The password is read from MASTER_ADMIN_PASSWORD, or asked for twice in a terminal.',
].join('\n');

/**
 * Asks each question in turn with the answer not echoed, on one terminal interface whose lines are
 * queued: both answers pasted at once reach both questions (an interface per question lost the
 * second line to the first).
 */
async function askHidden(questions: readonly string[]): Promise<string[]> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const lines: AsyncIterator<string> = rl[Symbol.asyncIterator]();
  const answers: string[] = [];
  try {
    for (const question of questions) {
      muted = false;
      rl.setPrompt(question);
      rl.prompt();
      muted = true;
      const line = await lines.next();
      process.stdout.write('\n');
      if (line.done) break;
      answers.push(line.value);
    }
  } finally {
    rl.close();
  }
  return answers;
}

/** The password from MASTER_ADMIN_PASSWORD, or asked twice; the staff password policy applies. */
async function readPassword(env: NodeJS.ProcessEnv, question: string): Promise<string> {
  let password = env.MASTER_ADMIN_PASSWORD;
  if (password) {
    console.log('Using the password in MASTER_ADMIN_PASSWORD (unset it to be asked for one).');
  } else {
    if (!process.stdin.isTTY) throw new ConfigError(['MASTER_ADMIN_PASSWORD: set it, or run this in a terminal to be asked for the password']);
    const [first = '', again] = await askHidden([question, 'Repeat the password: ']);
    password = first;
    if (again !== password) throw new ConfigError([STAFF_MESSAGES.passwordsDoNotMatch]);
  }
  if (!staffPasswordSchema.safeParse(password).success) throw new ConfigError([`password: ${STAFF_MESSAGES.weakPassword}`]);
  return password;
}

/** Runs the rotation and says what it did and what is left to do; 1 when it could not finish. */
async function rotateSecretKeyCommand(env: NodeJS.ProcessEnv): Promise<number> {
  const rotation = await rotateSecretKey(env);
  const { users, documents } = rotation;
  console.log(`Server key ${rotation.from} replaced by ${rotation.to} (${rotation.where}).`);
  console.log(`  accounts: ${users.moved} re-wrapped, ${users.already} already under the new key`);
  console.log(`  works:    ${documents.moved} re-wrapped, ${documents.already} already under the new key`);
  if (documents.forgotten > 0) console.log(`  ${documents.forgotten} works of deleted accounts left out: they go with their accounts`);
  if (documents.missing > 0) console.log(`  ${documents.missing} works the log names are not in the blob store: restore them from a backup (docs/operations.md)`);
  if (!rotation.finished) {
    if (users.retry > 0) console.log(`  ${users.retry} accounts changed while this ran: run it again.`);
    if (users.unreadable > 0) console.log(`  ${users.unreadable} accounts are wrapped by neither key: they stay as they are.`);
    if (documents.unreadable.length > 0) console.log(`  works no key opens, or altered: ${documents.unreadable.join(', ')}`);
    console.log('Not finished: keep the previous key until a run says it is finished.');
    return 1;
  }
  if (rotation.retiredFile) {
    console.log(`The replaced key is kept as ${rotation.retiredFile}: a backup made before now needs it; delete it once none does.`);
    console.log('Start the app again (`npm start`): it uses the new key.');
  } else {
    console.log('Finished: remove SECRET_KEY_PREVIOUS from every api and projections process and restart them.');
  }
  return 0;
}

const COMMANDS = ['create-master', 'reset-password', 'rotate-secret-key'] as const;
type Command = (typeof COMMANDS)[number];
const isCommand = (value: string | undefined): value is Command => (COMMANDS as readonly (string | undefined)[]).includes(value);

export async function adminCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (!isCommand(command)) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'rotate-secret-key') {
    if (rest.length > 0) {
      console.error(USAGE);
      return 2;
    }
    return rotateSecretKeyCommand(env);
  }
  const { values } = parseArgs({
    args: [...rest],
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  const namesGiven = values['first-name'] !== undefined || values['last-name'] !== undefined;
  if (!values.email || (command === 'reset-password' && namesGiven)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...env, MASTER_ADMIN_EMAIL: undefined, MASTER_ADMIN_PASSWORD: undefined });
  const password = await readPassword(env, command === 'create-master' ? 'Password for the new master admin: ' : `New password for ${values.email}: `);

  const log = pino({ level: 'warn' });
  let embedded: EmbeddedPostgresHandle | null = null;
  let databaseUrl = config.DATABASE_URL;
  /** Where to sign in, as a sentence: this command's own PORT / PUBLIC_URL may not be the app's. */
  let signInAt = (page: string) => `Sign in at ${config.publicUrl}${page}`;
  if (!databaseUrl) {
    const dataDir = embeddedDataDir(config.dataDir, log);
    // A server running there (the app's, or one a crash left) is used as it is.
    const port = liveServer(dataDir)?.port ?? null;
    if (port) {
      const running = runningAppUrl(config.dataDir);
      signInAt = (page) => (running ? `Sign in at ${running}${page}` : `Sign in at ${page} on the running app (its PUBLIC_URL; ${config.publicUrl} by default)`);
    }
    const database = await embeddedAppDatabase(dataDir, port);
    databaseUrl = database.url;
    embedded = database.started;
  }
  await ensureDatabase(databaseUrl);
  const pool = createPool(databaseUrl, 2, { prepare: config.DATABASE_PREPARED_STATEMENTS === 'on' });
  try {
    await migrate(pool, [...eventLogMigrations(!config.EVENTSTORE_URL), ...apiMigrations]);
    const store = createEventStore({ eventStoreUrl: config.EVENTSTORE_URL, pool, pollIntervalMs: config.EVENT_POLL_INTERVAL_MS, listenPollIntervalMs: config.EVENT_LISTEN_POLL_INTERVAL_MS });
    const service = new StaffService({
      store,
      db: pool,
      sessions: new StaffSessions(pool, config.SESSION_IDLE_MS),
      limiter: new AttemptLimiter(pool),
      mailer: createMailer(config, log),
      publicUrl: config.publicUrl,
    });
    const context = { actor: { kind: 'system' as const, id: null, role: null }, correlationId: `cli:${command}`, now: new Date() };
    try {
      if (command === 'create-master') {
        await service.createMasterAdmin(
          {
            email: values.email,
            password,
            ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
            ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
            source: 'cli',
          },
          context,
        );
        console.log(`Master admin ${values.email} created. ${signInAt('/master-admin/login')}`);
      } else {
        const { role } = await service.resetPasswordFromServer(values.email, password, context);
        const signIn = role === 'master_admin' ? '/master-admin/login' : '/admin/login';
        console.log(`Password of ${values.email} (${role}) reset; every session of the account has ended. ${signInAt(signIn)}`);
      }
    } finally {
      if (store.kind === 'eventstoredb') await store.close();
    }
    return 0;
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}
