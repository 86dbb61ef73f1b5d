// SEQUENCING: a registration's hash gets a durable, deduplicated leaf index.
//
// Contract of `Sequencer`:
// - It MUST give every TitleRegistered in the log exactly one row in ledger_leaves, keyed by TR
//   number, with a leaf index one above the previous one (indices are gap-free and never reused).
// - It MUST write the rows and move its checkpoint in one transaction: a crash at any point neither
//   loses a registration nor sequences one twice; a replay of the log changes nothing.
// - It MUST NOT decide anything about batches, trees or the chain: integration reads its output.
// - It MUST NOT run on two instances at once (the ledger service runs it only while it holds the
//   leader lock); the unique TR number is the second line of defence.
import type pg from 'pg';
import { comparePositions, type EventStore, type RecordedEvent, type Subscription } from '@titleledger/api/eventstore';
import { eventTypes, isEvent } from '@titleledger/api/events';
import { inTransaction } from '@titleledger/api/runtime';
import { readCheckpoint, writeCheckpoint } from './checkpoints.js';

const CHECKPOINT = 'sequencer';

export interface SequencerOptions {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly onError?: (error: unknown) => void;
  /** Called after each committed batch with the number of new leaves. */
  readonly onSequenced?: (count: number) => void;
}

export class Sequencer {
  #subscription: Subscription | null = null;

  constructor(private readonly options: SequencerOptions) {}

  async start(): Promise<void> {
    const from = await readCheckpoint(this.options.pool, CHECKPOINT);
    this.#subscription = this.options.store.subscribeAll({
      from,
      eventTypes: eventTypes('TitleRegistered'),
      onEvents: (events) => this.#apply(events),
      ...(this.options.onError ? { onError: this.options.onError } : {}),
    });
  }

  async stop(): Promise<void> {
    await this.#subscription?.stop();
    this.#subscription = null;
  }

  async #apply(events: readonly RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1]!.position;
    const added = await inTransaction(this.options.pool, async (client) => {
      const current = await readCheckpoint(client, CHECKPOINT);
      const fresh = events
        .filter((e) => comparePositions(e.position, current) > 0)
        .filter((e) => isEvent(e, 'TitleRegistered'))
        .map((e) => e.data);
      let added = 0;
      if (fresh.length > 0) {
        const { rows: known } = await client.query<{ tr_number: string }>(
          'SELECT tr_number FROM ledger_leaves WHERE tr_number = ANY($1::text[])',
          [fresh.map((l) => l.trNumber)],
        );
        const seen = new Set(known.map((r) => r.tr_number));
        const leaves = fresh.filter((l) => (seen.has(l.trNumber) ? false : (seen.add(l.trNumber), true)));
        if (leaves.length > 0) {
          const { rows } = await client.query<{ next: string }>('SELECT coalesce(max(leaf_index) + 1, 0) AS next FROM ledger_leaves');
          const next = Number(rows[0]!.next);
          await client.query(
            `INSERT INTO ledger_leaves (leaf_index, tr_number, cryptographic_hash, registered_at)
             SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[])`,
            [leaves.map((_, i) => next + i), leaves.map((l) => l.trNumber), leaves.map((l) => l.cryptographicHash.toLowerCase()), leaves.map((l) => l.registeredAt)],
          );
          added = leaves.length;
        }
      }
      if (comparePositions(last, current) > 0) await writeCheckpoint(client, CHECKPOINT, last);
      return added;
    });
    if (added > 0) this.options.onSequenced?.(added);
  }
}
