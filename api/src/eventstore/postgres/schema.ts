// The Postgres event store's tables and its append function.
//
// Global order is (transaction_id, seq). Readers only see events whose transaction id is below
// the oldest transaction still running (pg_snapshot_xmin): a transaction that took a lower
// sequence number but commits late is therefore never skipped by a live subscriber, and
// writers never wait for each other beyond the row lock on their own stream.
import type { Migration } from '../../db/migrate.js';

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
  // 003 (the RFC 6962 tree over the global order, which replaced 002's linear chain) and the log's
  // later migrations are transparencyMigrations: they stand over any adapter, so the runtime applies
  // them with EventStoreDB too (api/src/transparency/log-store.ts).
  {
    id: 'eventstore/004-append-one-statement',
    sql: `
      -- es_append again, with the stream row taken in ONE statement (issue 18 item 4). 001 locked it
      -- with SELECT … FOR UPDATE and then UPDATEd it: two writes to the same heap tuple (the lock
      -- marks xmax, the update makes a new version), two statements, under a lock that 8 writers
      -- queue on. Here 'any' and 'no_stream' are one INSERT … ON CONFLICT DO UPDATE and the others
      -- one conditional UPDATE; the actual revision is only looked up to report a conflict.
      -- TL409's HINT names the stream, so a multi-stream append can say which one failed.
      CREATE OR REPLACE FUNCTION es_append(
        p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
      ) RETURNS TABLE (next_revision bigint, transaction_id text, last_seq bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        n int := cardinality(p_types);
        first_revision bigint;
        current_revision bigint;
      BEGIN
        IF p_expected IN ('any', 'no_stream') THEN
          INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, n - 1)
            ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n WHERE p_expected = 'any'
            RETURNING s.revision - n + 1 INTO first_revision;
        ELSE
          UPDATE es_streams AS s SET revision = s.revision + n
            WHERE s.stream_id = p_stream AND (p_expected = 'stream_exists' OR s.revision = p_expected::bigint)
            RETURNING s.revision - n + 1 INTO first_revision;
        END IF;
        IF first_revision IS NULL THEN
          SELECT s.revision INTO current_revision FROM es_streams s WHERE s.stream_id = p_stream;
          RAISE EXCEPTION USING ERRCODE = 'TL409', MESSAGE = 'wrong expected revision',
            DETAIL = coalesce(current_revision::text, 'no_stream'), HINT = p_stream;
        END IF;

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

      -- Several streams in one statement: one round trip, one transaction, one commit (issue 18
      -- item 1). p_counts[i] events of the flattened arrays belong to p_streams[i]. Streams are
      -- locked in the order given; a TL409 on any of them rolls back all.
      CREATE FUNCTION es_append_many(
        p_streams text[], p_expected text[], p_counts int[],
        p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
      ) RETURNS TABLE (next_revision bigint, transaction_id text, last_seq bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        from_index int := 1;
        upto int;
      BEGIN
        FOR i IN 1 .. cardinality(p_streams) LOOP
          upto := from_index + p_counts[i] - 1;
          RETURN QUERY SELECT * FROM es_append(p_streams[i], p_expected[i], p_ids[from_index:upto],
            p_types[from_index:upto], p_data[from_index:upto], p_metadata[from_index:upto]);
          from_index := upto + 1;
        END LOOP;
      END
      $fn$;
    `,
  },
];
