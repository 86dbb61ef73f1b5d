// Reads for the admin portal: the `admin` read models (projections/src/admin) for every number, and
// the `registrations`, `users` and `staff` read models for the lists. Nothing here scans the log or
// counts a large table without a filter: unfiltered totals come from `admin_totals`, filtered ones
// stop counting at ADMIN_COUNT_CAP.
import type pg from 'pg';
import {
  ADMIN_COUNT_CAP,
  type AdminGlobalStats,
  type AdminPeriod,
  type AdminRegistration,
  type AdminRegistrationsPage,
  type AdminRegistrationsQuery,
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
  type ArchivedRegistration,
  type ForeverDatabasePage,
  type ForeverDatabaseQuery,
  type MaterialTypeStats,
  type RegistrationsByGeo,
  type RegistrationsByPeriod,
} from '../schemas/admin.js';
import type { StaffRole } from '../schemas/staff.js';

export type Db = pg.Pool | pg.PoolClient;

/** `%fragment%` for LIKE, with the fragment's own wildcards escaped, lower-cased. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
/** A TR-number prefix for LIKE (TR numbers are upper case). */
function prefixPattern(q: string): string {
  return `${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a user search matches: the expression of the users_admin_search_trgm index, character for character. */
const USER_SEARCH = `(lower(u.email) || ' ' || lower(u.full_name))`;

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** Rows matching a filter, counted no further than the cap. */
export async function cappedCount(db: Db, fromWhere: string, params: readonly unknown[]): Promise<{ total: number; totalCapped: boolean }> {
  const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM (SELECT 1 ${fromWhere} LIMIT ${ADMIN_COUNT_CAP + 1}) matches`, [...params]);
  const n = Number(rows[0]!.n);
  return n > ADMIN_COUNT_CAP ? { total: ADMIN_COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

export function pageOf<T>(rows: readonly T[], page: number, pageSize: number, count: { total: number; totalCapped: boolean }) {
  return { page, pageSize, ...count, hasMore: count.totalCapped || offsetOf(page, pageSize) + rows.length < count.total };
}

// ---- Overview and analytics ----------------------------------------------------------------

export async function globalStats(db: Db, now: Date): Promise<AdminGlobalStats> {
  const { rows } = await db.query<{ registrations: string | null; active: string | null; users: string | null; this_month: string; types: string }>(
    `SELECT t.registrations, t.active, t.users,
            (SELECT coalesce(sum(registrations), 0) FROM admin_registrations_by_day
              WHERE day >= date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC')::date) AS this_month,
            (SELECT count(*) FROM admin_material_type_stats WHERE active > 0) AS types
       FROM (SELECT 1) AS one LEFT JOIN admin_totals t ON t.id = 1`,
    [now.toISOString()],
  );
  const r = rows[0]!;
  const total = Number(r.registrations ?? 0);
  const active = Number(r.active ?? 0);
  return {
    totalRegistrations: total,
    activeRegistrations: active,
    nonActiveRegistrations: total - active,
    totalUsers: Number(r.users ?? 0),
    thisMonthRegistrations: Number(r.this_month),
    materialTypeCount: Number(r.types),
  };
}

export async function registrationsByPeriod(db: Db, period: AdminPeriod, limit: number, now: Date): Promise<RegistrationsByPeriod> {
  // `period` is one of day/week/month (validated), so it is safe as date_trunc's unit and the step.
  const { rows } = await db.query<{ start: string; registrations: string; active: string }>(
    `WITH buckets AS (
       SELECT generate_series(date_trunc($1, $3::timestamptz AT TIME ZONE 'UTC') - ($2::int - 1) * ('1 ' || $1)::interval,
                              date_trunc($1, $3::timestamptz AT TIME ZONE 'UTC'),
                              ('1 ' || $1)::interval)::date AS start
     )
     SELECT to_char(b.start, 'YYYY-MM-DD') AS start,
            coalesce(sum(d.registrations), 0) AS registrations, coalesce(sum(d.active), 0) AS active
       FROM buckets b
       LEFT JOIN admin_registrations_by_day d ON d.day >= b.start AND d.day < (b.start + ('1 ' || $1)::interval)::date
      GROUP BY b.start ORDER BY b.start`,
    [period, limit, now.toISOString()],
  );
  return { period, points: rows.map((r) => ({ periodStart: r.start, count: Number(r.registrations), active: Number(r.active) })) };
}

export async function materialTypeStats(db: Db): Promise<MaterialTypeStats> {
  const { rows } = await db.query<{ material_type: string; active: string; latest_at: Date }>(
    'SELECT material_type, active, latest_at FROM admin_material_type_stats WHERE active > 0 ORDER BY active DESC, material_type',
  );
  return {
    types: rows.map((r) => ({ materialType: r.material_type, material_type: r.material_type, count: Number(r.active), latestDate: r.latest_at.toISOString() })),
  };
}

export async function registrationsByGeo(db: Db): Promise<RegistrationsByGeo> {
  const { rows } = await db.query<{ country: string; active: string }>(
    'SELECT country, active FROM admin_registrations_by_geo WHERE active > 0 ORDER BY active DESC, country',
  );
  return { countries: rows.map((r) => ({ country: r.country, count: Number(r.active) })) };
}

// ---- Users ---------------------------------------------------------------------------------

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  country: string;
  created_at: Date;
  registrations: string;
  active: string;
}

