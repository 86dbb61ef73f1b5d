// Public search on a real Postgres: prefixes, typos, TR numbers (exact first), archived rows
// excluded, ranking, the indexes actually used, and bad input answered (400 or a safe result).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModelMigrations } from '@titleledger/projections';
import { searchMigrations } from '../../../projections/src/search/search-indexes.js'; // already in readModelMigrations; ensureSearchable skips it
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { ensureSearchable, generateRegistrations, insertRegistrations, type RegistrationRow } from './registrations-fixture.js';
import { prefixTsQuery, searchRegistrations } from './search-registrations.js';

const rows: RegistrationRow[] = [
  { tr_number: 'TR-COPY-2025-MIDN1GHT', title: 'The Midnight Garden', registrant_name: 'Ada Lovelace', material_type: 'Book' },
  { tr_number: 'TR-COPY-2025-MIDN2GHT', title: 'Midnight', registrant_name: 'Grace Hopper', material_type: 'Poems' },
  { tr_number: 'TR-COPY-2025-RVR00001', title: 'A River in Winter', registrant_name: 'Midge Ure', material_type: 'Screenplay' },
  { tr_number: 'TR-COPY-2025-ARCH0001', title: 'Midnight Secrets', registrant_name: 'Hidden Author', material_type: 'Book', archived: true },
  { tr_number: 'TR-COPY-2024-ABCDEFGH', title: 'Letters to Nobody', registrant_name: 'Zora Hurston', material_type: 'Article' },
  { tr_number: 'TR-COPY-2024-ABCDEFG1', title: 'Letters from Somewhere', registrant_name: 'Zora Hurston', material_type: 'Article' },
  { tr_number: 'TR-COPY-2023-SONG0001', title: 'Quiet Harbour Lyrics', registrant_name: 'Fela Kuti', material_type: 'Lyrics', status: 'pending' },
];

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase(readModelMigrations);
  await ensureSearchable(db.pool, searchMigrations);
  await insertRegistrations(db.pool, rows);
  await db.pool.query('ANALYZE registrations');
});
afterAll(async () => db?.close());

const trs = async (q: string) => (await searchRegistrations(db.pool, q)).map((r) => r.tr_number);

