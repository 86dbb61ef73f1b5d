// Sessions where the `users` read model is not in the database (an API composed without the
// projections' migrations): a session still resolves, without an e-mail; with it, the e-mail comes along.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { accountsMigrations } from './migrations.js';
import { Sessions } from './sessions.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase([...accountsMigrations]);
});
afterAll(async () => db?.close());

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
