import type { Migration } from '@titleledger/api/runtime';

export const runnerMigrations: readonly Migration[] = [
  {
    id: 'projections/001-checkpoints',
    sql: `
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        commit_position bigint NOT NULL,
        prepare_position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // A projection that cannot apply an event retries it, then parks it here and moves on.
    // stalled_since/last_error: set while a projection is failing (retrying), cleared once it moves
    // again; the API answers 503 at once rather than wait on a stalled read model.
    id: 'projections/002-failures',
    sql: `
      ALTER TABLE projection_checkpoints ADD COLUMN stalled_since timestamptz, ADD COLUMN last_error text;
      CREATE TABLE projection_failures (
        projection text NOT NULL,
        commit_position bigint NOT NULL,
        prepare_position bigint NOT NULL,
        event_id text NOT NULL,
        stream_id text NOT NULL,
        event_type text NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL,
        first_seen timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        PRIMARY KEY (projection, commit_position, prepare_position)
      );
    `,
  },
];
