// `npm run admin -- rotate-secret-key`: replaces the server key (SECRET_KEY), which wraps every
// user's key and every work's document key and keys the e-mail index. What it wrapped is wrapped
// again, never decrypted and encrypted anew: the log and the works' ciphertexts are unchanged.
//
// With the embedded default (no SECRET_KEY), the app stopped, it does all of it: a new key in
// DATA_DIR/secret.key, the old one kept as secret.previous.key while the work goes on (a start
// meanwhile reads both), then as secret.retired-<id>.key. Otherwise the operator sets SECRET_KEY to
// the new key and SECRET_KEY_PREVIOUS to the old one on every api and projections process, and
// runs this with the same settings while they serve (docs/operations.md, "Rotate keys").
// Stopped half-way, it is run again: what is done is recognised and skipped.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, renameSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ServerKeyring } from '../accounts/crypto.js';
import { serverKeyStreamId } from '../accounts/events.js';
import { rewrapUserKeys, type RewrappedUsers } from '../accounts/server-keys.js';
import { ConfigError, resolveSecretKey, resolveSecretKeys, SECRET_KEY_FILES, writeKeyFileOnce, type Config } from '../config.js';
import { FileSystemBlobStore, worksBlobDir } from '../documents/blob-store.js';
import { deriveBlobWrappingKey } from '../documents/envelope.js';
import { toNewEvents } from '../domain/command-handler.js';
import type { EventData } from '../events/index.js';
import { WrongExpectedRevisionError, type EventStore } from '../eventstore/types.js';
import { rewrapDocuments, type RewrappedDocuments } from '../registrations/rewrap-documents.js';
import { DataDirInUseError } from './embedded-postgres.js';
import { runApp } from './run-app.js';

export interface SecretKeyRotation {
  /** The key ids (ServerKeyring.keyId): the key replaced, and the one that now wraps everything. */
  readonly from: string;
  readonly to: string;
  readonly users: RewrappedUsers;
  readonly documents: RewrappedDocuments;
  /** Everything is under the new key: the previous one can go. */
  readonly finished: boolean;
  /** With the embedded default, where the replaced key was put once finished. */
  readonly retiredFile: string | null;
  /** What it worked on: DATA_DIR (the blobs; with the embedded default, the keys and Postgres too) and the database. */
  readonly where: string;
}

/** The embedded default keeps its keys in DATA_DIR; a SECRET_KEY (and production) means the operator holds them. */
const embeddedKeys = (config: Config) => !config.SECRET_KEY && config.NODE_ENV !== 'production';

/**
 * Puts a new key in place as DATA_DIR/secret.key, the old one as secret.previous.key, unless a
 * rotation begun earlier is still there to finish. secret.key exists at every step: the new key is
 * written aside, the old one linked to its second name, then the new one renamed over the first.
 */
function installNewEmbeddedKey(config: Config): void {
  const file = (name: string) => path.join(config.dataDir, name);
  resolveSecretKey(config);
  if (!existsSync(file(SECRET_KEY_FILES.previous))) {
    writeKeyFileOnce(file(SECRET_KEY_FILES.next), randomBytes(32).toString('hex'));
    linkSync(file(SECRET_KEY_FILES.current), file(SECRET_KEY_FILES.previous));
  }
  if (existsSync(file(SECRET_KEY_FILES.next))) renameSync(file(SECRET_KEY_FILES.next), file(SECRET_KEY_FILES.current));
}

/** In the log, for auditors: once per new key (a run after it has finished finds it recorded). */
async function recordRotation(store: EventStore, data: EventData<'ServerKeyRotated'>): Promise<void> {
  const context = { actor: { kind: 'system' as const, id: null, role: null }, correlationId: 'cli:rotate-secret-key', now: new Date() };
  try {
    await store.append(serverKeyStreamId(data.to), toNewEvents([{ type: 'ServerKeyRotated', data }], context), 'no_stream');
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
}

export async function rotateSecretKey(env: NodeJS.ProcessEnv = process.env): Promise<SecretKeyRotation> {
  // Nothing sealed is opened through the app's own keyring, and the start-up key checks would refuse
  // the state this command exists to move on from. The embedded Postgres refuses a running app's DATA_DIR.
  const running = await runApp({ env, http: false, handleSignals: false, registryKeyCheck: false, serverKey: false, logger: pino({ level: 'warn' }) }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirInUseError)) throw error;
      throw new ConfigError([
        `DATA_DIR: the app runs on it (pid ${error.owner}, e.g. \`npm start\`, with its Postgres in ${error.dataDir}). Stop it first: it holds the current server key in memory and would go on writing with it.`,
      ]);
    },
  );
  try {
    const { config, pool, store } = running;
    if (embeddedKeys(config)) installNewEmbeddedKey(config);
    const keys = resolveSecretKeys(config);
    if (keys.previous.length === 0) {
      throw new ConfigError([
        'SECRET_KEY_PREVIOUS: set it to the key being replaced, and SECRET_KEY to the new one, here and on every api and projections ' +
          'process (restart them with both), then run this again (docs/operations.md, "Rotate keys")',
      ]);
    }
    const keyring = new ServerKeyring(keys.current, keys.previous);
    const users = await rewrapUserKeys(pool, store, keyring);
    const documents = await rewrapDocuments(store, new FileSystemBlobStore(worksBlobDir(config.dataDir)), keyring.derived(deriveBlobWrappingKey));
    const finished = users.retry === 0 && users.unreadable === 0 && documents.unreadable.length === 0;
    const [to, from] = keyring.keyIds as [string, string];
    let retiredFile: string | null = null;
    if (finished) await recordRotation(store, { from, to, accounts: users.moved + users.already, works: documents.moved + documents.already });
    if (finished && embeddedKeys(config)) {
      retiredFile = path.join(config.dataDir, `secret.retired-${from}.key`);
      renameSync(path.join(config.dataDir, SECRET_KEY_FILES.previous), retiredFile);
    }
    const database = config.DATABASE_URL ? new URL(config.DATABASE_URL) : null;
    const where = `DATA_DIR ${config.dataDir}, ${database ? `database ${database.host}${database.pathname}` : 'its embedded Postgres'}`;
    return { from, to, users, documents, finished, retiredFile, where };
  } finally {
    await running.stop();
  }
}
