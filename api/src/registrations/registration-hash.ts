// The registration's cryptographic hash: the value the ledger anchors (docs/registration-hash.md).
//
// Version 1 (registrations before issue 17): SHA-256 of the UTF-8 bytes of the JSON array
//   ["titleledger/registration/v1", trNumber, title, ownerId, materialType, intendedMedium,
//    fileContentHash, registeredAt]
// — anyone holding the metadata recomputes it, but it leaves out what the certificate shows besides.
//
// Version 2: a salted commitment to everything the certificate shows, SHA-256 of the UTF-8 bytes of
//   ["titleledger/registration/v2", trNumber, title, ownerId, registrantName, materialType,
//    intendedMedium, description, fileName, fileSize (base-10 digits), mimeType, fileContentHash,
//    registeredAt, salt (64 lowercase hex: 32 random bytes)]
// The salt is sealed with the owner's key and only ever given out in clear in the owner's `.tr`, so
// the anchored value reveals nothing (no guessing a name against it) yet the `.tr` proves every field.
// Every element is a string, encoded as ECMAScript JSON.stringify writes it, no whitespace.
import { createHash, randomBytes } from 'node:crypto';


const TAG_V1 = 'titleledger/registration/v1';
const TAG_V2 = 'titleledger/registration/v2';
const HEX_64 = /^[0-9a-f]{64}$/;

export interface RegistrationHashInputV1 {
  readonly trNumber: string;
  readonly title: string;
  readonly ownerId: string;
  readonly materialType: string;
  readonly intendedMedium: string;
  readonly fileContentHash: string;
  /** ISO 8601 UTC with milliseconds, e.g. 2026-01-02T03:04:05.678Z. */
  readonly registeredAt: string;
}

export interface RegistrationHashInputV2 extends RegistrationHashInputV1 {
  readonly registrantName: string;
  readonly description: string;
  readonly fileName: string;
  /** Bytes; a safe non-negative integer. */
  readonly fileSize: number;
  readonly mimeType: string;
  /** 64 lowercase hex digits (32 random bytes); the commitment's blinding. */
  readonly salt: string;
}

function checkCommon(input: RegistrationHashInputV1): void {
  if (!HEX_64.test(input.fileContentHash)) throw new Error('fileContentHash must be 64 lowercase hex digits');
  if (Number.isNaN(Date.parse(input.registeredAt)) || new Date(input.registeredAt).toISOString() !== input.registeredAt) {
    throw new Error('registeredAt must be ISO 8601 UTC with milliseconds');
  }
}

export function canonicalRegistrationBytes(input: RegistrationHashInputV1): Buffer {
  checkCommon(input);
  const { trNumber, title, ownerId, materialType, intendedMedium, fileContentHash, registeredAt } = input;
  return Buffer.from(JSON.stringify([TAG_V1, trNumber, title, ownerId, materialType, intendedMedium, fileContentHash, registeredAt]), 'utf8');
}

export function canonicalRegistrationBytesV2(input: RegistrationHashInputV2): Buffer {
  checkCommon(input);
  if (!HEX_64.test(input.salt)) throw new Error('salt must be 64 lowercase hex digits');
  if (!Number.isSafeInteger(input.fileSize) || input.fileSize < 0) throw new Error('fileSize must be a non-negative safe integer');
  return Buffer.from(
    JSON.stringify([
      TAG_V2,
      input.trNumber,
      input.title,
      input.ownerId,
      input.registrantName,
      input.materialType,
      input.intendedMedium,
      input.description,
      input.fileName,
      String(input.fileSize),
      input.mimeType,
      input.fileContentHash,
      input.registeredAt,
      input.salt,
    ]),
    'utf8',
  );
}

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Version 1: kept so registrations (and `.tr` files) hashed before version 2 keep verifying. */
export function registrationHash(input: RegistrationHashInputV1): string {
  return sha256Hex(canonicalRegistrationBytes(input));
}

export function registrationHashV2(input: RegistrationHashInputV2): string {
  return sha256Hex(canonicalRegistrationBytesV2(input));
}

/** A fresh commitment salt: 32 bytes from the CSPRNG, as 64 lowercase hex digits. */
export function newCommitmentSalt(): string {
  return randomBytes(32).toString('hex');
}
