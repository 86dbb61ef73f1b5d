// How many events of each type the log holds, and when the last one happened. A plain counter:
// it is only right because the runner moves the checkpoint in the same transaction.
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';

export const eventCountsMigrations: readonly Migration[] = [
  {
    id: 'projections/011-event-counts',
    sql: `
      CREATE TABLE event_type_counts (
        event_type text PRIMARY KEY,
        event_count bigint NOT NULL,
        last_occurred_at timestamptz NOT NULL
      );
    `,
  },
];

export const eventCountsProjection: Projection = {
  name: 'event-counts',
  tables: ['event_type_counts'],
  async apply(events, tx) {
    const counts = new Map<string, { count: number; last: string }>();
    for (const event of events) {
      const entry = counts.get(event.type) ?? { count: 0, last: event.metadata.occurredAt };
      entry.count += 1;
      if (event.metadata.occurredAt > entry.last) entry.last = event.metadata.occurredAt;
      counts.set(event.type, entry);
    }
    await tx.query(
      `INSERT INTO event_type_counts (event_type, event_count, last_occurred_at)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[])
       ON CONFLICT (event_type) DO UPDATE
         SET event_count = event_type_counts.event_count + excluded.event_count,
             last_occurred_at = greatest(event_type_counts.last_occurred_at, excluded.last_occurred_at)`,
      [[...counts.keys()], [...counts.values()].map((v) => v.count), [...counts.values()].map((v) => v.last)],
    );
  },
};
