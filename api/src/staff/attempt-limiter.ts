// Staff sign-in throttling with the creators' limits (5 failures per account, 20 per IP, in 15
// minutes), kept in Postgres so it survives a restart and holds across several API processes.
import type { Queryable } from '../accounts/user-keys.js';
import { DEFAULT_THROTTLE, type ThrottleLimits } from '../accounts/login-throttle.js';

export interface AttemptLimiter {
  /** Milliseconds until another attempt is allowed for this account from this IP; 0 when allowed now. */
  retryAfterMs(account: string, ip: string, now: Date): Promise<number>;
  recordFailure(account: string, ip: string, now: Date): Promise<void>;
  /** A success clears the account's count (the IP's stays: one IP may try many accounts). */
  recordSuccess(account: string): Promise<void>;
}

export class PostgresAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly db: Queryable,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  async retryAfterMs(account: string, ip: string, now: Date): Promise<number> {
    const since = new Date(now.getTime() - this.limits.windowMs);
    // The limit-th most recent failure in the window decides when the window frees a slot.
    const { rows } = await this.db.query<{ key: string; nth: Date | null }>(
      `SELECT k.key, (SELECT failed_at FROM staff_login_failures f
                        WHERE f.key = k.key AND f.failed_at > $3
                        ORDER BY failed_at DESC OFFSET k.lim - 1 LIMIT 1) AS nth
         FROM (VALUES ($1::text, $4::int), ($2::text, $5::int)) AS k(key, lim)`,
      [`account:${account}`, `ip:${ip}`, since, this.limits.perAccount, this.limits.perIp],
    );
    return Math.max(0, ...rows.map((r) => (r.nth ? r.nth.getTime() + this.limits.windowMs - now.getTime() : 0)));
  }

  async recordFailure(account: string, ip: string, now: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO staff_login_failures (key, failed_at) VALUES ($1, $3), ($2, $3)`,
      [`account:${account}`, `ip:${ip}`, now],
    );
    // Old rows are of no use to any window.
    await this.db.query('DELETE FROM staff_login_failures WHERE failed_at < $1', [new Date(now.getTime() - this.limits.windowMs)]);
  }

  async recordSuccess(account: string): Promise<void> {
    await this.db.query('DELETE FROM staff_login_failures WHERE key = $1', [`account:${account}`]);
  }
}
