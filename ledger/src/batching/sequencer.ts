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

/** Gives each registration not sequenced yet the next leaf index; resolves with how many. */
async function sequence(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<number> {
  const registered = events.filter((e) => isEvent(e, 'TitleRegistered')).map((e) => e.data);
  if (registered.length === 0) return 0;
  const { rows: known } = await tx.query<{ tr_number: string }>('SELECT tr_number FROM ledger_leaves WHERE tr_number = ANY($1::text[])', [
    registered.map((l) => l.trNumber),
  ]);
  const seen = new Set(known.map((r) => r.tr_number));
  const leaves = registered.filter((l) => (seen.has(l.trNumber) ? false : (seen.add(l.trNumber), true)));
  if (leaves.length === 0) return 0;
  const { rows } = await tx.query<{ next: string }>('SELECT coalesce(max(leaf_index) + 1, 0) AS next FROM ledger_leaves');
  const next = Number(rows[0]!.next);
  await tx.query(
    `INSERT INTO ledger_leaves (leaf_index, tr_number, cryptographic_hash, registered_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[])`,
    [leaves.map((_, i) => next + i), leaves.map((l) => l.trNumber), leaves.map((l) => l.cryptographicHash.toLowerCase()), leaves.map((l) => l.registeredAt)],
  );
  return leaves.length;
}
