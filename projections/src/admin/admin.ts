// The admin portal's read models (seed 2.8, issue 15): every number an admin sees is kept here by
// events, never counted from the log or by scanning the registrations at read time.
//   admin_totals                 one row: registrations, active (not archived), living users
//   admin_registrations_by_day   registrations and active per UTC day (weeks and months add days up)
//   admin_material_type_stats    per material type: registrations, active, latest registration date
//   admin_registrations_by_geo   active registrations per registrant country (rows at 0 are removed)
//   admin_user_stats             per creator: country, registrations, active (the Users list's count)
//   admin_registration_facts     per registration: what the counters above need to move on archive/restore
//   forever_database             archived registrations: who archived them, when, why (seed 4.4)
// The registrant's country is the profile's country when the registration was made; it is personal
// data, unsealed with the user's key, so once an account is deleted (its key destroyed) its
// registrations count under 'Unknown', as a rebuild from position 0, which cannot open the profile
// any more, would count them. That keeps every table equal to its rebuild.
import type pg from 'pg';
import { readUserKey, sealedProfileSchema, serverKeyring, unseal } from '@titleledger/api/accounts';
import { isEvent, type EventData, type StoredEvent } from '@titleledger/api/events';
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';
import { storableText } from '../runner/storable.js';

export const UNKNOWN_COUNTRY = 'Unknown';

export const adminMigrations: readonly Migration[] = [
  {
    id: 'projections/050-admin',
    sql: `
      CREATE TABLE admin_totals (
        id smallint PRIMARY KEY CHECK (id = 1),
        registrations bigint NOT NULL DEFAULT 0,
        active bigint NOT NULL DEFAULT 0,
        users bigint NOT NULL DEFAULT 0
      );
      CREATE TABLE admin_registrations_by_day (
        day date PRIMARY KEY,
        registrations bigint NOT NULL,
        active bigint NOT NULL
      );
      CREATE TABLE admin_material_type_stats (
        material_type text PRIMARY KEY,
        registrations bigint NOT NULL,
        active bigint NOT NULL,
        latest_at timestamptz NOT NULL
      );
      CREATE INDEX admin_material_type_stats_by_active ON admin_material_type_stats (active DESC, material_type);
      CREATE TABLE admin_registrations_by_geo (
        country text PRIMARY KEY,
        active bigint NOT NULL
      );
      CREATE TABLE admin_user_stats (
        user_id text PRIMARY KEY,
        country text NOT NULL,
        registrations bigint NOT NULL DEFAULT 0,
        active bigint NOT NULL DEFAULT 0
      );
      CREATE TABLE admin_registration_facts (
        tr_number text PRIMARY KEY,
        owner_id text NOT NULL,
        title text NOT NULL,
        material_type text NOT NULL,
        country text NOT NULL,
        cryptographic_hash text NOT NULL,
        registered_at timestamptz NOT NULL,
        archived boolean NOT NULL DEFAULT false
      );
      CREATE INDEX admin_registration_facts_by_owner ON admin_registration_facts (owner_id);
      CREATE TABLE forever_database (
        tr_number text PRIMARY KEY,
        owner_id text NOT NULL,
        title text NOT NULL,
        material_type text NOT NULL,
        cryptographic_hash text NOT NULL,
        registered_at timestamptz NOT NULL,
        archived_at timestamptz NOT NULL,
        archived_by text NOT NULL,
        archived_by_role text,
        reason text NOT NULL,
        cause text NOT NULL
      );
      CREATE INDEX forever_database_by_time ON forever_database (archived_at DESC, tr_number DESC);
    `,
  },
  {
    id: 'projections/051-admin-list-indexes',
    sql: `
      -- The admin lists read the registrations and users read models; these indexes serve their
      -- searches (title or e-mail fragments) and first pages (newest first).
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX registrations_admin_title_trgm ON registrations USING gin (lower(title) gin_trgm_ops) WHERE archived IS NOT TRUE;
      CREATE INDEX registrations_admin_active_by_date ON registrations (registration_date DESC, tr_number DESC) WHERE archived IS NOT TRUE;
      CREATE INDEX registrations_admin_type_by_date ON registrations (material_type, registration_date DESC, tr_number DESC) WHERE archived IS NOT TRUE;
      CREATE INDEX users_admin_search_trgm ON users USING gin ((lower(email) || ' ' || lower(full_name)) gin_trgm_ops);
      -- The lists join a registration's owner (text) to users.id (uuid).
      CREATE INDEX users_admin_by_id_text ON users ((id::text));
    `,
  },
];

type Tx = pg.PoolClient;

async function addTotals(tx: Tx, registrations: number, active: number, users: number): Promise<void> {
  await tx.query(
    `INSERT INTO admin_totals (id, registrations, active, users) VALUES (1, $1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET registrations = admin_totals.registrations + EXCLUDED.registrations,
                                    active = admin_totals.active + EXCLUDED.active,
                                    users = admin_totals.users + EXCLUDED.users`,
    [registrations, active, users],
  );
}

