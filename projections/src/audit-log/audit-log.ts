// The audit log: one row per event, who did what, when, from where. Master admins read it
// (GET /api/master-admin/audit-logs); auditors compare it with a replay.
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';

export const auditLogMigrations: readonly Migration[] = [
  {
    id: 'projections/010-audit-log',
    sql: `
      CREATE TABLE audit_log (
        event_id uuid PRIMARY KEY,
        commit_position bigint NOT NULL,
        prepare_position bigint NOT NULL,
        stream_id text NOT NULL,
        event_type text NOT NULL,
        actor_kind text NOT NULL,
        actor_id text,
        actor_role text,
        client_ip text,
        correlation_id text NOT NULL,
        occurred_at timestamptz NOT NULL
      );
      CREATE INDEX audit_log_by_time ON audit_log (occurred_at DESC);
      CREATE INDEX audit_log_by_actor ON audit_log (actor_id, occurred_at DESC);
    `,
  },
];

export const auditLogProjection: Projection = {
  name: 'audit-log',
  tables: ['audit_log'],
  async apply(events, tx) {
    await tx.query(
      `INSERT INTO audit_log (event_id, commit_position, prepare_position, stream_id, event_type,
                              actor_kind, actor_id, actor_role, client_ip, correlation_id, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[], $5::text[],
                            $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])
       ON CONFLICT (event_id) DO NOTHING`,
      [
        events.map((e) => e.metadata.eventId),
        events.map((e) => e.position.commit.toString()),
        events.map((e) => e.position.prepare.toString()),
        events.map((e) => e.streamId),
        events.map((e) => e.type),
        events.map((e) => e.metadata.actor.kind),
        events.map((e) => e.metadata.actor.id),
        events.map((e) => e.metadata.actor.role ?? null),
        events.map((e) => e.metadata.clientIp),
        events.map((e) => e.metadata.correlationId),
        events.map((e) => e.metadata.occurredAt),
      ],
    );
  },
};
