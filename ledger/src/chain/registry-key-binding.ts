// Which registry key the embedded registry binds at deployment: the key of the registry's first start
// (registry_keys position 0, recorded by runApp before any service starts), else the configured one.
// The deploy transaction must be the same on every rebuild, so a rotation never changes it.
import type pg from 'pg';
import type { Config } from '@titleledger/api/runtime';
import { loadRegistryKey } from '@titleledger/api/transparency';

export async function embeddedRegistryKeyFingerprint(pool: pg.Pool, config: Config): Promise<string> {
  const { rows } = await pool.query<{ fingerprint: string }>('SELECT fingerprint FROM registry_keys WHERE position = 0');
  return rows[0]?.fingerprint ?? loadRegistryKey({ pem: config.REGISTRY_SIGNING_KEY, dataDir: config.dataDir }).fingerprint;
}
