// The landing page's real figures (GET /api/stats/public): registered works that are not
// archived and accounts that are not deleted, counted in the read models. A read model that does
// not exist yet counts as 0, so the landing page never invents a number.
import type pg from 'pg';
import type { PublicStats } from '../schemas/search.js';

async function tableExists(db: pg.Pool, table: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table]);
  return rows[0]?.ok === true;
}

async function columnsOf(db: pg.Pool, table: string): Promise<Set<string>> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  return new Set(rows.map((r) => r.column_name));
}

async function count(db: pg.Pool, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(sql);
  return Number(rows[0]?.n ?? 0);
}

export async function publicStats(db: pg.Pool): Promise<PublicStats> {
  let worksRegistered = 0;
  let sample: PublicStats['sample'] = null;
  if (await tableExists(db, 'registrations')) {
    worksRegistered = await count(db, 'SELECT count(*) AS n FROM registrations WHERE archived IS NOT TRUE');
    const { rows } = await db.query<{ tr_number: string; cryptographic_hash: string }>(
      `SELECT tr_number, cryptographic_hash FROM registrations
        WHERE archived IS NOT TRUE AND status = 'registered'
        ORDER BY registration_date LIMIT 1`,
    );
    if (rows[0]) sample = { trNumber: rows[0].tr_number, hash: rows[0].cryptographic_hash };
  }
  let creators = 0;
  if (await tableExists(db, 'users')) {
    // The users read model marks deletion one way or another; honour whichever it has.
    const columns = await columnsOf(db, 'users');
    const live = columns.has('deleted_at')
      ? 'WHERE deleted_at IS NULL'
      : columns.has('deleted')
        ? 'WHERE deleted IS NOT TRUE'
        : columns.has('status')
          ? `WHERE status IS DISTINCT FROM 'deleted'`
          : '';
    creators = await count(db, `SELECT count(*) AS n FROM users ${live}`);
  }
  return { worksRegistered, creators, sample };
}
