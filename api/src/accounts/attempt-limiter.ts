// Throttling for every route that checks a password or a code, kept in Postgres (`auth_failures`)
// so it survives restarts and every API process shares it. Failures are counted per scope (creator
// sign-in, staff sign-in, 2FA code, password check on a sensitive change) under three keys:
//
// - the (account, client) pair: an attacker's own address slows down fast (15 minutes at most);
// - the client alone: one address spraying many accounts slows down the same way;
// - the account alone: many addresses against one account give growing but short delays (30 s at
//   most), and never to a client that has succeeded on this account before, so the owner is not
//   locked out by strangers.
//
// An attempt is counted *before* its password is checked and taken back when it succeeds, so a
// burst of parallel guesses meets the limit as surely as a sequence does.
//
// "Forgot password" goes through the same keys under its own scope and limits (RESET_LIMITS): every
// request counts and none is taken back, so one address gets a few reset e-mails an hour at most,
// however many strangers ask for them.
import ipaddr from 'ipaddr.js';
import type pg from 'pg';
import { AppError } from '../errors.js';

export type AttemptScope = 'creator_login' | 'staff_login' | 'totp' | 'sensitive_change' | 'password_reset' | 'support_mail';

export interface Limit {
  /** Failures allowed before any delay. */
  readonly free: number;
  /** The delay after the first failure past `free`; it doubles with each further one. */
  readonly baseMs: number;
  readonly maxMs: number;
}

export interface AttemptLimits {
  readonly pair: Limit;
  readonly client: Limit;
  readonly account: Limit;
  /** A key with no failure for this long starts again from zero. */
  readonly forgetAfterMs: number;
  /** A client that succeeded on an account within this long is exempt from that account's delay. */
  readonly recogniseForMs: number;
}

export const DEFAULT_LIMITS: AttemptLimits = {
  pair: { free: 5, baseMs: 30_000, maxMs: 15 * 60_000 },
  client: { free: 20, baseMs: 30_000, maxMs: 15 * 60_000 },
  account: { free: 10, baseMs: 1_000, maxMs: 30_000 },
  forgetAfterMs: 60 * 60_000,
  recogniseForMs: 90 * 24 * 60 * 60_000,
};

/** Reset e-mails: 3 an hour to one address (then one per 20 minutes), 20 from one client. */
const RESET_LIMITS: AttemptLimits = {
  // `free` counts the requests already made, so `free: 2` lets the 3rd through and delays the 4th.
  pair: { free: 2, baseMs: 20 * 60_000, maxMs: 60 * 60_000 },
  client: { free: 19, baseMs: 60_000, maxMs: 60 * 60_000 },
  account: { free: 2, baseMs: 20 * 60_000, maxMs: 60 * 60_000 },
  forgetAfterMs: 60 * 60_000,
  recogniseForMs: 0,
};

/** How long after its last failure a key with `failures` counted keeps the next attempt waiting. */
export function delayAfter(failures: number, limit: Limit): number {
  if (failures <= limit.free) return 0;
  return Math.min(limit.baseMs * 2 ** Math.min(failures - limit.free - 1, 30), limit.maxMs);
}

/**
 * The client part of a key: IPv4 (IPv4-mapped IPv6 included) as is, IPv6 by its /64, since one
 * host usually holds a whole /64.
 */
