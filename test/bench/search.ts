// Public search latency (issue 6): p50/p95/p99 of the search query function over 1,000,000
// generated registrations (100,000 with BENCH_SMALL=1), beside a plain ILIKE '%term%' on the same
// table in the same run. Target: p95 ≤ 20 ms at 1,000,000.
import { performance } from 'node:perf_hooks';
import { migrate } from '@titleledger/api/runtime';
import { readModelMigrations } from '@titleledger/projections';
import { searchMigrations } from '../../projections/src/search/search-indexes.js';
import {
  ensureRegistrationsTable,
  ensureSearchable,
  generateRegistrations,
} from '../../api/src/search/registrations-fixture.js';
import { searchRegistrations } from '../../api/src/search/search-registrations.js';
import { percentile, printRows, type BenchPostgres } from './harness.js';

// A mix: common words, prefixes, two words, names, typos, TR numbers, and a miss.
const TERMS = [
  'midnight', 'midn', 'silent river', 'golden harbour', 'lovelace', 'ada love', 'poems',
  'midnigth', 'harbur', 'lanturn memroy', 'TR-COPY-2024-00000F', 'TR-COPY-2025-0000A0F2', 'xylophonist', 'ra',
];

async function timeEach(terms: readonly string[], rounds: number, run: (term: string) => Promise<unknown>) {
  const samples: number[] = [];
  for (const term of terms) await run(term); // warm the cache and the plans
  for (let r = 0; r < rounds; r += 1) {
    for (const term of terms) {
      const start = performance.now();
      await run(term);
      samples.push(performance.now() - start);
    }
  }
  return samples.sort((a, b) => a - b);
}

export async function benchSearch(pg: BenchPostgres, options: { registrations: number }): Promise<void> {
  const { pool } = await pg.database('bench_search');
  await migrate(pool, readModelMigrations.filter((m) => !searchMigrations.includes(m))); // the search indexes come after the fill
  await ensureRegistrationsTable(pool);
  const fillStart = performance.now();
  const chunk = 100_000;
  for (let from = 1; from <= options.registrations; from += chunk) {
    await generateRegistrations(pool, Math.min(chunk, options.registrations - from + 1), from);
  }
  await ensureSearchable(pool, searchMigrations); // indexes built once, over the full table
  await pool.query('VACUUM ANALYZE registrations');
  await pool.query('ANALYZE search_words');
  const fillSeconds = (performance.now() - fillStart) / 1000;
  const { rows } = await pool.query<{ n: string; words: string }>(
    'SELECT (SELECT count(*) FROM registrations) AS n, (SELECT count(*) FROM search_words) AS words',
  );
  console.log(
    `\nsearch: ${Number(rows[0]!.n).toLocaleString('en-US')} registrations, ${Number(rows[0]!.words).toLocaleString('en-US')} lexicon words, filled and indexed in ${fillSeconds.toFixed(1)} s`,
  );

  const search = await timeEach(TERMS, 30, (term) => searchRegistrations(pool, term));
  const ilike = await timeEach(TERMS, 2, (term) =>
    pool.query(
      `SELECT tr_number, title, registrant_name, material_type, registration_date, status FROM registrations
        WHERE (title ILIKE $1 OR registrant_name ILIKE $1 OR tr_number ILIKE $1) AND archived IS NOT TRUE
        ORDER BY registration_date DESC LIMIT 20`,
      [`%${term}%`],
    ),
  );
  const n = options.registrations.toLocaleString('en-US');
  printRows(`Search over ${n} registrations (${TERMS.length} terms: words, prefixes, names, typos, TR numbers, a miss)`, [
    ...([50, 95, 99] as const).map((p) => ({
      name: `/api/search query, p${p}`,
      value: percentile(search, p),
      unit: 'ms',
      baseline: { name: `ILIKE '%term%' p${p}`, value: percentile(ilike, p) },
      higherIsBetter: false,
      // The issue's target is at 1,000,000 rows: a small run prints it unchecked.
      target: p === 95 ? (options.registrations >= 1_000_000 ? '≤ 20 ms' : 'at 1,000,000 only (a full run): ≤ 20 ms') : undefined,
      bound: 'the slowest terms (per-term p95 below): short or common words match many trigram rows that are then ranked',
    })),
  ]);
  const slowest = new Map<string, number>();
  for (const term of TERMS) {
    const one = await timeEach([term], 10, (t) => searchRegistrations(pool, t));
    slowest.set(term, percentile(one, 95));
  }
  console.log(
    `\nper term p95 (ms): ${[...slowest].map(([t, ms]) => `${t} ${ms.toFixed(1)}`).join(' · ')}`,
  );
}
