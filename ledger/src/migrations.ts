// Every table the ledger owns, in order; run by runApp (compose.mjs) or ledger/src/main.ts.
import type { Migration } from '@titleledger/api/runtime';
import { batchingMigrations } from './batching/migrations.js';
import { proofsMigrations } from './proofs/migrations.js';

export const ledgerMigrations: readonly Migration[] = [...batchingMigrations, ...proofsMigrations];
