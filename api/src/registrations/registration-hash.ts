// The registration's cryptographic hash: SHA-256 over a canonical encoding of what was registered,
// so anyone holding the metadata can recompute it (docs/registration-hash.md).
//
// Version 1: the UTF-8 bytes of the JSON array (ECMAScript JSON.stringify, no whitespace)
//   ["titleledger/registration/v1", trNumber, title, ownerId, materialType, intendedMedium,
//    fileContentHash (64 lowercase hex), registeredAt (ISO 8601 UTC with milliseconds)]
// every element a string, exactly as stored in the TitleRegistered event.
import { createHash } from 'node:crypto';

export const REGISTRATION_HASH_VERSION = 1;
const TAG_V1 = 'titleledger/registration/v1';

export interface RegistrationHashInput {
  readonly trNumber: string;
  readonly title: string;
  readonly ownerId: string;
  readonly materialType: string;
  readonly intendedMedium: string;
  readonly fileContentHash: string;
  /** ISO 8601 UTC with milliseconds, e.g. 2026-01-02T03:04:05.678Z. */
  readonly registeredAt: string;
}

export function canonicalRegistrationBytes(input: RegistrationHashInput): Buffer {
  if (!/^[0-9a-f]{64}$/.test(input.fileContentHash)) throw new Error('fileContentHash must be 64 lowercase hex digits');
  if (new Date(input.registeredAt).toISOString() !== input.registeredAt) {
    throw new Error('registeredAt must be ISO 8601 UTC with milliseconds');
  }
  return Buffer.from(
    JSON.stringify([
      TAG_V1,
      input.trNumber,
      input.title,
      input.ownerId,
      input.materialType,
      input.intendedMedium,
      input.fileContentHash,
      input.registeredAt,
    ]),
    'utf8',
  );
}

export function registrationHash(input: RegistrationHashInput): string {
  return createHash('sha256').update(canonicalRegistrationBytes(input)).digest('hex');
}
