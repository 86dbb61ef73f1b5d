// Sessions: opaque random tokens, stored only as SHA-256 hashes, ended by 24 hours without a request
// (the idle limit slides with every authenticated request). Operational state, so kept out of the log;
// the log records the logins themselves (UserLoggedIn).
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './user-keys.js';

export interface SessionInfo {
  readonly userId: string;
  readonly createdAt: Date;
}

const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

export class Sessions {
  constructor(
    private readonly db: Queryable,
    private readonly idleMs: number,
  ) {}

  async create(userId: string, options: { rememberMe?: boolean; clientIp?: string | null; userAgent?: string | null } = {}): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query(
      `INSERT INTO sessions (token_hash, user_id, remember_me, client_ip, user_agent) VALUES ($1, $2, $3, $4, $5)`,
      [hashToken(token), userId, options.rememberMe ?? false, options.clientIp ?? null, options.userAgent?.slice(0, 300) ?? null],
    );
    return token;
  }

  /** The session behind a token, touching it; null (and the row removed) when unknown or idle too long. */
  async resolve(token: string): Promise<SessionInfo | null> {
    const hash = hashToken(token);
    const { rows } = await this.db.query<{ user_id: string; created_at: Date }>(
      `UPDATE sessions SET last_seen_at = now()
        WHERE token_hash = $1 AND last_seen_at > now() - $2 * interval '1 millisecond'
        RETURNING user_id, created_at`,
      [hash, this.idleMs],
    );
    const row = rows[0];
    if (row) return { userId: row.user_id, createdAt: row.created_at };
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [hash]);
    return null;
  }

  async revoke(token: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  }

  /** Ends every session of the user, except the one making the request when given. */
  async revokeAll(userId: string, except?: string | null): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE user_id = $1 AND ($2::bytea IS NULL OR token_hash <> $2)', [
      userId,
      except ? hashToken(except) : null,
    ]);
  }
}