describe('searchRegistrations', () => {
  it('matches a word prefix in the title', async () => {
    expect(await trs('midn')).toEqual(expect.arrayContaining(['TR-COPY-2025-MIDN1GHT', 'TR-COPY-2025-MIDN2GHT']));
    expect(await trs('riv')).toEqual(['TR-COPY-2025-RVR00001']);
  });

  it('matches every word as a prefix, across title and registrant name', async () => {
    expect(await trs('letters zora')).toEqual(expect.arrayContaining(['TR-COPY-2024-ABCDEFGH', 'TR-COPY-2024-ABCDEFG1']));
    // Both words match only one title; looser trigram matches may follow it.
    expect((await trs('letters some'))[0]).toBe('TR-COPY-2024-ABCDEFG1');
  });

  it('forgives a typo through trigram similarity', async () => {
    expect(await trs('midnigth')).toEqual(expect.arrayContaining(['TR-COPY-2025-MIDN1GHT', 'TR-COPY-2025-MIDN2GHT']));
    expect(await trs('harbur')).toEqual(['TR-COPY-2023-SONG0001']);
  });

  it('finds by registrant name and by material type', async () => {
    expect(await trs('lovelace')).toEqual(['TR-COPY-2025-MIDN1GHT']);
    expect(await trs('screenplay')).toEqual(['TR-COPY-2025-RVR00001']);
  });

  it('puts an exact TR number first, then its prefix siblings, in any letter case', async () => {
    expect((await trs('tr-copy-2024-abcdefg1'))[0]).toBe('TR-COPY-2024-ABCDEFG1');
    expect((await trs('TR-COPY-2024-ABCDEFGH'))[0]).toBe('TR-COPY-2024-ABCDEFGH');
    expect(await trs('TR-COPY-2024-ABCDEFG')).toEqual(['TR-COPY-2024-ABCDEFG1', 'TR-COPY-2024-ABCDEFGH']);
    expect((await trs('TR-COPY-2025')).length).toBe(3);
  });

  it('never shows an archived registration', async () => {
    expect(await trs('secrets')).toEqual([]);
    expect(await trs('TR-COPY-2025-ARCH0001')).toEqual([]);
    expect(await trs('hidden author')).toEqual([]);
  });

  it('ranks an exact title first, title matches above registrant-name matches', async () => {
    // "Midnight" (exact title) > "The Midnight Garden" (title word) > "Midge Ure" (name prefix "mid").
    expect(await trs('midnight')).toEqual(['TR-COPY-2025-MIDN2GHT', 'TR-COPY-2025-MIDN1GHT']);
    const mid = await trs('mid');
    expect(mid.slice(0, 2).sort()).toEqual(['TR-COPY-2025-MIDN1GHT', 'TR-COPY-2025-MIDN2GHT']);
    expect(mid[2]).toBe('TR-COPY-2025-RVR00001');
  });

  it('answers the public fields only, with an ISO date and the status', async () => {
    const [hit] = await searchRegistrations(db.pool, 'harbour');
    expect(Object.keys(hit!).sort()).toEqual(
      ['material_type', 'registrant_name', 'registration_date', 'status', 'title', 'tr_number'].sort(),
    );
    expect(hit!.status).toBe('pending');
    expect(hit!.registration_date).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('is safe with odd characters and SQL-looking input', async () => {
    for (const q of ["'; DROP TABLE registrations; --", 'a & b | !c', '%_\\', '(((', 'midnight:*', '🙂🙂', "o'brien", 'x'.repeat(200)]) {
      await expect(searchRegistrations(db.pool, q)).resolves.toBeInstanceOf(Array);
    }
    expect(prefixTsQuery("'; DROP TABLE x; --")).toBe('drop:* & table:* & x:*');
    const { rows: still } = await db.pool.query('SELECT count(*)::int AS n FROM registrations');
    expect(still[0].n).toBe(rows.length);
  });

  it('uses the search indexes (the SQL expressions match the migration)', async () => {
    const big = await createTestDatabase(readModelMigrations);
    try {
      await ensureSearchable(big.pool, searchMigrations);
      await generateRegistrations(big.pool, 20_000);
      await big.pool.query('ANALYZE registrations');
      const plan = async (sql: string, params: unknown[]) =>
        (await big.pool.query(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      // On 20,000 rows reading the stored documents in order is cheaper than the index, so the planner
      // is told to avoid that: this checks the index is usable for the query, not the planner's taste.
      const client = await big.pool.connect();
      let fts: string;
      try {
        await client.query('BEGIN; SET LOCAL enable_seqscan = off');
        const { rows: lines } = await client.query(
          `EXPLAIN SELECT 1 FROM registrations WHERE search_document @@ to_tsquery('simple', $1) AND archived IS NOT TRUE`,
          ['midn:* & gard:*'],
        );
        fts = lines.map((r) => r['QUERY PLAN']).join('\n');
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      expect(fts).toContain('registrations_search_document');
      // The lexicon is small here (a seq scan wins); the index must still be usable.
      // A lexicon the size of a real one (tens of thousands of words) is read through its index.
      await big.pool.query(
        `INSERT INTO search_words SELECT substr(md5(i::text), 1, 10) FROM generate_series(1, 50000) AS i
         ON CONFLICT DO NOTHING; ANALYZE search_words`,
      );
      expect(
        await plan(`SELECT word FROM search_words WHERE word % $1 ORDER BY word <-> $1 LIMIT 3`, ['xylophonist']),
      ).toContain('search_words_trgm');
      // As the search asks it: newest first. Without statistics on lower(title) the planner walked the
      // date index through the whole table looking for it.
      const title = await plan(
        `SELECT 1 FROM registrations WHERE lower(title) = $1 AND archived IS NOT TRUE ORDER BY registration_date DESC, tr_number LIMIT 20`,
        ['midnight'],
      );
      expect(title).toContain('registrations_search_title');
      const tr = await plan(`SELECT 1 FROM registrations WHERE tr_number LIKE $1 AND archived IS NOT TRUE`, ['TR-COPY-2024-000012%']);
      expect(tr).toContain('registrations_search_tr_prefix');
      // And the search itself still ranks on a crowded table: every hit holds both words.
      const hits = await searchRegistrations(big.pool, 'midnight garden');
      expect(hits.length).toBe(20);
      expect(hits.slice(0, 5).every((h) => /midnight/i.test(h.title) && /garden/i.test(h.title))).toBe(true);
    } finally {
      await big.close();
    }
  });
});

describe('GET /api/search', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await ensureSearchable(app.running.pool, searchMigrations);
    await insertRegistrations(app.running.pool, rows);
  });
  afterAll(async () => app?.stop());

  const get = (url: string) => app.running.app!.inject({ method: 'GET', url });

  it('answers at most 20 public results', async () => {
    const response = await get('/api/search?q=midnight');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((r: { tr_number: string }) => r.tr_number)).toEqual([
      'TR-COPY-2025-MIDN2GHT',
      'TR-COPY-2025-MIDN1GHT',
    ]);
  });

  it('refuses a one-character, blank or missing term and a term over 200 characters with a 400', async () => {
    for (const url of ['/api/search?q=a', '/api/search?q=%20%20a%20', '/api/search', `/api/search?q=${'x'.repeat(201)}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('validation_error');
      expect(response.json().message).toMatch(/Search term|search term/);
    }
    expect((await get('/api/search?q=a')).json().message).toBe('Search terms must be at least 2 characters.');
  });

  it('answers odd and SQL-looking terms with 200', async () => {
    for (const q of ["' OR 1=1 --", '<script>alert(1)</script>', '%%', '\\\\', 'midnight)(']) {
      const response = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
      expect(Array.isArray(response.json())).toBe(true);
    }
  });

  it('counts the real figures for the landing page', async () => {
    const response = await get('/api/stats/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ worksRegistered: rows.length - 1 });
    expect(typeof response.json().creators).toBe('number');
  });
});
