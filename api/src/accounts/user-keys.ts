// The per-user keys, outside the log. A row also holds the e-mail HMAC, whose unique index is the
// one guard against two accounts for one address (checked before anything is appended).
import type pg from 'pg';
import { sameTurnLookup } from '../db/same-turn.js';
import { conflict } from '../errors.js';
import type { ServerKeyring } from './crypto.js';

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const DUPLICATE_EMAIL = 'An account with this email already exists';

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
      await this.db.query('INSERT INTO user_keys (user_id, email_hmac, wrapped_key) VALUES ($1, $2, $3)', [
        userId,
        emailHmac,
        this.keyring.wrap(userId, key),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
      throw error;
    }
    return key;
  }

  async find(userId: string): Promise<Buffer | null> {
    return readUserKey(this.db, this.keyring, userId);
  }

  async userIdByEmailHmac(emailHmac: string): Promise<string | null> {
    const { rows } = await this.db.query<{ user_id: string }>('SELECT user_id FROM user_keys WHERE email_hmac = $1', [emailHmac]);
    return rows[0]?.user_id ?? null;
  }

  async changeEmailHmac(userId: string, emailHmac: string): Promise<void> {
    try {
      await this.db.query('UPDATE user_keys SET email_hmac = $2 WHERE user_id = $1', [userId, emailHmac]);
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
