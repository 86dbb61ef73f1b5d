// The Postgres event store's tables and its append function.
//
// Global order is (transaction_id, seq). Readers only see events whose transaction id is below
// the oldest transaction still running (pg_snapshot_xmin): a transaction that took a lower
// sequence number but commits late is therefore never skipped by a live subscriber, and
// writers never wait for each other beyond the row lock on their own stream.
import type { Migration } from '../../db/migrate.js';
import { transparencyMigrations } from '../../transparency/log-store.js';

export const eventStoreMigrations: readonly Migration[] = [
  {
    id: 'eventstore/001-events',
    sql: `
      CREATE TABLE es_streams (
        stream_id text PRIMARY KEY,
        revision bigint NOT NULL
      );

      CREATE TABLE es_events (
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        seq bigserial NOT NULL,
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        revision bigint NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        PRIMARY KEY (transaction_id, seq),
        UNIQUE (stream_id, revision),
        UNIQUE (event_id)
      );
      CREATE INDEX es_events_by_type ON es_events (type, transaction_id, seq);

      -- Appends one batch to one stream in a single statement (one round trip, one commit).
      -- p_expected: 'any', 'no_stream', 'stream_exists' or a revision number as text.
      -- Raises SQLSTATE TL409 with DETAIL = the actual revision (or 'no_stream') on conflict.
      CREATE FUNCTION es_append(
        p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
      ) RETURNS TABLE (next_revision bigint, transaction_id text, last_seq bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        n int := cardinality(p_types);
        current_revision bigint;
        first_revision bigint;
      BEGIN
        LOOP
          SELECT s.revision INTO current_revision FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;
          IF FOUND THEN
            IF p_expected = 'no_stream'
               OR (p_expected NOT IN ('any', 'stream_exists') AND current_revision <> p_expected::bigint) THEN
              RAISE EXCEPTION USING ERRCODE = 'TL409', MESSAGE = 'wrong expected revision',
                DETAIL = current_revision::text;
            END IF;
            UPDATE es_streams SET revision = current_revision + n WHERE es_streams.stream_id = p_stream;
            first_revision := current_revision + 1;
            EXIT;
          END IF;
          IF p_expected NOT IN ('any', 'no_stream') THEN
            RAISE EXCEPTION USING ERRCODE = 'TL409', MESSAGE = 'wrong expected revision', DETAIL = 'no_stream';
          END IF;
          INSERT INTO es_streams (stream_id, revision) VALUES (p_stream, n - 1) ON CONFLICT DO NOTHING;
          IF FOUND THEN
            first_revision := 0;
            EXIT;
          END IF;
          -- Another writer created the stream in the meantime: look again.
        END LOOP;

        RETURN QUERY
          WITH inserted AS (
            INSERT INTO es_events (event_id, stream_id, revision, type, data, metadata)
            SELECT e.id, p_stream, first_revision + e.ord - 1, e.type, e.data, e.metadata
            FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS e(id, type, data, metadata, ord)
            RETURNING es_events.seq
          )
          SELECT first_revision + n - 1, pg_current_xact_id()::text, max(inserted.seq) FROM inserted;
      END
      $fn$;
    `,
  },
  {
    id: 'eventstore/002-chain',
    sql: `
      -- Superseded by the transparency log (003, api/src/transparency), which drops these tables.
      CREATE TABLE es_chain (
        chain_index bigint PRIMARY KEY,
        transaction_id xid8 NOT NULL,
        seq bigint NOT NULL,
        event_id uuid NOT NULL,
        hash bytea NOT NULL
      );
      CREATE TABLE es_chain_checkpoints (
        chain_index bigint PRIMARY KEY,
        hash bytea NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  // The RFC 6962 tree over the global order (replaces 002's linear chain).
  ...transparencyMigrations,
];
