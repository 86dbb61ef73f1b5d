// The ledger's own tables (run by the ledger service, after the read models'):
// - ledger_checkpoints: where each of the ledger's subscriptions stands in the log, moved in the
//   same transaction as what it wrote (so nothing is applied twice or skipped).
// - ledger_leaves: the SEQUENCED state. Every registration's hash with its durable, gap-free global
//   leaf index, once per TR number.
// - ledger_batches: the INTEGRATION worker's memory of each batch id: sealed (BatchSealed appended),
//   the anchor transaction it signed (written before it is broadcast, so a restart re-sends the very
//   same bytes), anchored (RootAnchored appended). The event log is the truth; this table is
//   rebuilt from it on start when behind.
// - ledger_status: one row the API reads for /api/ledger/status and the RPC proxy (the API never
//   imports the ledger).
import type { Migration } from '@titleledger/api/runtime';

export const batchingMigrations: readonly Migration[] = [
  {
    id: 'ledger/001-sequencing',
    sql: `
      CREATE TABLE ledger_checkpoints (
        name text PRIMARY KEY,
        commit_position bigint NOT NULL,
        prepare_position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE ledger_leaves (
        leaf_index bigint PRIMARY KEY,
        tr_number text NOT NULL UNIQUE,
        cryptographic_hash text NOT NULL,
        registered_at timestamptz NOT NULL,
        sequenced_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE ledger_batches (
        batch_id bigint PRIMARY KEY,
        first_leaf_index bigint NOT NULL,
        leaf_count integer NOT NULL,
        root text NOT NULL,
        sealed_at timestamptz NOT NULL DEFAULT now(),
        nonce bigint,
        raw_transaction text,
        tx_hash text,
        anchored_at timestamptz,
        block_number bigint,
        block_timestamp bigint
      );
      CREATE TABLE ledger_status (
        id integer PRIMARY KEY CHECK (id = 1),
        chain_id bigint,
        contract text,
        rpc_url text,
        public_rpc_url text,
        chain_reachable boolean NOT NULL DEFAULT false,
        degraded text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