/** Moves one registration's active count by `delta` (+1 restored, −1 archived) in every counter. */
async function moveActive(tx: Tx, fact: Fact, delta: 1 | -1): Promise<void> {
  await addTotals(tx, 0, delta, 0);
  await tx.query(`UPDATE admin_registrations_by_day SET active = active + $2 WHERE day = ($1::timestamptz AT TIME ZONE 'UTC')::date`, [fact.registered_at, delta]);
  await tx.query('UPDATE admin_material_type_stats SET active = active + $2 WHERE material_type = $1', [fact.material_type, delta]);
  await tx.query('UPDATE admin_user_stats SET active = active + $2 WHERE user_id = $1', [fact.owner_id, delta]);
  await addGeo(tx, fact.country, delta);
}

async function addGeo(tx: Tx, country: string, delta: number): Promise<void> {
  await tx.query(
    `INSERT INTO admin_registrations_by_geo (country, active) VALUES ($1, $2)
     ON CONFLICT (country) DO UPDATE SET active = admin_registrations_by_geo.active + EXCLUDED.active`,
    [country, delta],
  );
  await tx.query('DELETE FROM admin_registrations_by_geo WHERE country = $1 AND active = 0', [country]);
}

interface Fact {
  readonly owner_id: string;
  readonly title: string;
  readonly material_type: string;
  readonly country: string;
  readonly cryptographic_hash: string;
  readonly registered_at: Date;
  readonly archived: boolean;
}

async function factOf(tx: Tx, trNumber: string): Promise<Fact | null> {
  const { rows } = await tx.query<Fact>(
    'SELECT owner_id, title, material_type, country, cryptographic_hash, registered_at, archived FROM admin_registration_facts WHERE tr_number = $1 FOR UPDATE',
    [trNumber],
  );
  return rows[0] ?? null;
}

/** The profile's country while the user's key exists; 'Unknown' once it is gone. */
async function countryOf(tx: Tx, userId: string, sealedProfile: string): Promise<string> {
  const key = await readUserKey(tx, serverKeyring(), userId);
  if (!key) return UNKNOWN_COUNTRY;
  const country = sealedProfileSchema.parse(unseal(key, userId, sealedProfile)).country.trim();
  return country ? storableText(country) : UNKNOWN_COUNTRY;
}

type Registered = EventData<'TitleRegistered'>;

/**
 * Counts registrations, in one statement however many: their facts (each once: a replayed event
 * inserts no fact, so nothing below moves for it) and every counter they add to. An owner's
 * country is the one their stats row holds now, so a run of registrations must not span an event
 * that changes it (`apply` ends the run there).
 */
async function addRegistrations(tx: Tx, registrations: readonly Registered[]): Promise<void> {
  if (registrations.length === 0) return;
  const column = <K extends keyof Registered>(key: K) => registrations.map((r) => r[key]);
  await tx.query(
    `WITH fact AS (
       INSERT INTO admin_registration_facts (tr_number, owner_id, title, material_type, country, cryptographic_hash, registered_at)
       SELECT r.tr_number, r.owner_id, r.title, r.material_type, coalesce(u.country, $7), r.cryptographic_hash, r.registered_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
                AS r(tr_number, owner_id, title, material_type, cryptographic_hash, registered_at)
         LEFT JOIN admin_user_stats u ON u.user_id = r.owner_id
       ON CONFLICT (tr_number) DO NOTHING
       RETURNING owner_id, material_type, country, registered_at
     ), totals AS (
       INSERT INTO admin_totals (id, registrations, active, users) SELECT 1, count(*), count(*), 0 FROM fact HAVING count(*) > 0
       ON CONFLICT (id) DO UPDATE SET registrations = admin_totals.registrations + EXCLUDED.registrations,
                                      active = admin_totals.active + EXCLUDED.active
     ), by_day AS (
       INSERT INTO admin_registrations_by_day (day, registrations, active)
       SELECT (registered_at AT TIME ZONE 'UTC')::date, count(*), count(*) FROM fact GROUP BY 1
       ON CONFLICT (day) DO UPDATE SET registrations = admin_registrations_by_day.registrations + EXCLUDED.registrations,
                                       active = admin_registrations_by_day.active + EXCLUDED.active
     ), by_type AS (
       INSERT INTO admin_material_type_stats (material_type, registrations, active, latest_at)
       SELECT material_type, count(*), count(*), max(registered_at) FROM fact GROUP BY 1
       ON CONFLICT (material_type) DO UPDATE SET registrations = admin_material_type_stats.registrations + EXCLUDED.registrations,
         active = admin_material_type_stats.active + EXCLUDED.active, latest_at = greatest(admin_material_type_stats.latest_at, EXCLUDED.latest_at)
     ), by_user AS (
       UPDATE admin_user_stats s SET registrations = s.registrations + f.n, active = s.active + f.n
         FROM (SELECT owner_id, count(*) AS n FROM fact GROUP BY 1) f WHERE s.user_id = f.owner_id
     )
     INSERT INTO admin_registrations_by_geo (country, active) SELECT country, count(*) FROM fact GROUP BY 1
     ON CONFLICT (country) DO UPDATE SET active = admin_registrations_by_geo.active + EXCLUDED.active`,
    [column('trNumber'), column('ownerId'), column('title'), column('materialType'), column('cryptographicHash'), column('registeredAt'), UNKNOWN_COUNTRY],
  );
}

