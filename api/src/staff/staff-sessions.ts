// Staff sessions: opaque random tokens stored only as SHA-256, 24 h idle expiry (sliding), ended by
// sign-out, deletion, a role change or a password reset. The role is fixed when the session starts;
// a role change ends every session of the account, so a session never carries a role the account no
// longer has.
import { createHash, randomBytes } from 'node:crypto';
import { touchAfterMs } from '../accounts/sessions.js';
import type { Queryable } from '../accounts/user-keys.js';
import type { StaffRole } from '../schemas/staff.js';

export interface StaffSessionInfo {
  readonly staffId: string;
  readonly email: string;
  readonly role: StaffRole;
  readonly createdAt: Date;
}

const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

export class StaffSessions {
  constructor(
    private readonly db: Queryable,
    private readonly idleMs: number,
  ) {}

  async create(staffId: string, role: StaffRole, options: { clientIp?: string | null; userAgent?: string | null } = {}): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query('INSERT INTO staff_sessions (token_hash, staff_id, role, client_ip, user_agent) VALUES ($1, $2, $3, $4, $5)', [
      hashToken(token),
      staffId,
      role,
      options.clientIp ?? null,
      options.userAgent?.slice(0, 300) ?? null,
    ]);
    return token;
  }

  /** The session behind a token, touched at most once a minute (as a creator's); null (and the row removed) when unknown or idle too long. */
  async resolve(token: string): Promise<StaffSessionInfo | null> {
    const hash = hashToken(token);
    const { rows } = await this.db.query<{ staff_id: string; email: string; role: StaffRole; created_at: Date }>(
      `WITH live AS (
         SELECT s.token_hash, s.staff_id, e.email, s.role, s.created_at, s.last_seen_at
           FROM staff_sessions s JOIN staff_emails e ON e.staff_id = s.staff_id
          WHERE s.token_hash = $1 AND s.last_seen_at > now() - $2 * interval '1 millisecond'
       ), touched AS (
         UPDATE staff_sessions s SET last_seen_at = now() FROM live
          WHERE s.token_hash = live.token_hash AND live.last_seen_at <= now() - $3 * interval '1 millisecond'
       )
       SELECT staff_id, email, role, created_at FROM live`,
      [hash, this.idleMs, touchAfterMs(this.idleMs)],
    );
    const row = rows[0];
    if (row) return { staffId: row.staff_id, email: row.email, role: row.role, createdAt: row.created_at };
    await this.db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [hash]);
    return null;
  }

  async revoke(token: string): Promise<void> {
    await this.db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [hashToken(token)]);
  }

  async revokeAll(staffId: string): Promise<void> {
    await this.db.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
  }
}
