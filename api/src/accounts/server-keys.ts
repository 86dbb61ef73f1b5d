// Which server key wraps each user's key (`user_keys.key_id`), checked at every start of a process
// that holds the keys, and moved to the current key by a rotation (`npm run admin --
// rotate-secret-key`, runtime/rotate-secret-key.ts). The e-mail index moves with it: its HMACs are
// keyed by the server key too.
import type pg from 'pg';
import { ConfigError } from '../config.js';
import { loadState } from '../domain/command-handler.js';
import type { EventStore } from '../eventstore/types.js';
import { unseal, type ServerKeyring } from './crypto.js';
import { userDecider } from './decider.js';
import { sealedProfileSchema, userStreamId } from './events.js';

const PAGE = 500;

interface KeyRow {
  readonly user_id: string;
  readonly email_hmac: string;
  readonly wrapped_key: Buffer;
  readonly key_id: string | null;
}

/**
 * Refuses a start whose server keys cannot open every user's key: a wrong SECRET_KEY, or a rotation's
 * previous key dropped before `rotate-secret-key` finished. Rows from before key ids were recorded
 * are labelled first, by trying the keys held; a row none opens stays unlabelled, and counts as
 * wrapped by a key never recorded. Gives the number of accounts still under a previous key.
 */
export async function checkServerKeys(pool: pg.Pool, keyring: ServerKeyring): Promise<{ readonly underPrevious: number }> {
  const countByKey = async () =>
    (await pool.query<{ key_id: string | null; n: number }>('SELECT key_id, count(*)::int AS n FROM user_keys GROUP BY key_id')).rows;
  let groups = await countByKey();
  if (groups.some((group) => group.key_id === null)) {
    await labelUnrecordedKeys(pool, keyring);
    groups = await countByKey();
  }
  const total = groups.reduce((sum, group) => sum + group.n, 0);
  const unknown = groups.filter((group) => group.key_id !== null && !keyring.keyIds.includes(group.key_id));
  const unrecorded = groups.find((group) => group.key_id === null)?.n ?? 0;
  if (unrecorded > 0 || unknown.length > 0) {
    const which = [...unknown.map((group) => `server key ${group.key_id} (${group.n})`), ...(unrecorded > 0 ? [`a key never recorded (${unrecorded})`] : [])].join(', ');
    const missing = unknown.reduce((sum, group) => sum + group.n, unrecorded);
    throw new ConfigError([
      `SECRET_KEY: ${missing} of ${total} accounts are wrapped by ${which}; this process holds ${keyring.keyIds.join(' and ')}. ` +
        'Set SECRET_KEY to the key they were made with, or during a rotation SECRET_KEY_PREVIOUS to the key it replaces until ' +
        '`npm run admin -- rotate-secret-key` has finished (docs/operations.md, "Rotate keys")',
    ]);
  }
  const underPrevious = groups.filter((group) => group.key_id !== keyring.keyId).reduce((sum, group) => sum + group.n, 0);
  return { underPrevious };
}

/** Sets `key_id` on the rows without one, to the id of the key held that opens each; leaves the others. */
async function labelUnrecordedKeys(pool: pg.Pool, keyring: ServerKeyring): Promise<void> {
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const { rows } = await pool.query<KeyRow>(
      'SELECT user_id, wrapped_key FROM user_keys WHERE key_id IS NULL AND user_id > $1 ORDER BY user_id LIMIT $2',
      [after, PAGE],
    );
    if (rows.length === 0) return;
    const labelled: { id: string; keyId: string }[] = [];
    for (const row of rows) {
      try {
        labelled.push({ id: row.user_id, keyId: keyring.open(row.user_id, row.wrapped_key).keyId });
      } catch {
        // No key held opens it: it stays unlabelled, and the start is refused.
      }
    }
    await pool.query(
      `UPDATE user_keys SET key_id = l.key_id FROM unnest($1::uuid[], $2::text[]) AS l(user_id, key_id)
        WHERE user_keys.user_id = l.user_id AND user_keys.key_id IS NULL`,
      [labelled.map((l) => l.id), labelled.map((l) => l.keyId)],
    );
    after = rows[rows.length - 1]!.user_id;
  }
}

export interface RewrappedUsers {
  /** Re-wrapped, and their e-mail index moved, to the current key. */
  readonly moved: number;
  /** Already under the current key. */
  readonly already: number;
  /**
   * Left as they were, to be tried again: an e-mail change under way while this ran (the stream and
   * the index did not agree), or an account another writer changed between the read and the write.
   */
  readonly retry: number;
  /** Opened by no key held: left as they are (checkServerKeys refuses a start while any is). */
  readonly unreadable: number;
}

/**
 * Re-wraps every user's key with the current server key and moves the e-mail index to it, one
 * account at a time, while the app serves (every process then holds both keys). A row is written
 * only if it is still what was read (a compare-and-set), and only when the stream's e-mail matches
 * the index under a key held: an e-mail change made meanwhile is left for another pass.
 */
export async function rewrapUserKeys(pool: pg.Pool, store: EventStore, keyring: ServerKeyring): Promise<RewrappedUsers> {
  let moved = 0;
  let already = 0;
  let retry = 0;
  let unreadable = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const { rows } = await pool.query<KeyRow>('SELECT user_id, email_hmac, wrapped_key, key_id FROM user_keys WHERE user_id > $1 ORDER BY user_id LIMIT $2', [
      after,
      PAGE,
    ]);
    if (rows.length === 0) break;
    for (const row of rows) {
      const outcome = await rewrapUserKey(pool, store, keyring, row);
      if (outcome === 'moved') moved += 1;
      else if (outcome === 'already') already += 1;
      else if (outcome === 'retry') retry += 1;
      else unreadable += 1;
    }
    after = rows[rows.length - 1]!.user_id;
  }
  return { moved, already, retry, unreadable };
}

async function rewrapUserKey(pool: pg.Pool, store: EventStore, keyring: ServerKeyring, row: KeyRow): Promise<'moved' | 'already' | 'retry' | 'unreadable'> {
  let opened;
  try {
    opened = keyring.open(row.user_id, row.wrapped_key);
  } catch {
    return 'unreadable';
  }
  const { userKey, keyId } = opened;
  const { state } = await loadState(store, userStreamId(row.user_id), userDecider);
  let emailHmac = row.email_hmac;
  if (state.status === 'active') {
    const { email } = sealedProfileSchema.parse(unseal(userKey, row.user_id, state.profile));
    const hmacs = keyring.emailHmacs(email);
    if (!hmacs.includes(row.email_hmac)) return 'retry';
    emailHmac = hmacs[0]!;
  }
  // A row without an active account (a sign-up that never finished) keeps its index entry: no
  // stream says its address.
  if (keyId === keyring.keyId && emailHmac === row.email_hmac && row.key_id === keyring.keyId) return 'already';
  const { rowCount } = await pool.query(
    `UPDATE user_keys SET wrapped_key = $2, email_hmac = $3, key_id = $4
      WHERE user_id = $1 AND wrapped_key = $5 AND email_hmac = $6`,
    [row.user_id, keyId === keyring.keyId ? row.wrapped_key : keyring.wrap(row.user_id, userKey), emailHmac, keyring.keyId, row.wrapped_key, row.email_hmac],
  );
  return rowCount === 1 ? 'moved' : 'retry';
}
