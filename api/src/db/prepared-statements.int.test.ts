// Parameterised statements are prepared once per connection; everything else goes to pg as it was.
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { createPool } from './pool.js';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, 1); // one connection: every query below meets the statements before it
  await pool.query('CREATE TABLE things (id int PRIMARY KEY, label text)');
  await pool.query(`INSERT INTO things VALUES (1, 'one'), (2, 'two')`);
});
afterAll(async () => {
  await pool?.end();
  await db?.close();
});

/** The statements prepared on the pool's one connection whose text mentions `marker`. */
async function preparedWith(target: pg.Pool, marker: string): Promise<string[]> {
  const { rows } = await target.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%' || $1 || '%'`, [marker]);
  return rows.map((row) => row.statement).filter((text) => !text.includes('pg_prepared_statements'));
}

it('prepares a query with parameters once, whichever way it is called, and answers as before', async () => {
  const text = 'SELECT label /* once */ FROM things WHERE id = $1';
  expect((await pool.query(text, [1])).rows).toEqual([{ label: 'one' }]); // pool.query: pg's callback form
  const client = await pool.connect();
  try {
    expect((await client.query({ text, values: [2] })).rows).toEqual([{ label: 'two' }]);
    expect((await client.query({ text }, [1])).rows).toEqual([{ label: 'one' }]);
    expect((await client.query({ text, values: [2], rowMode: 'array' })).rows).toEqual([['two']]);
    const viaCallback = await new Promise((resolve, reject) => client.query(text, [1], (error, result) => (error ? reject(error) : resolve(result.rows))));
    expect(viaCallback).toEqual([{ label: 'one' }]);
  } finally {
    client.release();
  }
  expect(await preparedWith(pool, '/* once */')).toEqual([text]);
});

it('leaves queries without parameters unprepared, so several statements in one still run', async () => {
  expect((await pool.query('SELECT label /* plain */ FROM things WHERE id = 1')).rows).toEqual([{ label: 'one' }]);
  const results = (await pool.query('SELECT 1 AS a /* two */; SELECT 2 AS b')) as unknown as pg.QueryResult[];
  expect(results.map((result) => result.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  expect(await preparedWith(pool, '/* plain */')).toEqual([]);
  expect(await preparedWith(pool, '/* two */')).toEqual([]);
});

it('hands errors back as pg does, in both call forms', async () => {
  await expect(pool.query('SELECT nope /* broken */ FROM things WHERE id = $1', [1])).rejects.toThrow(/column "nope" does not exist/);
  const client = await pool.connect();
  try {
    const error = await new Promise<Error | null>((resolve) => client.query('SELECT $1::int /* bad value */', ['x'], (e) => resolve(e)));
    expect(error?.message).toMatch(/invalid input syntax for type integer/);
    expect((await client.query('SELECT $1::int AS n /* bad value */', ['7'])).rows).toEqual([{ n: 7 }]); // the statement itself was sound
  } finally {
    client.release();
  }
});

it('answers with the new columns when a migration changes a prepared statement\'s result', async () => {
  const text = 'SELECT * /* star */ FROM things WHERE id = $1';
  expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
  const other = createPool(db.url, 1, { prepare: false });
  try {
    await other.query(`ALTER TABLE things ADD COLUMN colour text DEFAULT 'red'`);
  } finally {
    await other.end();
  }
  // Postgres refuses the prepared statement ("cached plan must not change result type"); outside a
  // transaction it is prepared again under a new name and the query answers.
  expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, label: 'one', colour: 'red' }]);
  expect((await pool.query(text, [2])).rows).toEqual([{ id: 2, label: 'two', colour: 'red' }]);

  // Inside a transaction the refusal fails that transaction; the next one prepares the new shape.
  const client = await pool.connect();
  try {
    await client.query('SELECT * /* star in tx */ FROM things WHERE id = $1', [1]);
    const other2 = createPool(db.url, 1, { prepare: false });
    await other2.query('ALTER TABLE things ADD COLUMN size int DEFAULT 3').finally(() => other2.end());
    await client.query('BEGIN');
    await expect(client.query('SELECT * /* star in tx */ FROM things WHERE id = $1', [1])).rejects.toThrow(/cached plan must not change result type/);
    await client.query('ROLLBACK');
    expect((await client.query('SELECT * /* star in tx */ FROM things WHERE id = $1', [1])).rows).toEqual([{ id: 1, label: 'one', colour: 'red', size: 3 }]);
  } finally {
    client.release();
  }
});

it('prepares at most 500 texts per connection; further texts still run, unprepared', async () => {
  const capped = createPool(db.url, 1);
  try {
    for (let i = 0; i < 510; i++) expect((await capped.query(`SELECT $1::int + ${i} AS n /* many */`, [1])).rows).toEqual([{ n: 1 + i }]);
    expect(await preparedWith(capped, '/* many */')).toHaveLength(500);
  } finally {
    await capped.end();
  }
});

it('prepares nothing when told not to', async () => {
  const unprepared = createPool(db.url, 1, { prepare: false });
  try {
    expect((await unprepared.query('SELECT label /* off */ FROM things WHERE id = $1', [1])).rows).toEqual([{ label: 'one' }]);
    expect(await preparedWith(unprepared, '/* off */')).toEqual([]);
  } finally {
    await unprepared.end();
  }
});
