// The registration's events, on stream `title-<trNumber>`. Other features depend on this shape:
// the ledger anchors `cryptographicHash`, search indexes title, registrant and material type.
// Registered in the event catalogue (../events/index.ts); read them through it.
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';
import { STAFF_ROLES } from '../schemas/staff.js';

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
  /** SHA-256 of the canonical encoding (registration-hash.ts), lowercase hex: the anchored value. */
  cryptographicHash: sha256Hex,
  /** 1: the early encoding (no salt); 2: the salted commitment to every field the certificate shows. */
  hashVersion: z.number().int().min(1).max(2),
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
  /**
   * Version 2's commitment salt (64 hex digits), sealed with the owner's key like `contact`: never in
   * clear in the log, so crypto-shredding the owner leaves the anchored commitment unopenable.
   * Absent from version 1 registrations (an additive member: version 1 data still parses).
   */
  commitmentSalt: z.string().startsWith('v1.').optional(),
}).refine((r) => (r.hashVersion === 2) === (r.commitmentSalt !== undefined), {
  message: 'a version 2 registration hash carries its sealed salt, a version 1 hash none',
  path: ['commitmentSalt'],
});

/** Who acted: a staff account's id and role, or null `role` when the owner's own account deletion did it. */
const staffActor = { by: z.string().min(1), role: z.enum(STAFF_ROLES).nullable() };

/**
 * The registration leaves search, the owner's lists and the active counts, and stays in the log and
 * the Forever Database (seed 4.4). `cause` says which action took it there.
 */
const registrationArchivedSchema = z.object({
  trNumber: z.string().min(1),
  ...staffActor,
  reason: z.string().min(1),
  cause: z.enum(['admin_deleted_registration', 'admin_deleted_user', 'owner_deleted_account']),
  at: isoTime,
});

/** A master admin brought an archived registration back: it is active again everywhere. */
const registrationRestoredSchema = z.object({
  trNumber: z.string().min(1),
  by: z.string().min(1),
  reason: z.string().nullable(),
  at: isoTime,
});

/**
 * An admin's correction of the editable metadata. The registration as hashed (and its anchored
 * hash) never changes: the correction is shown beside it. Only the fields given change.
 */
const registrationCorrectedSchema = z.object({
  trNumber: z.string().min(1),
  by: z.string().min(1),
  role: z.enum(STAFF_ROLES),
  reason: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  at: isoTime,
});

export const titleEvents = defineEvents({
  TitleRegistered: { schemaVersion: 1, schema: titleRegisteredSchema },
  // Never written before issue 15 (no log holds the earlier shape), so it keeps version 1.
  RegistrationArchived: { schemaVersion: 1, schema: registrationArchivedSchema },
  RegistrationRestored: { schemaVersion: 1, schema: registrationRestoredSchema },
  RegistrationCorrected: { schemaVersion: 1, schema: registrationCorrectedSchema },
});

export type TitleEvent = EventsOf<typeof titleEvents>;
export type TitleRegisteredData = z.infer<typeof titleRegisteredSchema>;
export type RegistrationArchivedData = z.infer<typeof registrationArchivedSchema>;
