// The registration's events, on stream `title-<trNumber>`. Other features depend on this shape:
// the ledger anchors `cryptographicHash`, search indexes title, registrant and material type.
import type { Event } from '../domain/decider.js';

export interface TitleRegisteredData {
  readonly trNumber: string;
  readonly title: string;
  readonly ownerId: string;
  /** "First Last": public registration metadata (the spec makes registrations searchable by it). */
  readonly registrantName: string;
  readonly materialType: string;
  readonly intendedMedium: string;
  readonly description: string;
  /** SHA-256 of the uploaded bytes, lowercase hex. */
  readonly fileContentHash: string;
  /** SHA-256 of the canonical encoding (registration-hash.ts), lowercase hex. */
  readonly cryptographicHash: string;
  readonly hashVersion: number;
  /** The payment this registration consumed (stream `payment-<paymentId>`). */
  readonly paymentId: string;
  /** The encrypted work in the blob store. */
  readonly blobId: string;
  readonly fileName: string;
  readonly fileSize: number;
  readonly mimeType: string;
  /** ISO 8601 UTC with milliseconds; part of the hash. */
  readonly registeredAt: string;
  /**
   * E-mail, phone and postal address: personal data, sealed with the owner's key (accounts
   * crypto `seal`, `v1.…`), so destroying that key forgets them (crypto-shredding).
   */
  readonly contact: string;
}

export interface RegistrationArchivedData {
  readonly trNumber: string;
  readonly archivedAt: string;
  readonly reason: string | null;
}

export type TitleRegistered = Event<'TitleRegistered', TitleRegisteredData>;
export type RegistrationArchived = Event<'RegistrationArchived', RegistrationArchivedData>;
export type RegistrationEvent = TitleRegistered | RegistrationArchived;

export const registrationSchemaVersions = { TitleRegistered: 1, RegistrationArchived: 1 } as const;
