// Keeps `registration_proofs` from the ledger's events, and marks registrations registered.
//
// Contract of `ProofsProjection`:
// - On BatchSealed it MUST write one row per leaf: the inclusion proof by index (RFC 6962 audit
//   path, bottom-up) in a tree rebuilt from the event's own hashes, checked against its root.
// - On RootAnchored it MUST set the anchor's columns on the batch's rows and set
//   registrations.status = 'registered' for them (the trigger of proofs/migrations.ts covers rows
//   the registrations projection inserts later).
// - It MUST apply a page of events and move its checkpoint in one transaction (a
//   CheckpointedSubscription: no event twice or skipped, across crashes), and give the same rows
//   when replayed from position 0.
// - It MUST NOT read anything but the events: no chain, no other table's state.
import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@titleledger/api/eventstore';
import { eventTypes, isEvent } from '@titleledger/api/events';
import { CheckpointedSubscription } from '@titleledger/api/runtime';
import { ledgerCheckpoints } from '../batching/checkpoints.js';
import type { BatchSealedData, RootAnchoredData } from '../anchoring/decider.js';
import { MerkleTree, hashFromHex, toHex } from '../merkle/index.js';

export interface ProofsProjectionOptions {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly onError?: (error: unknown) => void;
}

/**
 * The read model as `npm run audit -- replay` rebuilds it (in the shape of a projection of
 * `@titleledger/projections`, with its checkpoint in `ledger_checkpoints`): `registration_proofs`
 * replayed from 0 and diffed row by row, and, with it, `registrations.status`, which it sets.
 */
export const proofsReadModel = {
  name: 'registration-proofs',
  tables: ['registration_proofs'],
  checkpointTable: ledgerCheckpoints.table,
  apply: writeProofs,
} as const;

export function createProofsProjection(options: ProofsProjectionOptions): CheckpointedSubscription {
  return new CheckpointedSubscription({
    store: options.store,
    pool: options.pool,
    checkpoints: ledgerCheckpoints,
    name: proofsReadModel.name,
    eventTypes: eventTypes('BatchSealed', 'RootAnchored'),
    apply: writeProofs,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}

async function writeProofs(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  for (const event of events) {
    if (isEvent(event, 'BatchSealed')) await writeSealed(tx, event.data);
    else if (isEvent(event, 'RootAnchored')) await writeAnchored(tx, event.data);
  }
}

async function writeSealed(client: pg.PoolClient, batch: BatchSealedData): Promise<void> {
  const tree = MerkleTree.fromLeaves(batch.hashes.map(hashFromHex), { forProofs: true });
  const root = `0x${toHex(tree.root)}`;
  if (root !== batch.root) throw new Error(`BatchSealed ${batch.batchId}: its hashes give root ${root}, not ${batch.root}`);
  const leafHashes: string[] = [];
  const paths: string[] = [];
  for (let i = 0; i < tree.size; i++) {
    const proof = tree.inclusionProof(i);
    leafHashes.push(`0x${toHex(proof.leafHash)}`);
    // A Postgres array literal per row, passed through unnest as text[] rows of a text[] column.
    paths.push(`{${proof.path.map((p) => `0x${toHex(p)}`).join(',')}}`);
  }
  await client.query(
    `INSERT INTO registration_proofs (tr_number, batch_id, leaf_index, tree_size, cryptographic_hash, leaf_hash, path, root)
     SELECT t.tr, $1, t.i - 1, $2, t.h, t.lh, t.p::text[], $3
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS t(tr, h, lh, p, i)
     ON CONFLICT (tr_number) DO NOTHING`,
    [batch.batchId, tree.size, root, batch.trNumbers, batch.hashes, leafHashes, paths],
  );
}

async function writeAnchored(client: pg.PoolClient, anchor: RootAnchoredData): Promise<void> {
  await client.query(
    `UPDATE registration_proofs SET chain_id = $2, contract = $3, tx_hash = $4, block_number = $5, block_timestamp = $6::bigint,
            anchored_at = to_timestamp($6::bigint)
      WHERE batch_id = $1`,
    [anchor.batchId, anchor.chainId, anchor.contract, anchor.txHash, anchor.blockNumber, anchor.blockTimestamp],
  );
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('registrations') IS NOT NULL AS present`);
  if (rows[0]?.present) {
    await client.query(
      `UPDATE registrations r SET status = 'registered'
         FROM registration_proofs p
        WHERE p.batch_id = $1 AND r.tr_number = p.tr_number AND r.status = 'pending'`,
      [anchor.batchId],
    );
  }
}
