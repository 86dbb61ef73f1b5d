// A deleted account's titles go to the Forever Database with it, every one of them: a title left
// active would keep the deleted person's name in search and /verify. Both deletions (the owner's,
// accounts/use-cases/delete-account.ts; an admin's, admin-portal/admin-actions.ts) call this after
// appending AccountDeleted, so any restore that reads the owner's stream from then on is refused
// (RestoreRegistration.ownerDeleted). Then:
//
// 1. Every title of the owner's that the `registrations` read model lists is archived with the
//    account's cause, those archived on their own too: the title's own stream then says it stays
//    archived, so a restore that read the owner's stream before the deletion meets a new revision
//    when it appends (409), and is refused when it reads the title again.
// 2. Once the read model has applied the deletion, it lists every title registered before it in the
//    log, one whose projection had not run during 1. included: those 1. did not see are archived.
//
// Each title's work (its encrypted upload in the blob store) is deleted once the title is archived
// with the account: the server could still open it with its own key, and nothing may serve it again
// (its owner is gone, and a title archived with its account is never restored). What proves the
// registration stays: its hashes, TR number, anchor and proof, and the .tr file its owner holds,
// which carries the work itself.
//
// Safe to repeat: a title archived with its account is left alone, a work deleted already is no error. A registration appended after the
// deletion, whose session and owner's key were read before it, is archived by the late-registration
// sweep (late-registrations.ts).
import type pg from 'pg';
import type { BlobStore } from '../documents/blob-store.js';
import { handleCommandDecidingAgain, type CommandContext } from '../domain/command-handler.js';
import type { Position } from '../eventstore/position.js';
import type { EventStore } from '../eventstore/types.js';
import { titleDecider, type TitleCommand } from './decider.js';
import { titlesOf } from './queries.js';
import { titleStream } from './tr-number.js';

export interface ArchiveWithAccountDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  /** The API's read-your-writes wait (http/projection-waiter.ts). */
  readonly waitForProjections: (position: Position | undefined, readModels: readonly string[]) => Promise<void>;
  /** The works' blob store (DATA_DIR/blobs): a deleted account's works are deleted from it. */
  readonly works: Pick<BlobStore, 'delete' | 'has'>;
}

/** Who deleted the account, why and when: each title's RegistrationArchived says it. */
export type AccountArchive = Omit<Extract<TitleCommand, { type: 'ArchiveRegistration' }>, 'type' | 'cause'> & {
  readonly cause: 'admin_deleted_user' | 'owner_deleted_account';
};

export interface ArchivedWithAccount {
  /** Titles that were active until now. */
  readonly archived: number;
  /** Where the last archive was written; undefined when nothing was. */
  readonly position?: Position;
}

/** The reason a title archived with its owner's own deletion gives. */
export const OWNER_DELETION_REASON = 'Account deleted by its owner';

/** A concurrent change of one title (a restore, a correction) is decided again, at most this often. */
const TRIES = 3;

/** Archives every title of `ownerId`, whose AccountDeleted is at `deletedAt` (or before). */
export async function archiveTitlesWithAccount(
  deps: ArchiveWithAccountDeps,
  ownerId: string,
  archive: AccountArchive,
  deletedAt: Position,
  context: CommandContext,
): Promise<ArchivedWithAccount> {
  const seen = new Set<string>();
  let archived = 0;
  let position: Position | undefined;
  const archiveListed = async () => {
    for (const { trNumber, blobId } of await titlesOf(deps.pool, ownerId)) {
      if (seen.has(trNumber)) continue;
      seen.add(trNumber);
      const written = await archiveOne(deps.store, trNumber, archive, context);
      if (blobId) await deps.works.delete(blobId);
      if (!written) continue;
      position = written.position;
      if (written.wasActive) archived += 1;
    }
  };
  await archiveListed();
  await deps.waitForProjections(deletedAt, ['registrations']);
  await archiveListed();
  return { archived, ...(position ? { position } : {}) };
}

async function archiveOne(
  store: EventStore,
  trNumber: string,
  archive: AccountArchive,
  context: CommandContext,
): Promise<{ position: Position; wasActive: boolean } | null> {
  let wasActive = false;
  const { appended } = await handleCommandDecidingAgain(
    store,
    titleStream(trNumber),
    titleDecider,
    (title) => {
      wasActive = title.status === 'registered' && title.archiveCause === null;
      return { type: 'ArchiveRegistration' as const, ...archive };
    },
    context,
    TRIES,
  );
  return appended ? { position: appended.position, wasActive } : null;
}
