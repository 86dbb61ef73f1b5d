// What a `.tr` file says about its registration: the registration exactly as it was hashed, read
// from its TitleRegistered event (the read model shows admins' later corrections, which the anchored
// hash never covers), with hash version 2's salt opened with the owner's key. The salt is the one
// secret here: it leaves the server only in this owner's (or an admin's) download.
import { AppError } from '../errors.js';
import type { EventStore } from '../eventstore/index.js';
import { isEvent } from '../events/index.js';
import type { TrRegistration } from '../tr-bundle/bundle.js';
import { titleStream } from './tr-number.js';

/** Opens a value sealed for the owner; null when the owner's key is gone (crypto-shredded). */
export type OpenForOwner = (ownerId: string, sealed: string) => Promise<unknown>;

export async function bundleRegistration(store: EventStore, openForOwner: OpenForOwner, trNumber: string, status: string): Promise<TrRegistration> {
  const registered = (await store.readStream(titleStream(trNumber))).find((event) => isEvent(event, 'TitleRegistered'));
  if (!registered || !isEvent(registered, 'TitleRegistered')) throw new Error(`No TitleRegistered event on ${titleStream(trNumber)}`);
  const r = registered.data;
  let commitmentSalt: string | undefined;
  if (r.commitmentSalt !== undefined) {
    const opened = (await openForOwner(r.ownerId, r.commitmentSalt)) as { salt?: unknown } | null;
    if (typeof opened?.salt !== 'string') {
      throw new AppError(
        'conflict',
        "The owner's account was closed and its keys destroyed, so this registration's commitment can no longer be opened: no .tr file can prove its details any more. Its anchor and public record remain.",
      );
    }
    commitmentSalt = opened.salt;
  }
  return {
    trNumber: r.trNumber,
    title: r.title,
    registrantName: r.registrantName,
    ownerId: r.ownerId,
    materialType: r.materialType,
    intendedMedium: r.intendedMedium,
    description: r.description,
    registeredAt: r.registeredAt,
    fileName: r.fileName,
    fileSize: r.fileSize,
    mimeType: r.mimeType,
    fileContentHash: r.fileContentHash,
    cryptographicHash: r.cryptographicHash,
    hashVersion: r.hashVersion,
    ...(commitmentSalt !== undefined ? { commitmentSalt } : {}),
    status,
  };
}
