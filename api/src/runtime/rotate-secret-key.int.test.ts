// Rotating the server key (`npm run admin -- rotate-secret-key`). With the embedded default's key
// files, the app stopped: the command makes the new key, re-wraps every account's key and every
// work's document key, moves the e-mail index, and keeps the old key as secret.retired-<id>.key; the
// app started again with the new key alone signs both creators in, finds them by their addresses,
// takes a profile edit without a password and serves the .tr file with its work. With SECRET_KEY and
// SECRET_KEY_PREVIOUS set (as production runs it): a start with both serves old and new accounts
// alike, the command finishes the move, and a start with only the old key, or another key, is refused
// saying which key the accounts need.
import { existsSync, linkSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { creatorFlows, injectSender, jsonBody, type Creator } from '../../../test/support/flows.js';
import { emlFilesTo, resetTokenIn } from '../../../test/support/mail.js';
import { ServerKeyring, serverKeyId } from '../accounts/crypto.js';
import { deriveBlobWrappingKey, decryptBlob } from '../documents/envelope.js';
import { FileSystemBlobStore } from '../documents/blob-store.js';
import { decryptBundleDocument, type TrBundle } from '../tr-bundle/bundle.js';
import { adminCli } from '../staff/admin-cli.js';
import { ConfigError } from '../config.js';
import { runApp } from './run-app.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-secret-rotation-'));
const keyFile = (name: string) => path.join(dataDir, name);
const firstKey = randomBytes(32);
const work = Buffer.from('Rotate me, keep me.\n');
let databaseUrl: string;
let app: TestApp | null = null;
let alice: Creator;
let bob: Creator;
let trNumber: string;
/** The key the second test ends with. */
let finalKey: Buffer | null = null;

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.close();
  databaseUrl = db.url;
  writeFileSync(keyFile('secret.key'), firstKey.toString('hex'), { mode: 0o600 });
});
afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (keys: Record<string, string> = {}) => ({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...keys });
const start = async (keys: Record<string, string> = {}) => (app = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...keys }));
const stop = async () => {
  await app?.stop();
  app = null;
};
const flows = () => creatorFlows(injectSender(app!));
const keyIdsInUse = async () =>
  (await app!.running.pool.query<{ key_id: string }>('SELECT DISTINCT key_id FROM user_keys ORDER BY key_id')).rows.map((row) => row.key_id);

/** What a creator can do once the keys moved: sign in by the address (any case), edit the profile without a password, fetch the .tr with the work. */
async function creatorsStillServed(): Promise<void> {
  const f = flows();
  for (const creator of [alice, bob]) {
    const signIn = await f.send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: creator.email.toUpperCase(), password: creator.password }) });
    expect(signIn.status, signIn.body).toBe(200);
  }
  const edit = await f.send({ method: 'PUT', url: '/api/user/profile', token: alice.token, ...jsonBody({ phone: '+1 555 0100' }) });
  expect(edit.status, edit.body).toBe(200);
  const bundle = JSON.parse((await f.downloadTr(alice.token, trNumber)).toString()) as TrBundle;
  expect(decryptBundleDocument(bundle)).toEqual(work);
  await expect(f.signUp({ email: bob.email.toUpperCase() })).rejects.toThrow('signing up: expected 201, got 409');
}

