// Renders each registration's certificate in the background when the registration reaches a new
// state (issue 18 item 2): registered (pending), corrected, anchored. It follows the log from where
// it stood at start (`TitleRegistered`, `RegistrationCorrected`, the batch's `RootAnchored`), waits
// until the read models the certificate is made from have the event (`registrations`, and the
// ledger's `registration-proofs` for an anchor), and asks the cache for the certificate with
// background priority, so a request finds it rendered. Requests come first: each certificate waits
// for a quiet moment of the API (`RequestActivity`), or at most DEFER_MS after its event was read.
// Anything missed (a state reached while no instance ran, a read model still behind after the wait)
// is rendered on its first request instead.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { CertificateCache } from '../certificates/certificate-cache.js';
import type { CertificateData } from '../certificates/certificate-document.js';
import type { EventStore, Position, RecordedEvent, Subscription } from '../eventstore/index.js';
import { eventTypes, isEvent } from '../events/index.js';
import { batchStream } from '../anchoring/events.js';
import { findRegistrationsWithAnchors, type RegistrationWithAnchor } from '../tr-bundle/proof.js';

/** The certificate of a registration as the read models show it now. */
export function certificateData(publicUrl: string, { registration: row, anchor }: RegistrationWithAnchor): CertificateData {
  return {
    trNumber: row.tr_number,
    title: row.title,
    registrantName: row.registrant_name,
    materialType: row.material_type,
    intendedMedium: row.intended_medium,
    registeredAt: row.registration_date,
    cryptographicHash: row.cryptographic_hash,
    fileContentHash: row.file_content_hash,
    status: row.status,
    anchor,
    // The QR code and link open the registration's public record page (its anchor and a file check).
    verifyUrl: `${publicUrl}/titles/${encodeURIComponent(row.tr_number)}`,
  };
}

const WAIT_MS = 30_000;
/** How many registrations one query looks up for rendering. */
const LOOKUP_CHUNK = 100;
/** How long a certificate's rendering may wait for a quiet moment: after that it is rendered anyway. */
const DEFER_MS = 10_000;

/**
 * Resolves once checkpoint `name` of `table` has passed `position`, or when there is no such
 * checkpoint here (the read model is not in this database), or after WAIT_MS (rendering then shows
 * what is there; the request for the newer state renders it).
 */
async function caughtUp(pool: pg.Pool, table: 'projection_checkpoints' | 'ledger_checkpoints', name: string, position: Position): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (let pause = 5; Date.now() < deadline; pause = Math.min(pause * 2, 200)) {
    const { rows } = await pool
      .query<{ done: boolean }>(
        `SELECT (commit_position, prepare_position) >= ($2::bigint, $3::bigint) AS done FROM ${table} WHERE name = $1`,
        [name, position.commit.toString(), position.prepare.toString()],
      )
      .catch(() => ({ rows: [] }));
    if (rows.length === 0 || rows[0]!.done) return;
    await sleep(pause);
  }
}

export interface CertificateRendererDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly publicUrl: string;
  readonly cache: CertificateCache;
  readonly log: FastifyBaseLogger;
  /** Resolves at a quiet moment of the API, or at the deadline given (`RequestActivity.quiet`). */
  readonly quiet?: (deadline: number) => Promise<void>;
}

async function renderAfter(deps: CertificateRendererDeps, events: readonly RecordedEvent[]): Promise<void> {
  const deadline = Date.now() + DEFER_MS;
  await deps.quiet?.(deadline);
  const trNumbers = new Set<string>();
  let anchored = false;
  for (const event of events) {
    if (isEvent(event, 'TitleRegistered', 'RegistrationCorrected')) trNumbers.add(event.data.trNumber);
    else if (isEvent(event, 'RootAnchored')) {
      anchored = true;
      for (const sealed of await deps.store.readStream(batchStream(event.data.batchId))) {
        if (isEvent(sealed, 'BatchSealed')) for (const tr of sealed.data.trNumbers) trNumbers.add(tr);
      }
    }
  }
  const position = events[events.length - 1]!.position;
  await caughtUp(deps.pool, 'projection_checkpoints', 'registrations', position);
  if (anchored) await caughtUp(deps.pool, 'ledger_checkpoints', 'registration-proofs', position);
  // An anchored batch names many registrations: they are looked up LOOKUP_CHUNK at a time, each
  // chunk just before its certificates are rendered.
  const all = [...trNumbers];
  for (let start = 0; start < all.length; start += LOOKUP_CHUNK) {
    await deps.quiet?.(deadline);
    const found = await findRegistrationsWithAnchors(deps.pool, all.slice(start, start + LOOKUP_CHUNK));
    for (const registration of found.values()) {
      if (registration.registration.archived) continue;
      await deps.quiet?.(deadline);
      await deps.cache.file(certificateData(deps.publicUrl, registration)).read('background');
    }
  }
}

/** Follows the log from its head now; `stop` before the cache's pool closes. */
export async function startCertificateRenderer(deps: CertificateRendererDeps): Promise<Subscription> {
  return deps.store.subscribeAll({
    from: await deps.store.headPosition(),
    eventTypes: eventTypes('TitleRegistered', 'RegistrationCorrected', 'RootAnchored'),
    onEvents: async (events) => {
      try {
        await renderAfter(deps, events);
      } catch (error) {
        // A certificate not rendered now is rendered on its first request: never stop following.
        deps.log.warn({ err: error }, 'background certificate rendering failed');
      }
    },
    onError: (error) => deps.log.warn({ err: error }, 'certificate renderer: reading the log failed'),
  });
}
