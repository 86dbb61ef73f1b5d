// The works in the blob store, moved to the current server key by a rotation (`npm run admin --
// rotate-secret-key`): each blob's document key is wrapped again, its ciphertext kept as it is. Every
// blob the log names (TitleRegistered, and a PaymentConsumed whose registration a crash left to
// complete) is visited; a blob already under the current key is left alone, so a rerun goes on
// where a stopped one ended.
import type { BlobStore } from '../documents/blob-store.js';
import { rewrapBlob } from '../documents/envelope.js';
import { eventTypes, isEvent } from '../events/index.js';
import type { Position } from '../eventstore/position.js';
import type { EventStore } from '../eventstore/types.js';

const PAGE = 5000;

export interface RewrappedDocuments {
  readonly moved: number;
  readonly already: number;
  /** Named by the log but not in the store: lost (blobs are never deleted); restore them from a backup. */
  readonly missing: number;
  /** Opened by no key held, or altered: left as they are. */
  readonly unreadable: readonly string[];
}

/** Every blob id the log names, in the order it names them. */
async function namedBlobs(store: EventStore): Promise<string[]> {
  const ids = new Set<string>();
  for (let from: Position | undefined; ; ) {
    const page = await store.readAll({ ...(from ? { from } : {}), maxCount: PAGE, eventTypes: eventTypes('PaymentConsumed', 'TitleRegistered') });
    if (page.length === 0) break;
    for (const event of page) {
      if (isEvent(event, 'TitleRegistered')) ids.add(event.data.blobId);
      else if (isEvent(event, 'PaymentConsumed')) ids.add(event.data.registration.blobId);
    }
    from = page[page.length - 1]!.position;
  }
  return [...ids];
}

/** `wrappingKeys`: the blobs' wrapping keys, the current server key's first (ServerKeyring.derived). */
export async function rewrapDocuments(store: EventStore, blobs: BlobStore, wrappingKeys: readonly Buffer[]): Promise<RewrappedDocuments> {
  let moved = 0;
  let already = 0;
  let missing = 0;
  const unreadable: string[] = [];
  for (const blobId of await namedBlobs(store)) {
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
  return { moved, already, missing, unreadable };
}
