// The registry key's history (issue 17 item 2): the first start records the key's fingerprint, and
// every later start must find the same key. A lost or replaced key file is an error at start, never a
// silent new key (which would leave every `.tr` signed before unverifiable under "our" key). A new key
// is recorded only by a rotation bound on chain (`npm run chain -- rotate-key`, ledger/src/chain/rotate-key.ts).
//
// `registry_keys`: position 0 is the first key; each rotation adds the next position. The ledger
// fills in where each key is bound on chain (the RegistryKeyBound log: transaction, block, validFrom).
import type pg from 'pg';
import type { Migration } from '../db/migrate.js';
import { ConfigError, type Config } from '../config.js';
import { AppError } from '../errors.js';
import type { ComponentHealth } from '../runtime/service.js';
import { loadRegistryKey, publicRegistryKey, readRegistryKey, registryKeyFile, type PublicRegistryKey, type RegistryKey } from './registry-key.js';

export const registryKeyMigrations: readonly Migration[] = [
  {
    id: 'registry/001-registry-keys',
    sql: `
      CREATE TABLE registry_keys (
        position integer PRIMARY KEY,
        fingerprint text NOT NULL UNIQUE,
        public_key text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        bound_chain_id bigint,
        bound_contract text,
        bound_tx_hash text,
        bound_block_number bigint,
        valid_from timestamptz
      );
    `,
  },
];

export interface RecordedRegistryKey {
  readonly position: number;
  readonly fingerprint: string;
  readonly publicKey: string;
  readonly recordedAt: Date;
  readonly binding: { readonly chainId: number; readonly contract: string; readonly txHash: string; readonly blockNumber: number; readonly validFrom: Date } | null;
}

export async function listRecordedRegistryKeys(db: pg.Pool | pg.PoolClient): Promise<RecordedRegistryKey[]> {
  const { rows } = await db.query<{
    position: number;
    fingerprint: string;
    public_key: string;
    recorded_at: Date;
    bound_chain_id: string | null;
    bound_contract: string | null;
    bound_tx_hash: string | null;
    bound_block_number: string | null;
    valid_from: Date | null;
  }>('SELECT * FROM registry_keys ORDER BY position');
  return rows.map((row) => ({
    position: row.position,
    fingerprint: row.fingerprint,
    publicKey: row.public_key,
    recordedAt: row.recorded_at,
    binding:
      row.bound_tx_hash === null
        ? null
        : {
            chainId: Number(row.bound_chain_id),
            contract: row.bound_contract!,
            txHash: row.bound_tx_hash,
            blockNumber: Number(row.bound_block_number),
            validFrom: row.valid_from!,
          },
  }));
}

function keyProblem(config: Config, recorded: RecordedRegistryKey, configured: RegistryKey | null): string {
  const where = config.REGISTRY_SIGNING_KEY ? 'REGISTRY_SIGNING_KEY' : registryKeyFile(config.dataDir);
  const what = configured ? `${where} holds key ${configured.fingerprint}` : `${where} is missing`;
  return (
    `REGISTRY KEY: ${what}, but this registry's signing key is ${recorded.fingerprint} (recorded ${recorded.recordedAt.toISOString()}). ` +
    'Every .tr file and checkpoint was signed with it, so a new key is never made silently. ' +
    `Restore the original key (${where}) from your backup and start again. A key lost for good needs a rotation: ` +
    '`npm run chain -- rotate-key --new-key FILE` binds a new key on chain and records it (docs/operations.md, rotating keys).'
  );
}

/**
 * The registry key this start must use: the recorded current key. On the very first start the
 * configured key (generated into DATA_DIR when none is configured) is recorded. Throws ConfigError
 * when the configured key is missing or is another key.
 */
export async function ensureRegistryKey(pool: pg.Pool, config: Config): Promise<RegistryKey> {
  let configured = readRegistryKey({ pem: config.REGISTRY_SIGNING_KEY, dataDir: config.dataDir });
  let current = (await listRecordedRegistryKeys(pool)).at(-1);
  if (!current) {
    configured ??= loadRegistryKey({ pem: config.REGISTRY_SIGNING_KEY, dataDir: config.dataDir });
    // Concurrent first starts: one insert wins, the others compare with it below.
    await pool.query('INSERT INTO registry_keys (position, fingerprint, public_key) VALUES (0, $1, $2) ON CONFLICT DO NOTHING', [
      configured.fingerprint,
      configured.publicKeyBase64,
    ]);
    current = (await listRecordedRegistryKeys(pool)).at(-1)!;
  }
  if (!configured || configured.fingerprint !== current.fingerprint) throw new ConfigError([keyProblem(config, current, configured)]);
  return configured;
}

/**
 * The registry's current signing key: the last one recorded, which a rotation
 * (`npm run chain -- rotate-key`) may have made while this process still holds the one it retired;
 * `own` before any is recorded.
 */
export async function currentPublicRegistryKey(db: pg.Pool | pg.PoolClient, own: RegistryKey): Promise<PublicRegistryKey> {
  const current = (await listRecordedRegistryKeys(db)).at(-1);
  return !current || current.fingerprint === own.fingerprint ? own : publicRegistryKey(Buffer.from(current.publicKey, 'base64'));
}

/**
 * Why this process must not sign with `own` any more (a rotation recorded a newer key while it ran),
 * or null while it is the current key. Production processes take REGISTRY_SIGNING_KEY at start, so
 * only a restart with the new key ends it (docs/operations.md, "Rotate keys").
 */
async function retiredSigningKey(db: pg.Pool | pg.PoolClient, own: RegistryKey): Promise<string | null> {
  const current = (await listRecordedRegistryKeys(db)).at(-1);
  if (!current || current.fingerprint === own.fingerprint) return null;
  return (
    `This process signs with registry key ${own.fingerprint}, which a rotation retired (the current key is ${current.fingerprint}): ` +
    'it issues no .tr file until it is restarted with the new key (REGISTRY_SIGNING_KEY, docs/operations.md "Rotate keys").'
  );
}

/**
 * Refuses (503) to sign a `.tr` file with a retired key: one signed after the rotation fails for
 * every verifier who pins the current key, and the key may have been retired because it leaked.
 */
export async function requireCurrentSigningKey(db: pg.Pool | pg.PoolClient, own: RegistryKey): Promise<void> {
  if (await retiredSigningKey(db, own)) {
    throw new AppError(
      'service_unavailable',
      'The proof file cannot be issued by this server right now: its signing key was just replaced, and it is waiting to be restarted with the new one. Try again in a few minutes; nothing about your registration has changed.',
    );
  }
}

/** For GET /api/health: degraded while this process holds a retired registry key. */
export async function registryKeyHealth(db: pg.Pool | pg.PoolClient, own: RegistryKey): Promise<ComponentHealth> {
  const retired = await retiredSigningKey(db, own);
  return retired ? { status: 'degraded', details: { fingerprint: own.fingerprint, reasons: [retired] } } : { status: 'ok', details: { fingerprint: own.fingerprint } };
}
