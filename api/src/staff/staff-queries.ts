// Reads of the staff read models (`staff_accounts`, `staff_access_log`), whose tables the
// projections own (projections/src/staff).
import type { Queryable } from '../accounts/user-keys.js';
import type { AuditLogPage, StaffAccount } from '../schemas/staff.js';

export async function listStaff(db: Queryable): Promise<StaffAccount[]> {
  const { rows } = await db.query<{
    id: string; email: string; first_name: string; last_name: string; role: StaffAccount['role']; status: 'invited' | 'active';
    last_login_at: Date | null; created_at: Date; terms_accepted_at: Date | null; email_verified_at: Date | null;
  }>(
    `SELECT id, email, first_name, last_name, role, status, last_login_at, created_at, terms_accepted_at, email_verified_at
       FROM staff_accounts WHERE status <> 'deleted'
      ORDER BY (role = 'master_admin') DESC, created_at, id`,
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    status: r.status,
    emailVerified: r.email_verified_at !== null,
    isActive: r.status === 'active',
    lastLogin: r.last_login_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    termsAccepted: r.terms_accepted_at !== null,
  }));
}

export async function readAccessLog(db: Queryable, query: { limit: number; before?: number | undefined }): Promise<AuditLogPage> {
  const { rows } = await db.query<{
    id: string; action: string; target_type: string; target_id: string | null; target_email: string | null; admin_id: string | null; admin_email: string | null;
    details: Record<string, unknown>; ip_address: string | null; created_at: Date;
  }>(
    `SELECT l.id, l.action, l.target_type, l.target_id, t.email AS target_email, l.admin_id, a.email AS admin_email, l.details, l.ip_address, l.created_at
       FROM staff_access_log l
       LEFT JOIN staff_accounts a ON a.id = l.admin_id
       LEFT JOIN staff_accounts t ON t.id::text = l.target_id
      WHERE $2::bigint IS NULL OR l.id < $2::bigint
      ORDER BY l.id DESC LIMIT $1`,
    [query.limit + 1, query.before ?? null],
  );
  const page = rows.slice(0, query.limit).map((r) => ({
    id: Number(r.id),
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetEmail: r.target_email,
    adminId: r.admin_id,
    adminEmail: r.admin_email,
    details: r.details,
    ipAddress: r.ip_address,
    createdAt: r.created_at.toISOString(),
  }));
  return { logs: page, nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null };
}