async function applyOne(event: StoredEvent, tx: Tx): Promise<void> {
  if (isEvent(event, 'UserRegistered')) {
    const userId = event.data.userId;
    const { rowCount } = await tx.query('INSERT INTO admin_user_stats (user_id, country) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [
      userId,
      await countryOf(tx, userId, event.data.profile),
    ]);
    if (rowCount) await addTotals(tx, 0, 0, 1);
    return;
  }
  if (isEvent(event, 'ProfileUpdated')) {
    const userId = event.streamId.slice('user-'.length);
    await tx.query('UPDATE admin_user_stats SET country = $2 WHERE user_id = $1', [userId, await countryOf(tx, userId, event.data.profile)]);
    return;
  }
  if (isEvent(event, 'AccountDeleted')) {
    const userId = event.streamId.slice('user-'.length);
    const { rowCount } = await tx.query('DELETE FROM admin_user_stats WHERE user_id = $1', [userId]);
    if (!rowCount) return;
    await addTotals(tx, 0, 0, -1);
    // Their country can never be read again: their registrations count under 'Unknown' from now on.
    const { rows } = await tx.query<{ country: string; active: string }>(
      `SELECT country, count(*) FILTER (WHERE NOT archived) AS active FROM admin_registration_facts
        WHERE owner_id = $1 AND country <> $2 GROUP BY country`,
      [userId, UNKNOWN_COUNTRY],
    );
    for (const row of rows) {
      const active = Number(row.active);
      if (active === 0) continue;
      await addGeo(tx, row.country, -active);
      await addGeo(tx, UNKNOWN_COUNTRY, active);
    }
    await tx.query('UPDATE admin_registration_facts SET country = $2 WHERE owner_id = $1', [userId, UNKNOWN_COUNTRY]);
    return;
  }
  if (isEvent(event, 'RegistrationArchived')) {
    const d = event.data;
    const fact = await factOf(tx, d.trNumber);
    if (!fact || fact.archived) return;
    await tx.query('UPDATE admin_registration_facts SET archived = true WHERE tr_number = $1', [d.trNumber]);
    await moveActive(tx, fact, -1);
    await tx.query(
      `INSERT INTO forever_database (tr_number, owner_id, title, material_type, cryptographic_hash, registered_at,
                                     archived_at, archived_by, archived_by_role, reason, cause)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (tr_number) DO NOTHING`,
      [d.trNumber, fact.owner_id, fact.title, fact.material_type, fact.cryptographic_hash, fact.registered_at, d.at, d.by, d.role, d.reason, d.cause],
    );
    return;
  }
  if (isEvent(event, 'RegistrationRestored')) {
    const fact = await factOf(tx, event.data.trNumber);
    if (!fact || !fact.archived) return;
    await tx.query('UPDATE admin_registration_facts SET archived = false WHERE tr_number = $1', [event.data.trNumber]);
    await moveActive(tx, fact, 1);
    await tx.query('DELETE FROM forever_database WHERE tr_number = $1', [event.data.trNumber]);
    return;
  }
  if (isEvent(event, 'RegistrationCorrected') && event.data.title !== undefined) {
    await tx.query('UPDATE admin_registration_facts SET title = $2 WHERE tr_number = $1', [event.data.trNumber, event.data.title]);
  }
}

const ADMIN_EVENT_TYPES = [
  'UserRegistered',
  'ProfileUpdated',
  'AccountDeleted',
  'TitleRegistered',
  'RegistrationArchived',
  'RegistrationRestored',
  'RegistrationCorrected',
] as const;

export const adminProjection: Projection = {
  name: 'admin',
  tables: [
    'admin_totals',
    'admin_registrations_by_day',
    'admin_material_type_stats',
    'admin_registrations_by_geo',
    'admin_user_stats',
    'admin_registration_facts',
    'forever_database',
  ],
  async apply(events, tx) {
    // Registrations one after another are counted together; any other event of ours ends the run.
    let run: Registered[] = [];
    for (const event of events) {
      if (isEvent(event, 'TitleRegistered')) run.push(event.data);
      else if (isEvent(event, ...ADMIN_EVENT_TYPES)) {
        await addRegistrations(tx, run);
        run = [];
        await applyOne(event, tx);
      }
    }
    await addRegistrations(tx, run);
  },
};
