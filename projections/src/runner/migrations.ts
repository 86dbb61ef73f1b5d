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
];
