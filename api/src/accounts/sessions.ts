// Sessions: opaque random tokens, stored only as SHA-256 hashes, ended by 24 hours without a request
// (the idle limit slides with use, a minute at a time). Operational state, so kept out of the log;
// the log records the logins themselves (UserLoggedIn).
import { createHash, randomBytes } from 'node:crypto';
import { isUndefinedTable } from '../db/missing.js';
import { sameTurnLookup } from '../db/same-turn.js';
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
  readonly token_hash: Buffer;
  readonly user_id: string;
  readonly created_at: Date;
  readonly email: string | null;
}

/** The rows of the sessions named that are live, touched when due; `tail` says where the e-mail comes from. */
function resolveSql(tail: string): string {
  return `WITH live AS (
      SELECT token_hash, user_id, created_at, last_seen_at FROM sessions
       WHERE token_hash = ANY($1::bytea[]) AND last_seen_at > now() - $2 * interval '1 millisecond'
    ), due AS (
      -- Requests that come together (a page's parallel calls) each find the touch due: one makes
      -- it, the others skip the row it holds rather than queue behind its commit, one by one.
      SELECT s.token_hash FROM sessions s JOIN live USING (token_hash)
       WHERE s.last_seen_at <= now() - $3 * interval '1 millisecond'
       FOR UPDATE OF s SKIP LOCKED
    ), touched AS (
      UPDATE sessions s SET last_seen_at = now() FROM due WHERE s.token_hash = due.token_hash
    )
    SELECT live.token_hash, live.user_id, live.created_at, ${tail}`;
}

export class Sessions {
  /** The sessions asked for in one turn of the event loop, by token hash (hex), in one query. */
  private readonly lookup: (hashHex: string) => Promise<SessionInfo | null>;

  constructor(
    private readonly db: Queryable,
    private readonly idleMs: number,
  ) {
    this.lookup = sameTurnLookup((hashes: readonly string[]) => this.resolveAll(hashes));
  }

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
   * (and the row removed) when unknown or idle too long. The requests of one event-loop turn are
   * answered by one query (db/same-turn.ts), made after each of them asked.
   */
  resolve(token: string): Promise<SessionInfo | null> {
    return this.lookup(hashToken(token).toString('hex'));
  }

  /** The live sessions among `hashes` (hex), by hash; the others' rows are removed. */
  private async resolveAll(hashes: readonly string[]): Promise<Map<string, SessionInfo>> {
    const bytes = (hexes: readonly string[]) => hexes.map((hex) => Buffer.from(hex, 'hex'));
    const params = [bytes(hashes), this.idleMs, touchAfterMs(this.idleMs)];
    // The users' e-mails in the same round trip (every signed-in request needs them), unless the
    // `users` read model is not in this database: then the sessions alone, with no e-mail.
    const { rows } = await this.db
      .query<ResolvedRow>(resolveSql('u.email FROM live LEFT JOIN users u ON u.id = live.user_id'), params)
      .catch((error: unknown) => {
        if (!isUndefinedTable(error)) throw error;
        return this.db.query<ResolvedRow>(resolveSql('NULL::text AS email FROM live'), params);
      });
    const live = new Map(rows.map((row) => [row.token_hash.toString('hex'), { userId: row.user_id, createdAt: row.created_at, email: row.email }]));
    const ended = hashes.filter((hash) => !live.has(hash));
    if (ended.length > 0) await this.db.query('DELETE FROM sessions WHERE token_hash = ANY($1::bytea[])', [bytes(ended)]);
    return live;
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