describe('rotating the server key', () => {
  it('with the embedded key files: re-wraps accounts and works, keeps the old key aside, and the app serves everyone with the new key alone', async () => {
    await start();
    alice = await flows().signUp();
    bob = await flows().signUp();
    ({ trNumber } = await flows().register(alice.token, work));
    const { rows } = await app!.running.pool.query<{ blob_id: string }>('SELECT blob_id FROM registrations WHERE tr_number = $1', [trNumber]);
    const blobId = rows[0]!.blob_id;
    expect(await keyIdsInUse()).toEqual([serverKeyId(firstKey)]);
    await stop();

    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await adminCli(['rotate-secret-key'], env())).toBe(0);
    const output = said.mock.calls.map((call) => String(call[0])).join('\n');
    said.mockRestore();
    const newKey = Buffer.from(readFileSync(keyFile('secret.key'), 'utf8'), 'hex');
    expect(newKey.equals(firstKey)).toBe(false);
    expect(output).toContain(`Server key ${serverKeyId(firstKey)} replaced by ${serverKeyId(newKey)} (DATA_DIR ${dataDir}, database ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}).`);
    expect(output).toContain('accounts: 2 re-wrapped, 0 already under the new key');
    expect(output).toContain('works:    1 re-wrapped, 0 already under the new key');
    expect(readFileSync(keyFile(`secret.retired-${serverKeyId(firstKey)}.key`), 'utf8')).toBe(firstKey.toString('hex'));
    expect(existsSync(keyFile('secret.previous.key'))).toBe(false);

    // The work's document key is now wrapped by the new key only; its ciphertext is unchanged in size.
    const blob = await new FileSystemBlobStore(keyFile('blobs')).get(blobId);
    expect(decryptBlob(blob, [deriveBlobWrappingKey(newKey)], blobId)).toEqual(work);
    expect(() => decryptBlob(blob, [deriveBlobWrappingKey(firstKey)], blobId)).toThrow();

    await start();
    expect(await keyIdsInUse()).toEqual([serverKeyId(newKey)]);
    // In the log for auditors, by the system.
    expect(await app!.running.store.readStream(`serverkey-${serverKeyId(newKey)}`)).toMatchObject([
      { type: 'ServerKeyRotated', data: { from: serverKeyId(firstKey), to: serverKeyId(newKey), accounts: 2, works: 1 }, metadata: { actor: { kind: 'system' } } },
    ]);
    await creatorsStillServed();

    // A password reset ends the strangers' slow-down of the account, counted under the new key's index as sign-in counts it.
    const f = flows();
    for (const guess of ['wrong guess one', 'wrong guess two']) {
      expect((await f.send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: bob.email, password: guess }) })).status).toBe(401);
    }
    const accountFailures = async () =>
      (await app!.running.pool.query<{ failures: number }>(`SELECT failures FROM auth_failures WHERE scope = 'creator_login' AND key = $1`, [
        `account:${new ServerKeyring(newKey).emailHmac(bob.email)}`,
      ])).rows[0]?.failures;
    expect(await accountFailures()).toBe(2);
    expect((await f.send({ method: 'POST', url: '/api/auth/forgot-password', ...jsonBody({ email: bob.email }) })).status).toBe(202);
    const [mail] = await emlFilesTo(keyFile('mail'), bob.email.toLowerCase());
    const reset = await f.send({ method: 'POST', url: '/api/auth/reset-password', ...jsonBody({ token: resetTokenIn(mail!.mail.text ?? ''), password: bob.password }) });
    expect(reset.status, reset.body).toBe(200);
    expect(await accountFailures()).toBe(0);
    await stop();
  });

  it('with SECRET_KEY and SECRET_KEY_PREVIOUS: both serve during the move, the command finishes it, and a start without the key the accounts need is refused', async () => {
    const before = Buffer.from(readFileSync(keyFile('secret.key'), 'utf8'), 'hex');
    const after = randomBytes(32);
    const both = { SECRET_KEY: after.toString('hex'), SECRET_KEY_PREVIOUS: before.toString('hex') };

    // Without the previous key, the command says what to set; nothing moves.
    await expect(adminCli(['rotate-secret-key'], env({ SECRET_KEY: after.toString('hex') }))).rejects.toThrow(/SECRET_KEY_PREVIOUS: set it to the key being replaced/);

    await start(both);
    await creatorsStillServed();
    const carol = await flows().signUp();
    // Alice's address is indexed under the previous key only: still hers, as the unique index alone would not say.
    const taken = await flows().send({ method: 'PUT', url: '/api/user/profile', token: carol.token, ...jsonBody({ email: alice.email, currentPassword: carol.password }) });
    expect(taken.status, taken.body).toBe(409);
    expect(await keyIdsInUse()).toEqual([serverKeyId(before), serverKeyId(after)].sort());
    await stop();

    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await adminCli(['rotate-secret-key'], env(both))).toBe(0);
    const output = said.mock.calls.map((call) => String(call[0])).join('\n');
    expect(output).toContain('accounts: 2 re-wrapped, 1 already under the new key');
    expect(output).toContain('Finished: remove SECRET_KEY_PREVIOUS from every api and projections process and restart them.');
    // Run again (an operator unsure it finished): nothing to move, and the rotation is recorded once.
    said.mockClear();
    expect(await adminCli(['rotate-secret-key'], env(both))).toBe(0);
    expect(said.mock.calls.map((call) => String(call[0])).join('\n')).toContain('accounts: 0 re-wrapped, 3 already under the new key');
    said.mockRestore();

    // The key the accounts were under before is no longer enough, nor is a stranger's.
    const refused = (key: Buffer) => runApp({ http: false, env: env({ SECRET_KEY: key.toString('hex') }), handleSignals: false, logger: pino({ level: 'silent' }) });
    await expect(refused(before)).rejects.toThrow(ConfigError);
    await expect(refused(before)).rejects.toThrow(`SECRET_KEY: 3 of 3 accounts are wrapped by server key ${serverKeyId(after)} (3); this process holds ${serverKeyId(before)}.`);

    finalKey = after;
    await start({ SECRET_KEY: after.toString('hex') });
    expect((await app!.running.store.readStream(`serverkey-${serverKeyId(after)}`)).map((event) => event.data)).toEqual([
      { from: serverKeyId(before), to: serverKeyId(after), accounts: 3, works: 1 },
    ]);
    await creatorsStillServed();
    const signIn = await flows().send({ method: 'POST', url: '/api/auth/login', ...jsonBody({ email: carol.email, password: carol.password }) });
    expect(signIn.status).toBe(200);
  });

  it('labels the accounts from before key ids were recorded at the next start, and refuses a start whose key opens none of them', async () => {
    await stop();
    const core = (secret: Buffer) => runApp({ http: false, env: env({ SECRET_KEY: secret.toString('hex') }), handleSignals: false, logger: pino({ level: 'silent' }) });
    const current = finalKey!;
    const first = await core(current);
    await first.pool.query('UPDATE user_keys SET key_id = NULL');
    await first.stop();
    await expect(core(randomBytes(32))).rejects.toThrow('SECRET_KEY: 3 of 3 accounts are wrapped by a key never recorded (3)');
    const labelled = await core(current);
    const ids = (await labelled.pool.query<{ key_id: string | null }>('SELECT key_id FROM user_keys')).rows.map((row) => row.key_id);
    await labelled.stop();
    expect(ids).toEqual([serverKeyId(current), serverKeyId(current), serverKeyId(current)]);
  });

  it('picks up a rotation stopped after it put the new key aside: the key it wrote is the one used, and the next start reads it', async () => {
    // The embedded files, as a crash between linking the old key to its second name and renaming the new one into place leaves them.
    writeFileSync(keyFile('secret.key'), finalKey!.toString('hex'), { mode: 0o600 });
    const aside = randomBytes(32);
    writeFileSync(keyFile('secret.next.key'), aside.toString('hex'), { mode: 0o600 });
    linkSync(keyFile('secret.key'), keyFile('secret.previous.key'));
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await adminCli(['rotate-secret-key'], env())).toBe(0);
    said.mockRestore();
    expect(readFileSync(keyFile('secret.key'), 'utf8')).toBe(aside.toString('hex'));
    expect(readFileSync(keyFile(`secret.retired-${serverKeyId(finalKey!)}.key`), 'utf8')).toBe(finalKey!.toString('hex'));
    expect(existsSync(keyFile('secret.next.key')) || existsSync(keyFile('secret.previous.key'))).toBe(false);
    const core = await runApp({ http: false, env: env(), handleSignals: false, logger: pino({ level: 'silent' }) });
    const ids = (await core.pool.query<{ key_id: string }>('SELECT DISTINCT key_id FROM user_keys')).rows.map((row) => row.key_id);
    await core.stop();
    expect(ids).toEqual([serverKeyId(aside)]);
  });
});

