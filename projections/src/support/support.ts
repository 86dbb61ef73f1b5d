// The support inbox's read model, `support_requests`: one row per request from the support form or
// the contact page (SupportRequestSubmitted), open until staff resolve it (SupportRequestResolved),
// open again if they reopen it (SupportRequestReopened). The row keeps the last handling: when, by
// which staff account and role, and its note. The admin portal's Support tab lists it.
import type pg from 'pg';
import { isEvent, type EventData } from '@titleledger/api/events';
import type { RecordedEvent } from '@titleledger/api/eventstore';
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';

export const supportMigrations: readonly Migration[] = [
  {
    id: 'projections/070-support-requests',
    sql: `
      CREATE TABLE support_requests (
        id text PRIMARY KEY,
        ticket_number text NOT NULL,
        full_name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        issue_type text NOT NULL,
        priority text NOT NULL,
        -- urgent 0, high 1, normal 2, low 3: the open queue's order.
        priority_rank smallint NOT NULL,
        message text NOT NULL,
        submitted_at timestamptz NOT NULL,
        status text NOT NULL,
        handled_at timestamptz,
        handled_by text,
        handled_by_role text,
        note text
      );
      CREATE INDEX support_requests_open_queue ON support_requests (priority_rank, submitted_at, id) WHERE status = 'open';
      CREATE INDEX support_requests_by_time ON support_requests (submitted_at DESC, id DESC);
      CREATE INDEX support_requests_resolved ON support_requests (handled_at DESC, id DESC) WHERE status = 'resolved';
    `,
  },
];

const PRIORITY_RANK = { urgent: 0, high: 1, normal: 2, low: 3 } as const;

async function applyOne(event: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  if (isEvent(event, 'SupportRequestSubmitted')) {
    const d = event.data;
    await tx.query(
      `INSERT INTO support_requests (id, ticket_number, full_name, email, subject, issue_type, priority, priority_rank, message, submitted_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open') ON CONFLICT (id) DO NOTHING`,
      [d.id, d.ticketNumber, d.fullName, d.email, d.subject, d.issueType, d.priority, PRIORITY_RANK[d.priority], d.message, d.submittedAt],
    );
  } else if (isEvent(event, 'SupportRequestResolved')) {
    await handled(tx, 'resolved', event.data.resolvedAt, event.data);
  } else if (isEvent(event, 'SupportRequestReopened')) {
    await handled(tx, 'open', event.data.reopenedAt, event.data);
  }
}

/** The request's status after a handling, and who handled it last. */
async function handled(tx: pg.PoolClient, status: 'open' | 'resolved', at: string, d: EventData<'SupportRequestResolved' | 'SupportRequestReopened'>): Promise<void> {
  await tx.query('UPDATE support_requests SET status = $2, handled_at = $3, handled_by = $4, handled_by_role = $5, note = $6 WHERE id = $1', [
    d.id,
    status,
    at,
    d.by,
    d.role,
    d.note,
  ]);
}

export const supportProjection: Projection = {
  name: 'support',
  tables: ['support_requests'],
  async apply(events, tx) {
    for (const event of events) await applyOne(event, tx);
  },
};