const USER_COLUMNS = `u.id, u.first_name, u.last_name, u.full_name, u.email, u.country, u.created_at,
                      coalesce(s.registrations, 0) AS registrations, coalesce(s.active, 0) AS active`;

const toAdminUser = (r: UserRow): AdminUser => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  fullName: r.full_name,
  email: r.email,
  country: r.country,
  createdAt: r.created_at.toISOString(),
  registrationCount: Number(r.registrations),
  activeRegistrationCount: Number(r.active),
});

export async function listUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const q = query.q?.trim() || null;
  const where = q ? `WHERE ${USER_SEARCH} LIKE $1` : '';
  const params = q ? [containsPattern(q)] : [];
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN admin_user_stats s ON s.user_id = u.id::text
      ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT ${query.pageSize} OFFSET ${offsetOf(query.page, query.pageSize)}`,
    params,
  );
  const count = q ? await cappedCount(db, `FROM users u ${where}`, params) : await totalOf(db, 'users');
  return { users: rows.map(toAdminUser), ...pageOf(rows, query.page, query.pageSize, count) };
}

async function totalOf(db: Db, column: 'users' | 'active'): Promise<{ total: number; totalCapped: boolean }> {
  const { rows } = await db.query<{ n: string }>(`SELECT ${column} AS n FROM admin_totals WHERE id = 1`);
  return { total: Number(rows[0]?.n ?? 0), totalCapped: false };
}

export async function findAdminUser(db: Db, userId: string): Promise<AdminUser | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN admin_user_stats s ON s.user_id = u.id::text WHERE u.id = $1`, [userId]);
  return rows[0] ? toAdminUser(rows[0]) : null;
}

// ---- Registrations -------------------------------------------------------------------------

interface RegistrationRow {
  tr_number: string;
  title: string;
  material_type: string;
  intended_medium: string;
  description: string;
  status: string;
  cryptographic_hash: string;
  registration_date: Date;
  owner_id: string;
  owner_email: string | null;
  registered_title: string | null;
  corrections: number;
  archived: boolean;
}

const REGISTRATION_COLUMNS = `r.tr_number, r.title, r.material_type, r.intended_medium, r.description, r.status, r.cryptographic_hash,
                              r.registration_date, r.owner_id, u.email AS owner_email, r.registered_title, r.corrections, r.archived`;

const toAdminRegistration = (r: RegistrationRow): AdminRegistration => {
  const createdAt = r.registration_date.toISOString();
  return {
    id: r.tr_number,
    title: r.title,
    tr_number: r.tr_number,
    trNumber: r.tr_number,
    material_type: r.material_type,
    materialType: r.material_type,
    intendedMedium: r.intended_medium,
    description: r.description,
    status: r.archived ? 'archived' : r.status === 'registered' ? 'registered' : 'pending',
    blockchain_hash: r.cryptographic_hash,
    created_at: createdAt,
    createdAt,
    ownerId: r.owner_id,
    owner_email: r.owner_email,
    ownerEmail: r.owner_email,
    registeredTitle: r.registered_title,
    corrections: r.corrections,
  };
};

