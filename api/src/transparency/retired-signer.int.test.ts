// A process still running with a registry key that `npm run chain -- rotate-key` retired (the
// rotation's procedure stops the ledger; a projections or API process left running extends the log
// and signs checkpoints) signs no checkpoint a verifier would call "signed by a retired key": not of
// a tree holding the rotation, nor once the new key is recorded (a process restarted with it may
// have signed already). The tree goes on growing, and a process with the new key signs it.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, eventStoreMigrations } from '../eventstore/index.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { newEvent } from '../../../test/eventstore/contract.js';
import { registryKeyMigrations } from '../tr-bundle/registry-key-record.js';
import { registryKeyFromPem, type RegistryKey } from '../tr-bundle/registry-key.js';
import { RetiredSignerError, extendLog, latestCheckpoint, readHead, signCheckpointIfDue, transparencyMigrations } from './log-store.js';
import { logOrigin } from './log-service.js';

const newKey = () => registryKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
const origin = logOrigin('https://titles.example/');
const databases: TestDatabase[] = [];
afterAll(async () => Promise.all(databases.map((db) => db.close())));

const sign = (db: TestDatabase, key: RegistryKey) => signCheckpointIfDue(db.pool, { origin, signer: key, minIntervalMs: 0, now: new Date() });

/** RegistryKeyRotated as the rotation appends it (the fields the log reads: the new key's fingerprint). */
const rotatedTo = (key: RegistryKey, previous: RegistryKey) =>
  newEvent('RegistryKeyRotated', { position: 1, fingerprint: key.fingerprint, publicKey: key.publicKeyBase64, previousFingerprint: previous.fingerprint });

describe('a checkpoint signer whose key was rotated away', () => {
  it('signs no tree holding the rotation; the new key signs it', async () => {
    const db = await createTestDatabase([...eventStoreMigrations, ...transparencyMigrations]);
    databases.push(db);
    const store = new PostgresEventStore(db.pool);
    const [oldKey, nextKey] = [newKey(), newKey()];
    await store.append('user-1', [newEvent('Logged'), newEvent('Logged')], 'any');
    await extendLog(db.pool, store);
    expect(await sign(db, oldKey)).toMatchObject({ treeSize: 2 });

    // The rotation is appended (the ledger stopped), then a registration; the old-key process extends the log.
    await store.append('registrykey-1', [rotatedTo(nextKey, oldKey)], 'no_stream');
    await store.append('user-1', [newEvent('Logged')], 'any');
    await extendLog(db.pool, store);
    expect((await readHead(db.pool)).size).toBe(4);
    const refused = sign(db, oldKey);
    await expect(refused).rejects.toThrow(RetiredSignerError);
    await expect(refused).rejects.toThrow(`the current one is ${nextKey.fingerprint}`);
    expect((await latestCheckpoint(db.pool))?.treeSize).toBe(2);

    expect(await sign(db, nextKey)).toMatchObject({ treeSize: 4 });
  });

  it('signs nothing once the new key is recorded, even before its rotation is in the tree', async () => {
    const db = await createTestDatabase([...eventStoreMigrations, ...transparencyMigrations, ...registryKeyMigrations]);
    databases.push(db);
    const store = new PostgresEventStore(db.pool);
    const [oldKey, nextKey] = [newKey(), newKey()];
    await db.pool.query('INSERT INTO registry_keys (position, fingerprint, public_key) VALUES (0, $1, $2)', [oldKey.fingerprint, oldKey.publicKeyBase64]);
    await store.append('user-1', [newEvent('Logged')], 'any');
    await extendLog(db.pool, store);
    expect(await sign(db, oldKey)).toMatchObject({ treeSize: 1 });

    await db.pool.query('INSERT INTO registry_keys (position, fingerprint, public_key) VALUES (1, $1, $2)', [nextKey.fingerprint, nextKey.publicKeyBase64]);
    await store.append('user-1', [newEvent('Logged')], 'any');
    await extendLog(db.pool, store);
    await expect(sign(db, oldKey)).rejects.toThrow(RetiredSignerError);
    expect(await sign(db, nextKey)).toMatchObject({ treeSize: 2 });
  });
});
