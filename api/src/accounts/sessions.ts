// Sessions: opaque random tokens, stored only as SHA-256 hashes, ended by 24 hours without a request
// (the idle limit slides with use, a minute at a time). Operational state, so kept out of the log;
// the log records the logins themselves (UserLoggedIn).
import { createHash, randomBytes } from 'node:crypto';
import { isUndefinedTable } from '../db/missing.js';
import type { Queryable } from './user-keys.js';

export interface SessionInfo {
  readonly userId: string;
  readonly createdAt: Date;
  /** The user's e-mail as the `users` read model has it (null until it has the user). */
  readonly email: string | null;
}

const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * How stale a session's last_seen_at may be before a request moves it: a minute, or a hundredth of
 * the idle limit when that is shorter. Moving it on every request made every signed-in request a
 * write, with its commit's flush to disk.
 */
export const touchAfterMs = (idleMs: number): number => Math.min(60_000, Math.floor(idleMs / 100));

interface ResolvedRow {
  readonly user_id: string;
  readonly created_at: Date;
  readonly email: string | null;
}

/** The session's row if live, touched when due; `tail` says where the e-mail comes from. */
function resolveSql(tail: string): string {
  return `WITH live AS (
      SELECT token_hash, user_id, created_at, last_seen_at FROM sessions
       WHERE token_hash = $1 AND last_seen_at > now() - $2 * interval '1 millisecond'
    ), due AS (
      -- Requests that come together (a page's parallel calls) each find the touch due: one makes
      -- it, the others skip the row it holds rather than queue behind its commit, one by one.
      SELECT s.token_hash FROM sessions s JOIN live USING (token_hash)
       WHERE s.last_seen_at <= now() - $3 * interval '1 millisecond'
       FOR UPDATE OF s SKIP LOCKED
    ), touched AS (
      UPDATE sessions s SET last_seen_at = now() FROM due WHERE s.token_hash = due.token_hash
    )
    SELECT live.user_id, live.created_at, ${tail}`;
}

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

  /**
   * The session behind a token, touching it at most once a minute (`touchAfterMs`): a request then
   * only reads, and commits nothing to wait for; the idle limit slides a minute at a time. Null
   * (and the row removed) when unknown or idle too long.
   */
  async resolve(token: string): Promise<SessionInfo | null> {
    const hash = hashToken(token);
    const params = [hash, this.idleMs, touchAfterMs(this.idleMs)];
    // The user's e-mail in the same round trip (every signed-in request needs it), unless the
    // `users` read model is not in this database: then the session alone, with no e-mail.
    const { rows } = await this.db
      .query<ResolvedRow>(resolveSql('u.email FROM live LEFT JOIN users u ON u.id = live.user_id'), params)
      .catch((error: unknown) => {
        if (!isUndefinedTable(error)) throw error;
        return this.db.query<ResolvedRow>(resolveSql('NULL::text AS email FROM live'), params);
      });
    const row = rows[0];
    if (row) return { userId: row.user_id, createdAt: row.created_at, email: row.email };
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
