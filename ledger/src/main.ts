// The ledger alone (production): `node ledger/dist/main.js`. Leads only while it holds the ledger's
// advisory lock, so extra instances wait as hot standbys.
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { createLedgerService, ledgerMigrations } from './index.js';

try {
  await runApp({ http: false, role: 'ledger', migrations: ledgerMigrations, services: [createLedgerService()] });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
