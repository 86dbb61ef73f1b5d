// Reads for the support inbox (the admin portal's Support tab): the `support_requests` read model
// (projections/src/support), with the e-mail of the staff member who last handled a request while
// their account exists.
import type { SupportInboxItem, SupportInboxPage, SupportInboxQuery } from '../schemas/admin.js';
import type { StaffRole } from '../schemas/staff.js';
import type { SupportIssueType, SupportPriority } from '../schemas/support.js';
import { cappedCount, containsPattern, offsetOf, pageOf, type Db } from '../admin-portal/admin-queries.js';

interface Row {
  readonly id: string;
  readonly ticket_number: string;
  readonly full_name: string;
  readonly email: string;
  readonly subject: string;
  readonly issue_type: SupportIssueType;
  readonly priority: SupportPriority;
  readonly message: string;
  readonly submitted_at: Date;
  readonly status: 'open' | 'resolved';
  readonly handled_at: Date | null;
  readonly handled_by_email: string | null;
  readonly handled_by_role: StaffRole | null;
  readonly note: string | null;
}

/** Each filter's order: the open queue most urgent then oldest first; resolved, latest first; all, newest first. */
const ORDER = {
  open: 'r.priority_rank, r.submitted_at, r.id',
  resolved: 'r.handled_at DESC, r.id DESC',
  all: 'r.submitted_at DESC, r.id DESC',
} as const;

const SELECT = `SELECT r.id, r.ticket_number, r.full_name, r.email, r.subject, r.issue_type, r.priority, r.message, r.submitted_at,
                       r.status, r.handled_at, s.email AS handled_by_email, r.handled_by_role, r.note
                  FROM support_requests r LEFT JOIN staff_accounts s ON s.id::text = r.handled_by`;

function toItem(r: Row): SupportInboxItem {
  return {
    id: r.id,
    ticketNumber: r.ticket_number,
    fullName: r.full_name,
    email: r.email,
    subject: r.subject,
    issueType: r.issue_type,
    priority: r.priority,
    message: r.message,
    submittedAt: r.submitted_at.toISOString(),
    status: r.status,
    handledAt: r.handled_at?.toISOString() ?? null,
    handledByEmail: r.handled_by_email,
    handledByRole: r.handled_by_role,
    note: r.note,
  };
}

export async function listSupportRequests(db: Db, query: SupportInboxQuery): Promise<SupportInboxPage> {
  const q = query.q?.trim() || null;
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.status !== 'all') {
    params.push(query.status);
    conditions.push(`r.status = $${params.length}`);
  }
  if (q) {
    params.push(containsPattern(q));
    const p = `$${params.length}`;
    conditions.push(`(lower(r.ticket_number) LIKE ${p} OR lower(r.email) LIKE ${p} OR lower(r.full_name) LIKE ${p} OR lower(r.subject) LIKE ${p})`);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<Row>(
    `${SELECT} ${where} ORDER BY ${ORDER[query.status]} LIMIT ${query.pageSize} OFFSET ${offsetOf(query.page, query.pageSize)}`,
    params,
  );
  const count = await cappedCount(db, `FROM support_requests r ${where}`, params);
  const { rows: open } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM support_requests WHERE status = 'open'`);
  return { requests: rows.map(toItem), openCount: Number(open[0]!.n), ...pageOf(rows, query.page, query.pageSize, count) };
}

export async function findSupportRequest(db: Db, id: string): Promise<SupportInboxItem | null> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? toItem(rows[0]) : null;
}
