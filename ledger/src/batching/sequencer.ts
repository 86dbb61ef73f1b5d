// SEQUENCING: a registration's hash gets a durable, deduplicated leaf index.
//
// Contract of `Sequencer`:
// - It MUST give every TitleRegistered in the log exactly one row in ledger_leaves, keyed by TR
//   number, with a leaf index one above the previous one (indices are gap-free and never reused).
// - It MUST write the rows and move its checkpoint in one transaction (a CheckpointedSubscription):
//   a crash at any point neither loses a registration nor sequences one twice; a replay of the log
//   changes nothing.
// - It MUST NOT decide anything about batches, trees or the chain: integration reads its output.
// - It MUST NOT run on two instances at once (the ledger service runs it only while it holds the
//   leader lock); the unique TR number is the second line of defence.
import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@titleledger/api/eventstore';
import { eventTypes, isEvent } from '@titleledger/api/events';
import { CheckpointedSubscription } from '@titleledger/api/runtime';
import { ledgerCheckpoints } from './checkpoints.js';

export interface SequencerOptions {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly onError?: (error: unknown) => void;
  /** Called after each committed batch that added leaves, with their number. */
  readonly onSequenced?: (count: number) => void;
}

export function createSequencer(options: SequencerOptions): CheckpointedSubscription<number> {
  return new CheckpointedSubscription({
    store: options.store,
    pool: options.pool,
    checkpoints: ledgerCheckpoints,
    name: 'sequencer',
    eventTypes: eventTypes('TitleRegistered'),
    apply: sequence,
    afterCommit: (added) => {
      if (added > 0) options.onSequenced?.(added);
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });
}

/**
 * Gives each registration not sequenced yet the next leaf index, in log order; resolves with how
 * many. One statement: a TR number already in ledger_leaves, or met earlier in the batch, is left
 * out before the new ones are numbered from the last index on (it had been three round trips).
 */
async function sequence(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<number> {
  const registered = events.filter((e) => isEvent(e, 'TitleRegistered')).map((e) => e.data);
  if (registered.length === 0) return 0;
  const { rowCount } = await tx.query(
    `WITH given AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[]) WITH ORDINALITY AS g(tr_number, cryptographic_hash, registered_at, position)
     ), fresh AS (
       SELECT DISTINCT ON (tr_number) * FROM given
        WHERE NOT EXISTS (SELECT 1 FROM ledger_leaves l WHERE l.tr_number = given.tr_number)
        ORDER BY tr_number, position
     )
     INSERT INTO ledger_leaves (leaf_index, tr_number, cryptographic_hash, registered_at)
     SELECT (SELECT coalesce(max(leaf_index) + 1, 0) FROM ledger_leaves) + row_number() OVER (ORDER BY position) - 1,
            tr_number, cryptographic_hash, registered_at
       FROM fresh`,
    [registered.map((l) => l.trNumber), registered.map((l) => l.cryptographicHash.toLowerCase()), registered.map((l) => l.registeredAt)],
  );
  return rowCount ?? 0;
}
