// The admin portal at scale (issue 15): 1,000,000 registrations and 200,000 users put straight into
// the read models with generate_series (100,000 and 20,000 with BENCH_SMALL=1), the admin read models
// filled from them as the projection would, then p50/p95 of what the portal's tabs call: Overview,
// Analytics (per day/week/month, per type, per country) and the first page of each list, beside a
// bare `SELECT count(*) FROM registrations` in the same run. Target: p95 ≤ 50 ms. Reported, never a failure.
import { performance } from 'node:perf_hooks';
import { migrate } from '@titleledger/api/runtime';
import { readModelMigrations } from '@titleledger/projections';
import { adminMigrations } from '../../projections/src/admin/admin.js';
import { searchMigrations } from '../../projections/src/search/search-indexes.js';
import {
  globalStats,
  listForeverDatabase,
  listRegistrations,
  listUsers,
  materialTypeStats,
  registrationsByGeo,
  registrationsByPeriod,
} from '../../api/src/admin-portal/admin-queries.js';
import { percentile, printRows, type BenchPostgres } from './harness.js';

const COUNTRIES = ['US', 'FR', 'DE', 'GB', 'IN', 'BR', 'JP', 'NG', 'CA', 'MX'];
const TYPES = ['Book', 'Poems', 'Screenplay', 'Article', 'Lyrics', 'Manuscript', 'Script', 'Story', 'Thesis', 'AI-Book', 'Blog', 'Play'];
const sqlArray = (items: readonly string[]) => `ARRAY[${items.map((w) => `'${w}'`).join(',')}]`;
/** A user's id from its number: the same expression wherever users and their registrations are made. */
const USER_ID = (n: string) => `md5('bench-user-' || (${n}))::uuid`;

/** The list indexes (and search's) are built once, over the full tables. */
const AFTER_FILL = new Set([...searchMigrations, ...adminMigrations.slice(1)].map((m) => m.id));

async function fill(pool: import('pg').Pool, registrations: number, users: number): Promise<void> {
  await pool.query(
    `INSERT INTO users (id, email_hmac, email, username, full_name, first_name, last_name, phone, address, city, state,
                        zip_code, country, account_type, created_at)
     SELECT ${USER_ID('i')}, md5('hmac' || i), 'writer' || i || '@example.com', 'writer' || i,
            'Writer ' || i || ' Example', 'Writer', i || ' Example', '3105551234', '12 Long Street, Springfield',
            'Springfield', 'CA', '90001', c[1 + i % ${COUNTRIES.length}], 'individual',
            timestamptz '2024-01-01' + i * interval '7 minutes'
       FROM generate_series(1, $1::int) AS i, (SELECT ${sqlArray(COUNTRIES)} AS c) AS v`,
    [users],
  );
  const chunk = 200_000;
  for (let from = 1; from <= registrations; from += chunk) {
    await pool.query(
      `INSERT INTO registrations (tr_number, owner_id, title, registrant_name, material_type, intended_medium, description,
                                  cryptographic_hash, file_content_hash, status, registration_date, archived, archived_at)
       SELECT 'TR-COPY-' || (2024 + i % 3) || '-' || upper(lpad(to_hex(i), 8, '0')),
              ${USER_ID(`i % ${users} + 1`)}::text,
              'Work number ' || i, 'Writer Example', t[1 + i % ${TYPES.length}], 'PRINT LITERARY', '',
              md5(i::text) || md5((i + 1)::text), md5((i + 2)::text) || md5((i + 3)::text),
              CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'registered' END,
              timestamptz '2024-01-01' + i * (interval '1 day' * 1040 / $3::int),
              i % 100 = 0, CASE WHEN i % 100 = 0 THEN timestamptz '2026-06-01' + i * interval '1 second' END
         FROM generate_series($1::int, $2::int) AS i, (SELECT ${sqlArray(TYPES)} AS t) AS v`,
      [from, Math.min(registrations, from + chunk - 1), registrations],
    );
  }
  // The admin read models, as the admin projection leaves them for these rows.
  await pool.query(
    `INSERT INTO admin_registration_facts (tr_number, owner_id, title, material_type, country, cryptographic_hash, registered_at, archived)
     SELECT r.tr_number, r.owner_id, r.title, r.material_type, u.country, r.cryptographic_hash, r.registration_date, r.archived
       FROM registrations r JOIN users u ON u.id::text = r.owner_id`,
  );
  await pool.query(
    `INSERT INTO admin_user_stats (user_id, country, registrations, active)
     SELECT u.id::text, u.country, count(f.tr_number), count(f.tr_number) FILTER (WHERE NOT f.archived)
       FROM users u LEFT JOIN admin_registration_facts f ON f.owner_id = u.id::text GROUP BY u.id, u.country`,
  );
  await pool.query(
    `INSERT INTO admin_registrations_by_day (day, registrations, active)
     SELECT (registered_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE NOT archived) FROM admin_registration_facts GROUP BY 1`,
  );
  await pool.query(
    `INSERT INTO admin_material_type_stats (material_type, registrations, active, latest_at)
     SELECT material_type, count(*), count(*) FILTER (WHERE NOT archived), max(registered_at) FROM admin_registration_facts GROUP BY 1`,
  );
  await pool.query(
    `INSERT INTO admin_registrations_by_geo (country, active)
     SELECT country, count(*) FROM admin_registration_facts WHERE NOT archived GROUP BY 1`,
  );
  await pool.query(
    `INSERT INTO forever_database (tr_number, owner_id, title, material_type, cryptographic_hash, registered_at, archived_at,
                                   archived_by, archived_by_role, reason, cause)
     SELECT tr_number, owner_id, title, material_type, cryptographic_hash, registration_date, archived_at,
            md5('bench-admin')::uuid::text, 'admin3', 'Duplicate filing', 'admin_deleted_registration'
       FROM registrations WHERE archived`,
  );
  await pool.query(
    `INSERT INTO admin_totals (id, registrations, active, users)
     SELECT 1, (SELECT count(*) FROM admin_registration_facts), (SELECT count(*) FROM admin_registration_facts WHERE NOT archived),
            (SELECT count(*) FROM users)`,
  );
}

