// The ledger (with the projections, as in production's separate processes) in a child process the
// crash test can SIGKILL. Configured entirely by the environment it is given. Run with `--import tsx`
// for this file alone: the packages it imports are the built ones (*/dist), as in production.
import { runApp } from '@titleledger/api/runtime';
import { createLedgerService, ledgerMigrations } from '@titleledger/ledger';
import { allProjections, createProjectionsService, readModelMigrations } from '@titleledger/projections';

await runApp({
  http: false,
  migrations: [...readModelMigrations, ...ledgerMigrations],
  services: [createProjectionsService(allProjections), createLedgerService()],
});
process.stdout.write('ledger-child: ready\n');
