// The registration's events, on stream `title-<trNumber>`. Other features depend on this shape:
// the ledger anchors `cryptographicHash`, search indexes title, registrant and material type.
// Registered in the event catalogue (../events/index.ts); read them through it.
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase SHA-256 hex digest');
const isoTime = z.iso.datetime();

export const titleRegisteredSchema = z.object({
  trNumber: z.string().min(1),
  title: z.string(),
  ownerId: z.string().min(1),
  /** "First Last": public registration metadata (the spec makes registrations searchable by it). */
  registrantName: z.string(),
  materialType: z.string(),
  intendedMedium: z.string(),
  description: z.string(),
  /** SHA-256 of the uploaded bytes, lowercase hex. */
  fileContentHash: sha256Hex,
  /** SHA-256 of the canonical encoding (registration-hash.ts), lowercase hex. */
  cryptographicHash: sha256Hex,
  hashVersion: z.number().int().positive(),
  /** The payment this registration consumed (stream `payment-<paymentId>`). */
  paymentId: z.string().min(1),
  /** The encrypted work in the blob store. */
  blobId: z.string().min(1),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  mimeType: z.string(),
  /** ISO 8601 UTC with milliseconds; part of the hash. */
  registeredAt: isoTime,
  /**
   * E-mail, phone and postal address: personal data, sealed with the owner's key (accounts
   * crypto `seal`, `v1.…`), so destroying that key forgets them (crypto-shredding).
   */
  contact: z.string().startsWith('v1.'),
});

export const titleEvents = defineEvents({
  TitleRegistered: { schemaVersion: 1, schema: titleRegisteredSchema },
  RegistrationArchived: {
    schemaVersion: 1,
    schema: z.object({ trNumber: z.string().min(1), archivedAt: isoTime, reason: z.string().nullable() }),
  },
});

export type TitleEvent = EventsOf<typeof titleEvents>;
export type TitleRegisteredData = z.infer<typeof titleRegisteredSchema>;
