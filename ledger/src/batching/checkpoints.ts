// The ledger's subscriptions keep their positions in `ledger_checkpoints` (batching/migrations.ts).
import { CheckpointTable } from '@titleledger/api/runtime';

export const ledgerCheckpoints = new CheckpointTable('ledger_checkpoints');
