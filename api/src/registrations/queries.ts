// Reads of the `registrations` read model (owned by projections/src/registrations).
import type pg from 'pg';
import type { DashboardStats, UserTitle } from '../schemas/registrations.js';

export interface RegistrationRow {
  tr_number: string;
  owner_id: string;
  title: string;
  registrant_name: string;
  material_type: string;
  intended_medium: string;
  description: string;
  cryptographic_hash: string;
  file_content_hash: string;
  hash_version: number;
  status: string;
  registration_date: Date;
  file_name: string | null;
  file_size: string | null;
  mime_type: string | null;
  blob_id: string | null;
  payment_id: string | null;
  archived: boolean;
}

export async function listUserTitles(pool: pg.Pool, ownerId: string): Promise<UserTitle[]> {
  const { rows } = await pool.query<RegistrationRow>(
    `SELECT tr_number, title, registrant_name, material_type, intended_medium, registration_date, status,
            cryptographic_hash, file_content_hash
       FROM registrations WHERE owner_id = $1 AND NOT archived
      ORDER BY registration_date DESC, tr_number DESC`,
    [ownerId],
  );
  return rows.map((r) => ({
    tr_number: r.tr_number,
    title: r.title,
    registrant_name: r.registrant_name,
    material_type: r.material_type,
    intended_medium: r.intended_medium,
    registration_date: r.registration_date.toISOString(),
    status: r.status,
    cryptographic_hash: r.cryptographic_hash,
    file_content_hash: r.file_content_hash,
  }));
}

/**
 * The dashboard's five cards for one user. Total counts every registration ever made (archived
 * included); active, pending, this month and the last 24 hours count those still in the list.
 */
export async function dashboardStats(pool: pg.Pool, ownerId: string, now: Date): Promise<DashboardStats> {
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT count(*) AS total,
            count(*) FILTER (WHERE NOT archived) AS active,
            count(*) FILTER (WHERE NOT archived AND status = 'pending') AS pending,
            count(*) FILTER (WHERE NOT archived AND registration_date >= date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS this_month,
            count(*) FILTER (WHERE NOT archived AND registration_date > $2::timestamptz - interval '24 hours') AS last_day
       FROM registrations WHERE owner_id = $1`,
    [ownerId, now.toISOString()],
  );
  const row = rows[0]!;
  return {
    totalRegistrations: Number(row.total),
    activeRegistrations: Number(row.active),
    pendingRegistrations: Number(row.pending),
    thisMonthRegistrations: Number(row.this_month),
    recent_activity: Number(row.last_day),
  };
}

export async function findRegistration(pool: pg.Pool, trNumber: string): Promise<RegistrationRow | null> {
  const { rows } = await pool.query<RegistrationRow>('SELECT * FROM registrations WHERE tr_number = $1', [trNumber]);
  return rows[0] ?? null;
}

/** The registrations among `trNumbers` that exist, in one query. */
export async function findRegistrations(pool: pg.Pool, trNumbers: readonly string[]): Promise<RegistrationRow[]> {
  const { rows } = await pool.query<RegistrationRow>('SELECT * FROM registrations WHERE tr_number = ANY($1::text[])', [trNumbers]);
  return rows;
}

/** Every title of an owner, archived ones included (a deleted account's, archived with it). */
export async function titlesOf(pool: pg.Pool, ownerId: string): Promise<{ trNumber: string; blobId: string | null }[]> {
  const { rows } = await pool.query<{ tr_number: string; blob_id: string | null }>(
    'SELECT tr_number, blob_id FROM registrations WHERE owner_id = $1 ORDER BY tr_number',
    [ownerId],
  );
  return rows.map((r) => ({ trNumber: r.tr_number, blobId: r.blob_id }));
}