async function samplesOf(rounds: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i += 1) await run(); // warm the cache and the plans
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

export async function benchAdmin(pg: BenchPostgres, options: { registrations: number; users: number }): Promise<void> {
  const { pool } = await pg.database('bench_admin');
  await migrate(pool, readModelMigrations.filter((m) => !AFTER_FILL.has(m.id)));
  const fillStart = performance.now();
  await fill(pool, options.registrations, options.users);
  await migrate(pool, readModelMigrations);
  for (const table of ['registrations', 'users', 'admin_registration_facts', 'admin_user_stats', 'forever_database', 'search_words']) {
    await pool.query(`VACUUM ANALYZE ${table}`);
  }
  const fillSeconds = (performance.now() - fillStart) / 1000;
  const now = new Date('2026-11-15T12:00:00.000Z');
  const stats = await globalStats(pool, now);
  console.log(
    `\nadmin: ${stats.totalRegistrations.toLocaleString('en-US')} registrations (${stats.activeRegistrations.toLocaleString('en-US')} active), ` +
      `${stats.totalUsers.toLocaleString('en-US')} users, filled and indexed in ${fillSeconds.toFixed(1)} s`,
  );

  const rounds = 40;
  const page = { page: 1, pageSize: 25 } as const;
  const baseline = await samplesOf(rounds, () => pool.query('SELECT count(*) FROM registrations'));
  const cases: [string, () => Promise<unknown>][] = [
    ['Overview: GET /api/admin/global-stats', () => globalStats(pool, now)],
    ['Analytics: registrations by day (30)', () => registrationsByPeriod(pool, 'day', 30, now)],
    ['Analytics: registrations by week (52)', () => registrationsByPeriod(pool, 'week', 52, now)],
    ['Analytics: registrations by month (36)', () => registrationsByPeriod(pool, 'month', 36, now)],
    ['Analytics: material-type stats', () => materialTypeStats(pool)],
    ['Analytics: registrations by country', () => registrationsByGeo(pool)],
    ['Users: first page', () => listUsers(pool, page)],
    ['Users: first page, search "writer12"', () => listUsers(pool, { ...page, q: 'writer12' })],
    ['Registrations: first page', () => listRegistrations(pool, page)],
    ['Registrations: first page, type filter', () => listRegistrations(pool, { ...page, materialType: 'Poems' })],
    ['Registrations: first page, search "work number 4242"', () => listRegistrations(pool, { ...page, q: 'work number 4242' })],
    ['Forever Database: first page', () => listForeverDatabase(pool, page)],
  ];
  const rows = [];
  for (const [name, run] of cases) {
    const samples = await samplesOf(rounds, run);
    rows.push({
      name: `${name}, p95`,
      value: percentile(samples, 95),
      unit: 'ms',
      baseline: { name: 'SELECT count(*) p95', value: percentile(baseline, 95) },
      higherIsBetter: false,
      target: '≤ 50 ms',
    });
  }
  printRows(`Admin portal over ${options.registrations.toLocaleString('en-US')} registrations and ${options.users.toLocaleString('en-US')} users (p95 of ${rounds} calls each)`, rows);
}
