// Test and benchmark support: makes sure the `registrations` read model and the search indexes
// exist in a database, then lets a test put rows straight into it. The table comes from the real
// read-model migrations when they define it; until then, from the column list the registrations
// projection publishes (tr_number, owner_id, title, registrant_name, material_type, ...).
import type pg from 'pg';

export interface MigrationLike {
  readonly id: string;
  readonly sql: string;
}

const STAND_IN_TABLE = `
  CREATE TABLE IF NOT EXISTS registrations (
    tr_number text PRIMARY KEY,
    owner_id text,
    title text NOT NULL,
    registrant_name text NOT NULL,
    material_type text NOT NULL,
    intended_medium text,
    description text,
    cryptographic_hash text,
    file_content_hash text,
    status text NOT NULL DEFAULT 'pending',
    registration_date timestamptz NOT NULL DEFAULT now(),
    archived boolean NOT NULL DEFAULT false,
    archived_at timestamptz
  );`;

/** Creates the stand-in `registrations` table unless the read-model migrations made the real one. */
export async function ensureRegistrationsTable(db: pg.Pool): Promise<void> {
  const { rows } = await db.query<{ ok: boolean }>(`SELECT to_regclass('registrations') IS NOT NULL AS ok`);
  if (!rows[0]!.ok) await db.query(STAND_IN_TABLE);
}

/** Applies the search migration, creating a stand-in `registrations` table first if needed. */
export async function ensureSearchable(db: pg.Pool, searchMigrations: readonly MigrationLike[]): Promise<void> {
  await ensureRegistrationsTable(db);
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const migration of searchMigrations) {
    const done = await db.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
    if (done.rowCount) continue;
    await db.query(migration.sql);
    await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
  }
}

export interface RegistrationRow {
  readonly tr_number: string;
  readonly title: string;
  readonly registrant_name: string;
  readonly material_type: string;
  readonly status?: string;
  readonly registration_date?: string;
  readonly archived?: boolean;
  readonly cryptographic_hash?: string;
}

/** Inserts rows, filling only the columns the search reads plus what the real table requires. */
export async function insertRegistrations(db: pg.Pool, rows: readonly RegistrationRow[]): Promise<void> {
  const { rows: columns } = await db.query<{ column_name: string; is_nullable: string; column_default: string | null; data_type: string }>(
    `SELECT column_name, is_nullable, column_default, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'registrations' AND is_generated = 'NEVER'`,
  );
  for (const row of rows) {
    const values: Record<string, unknown> = {
      tr_number: row.tr_number,
      title: row.title,
      registrant_name: row.registrant_name,
      material_type: row.material_type,
      status: row.status ?? 'registered',
      registration_date: row.registration_date ?? new Date().toISOString(),
      archived: row.archived ?? false,
      archived_at: row.archived ? new Date().toISOString() : null,
      cryptographic_hash: row.cryptographic_hash ?? 'ab'.repeat(32),
      file_content_hash: 'cd'.repeat(32),
      intended_medium: 'PRINT LITERARY',
      description: '',
    };
    // Any other required column of the real table gets a plain value of its type.
    for (const c of columns) {
      if (c.column_name in values || c.is_nullable === 'YES' || c.column_default !== null) continue;
      values[c.column_name] = placeholderFor(c.data_type);
    }
    const present = columns.map((c) => c.column_name).filter((name) => name in values);
    await db.query(
      `INSERT INTO registrations (${present.join(', ')}) VALUES (${present.map((_, i) => `$${i + 1}`).join(', ')})`,
      present.map((name) => values[name]),
    );
  }
}

function placeholderFor(dataType: string): unknown {
  if (dataType.includes('timestamp') || dataType === 'date') return new Date().toISOString();
  if (dataType === 'boolean') return false;
  if (['integer', 'bigint', 'smallint', 'numeric', 'double precision', 'real'].includes(dataType)) return 0;
  if (dataType === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (dataType === 'jsonb' || dataType === 'json') return '{}';
  return '';
}

const WORDS = [
  'silent', 'river', 'midnight', 'garden', 'letters', 'harbour', 'winter', 'golden', 'shadow', 'city',
  'ocean', 'broken', 'crown', 'echo', 'forest', 'glass', 'hollow', 'iron', 'journey', 'kingdom',
  'lantern', 'memory', 'north', 'orchard', 'paper', 'quiet', 'rain', 'summer', 'thunder', 'velvet',
  'wild', 'yellow', 'amber', 'bridge', 'canyon', 'desert', 'ember', 'falcon', 'granite', 'horizon',
  'island', 'jasmine', 'kettle', 'meadow', 'nomad', 'opal', 'prairie', 'raven', 'saffron', 'tide',
];
const FIRST = ['Ada', 'Grace', 'Zora', 'Fela', 'Maya', 'Omar', 'Lena', 'Ravi', 'Ines', 'Kofi', 'Sofia', 'Tomas', 'Yuki', 'Priya', 'Elena', 'Hugo'];
const LAST = ['Lovelace', 'Hopper', 'Hurston', 'Kuti', 'Angelou', 'Khayyam', 'Moreau', 'Shankar', 'Duarte', 'Mensah', 'Rossi', 'Novak', 'Tanaka', 'Patel', 'Ivanova', 'Lind'];
const TYPES = ['Book', 'Poems', 'Screenplay', 'Article', 'Lyrics', 'Manuscript', 'Script', 'Story', 'Thesis', 'AI-Book'];

const sqlArray = (items: readonly string[]) => `ARRAY[${items.map((w) => `'${w}'`).join(',')}]`;

/**
 * Generates `count` registrations in one INSERT … SELECT generate_series: three-word titles from a
 * 50-word list plus a number, 256 registrant names, 10 material types, ~1% archived.
 */
export async function generateRegistrations(db: pg.Pool, count: number, from = 1): Promise<void> {
  await db.query(
    `INSERT INTO registrations (tr_number, owner_id, title, registrant_name, material_type, intended_medium,
                                description, cryptographic_hash, file_content_hash, status, registration_date,
                                archived, archived_at)
     SELECT 'TR-COPY-' || (2023 + i % 3) || '-' || upper(lpad(to_hex(i), 8, '0')),
            'owner-' || (i % 5000),
            initcap(w[1 + (i * 7) % 50] || ' ' || w[1 + (i * 13 / 7) % 50] || ' ' || w[1 + (i / 50) % 50]) || ' ' || (i % 997),
            f[1 + i % 16] || ' ' || l[1 + (i / 16) % 16],
            t[1 + i % 10],
            'PRINT LITERARY', '', md5(i::text) || md5((i + 1)::text), md5((i + 2)::text) || md5((i + 3)::text),
            CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'registered' END,
            timestamptz '2023-01-01' + (i % 100000) * interval '5 minutes',
            i % 100 = 0, CASE WHEN i % 100 = 0 THEN now() END
       FROM generate_series($1::int, $2::int) AS i,
            (SELECT ${sqlArray(WORDS)} AS w, ${sqlArray(FIRST)} AS f, ${sqlArray(LAST)} AS l, ${sqlArray(TYPES)} AS t) AS v`,
    [from, from + count - 1],
  );
}
