// Sessions where the `users` read model is not in the database (an API composed without the
// projections' migrations): a session still resolves, without an e-mail; with it, the e-mail comes
// along. And what the requests of one turn ask together, one query answers: their sessions, and
// the keys of the owners they seal for.
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { accountsMigrations } from './migrations.js';
import { ServerKeyring } from './crypto.js';
import { Sessions } from './sessions.js';
import { UserKeys, userKeysByTurn } from './user-keys.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase([...accountsMigrations]);
});
afterAll(async () => db?.close());

/** The test database, noting the first word of every statement sent through it. */
function countingStatements() {
  const statements: string[] = [];
  const counted = {
    query: ((text: string, values?: unknown[]) => {
      statements.push(text.trim().split(/\s+/)[0]!);
      return db.pool.query(text, values);
    }) as pg.Pool['query'],
  };
  return { counted, statements };
}

it('resolves a session without the users read model, then with its e-mail once the table is there', async () => {
  const sessions = new Sessions(db.pool, 24 * 60 * 60 * 1000);
  const userId = randomUUID();
  const token = await sessions.create(userId);
  expect(await sessions.resolve(token)).toMatchObject({ userId, email: null });
  expect(await sessions.resolve('not-a-token')).toBeNull();

  await db.pool.query(`CREATE TABLE users (id uuid PRIMARY KEY, email text NOT NULL)`);
  await db.pool.query(`INSERT INTO users (id, email) VALUES ($1, 'ada@example.com')`, [userId]);
  expect(await sessions.resolve(token)).toMatchObject({ userId, email: 'ada@example.com' });
});

it('answers the sessions asked for in one turn with one query, each as it is: live, unknown, idle too long', async () => {
  const { counted, statements } = countingStatements();
  const sessions = new Sessions(counted, 60 * 60 * 1000);
  const [ada, alan, idle] = [randomUUID(), randomUUID(), randomUUID()];
  const adaToken = await sessions.create(ada);
  const alanToken = await sessions.create(alan);
  const idleToken = await sessions.create(idle);
  await db.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE user_id = $1`, [idle]);
  statements.length = 0;

  const asked = [adaToken, alanToken, 'not-a-token', idleToken, ...Array.from({ length: 16 }, (_, i) => (i % 2 ? adaToken : alanToken))];
  const answers = await Promise.all(asked.map((token) => sessions.resolve(token)));

  expect(answers.map((answer) => answer?.userId ?? null)).toEqual([ada, alan, null, null, ...Array.from({ length: 16 }, (_, i) => (i % 2 ? ada : alan))]);
  // One query for the twenty, and one to remove what ended; not one (or two) per request.
  expect(statements).toEqual(['WITH', 'DELETE']);
  const { rows } = await db.pool.query<{ user_id: string }>('SELECT user_id FROM sessions WHERE user_id = ANY($1::uuid[])', [[ada, alan, idle]]);
  expect(rows.map((row) => row.user_id).sort()).toEqual([ada, alan].sort());
});

it("reads the owners' keys asked for in one turn with one query: each its own, none for a destroyed one", async () => {
  const keyring = new ServerKeyring(randomBytes(32));
  const keys = new UserKeys(db.pool, keyring);
  const [ada, alan, gone] = [randomUUID(), randomUUID(), randomUUID()];
  const made = new Map<string, Buffer>();
  for (const [i, id] of [ada, alan, gone].entries()) made.set(id, await keys.create(id, `hmac-${i}-${id}`));
  await keys.destroy(gone);
  const { counted, statements } = countingStatements();
  const ownerKey = userKeysByTurn(counted, keyring);

  const asked = [ada, alan, gone, ada, randomUUID(), alan];
  const answers = await Promise.all(asked.map(ownerKey));

  const expected = asked.map((id) => (id === gone ? null : (made.get(id)?.toString('hex') ?? null)));
  expect(answers.map((key) => key?.toString('hex') ?? null)).toEqual(expected);
  expect(expected.filter(Boolean)).toHaveLength(4);
  expect(statements).toHaveLength(1);
  // A later turn asks again: a key destroyed in between is gone.
  await keys.destroy(alan);
  expect(await ownerKey(alan)).toBeNull();
  expect(statements).toHaveLength(2);
});
