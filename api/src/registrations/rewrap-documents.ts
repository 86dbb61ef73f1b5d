// The works in the blob store, moved to the current server key by a rotation (`npm run admin --
// rotate-secret-key`): each blob's document key is wrapped again, its ciphertext kept as it is. Every
// blob the log names (TitleRegistered, and a PaymentConsumed whose registration a crash left to
// complete) is visited; a blob already under the current key is left alone, so a rerun goes on
// where a stopped one ended. The works of deleted accounts are not: a deletion deletes them
// (archive-with-account.ts), and one still there (a deletion that stopped before it) is left under
// the previous key, which opens it no more once that key is retired.
import { userStreamId } from '../accounts/events.js';
import type { BlobStore } from '../documents/blob-store.js';
import { rewrapBlob } from '../documents/envelope.js';
import { eventTypes, isEvent } from '../events/index.js';
import type { Position } from '../eventstore/position.js';
import type { EventStore } from '../eventstore/types.js';

const PAGE = 5000;

export interface RewrappedDocuments {
  readonly moved: number;
  readonly already: number;
  /** Named by the log but not in the store: lost (only a deleted account's works are deleted); restore them from a backup. */
  readonly missing: number;
  /** Works of deleted accounts, deleted with them (or to be): not visited. */
  readonly forgotten: number;
  /** Opened by no key held, or altered: left as they are. */
  readonly unreadable: readonly string[];
}

/** Every blob id the log names, in the order it names them, apart from those of deleted accounts (counted). */
async function namedBlobs(store: EventStore): Promise<{ ids: string[]; forgotten: number }> {
  const owners = new Map<string, string>();
  const deleted = new Set<string>();
  for (let from: Position | undefined; ; ) {
    const page = await store.readAll({ ...(from ? { from } : {}), maxCount: PAGE, eventTypes: eventTypes('PaymentConsumed', 'TitleRegistered', 'AccountDeleted') });
    if (page.length === 0) break;
    for (const event of page) {
      if (isEvent(event, 'TitleRegistered')) owners.set(event.data.blobId, event.data.ownerId);
      else if (isEvent(event, 'PaymentConsumed')) owners.set(event.data.registration.blobId, event.data.registration.ownerId);
      else if (isEvent(event, 'AccountDeleted')) deleted.add(event.streamId.slice(userStreamId('').length));
    }
    from = page[page.length - 1]!.position;
  }
  const ids = [...owners].flatMap(([blobId, ownerId]) => (deleted.has(ownerId) ? [] : [blobId]));
  return { ids, forgotten: owners.size - ids.length };
}

/** `wrappingKeys`: the blobs' wrapping keys, the current server key's first (ServerKeyring.derived). */
export async function rewrapDocuments(store: EventStore, blobs: BlobStore, wrappingKeys: readonly Buffer[]): Promise<RewrappedDocuments> {
  let moved = 0;
  let already = 0;
  let missing = 0;
  const unreadable: string[] = [];
  const { ids, forgotten } = await namedBlobs(store);
  for (const blobId of ids) {
    let blob: Buffer;
    try {
      blob = await blobs.get(blobId);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing += 1;
      continue;
    }
    let rewrapped: Buffer[] | null;
    try {
      rewrapped = rewrapBlob(blob, wrappingKeys, blobId);
    } catch {
      unreadable.push(blobId);
      continue;
    }
    if (!rewrapped) {
      already += 1;
      continue;
    }
    // Written aside and renamed over the old one (BlobStore.put): a reader sees one or the other, whole.
    const { durable } = await blobs.put(blobId, (async function* () {
      yield* rewrapped;
    })());
    await durable;
    moved += 1;
  }
  return { moved, already, missing, forgotten, unreadable };
}
