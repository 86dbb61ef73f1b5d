// The per-user keys, outside the log. A row also holds the e-mail HMAC, whose unique index is the
// one guard against two accounts for one address (checked before anything is appended).
import type pg from 'pg';
import { sameTurnLookup } from '../db/same-turn.js';
import { conflict } from '../errors.js';
import type { ServerKeyring } from './crypto.js';

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const DUPLICATE_EMAIL = 'An account with this email already exists';

/** How old an unrecorded sign-up's claim on its address must be before another sign-up may take it. */
export const ABANDONED_AFTER_SECONDS = 300;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export class UserKeys {
  constructor(
    private readonly db: Queryable,
    private readonly keyring: ServerKeyring,
  ) {}

  /** Creates the user's key and claims the address; a taken address is a 409. */
  async create(userId: string, emailHmac: string): Promise<Buffer> {
    const key = this.keyring.newUserKey();
    try {
      await this.db.query('INSERT INTO user_keys (user_id, email_hmac, wrapped_key, key_id) VALUES ($1, $2, $3, $4)', [
        userId,
        emailHmac,
        this.keyring.wrap(userId, key),
        this.keyring.keyId,
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
      throw error;
    }
    return key;
  }

  /**
   * Renews a sign-up's claim on its address just before its account is recorded, so that
   * `reclaimAbandoned` cannot take it meanwhile; false when it was taken (the sign-up then stops).
   */
  async renewClaim(userId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('UPDATE user_keys SET created_at = now() WHERE user_id = $1', [userId]);
    return rowCount === 1;
  }

  /**
   * Gives back the address a sign-up claimed and never recorded an account for (its process died
   * between the two): the row goes if no account was recorded (`recorded` says) and the claim is
   * older than ABANDONED_AFTER_SECONDS, far longer than a sign-up takes between its claim and its
   * account (it renews the claim just before). True when the row went.
   */
  async reclaimAbandoned(userId: string, recorded: () => Promise<boolean>): Promise<boolean> {
    if (await recorded()) return false;
    const { rowCount } = await this.db.query(`DELETE FROM user_keys WHERE user_id = $1 AND created_at < now() - make_interval(secs => $2)`, [
      userId,
      ABANDONED_AFTER_SECONDS,
    ]);
    return rowCount === 1;
  }

  async find(userId: string): Promise<Buffer | null> {
    return readUserKey(this.db, this.keyring, userId);
  }

  /** The account of an address, indexed under any server key held (during a rotation, the previous one's too). */
  async userIdByEmail(email: string): Promise<string | null> {
    const { rows } = await this.db.query<{ user_id: string }>('SELECT user_id FROM user_keys WHERE email_hmac = ANY($1::text[])', [
      this.keyring.emailHmacs(email),
    ]);
    return rows[0]?.user_id ?? null;
  }

  /**
   * Moves the account's index entry to `email` (under the current key); gives the entry it had, to
   * put back if what follows fails. An address another account holds is a 409: the unique index
   * says so under the current key, and during a rotation a look under the previous one does.
   */
  async moveEmail(userId: string, email: string): Promise<{ readonly before: string | null; readonly emailHmac: string }> {
    const [emailHmac, ...previous] = this.keyring.emailHmacs(email) as [string, ...string[]];
    if (previous.length > 0) {
      const { rowCount } = await this.db.query('SELECT 1 FROM user_keys WHERE email_hmac = ANY($1::text[]) AND user_id <> $2', [previous, userId]);
      if (rowCount) throw conflict(DUPLICATE_EMAIL);
    }
    return { before: await this.changeEmailHmac(userId, emailHmac), emailHmac };
  }

  /** Sets the account's index entry; gives the entry it had. */
  async changeEmailHmac(userId: string, emailHmac: string): Promise<string | null> {
    try {
      const { rows } = await this.db.query<{ before: string }>(
        `WITH before AS (SELECT email_hmac FROM user_keys WHERE user_id = $1)
         UPDATE user_keys SET email_hmac = $2 FROM before WHERE user_id = $1 RETURNING before.email_hmac AS before`,
        [userId, emailHmac],
      );
      return rows[0]?.before ?? null;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
      throw error;
    }
  }

  /** Crypto-shredding: without this row nothing sealed for the user opens again. */
  async destroy(userId: string): Promise<void> {
    await this.db.query('DELETE FROM user_keys WHERE user_id = $1', [userId]);
  }
}

/** The user's key, or null once it has been destroyed. */
export async function readUserKey(db: Queryable, keyring: ServerKeyring, userId: string): Promise<Buffer | null> {
  const { rows } = await db.query<{ wrapped_key: Buffer }>('SELECT wrapped_key FROM user_keys WHERE user_id = $1', [userId]);
  const row = rows[0];
  return row ? keyring.unwrap(userId, row.wrapped_key) : null;
}

/**
 * The keys of users (null for one whose key is destroyed) read by one query for the requests of
 * each event-loop turn (db/same-turn.ts): every registration reads its owner's.
 */
export function userKeysByTurn(db: Queryable, keyring: ServerKeyring): (userId: string) => Promise<Buffer | null> {
  const wrapped = sameTurnLookup(async (userIds: readonly string[]) => {
    const { rows } = await db.query<{ user_id: string; wrapped_key: Buffer }>('SELECT user_id, wrapped_key FROM user_keys WHERE user_id = ANY($1::uuid[])', [userIds]);
    return new Map(rows.map((row) => [row.user_id, row.wrapped_key]));
  });
  return async (userId) => {
    const key = await wrapped(userId);
    return key ? keyring.unwrap(userId, key) : null;
  };
}
