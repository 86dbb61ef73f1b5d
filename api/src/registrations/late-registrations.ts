// The one title an account's deletion cannot see: a registration in flight while the account was
// deleted, whose session and owner's key were read before the deletion and whose TitleRegistered
// lands after it in the log. The deletion's own sweep (archive-with-account.ts) lists the titles the
// read model has up to its AccountDeleted, so it misses that one, and it would stay in search and
// /verify with the deleted person's name.
//
// This follows the log's TitleRegistered events (from its head when the API starts; every API
// process runs one, and archiving is idempotent). For each batch it waits until the `users` read
// model has passed the batch, then asks which owners have no row any more: an owner deleted before
// the registration (AccountDeleted removes the row). Their titles are archived with the account, as
// the deletion would have; the archive's data names whoever deleted it, its actor is the system.
// Nothing is read on the request path. `archiveTitlesOfDeletedOwners` does the same at start for
// whatever the sweep cannot see.
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { userStreamId } from '../accounts/events.js';
import type { CommandContext } from '../domain/command-handler.js';
import type { Subscription } from '../eventstore/index.js';
import { eventTypes, isEvent } from '../events/index.js';
import { archiveTitlesWithAccount, OWNER_DELETION_REASON, type AccountArchive, type ArchiveWithAccountDeps } from './archive-with-account.js';

export interface LateRegistrationsDeps extends ArchiveWithAccountDeps {
  readonly log: FastifyBaseLogger;
}

const context = (): CommandContext => ({
  actor: { kind: 'system', id: 'deleted-account-sweep', role: null },
  correlationId: 'deleted-account-sweep',
  now: new Date(),
});

/** Owners among `ownerIds` with no row in the `users` read model: deleted accounts. */
async function deletedOwners(pool: pg.Pool, ownerIds: readonly string[]): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>('SELECT id::text AS id FROM users WHERE id::text = ANY($1::text[])', [ownerIds]);
  const living = new Set(rows.map((r) => r.id));
  return ownerIds.filter((id) => !living.has(id));
}

/** Archives the titles of `ownerId` with its account, as the deletion on its stream would have. */
async function archiveWithDeletedAccount(deps: LateRegistrationsDeps, ownerId: string): Promise<number> {
  const deletion = (await deps.store.readStream(userStreamId(ownerId))).find((event) => isEvent(event, 'AccountDeleted'));
  // An owner the users read model does not hold for another reason (none is known): leave it.
  if (!deletion || !isEvent(deletion, 'AccountDeleted')) return 0;
  const now = context();
  const at = now.now.toISOString();
  const { byAdmin } = deletion.data;
  const archive: AccountArchive = byAdmin
    ? { by: byAdmin.by, role: byAdmin.role, reason: byAdmin.reason, cause: 'admin_deleted_user', at }
    : { by: ownerId, role: null, reason: OWNER_DELETION_REASON, cause: 'owner_deleted_account', at };
  const { archived } = await archiveTitlesWithAccount(deps, ownerId, archive, deletion.position, now);
  return archived;
}

/**
 * Every title still active whose owner's account is deleted, archived with it, and every work of such
 * an owner still in the blob store deleted: what the sweep below cannot see (a registration completed
 * by crash recovery at start, one appended while no API process ran, an owner's deletion that stopped
 * before its titles, the owners' deletions made before deleting an account archived anything, and
 * the deletions made before they deleted the works, until 2026-11-28). Runs at start, once the read
 * models have reached the log's head; an owner the users read model does not hold is only acted on if
 * its stream has AccountDeleted. Looking for works costs one file check per title of a deleted owner.
 */
export async function archiveTitlesOfDeletedOwners(deps: LateRegistrationsDeps): Promise<number> {
  await deps.waitForProjections(await deps.store.headPosition(), ['registrations', 'users']);
  const { rows } = await deps.pool.query<{ owner_id: string; active: boolean; blob_id: string | null }>(
    `SELECT r.owner_id, NOT r.archived AS active, r.blob_id FROM registrations r
      WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id::text = r.owner_id)`,
  );
  const owners = new Set<string>();
  for (const { owner_id: ownerId, active, blob_id: blobId } of rows) {
    if (!owners.has(ownerId) && (active || (blobId !== null && (await deps.works.has(blobId))))) owners.add(ownerId);
  }
  let archived = 0;
  for (const ownerId of owners) archived += await archiveWithDeletedAccount(deps, ownerId);
  if (owners.size > 0) deps.log.warn({ archived, owners: owners.size }, 'archived the titles and deleted the works of deleted accounts left behind');
  return archived;
}

/** Follows the log from its head now; `stop` before the pool closes. */
export async function startLateRegistrationSweep(deps: LateRegistrationsDeps): Promise<Subscription> {
  return deps.store.subscribeAll({
    from: await deps.store.headPosition(),
    eventTypes: eventTypes('TitleRegistered'),
    onEvents: async (events) => {
      try {
        const owners = [...new Set(events.flatMap((event) => (isEvent(event, 'TitleRegistered') ? [event.data.ownerId] : [])))];
        if (owners.length === 0) return;
        await deps.waitForProjections(events[events.length - 1]!.position, ['users']);
        for (const ownerId of await deletedOwners(deps.pool, owners)) {
          const archived = await archiveWithDeletedAccount(deps, ownerId);
          if (archived > 0) deps.log.warn({ ownerId, archived }, 'archived titles registered while their owner’s account was being deleted');
        }
      } catch (error) {
        // The next registration's batch looks again; an admin can also delete the account again.
        deps.log.warn({ err: error }, 'sweeping titles of deleted accounts failed');
      }
    },
    onError: (error) => deps.log.warn({ err: error }, 'deleted-account sweep: reading the log failed'),
  });
}