export async function listRegistrations(db: Db, query: AdminRegistrationsQuery): Promise<AdminRegistrationsPage> {
  const q = query.q?.trim() || null;
  const conditions = ['r.archived IS NOT TRUE'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.materialType) conditions.push(`r.material_type = ${param(query.materialType)}`);
  if (query.status) conditions.push(`r.status = ${param(query.status)}`);
  if (q) {
    // Three index-backed lookups (TR-number prefix, title trigrams, owner e-mail or name trigrams)
    // unioned, rather than one OR the planner can only answer by reading every row.
    const contains = param(containsPattern(q));
    conditions.push(
      `r.tr_number IN (
         SELECT tr_number FROM registrations WHERE tr_number LIKE ${param(prefixPattern(q))} AND archived IS NOT TRUE
         UNION ALL
         SELECT tr_number FROM registrations WHERE lower(title) LIKE ${contains} AND archived IS NOT TRUE
         UNION ALL
         SELECT tr_number FROM registrations
          WHERE owner_id IN (SELECT id::text FROM users u WHERE ${USER_SEARCH} LIKE ${contains}) AND archived IS NOT TRUE)`,
    );
  }
  const fromWhere = `FROM registrations r WHERE ${conditions.join(' AND ')}`;
  const { rows } = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM (SELECT * ${fromWhere}
        ORDER BY r.registration_date DESC, r.tr_number DESC LIMIT ${query.pageSize} OFFSET ${offsetOf(query.page, query.pageSize)}) r
       LEFT JOIN users u ON u.id::text = r.owner_id
      ORDER BY r.registration_date DESC, r.tr_number DESC`,
    params,
  );
  let count: { total: number; totalCapped: boolean };
  if (!q && !query.materialType && !query.status) count = await totalOf(db, 'active');
  else if (!q && query.materialType && !query.status) {
    const { rows: typeRows } = await db.query<{ n: string }>('SELECT active AS n FROM admin_material_type_stats WHERE material_type = $1', [query.materialType]);
    count = { total: Number(typeRows[0]?.n ?? 0), totalCapped: false };
  } else count = await cappedCount(db, fromWhere, params);
  return { registrations: rows.map(toAdminRegistration), ...pageOf(rows, query.page, query.pageSize, count) };
}

/** Every registration of one owner (archived ones too, marked so), newest first. */
export async function registrationsOfUser(db: Db, userId: string): Promise<AdminRegistration[]> {
  const { rows } = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations r LEFT JOIN users u ON u.id::text = r.owner_id
      WHERE r.owner_id = $1 ORDER BY r.registration_date DESC, r.tr_number DESC`,
    [userId],
  );
  return rows.map(toAdminRegistration);
}

export async function findAdminRegistration(db: Db, trNumber: string): Promise<AdminRegistration | null> {
  const { rows } = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM registrations r LEFT JOIN users u ON u.id::text = r.owner_id WHERE r.tr_number = $1`,
    [trNumber],
  );
  return rows[0] ? toAdminRegistration(rows[0]) : null;
}

// ---- The Forever Database ------------------------------------------------------------------

interface ArchiveRow {
  tr_number: string;
  owner_id: string;
  owner_email: string | null;
  title: string;
  material_type: string;
  cryptographic_hash: string;
  registered_at: Date;
  archived_at: Date;
  archived_by: string;
  archived_by_role: StaffRole | null;
  archived_by_email: string | null;
  reason: string;
  cause: ArchivedRegistration['cause'];
}

export async function listForeverDatabase(db: Db, query: ForeverDatabaseQuery): Promise<ForeverDatabasePage> {
  const q = query.q?.trim() || null;
  const params = q ? [containsPattern(q), prefixPattern(q)] : [];
  const where = q ? `WHERE f.tr_number LIKE $2 OR lower(f.title) LIKE $1 OR lower(f.reason) LIKE $1 OR ${USER_SEARCH} LIKE $1` : '';
  // The owner's e-mail is only needed to count matches of a search.
  const fromWhere = q ? `FROM forever_database f LEFT JOIN users u ON u.id::text = f.owner_id ${where}` : 'FROM forever_database f';
  const { rows } = await db.query<ArchiveRow>(
    `SELECT f.tr_number, f.owner_id, u.email AS owner_email, f.title, f.material_type, f.cryptographic_hash, f.registered_at,
            f.archived_at, f.archived_by, f.archived_by_role, s.email AS archived_by_email, f.reason, f.cause
       FROM forever_database f
       LEFT JOIN users u ON u.id::text = f.owner_id
       LEFT JOIN staff_accounts s ON f.archived_by_role IS NOT NULL AND s.id::text = f.archived_by
      ${where}
      ORDER BY f.archived_at DESC, f.tr_number DESC LIMIT ${query.pageSize} OFFSET ${offsetOf(query.page, query.pageSize)}`,
    params,
  );
  const count = await cappedCount(db, fromWhere, params);
  return {
    records: rows.map((r) => ({
      id: r.tr_number,
      tr_number: r.tr_number,
      trNumber: r.tr_number,
      title: r.title,
      materialType: r.material_type,
      material_type: r.material_type,
      blockchain_hash: r.cryptographic_hash,
      createdAt: r.registered_at.toISOString(),
      ownerId: r.owner_id,
      ownerEmail: r.owner_email,
      archivedAt: r.archived_at.toISOString(),
      archivedBy: r.archived_by_role ? r.archived_by : null,
      archivedByEmail: r.archived_by_email,
      archivedByRole: r.archived_by_role,
      reason: r.reason,
      cause: r.cause,
    })),
    ...pageOf(rows, query.page, query.pageSize, count),
  };
}
