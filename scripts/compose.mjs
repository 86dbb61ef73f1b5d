// The embedded composition: which migrations and services run in the one `npm start` process.
// Shared by scripts/embedded.mjs and the end-to-end tests, so both run the same system.
import { allProjections, createProjectionsService, readModelMigrations } from '@titleledger/projections';
import { createLedgerService, ledgerMigrations } from '@titleledger/ledger';

/** @returns {Pick<import('@titleledger/api/runtime').RunAppOptions, 'migrations' | 'services'>} */
export function embeddedComposition() {
  return {
    migrations: [...readModelMigrations, ...ledgerMigrations],
    services: [createProjectionsService(allProjections), createLedgerService()],
  };
}
