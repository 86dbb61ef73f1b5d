// The registry key bound and guarded (issue 17 item 2): the first start records the key and the
// deployment binds it on chain; GET /api/registry/keys lists it with its validity and binding; a later
// start with the key file missing or replaced refuses to start, saying what to do.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { registryKeyFromPem } from '@titleledger/api/transparency';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { eventually } from './registrations.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-registry-keys-'));
const keyFile = path.join(dataDir, 'registry-ed25519.pem');
let databaseUrl: string;
let app: TestApp | null = null;

interface KeysJson {
  keys: { position: number; publicKey: string; fingerprint: string; current: boolean; validFrom: string | null; validTo: string | null; binding: { chainId: number; txHash: string; blockNumber: number } | null }[];
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
});