function clientKey(ip: string | null | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toNormalizedString()}/64`;
}

interface Row {
  key: string;
  failures: number;
  last_failed_at: Date;
  last_succeeded_at: Date | null;
}

export interface Attempt {
  /** The password or code was right: the attempt is taken back and this client is recognised. */
  succeeded(): Promise<void>;
  /** The attempt proved nothing (a right password still waiting for its 2FA code): taken back only. */
  release(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one limiter every password or code check goes through (accounts, staff). */
    attemptLimiter: AttemptLimiter;
  }
}

/** Now and then an attempt also drops the keys nobody needs any more. */
const PRUNE_CHANCE = 0.01;

const MESSAGES: Record<AttemptScope, string> = {
  creator_login: 'Too many failed sign-in attempts.',
  staff_login: 'Too many failed sign-in attempts.',
  totp: 'Too many wrong codes.',
  sensitive_change: 'Too many wrong passwords or codes.',
  password_reset: 'Too many password reset requests.',
  support_mail: 'Too many support requests.',
};

function retryMessage(scope: AttemptScope, ms: number): string {
  const wait =
    ms < 60_000
      ? `${Math.max(1, Math.ceil(ms / 1000))} second${Math.ceil(ms / 1000) <= 1 ? '' : 's'}`
      : `${Math.ceil(ms / 60_000)} minute${Math.ceil(ms / 60_000) === 1 ? '' : 's'}`;
  return `${MESSAGES[scope]} Try again in ${wait}.`;
}

export class AttemptLimiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly limits: AttemptLimits = DEFAULT_LIMITS,
    private readonly resetLimits: AttemptLimits = RESET_LIMITS,
  ) {}

  private limitsOf(scope: AttemptScope): AttemptLimits {
    return scope === 'password_reset' || scope === 'support_mail' ? this.resetLimits : this.limits;
  }

  /**
   * Counts one attempt by `client` on `account` (an opaque stable key, e.g. the e-mail HMAC or the
   * user id) and lets it go ahead, or throws 429 `too_many_requests` with `retryAfterSeconds`.
   */
  async begin(scope: AttemptScope, who: { account: string; ip: string | null | undefined }, now = new Date()): Promise<Attempt> {
    const limits = this.limitsOf(scope);
    const client = clientKey(who.ip);
    const keys = { pair: `pair:${who.account}|${client}`, client: `client:${client}`, account: `account:${who.account}` };
    const sorted = Object.values(keys).sort();
    const db = await this.pool.connect();
    try {
      // Rows first, so the locks below always exist; locked in key order, so two attempts never
      // deadlock. A prune may drop a row between the two statements: then both again, in a new
      // transaction. Inserting again while holding the rows already locked deadlocked: this attempt
      // waited, holding the first key, on another's insert of the second, which waited on the first.
      let rows: Row[] = [];
      for (;;) {
        await db.query('BEGIN');
        await db.query(
          `INSERT INTO auth_failures (scope, key, failures, last_failed_at)
           SELECT $1, k, 0, $3 FROM unnest($2::text[]) AS k ORDER BY k
           ON CONFLICT (scope, key) DO NOTHING`,
          [scope, sorted, now],
        );
        ({ rows } = await db.query<Row>(
          `SELECT key, failures, last_failed_at, last_succeeded_at FROM auth_failures
            WHERE scope = $1 AND key = ANY($2::text[]) ORDER BY key FOR UPDATE`,
          [scope, sorted],
        ));
        if (rows.length === sorted.length) break;
        await db.query('ROLLBACK');
      }
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const live = (key: string) => {
        const row = byKey.get(key)!;
        const fresh = now.getTime() - row.last_failed_at.getTime() <= limits.forgetAfterMs;
        return { row, failures: fresh ? row.failures : 0 };
      };
      const pair = live(keys.pair);
      const recognised = pair.row.last_succeeded_at !== null && now.getTime() - pair.row.last_succeeded_at.getTime() <= limits.recogniseForMs;
      const waits = [
        [keys.pair, limits.pair],
        [keys.client, limits.client],
        ...(recognised ? [] : [[keys.account, limits.account] as const]),
      ].map(([key, limit]) => {
        const { row, failures } = live(key as string);
        const delay = delayAfter(failures, limit as Limit);
        // No delay is no wait, even when another process's clock wrote a later failure time.
        return delay === 0 ? 0 : row.last_failed_at.getTime() + delay - now.getTime();
      });
      const wait = Math.max(0, ...waits);
      if (wait > 0) {
        await db.query('COMMIT');
        throw new AppError('too_many_requests', retryMessage(scope, wait), { retryAfterSeconds: Math.ceil(wait / 1000) });
      }
      for (const key of sorted) {
        await db.query('UPDATE auth_failures SET failures = $3, last_failed_at = $4 WHERE scope = $1 AND key = $2', [
          scope,
          key,
          live(key).failures + 1,
          now,
        ]);
      }
      await db.query('COMMIT');
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
    if (Math.random() < PRUNE_CHANCE) await this.prune(now);
    return {
      // Both lock the rows in key order first, as `begin` does: an UPDATE … WHERE key = ANY(…) locks
      // them in whatever order it meets them, and deadlocked against a concurrent `begin` (a 500).
      succeeded: async () => {
        await this.pool.query(
          `UPDATE auth_failures a
              SET failures = CASE WHEN a.key = $2 THEN 0 ELSE greatest(a.failures - 1, 0) END,
                  last_succeeded_at = CASE WHEN a.key = $2 THEN $4::timestamptz ELSE a.last_succeeded_at END
             FROM (SELECT key FROM auth_failures WHERE scope = $1 AND key = ANY($3::text[]) ORDER BY key FOR UPDATE) locked
            WHERE a.scope = $1 AND a.key = locked.key`,
          [scope, keys.pair, sorted, now],
        );
      },
      release: async () => {
        await this.pool.query(
          `UPDATE auth_failures a SET failures = greatest(a.failures - 1, 0)
             FROM (SELECT key FROM auth_failures WHERE scope = $1 AND key = ANY($2::text[]) ORDER BY key FOR UPDATE) locked
            WHERE a.scope = $1 AND a.key = locked.key`,
          [scope, sorted],
        );
      },
    };
  }

  /** Marks `ip` as a client the account's owner uses (say, the one that signed up). */
  async recognise(scope: AttemptScope, who: { account: string; ip: string | null | undefined }, now = new Date()): Promise<void> {
    await this.pool.query(
      `INSERT INTO auth_failures (scope, key, failures, last_failed_at, last_succeeded_at) VALUES ($1, $2, 0, $3, $3)
       ON CONFLICT (scope, key) DO UPDATE SET last_succeeded_at = EXCLUDED.last_succeeded_at`,
      [scope, `pair:${who.account}|${clientKey(who.ip)}`, now],
    );
  }

  /** Drops keys that would count from zero anyway and recognise nobody any more. */
  async prune(now = new Date()): Promise<void> {
    // Rows an attempt holds are skipped (they are in use); the others are locked in key order.
    await this.pool.query(
      `DELETE FROM auth_failures WHERE (scope, key) IN (
         SELECT scope, key FROM auth_failures
          WHERE last_failed_at < $1 AND (last_succeeded_at IS NULL OR last_succeeded_at < $2)
          ORDER BY scope, key FOR UPDATE SKIP LOCKED)`,
      [new Date(now.getTime() - this.limits.forgetAfterMs), new Date(now.getTime() - this.limits.recogniseForMs)],
    );
  }

  /**
   * Forgets the failures counted against an account from every client (say, once its owner proved
   * the e-mail by a reset); each client's own count against it stays.
   */
  async clearAccount(scope: AttemptScope, account: string): Promise<void> {
    await this.pool.query('UPDATE auth_failures SET failures = 0 WHERE scope = $1 AND key = $2', [scope, `account:${account}`]);
  }
}
