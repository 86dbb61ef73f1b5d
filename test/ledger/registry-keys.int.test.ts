// The registry key bound and guarded (issue 17 item 2): the first start records the key and the
// deployment binds it on chain; GET /api/registry/keys lists it with its validity and binding; a later
// start with the key file missing or replaced refuses to start, saying what to do. Rotation
// (`npm run chain -- rotate-key`, run here as a child process as an operator runs it): refused while
// the ledger runs; once stopped, it binds the new key on the (embedded) chain, records it, installs
// it; the next start signs with it, the chain rebuilt from the log holds both keys, and checkpoints
// from before and after verify with the key of their time, and one signed by the retired key after
// its retirement is named by verify-log.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Interface } from 'ethers';
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { latestCheckpoint, logVerifierKey, openCheckpoint, registryKeyFromPem, registryVerifierKeys, signCheckpoint, verifyLog } from '@titleledger/api/transparency';
import { anchorRegistryAbi } from '@titleledger/contracts';
import { logInPostgres, startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { creatorFlows, fetchSender, injectSender, jsonBody } from '../support/flows.js';
import { runScript } from './cli.js';
import { eventually } from './registrations.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-registry-keys-'));
const keyFile = path.join(dataDir, 'registry-ed25519.pem');
let databaseUrl: string;
let app: TestApp | null = null;

interface KeysJson {
  keys: { position: number; publicKey: string; fingerprint: string; current: boolean; validFrom: string | null; validTo: string | null; binding: { chainId: number; contract: string; txHash: string; blockNumber: number } | null }[];
}

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.close();
  databaseUrl = db.url;
});
afterAll(async () => app?.stop());

