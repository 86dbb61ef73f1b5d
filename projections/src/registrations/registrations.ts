// The registrations read model: one row per title, read by the user's lists, dashboard stats,
// certificates and downloads (the API's registrations queries), search and admin views.
// `status` is 'pending' until the ledger anchors the registration ('registered'); archived rows stay
// (the Forever Database keeps them) but leave the lists until restored. An admin's correction
// changes the shown title or description; `registered_title` keeps the title as hashed.
import { isEvent, type EventData } from '@titleledger/api/events';
import type { Migration } from '@titleledger/api/runtime';
import type { Projection } from '../runner/projection.js';

export const registrationsMigrations: readonly Migration[] = [
  {
    id: 'projections/020-registrations',
    sql: `
      CREATE TABLE registrations (
        tr_number text PRIMARY KEY,
        owner_id text NOT NULL,
        title text NOT NULL,
        registrant_name text NOT NULL,
        material_type text NOT NULL,
        intended_medium text NOT NULL,
        description text NOT NULL DEFAULT '',
        cryptographic_hash text NOT NULL,
        file_content_hash text NOT NULL,
        hash_version integer NOT NULL DEFAULT 1,
        status text NOT NULL DEFAULT 'pending',
        registration_date timestamptz NOT NULL,
        file_name text,
        file_size bigint,
        mime_type text,
        blob_id text,
        payment_id text,
        archived boolean NOT NULL DEFAULT false,
        archived_at timestamptz
      );
      CREATE INDEX registrations_by_owner ON registrations (owner_id, registration_date DESC);
      CREATE INDEX registrations_by_date ON registrations (registration_date DESC);
      CREATE INDEX registrations_by_hash ON registrations (cryptographic_hash);
    `,
  },
  {
    // Admins' corrections (RegistrationCorrected): the shown title changes, the registered one is kept.
    id: 'projections/021-registrations-corrections',
    sql: `
      ALTER TABLE registrations ADD COLUMN registered_title text, ADD COLUMN corrections integer NOT NULL DEFAULT 0;
    `,
  },
  {
    // A verifier holding only the work looks its registrations up by the file's SHA-256 (GET /api/titles/by-hash).
    id: 'projections/022-registrations-by-file-hash',
    sql: `
      CREATE INDEX registrations_by_file_hash ON registrations (file_content_hash);
    `,
  },
];

export const registrationsProjection: Projection = {
  name: 'registrations',
  tables: ['registrations'],
  // A submission answers once its TitleRegistered is here (the API's read-your-writes wait).
  commitFirstOn: ['TitleRegistered'],
  async apply(events, tx) {
    const registered = events.filter((e) => isEvent(e, 'TitleRegistered')).map((e) => e.data);
    if (registered.length > 0) {
      const column = <K extends keyof EventData<'TitleRegistered'>>(key: K) => registered.map((r) => r[key]);
      await tx.query(
        `INSERT INTO registrations (tr_number, owner_id, title, registrant_name, material_type, intended_medium,
                                    description, cryptographic_hash, file_content_hash, hash_version,
                                    registration_date, file_name, file_size, mime_type, blob_id, payment_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::text[], $9::text[], $10::int[], $11::timestamptz[], $12::text[], $13::bigint[],
                              $14::text[], $15::text[], $16::text[])
         ON CONFLICT (tr_number) DO NOTHING`,
        [
          column('trNumber'),
          column('ownerId'),
          column('title'),
          column('registrantName'),
          column('materialType'),
          column('intendedMedium'),
          column('description'),
          column('cryptographicHash'),
          column('fileContentHash'),
          column('hashVersion'),
          column('registeredAt'),
          column('fileName'),
          column('fileSize'),
          column('mimeType'),
          column('blobId'),
          column('paymentId'),
        ],
      );
    }
    // Archiving, restoring and corrections come after registering in the log, so they are applied
    // after this batch's inserts, in log order.
    for (const event of events) {
      if (isEvent(event, 'RegistrationArchived')) {
        // Archived again with its owner's account: the date it left the lists stays the first archive's.
        await tx.query('UPDATE registrations SET archived = true, archived_at = $2 WHERE tr_number = $1 AND NOT archived', [event.data.trNumber, event.data.at]);
      } else if (isEvent(event, 'RegistrationRestored')) {
        await tx.query('UPDATE registrations SET archived = false, archived_at = NULL WHERE tr_number = $1', [event.data.trNumber]);
      } else if (isEvent(event, 'RegistrationCorrected')) {
        // The title as registered (and hashed) is kept once, the first time a correction changes it.
        await tx.query(
          `UPDATE registrations
              SET registered_title = CASE WHEN $2::text IS NOT NULL THEN coalesce(registered_title, title) ELSE registered_title END,
                  title = coalesce($2::text, title),
                  description = coalesce($3::text, description),
                  corrections = corrections + 1
            WHERE tr_number = $1`,
          [event.data.trNumber, event.data.title ?? null, event.data.description ?? null],
        );
      }
    }
  },
};