/** A start of the app's core (no services) against the same database and DATA_DIR. */
const coreStart = () =>
  runApp({ http: false, env: { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, handleSignals: false, logger: pino({ level: 'silent' }) });

describe('the registry key', () => {
  it('is recorded on the first start, bound on chain by the deployment, and listed by GET /api/registry/keys', async () => {
    app = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    const key = registryKeyFromPem(readFileSync(keyFile, 'utf8'));
    const listed = await eventually(async () => {
      const body = (await (await fetch(`${app!.url}/api/registry/keys`)).json()) as KeysJson;
      return body.keys[0]?.binding ? body : null;
    }, 90_000, 'the key binding read from the chain');
    expect(listed.keys).toHaveLength(1);
    expect(listed.keys[0]).toMatchObject({
      position: 0,
      publicKey: key.publicKeyBase64,
      fingerprint: key.fingerprint,
      current: true,
      validTo: null,
      binding: { chainId: 31337, blockNumber: 1, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    });
    // Block 1 of the embedded chain: its genesis (hardhat.config.cjs initialDate) plus one second.
    expect(listed.keys[0]!.validFrom).toBe('2025-01-01T00:00:01.000Z');
    await app.stop();
    app = null;
  });

  it('refuses to start when the key file is missing, or holds another key, and starts again once restored', async () => {
    const original = readFileSync(keyFile, 'utf8');
    const fingerprint = registryKeyFromPem(original).fingerprint;
    renameSync(keyFile, `${keyFile}.aside`);
    const missing: unknown = await coreStart().then((r) => r.stop().then(() => 'started'), (e: unknown) => e);
    expect(missing).toBeInstanceOf(ConfigError);
    expect((missing as Error).message).toContain(`${keyFile} is missing, but this registry's signing key is ${fingerprint}`);
    expect((missing as Error).message).toContain('Restore the original key');

    const other = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    writeFileSync(keyFile, other);
    const replaced: unknown = await coreStart().then((r) => r.stop().then(() => 'started'), (e: unknown) => e);
    expect(replaced).toBeInstanceOf(ConfigError);
    expect((replaced as Error).message).toContain(`holds key ${registryKeyFromPem(other).fingerprint}, but this registry's signing key is ${fingerprint}`);

    writeFileSync(keyFile, original);
    const restored = await coreStart();
    await restored.stop();
  });

  // The operator's command runs as a process of its own, writing to the log: a test app's log outside
  // Postgres (test/support/app.ts) is in memory or in a scope of a shared server, neither of which
  // the command can reach.
  it.skipIf(!logInPostgres)('rotates: refused while the ledger runs; then bound on chain, recorded, installed, and used from the next start', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' };
    const rotate = (...args: string[]) => runScript('ledger/dist/chain/cli.js', ['rotate-key', ...args], env);
    const oldKey = registryKeyFromPem(readFileSync(keyFile, 'utf8'));
    const newPem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const newKey = registryKeyFromPem(newPem);
    const newKeyFile = path.join(dataDir, 'next-key.pem');
    writeFileSync(newKeyFile, newPem);
    const appEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LEDGER_BATCH_SECONDS: '0.5', LEDGER_CHECKPOINT_ANCHOR_ENTRIES: '1' };

    // Before: a registration and a checkpoint signed (and anchored) with the first key.
    app = await startTestApp(appEnv);
    const client = creatorFlows(injectSender(app));
    const creator = await client.signUp();
    const { trNumber } = await client.register(creator.token, Buffer.from(`Before the rotation ${Date.now()}\n`), { title: 'Before' });
    const before = await eventually(async () => {
      const response = await client.send({ method: 'GET', url: '/api/log/checkpoint/anchor' });
      const body = response.json<{ anchored: boolean; treeSize: number; note: string }>();
      return body.anchored ? body : null;
    }, 90_000, 'a checkpoint anchored under the first key');
    const origin = before.note.slice(0, before.note.indexOf('\n'));

    const whileRunning = await rotate('--new-key', newKeyFile);
    expect(whileRunning.code, whileRunning.stderr).toBe(1);
    expect(whileRunning.stderr).toContain('A ledger is running');
    await app.stop();
    app = null;

    // An API process the operator has not restarted yet (production runs it apart from the ledger, so
    // the rotation goes ahead): it holds the old key until it is restarted.
    const leftRunning = await runApp({
      env: { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1' },
      handleSignals: false,
      logger: pino({ level: 'silent' }),
    });
    const stale = fetchSender(leftRunning.url!);
    const trFile = () => stale({ method: 'GET', url: `/api/download/tr/${trNumber}`, token: creator.token });
    expect((await trFile()).status).toBe(200);

    const usage = await rotate();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('rotate-key needs the new key: --new-key <file>');

    const rotated = await rotate('--new-key', newKeyFile);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain('Registry key 1 bound on chain 31337');
    expect(rotated.stdout).toContain(`new key:      ${newKey.fingerprint}`);
    expect(rotated.stdout).toContain(`replaces:     ${oldKey.fingerprint}`);
    const block = Number(/\(block (\d+)\)/.exec(rotated.stdout)?.[1]);
    // DATA_DIR's key file is the new key; the old one is kept beside it.
    expect(registryKeyFromPem(readFileSync(keyFile, 'utf8')).fingerprint).toBe(newKey.fingerprint);
    expect(readFileSync(path.join(dataDir, `registry-ed25519.retired-${oldKey.keyId}.pem`), 'utf8')).toContain('PRIVATE KEY');
    // A retired key is never bound again.
    const back = await rotate('--new-key', path.join(dataDir, `registry-ed25519.retired-${oldKey.keyId}.pem`));
    expect(back.code).toBe(1);
    expect(back.stderr).toContain('was registry key 0 and is retired');

    // The process left running issues no .tr file signed by the retired key, says so in its health,
    // and hands out the new key as the registry's.
    const refused = await trFile();
    expect(refused.status).toBe(503);
    expect(refused.json<{ message: string }>().message).toContain('its signing key was just replaced, and it is waiting to be restarted with the new one');
    expect((await stale({ method: 'GET', url: '/api/registry/public-key' })).json()).toEqual({
      alg: 'Ed25519',
      keyId: newKey.keyId,
      publicKey: newKey.publicKeyBase64,
      publicKeyPem: newKey.publicKeyPem,
    });
    expect((await stale({ method: 'GET', url: '/api/log/verifier-key' })).body.trim()).toBe(logVerifierKey(origin, newKey));
    const health = (await stale({ method: 'GET', url: '/api/health' })).json<{ status: string; components: Record<string, { status: string; details?: { reasons?: string[] } }> }>();
    expect(health.status).toBe('degraded');
    expect(health.components.registryKey!.details!.reasons![0]).toContain(`This process signs with registry key ${oldKey.fingerprint}, which a rotation retired (the current key is ${newKey.fingerprint})`);
    await leftRunning.stop();

    // After: the next start takes the new key, rebuilds the chain with the rotation in it.
    app = await startTestApp(appEnv);
    const after = creatorFlows(injectSender(app));
    const keys = await eventually(async () => {
      const body = (await (await fetch(`${app!.url}/api/registry/keys`)).json()) as KeysJson;
      return body.keys.every((k) => k.binding) ? body.keys : null;
    }, 90_000, 'both keys bound');
    expect(keys.map((k) => [k.position, k.fingerprint, k.current])).toEqual([
      [0, oldKey.fingerprint, false],
      [1, newKey.fingerprint, true],
    ]);
    expect(keys[1]!.binding).toMatchObject({ chainId: 31337, blockNumber: block });
    expect(keys[0]!.validTo).toBe(keys[1]!.validFrom);
    const registry = new Interface(anchorRegistryAbi);
    const call = await after.send({
      method: 'POST',
      url: '/api/ledger/rpc',
      ...jsonBody({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: keys[1]!.binding!.contract, data: registry.encodeFunctionData('registryKeys') }, 'latest'] }),
    });
    const [onChain] = registry.decodeFunctionResult('registryKeys', call.json<{ result: string }>().result) as unknown as [{ fingerprint: string }[]];
    expect(onChain.map((k) => k.fingerprint)).toEqual([oldKey.fingerprint, newKey.fingerprint]);

    await after.register((await after.signUp()).token, Buffer.from(`After the rotation ${Date.now()}\n`), { title: 'After' });
    const { pool, config, store } = app.running;
    const latest = await eventually(async () => {
      const checkpoint = await latestCheckpoint(pool);
      return checkpoint && checkpoint.treeSize > before.treeSize ? checkpoint : null;
    }, 90_000, 'a checkpoint signed after the rotation');
    expect(openCheckpoint(latest.note, logVerifierKey(origin, newKey)).treeSize).toBe(latest.treeSize);
    expect(() => openCheckpoint(latest.note, logVerifierKey(origin, oldKey))).toThrow(/no signature by/);
    expect(openCheckpoint(before.note, logVerifierKey(origin, oldKey)).treeSize).toBe(before.treeSize);
    // verify-log takes every recorded key: the log verifies across the rotation; the old key alone does not.
    const vkeys = await registryVerifierKeys(pool, config);
    expect(vkeys).toEqual([logVerifierKey(origin, oldKey), logVerifierKey(origin, newKey)]);
    expect(await verifyLog(pool, store, { vkey: vkeys })).toMatchObject({ ok: true });
    expect(await verifyLog(pool, store, { vkey: vkeys[0]! })).toMatchObject({ ok: false, reason: expect.stringContaining('no signature by') });
    // An auditor who gave only the key they had is told to give every key, oldest first.
    const oneKey = await runScript('scripts/audit.mjs', ['verify-log', '--vkey', vkeys[1]!], env);
    expect(oneKey.code, oneKey.stderr).toBe(1);
    expect(oneKey.stdout).toContain('after a rotation of the registry key, give every key GET /api/registry/keys lists, oldest first');
    // A checkpoint of a tree holding the rotation, signed by the retired key (leaked, say): its signature
    // is good, but the log says that key was retired before that tree existed.
    const forged = signCheckpoint({ origin, treeSize: latest.treeSize, root: latest.root }, { name: origin, privateKey: oldKey.privateKey, publicKey: oldKey.publicKey });
    await pool.query('UPDATE tlog_checkpoints SET note = $1 WHERE tree_size = $2', [forged, latest.treeSize]);
    expect(await verifyLog(pool, store, { vkey: vkeys })).toMatchObject({
      ok: false,
      checkpoint: latest.treeSize,
      reason: expect.stringMatching(/is signed by registry key 0, which the rotation at position \d+ retired before that tree was made: signed by a retired key/),
    });
    await pool.query('UPDATE tlog_checkpoints SET note = $1 WHERE tree_size = $2', [latest.note, latest.treeSize]);
    expect(await verifyLog(pool, store, { vkey: vkeys })).toMatchObject({ ok: true });
    await app.stop();
    app = null;
  }, 300_000);
});
