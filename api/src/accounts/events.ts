// The events on a user's stream (`user-<id>`). Personal data never appears in clear: it travels as
// `sealed` strings (see crypto.ts) that open only while the user's key exists. Registered in the
// event catalogue (../events/index.ts).
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../events/define.js';
import { ACCOUNT_TYPES, notificationPreferencesSchema, userSchema } from '../schemas/session.js';
import { STAFF_ROLES } from '../schemas/staff.js';

export const userStreamId = (userId: string) => `user-${userId}`;

/** A value sealed with the user's key: `v1.<base64url>`. */
const sealed = z.string().startsWith('v1.');
const isoTime = z.string();

/** What a sealed profile holds: the personal fields of the user the API answers with. */
export const sealedProfileSchema = userSchema.pick({
  email: true,
  username: true,
  fullName: true,
  firstName: true,
  lastName: true,
  phone: true,
  address: true,
  city: true,
  state: true,
  zipCode: true,
  country: true,
});
export type SealedProfile = z.infer<typeof sealedProfileSchema>;

/** What a sealed card holds: the provider's summary, never the number. */
export const sealedCardSchema = z.object({
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});
export type SealedCard = z.infer<typeof sealedCardSchema>;

/** An admin's action on a creator's account (seed 6: every admin action is audited with its reason). */
const adminAction = z.object({ by: z.string().min(1), role: z.enum(STAFF_ROLES), reason: z.string().min(1) });

export const userEvents = defineEvents({
  UserRegistered: { schemaVersion: 1, schema: z.object({
    userId: z.string().uuid(),
    emailHmac: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    profile: sealed,
    password: sealed,
    termsAcceptedAt: isoTime,
    privacyAcceptedAt: isoTime,
    registeredAt: isoTime,
  }) },
  PaymentMethodAttached: { schemaVersion: 1, schema: z.object({ provider: z.enum(['local', 'stripe']), card: sealed }) },
  UserLoggedIn: { schemaVersion: 1, schema: z.object({
    method: z.enum(['password', 'password+totp']),
    totpTimeStep: z.number().int().nullable(),
    rememberMe: z.boolean(),
  }) },
  LoginFailed: { schemaVersion: 1, schema: z.object({ reason: z.enum(['wrong_password', 'wrong_totp_code', 'totp_code_replayed']) }) },
  ProfileUpdated: { schemaVersion: 1, schema: z.object({
    emailHmac: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    profile: sealed,
    /** Set when an admin (admin2+) corrected the profile rather than its owner: who, and why. */
    byAdmin: adminAction.extend({ fields: z.array(z.string()) }).optional(),
  }) },
  PasswordChanged: { schemaVersion: 1, schema: z.object({ password: sealed, reason: z.enum(['changed', 'reset']), changedAt: isoTime }) },
  TwoFactorSetupStarted: { schemaVersion: 1, schema: z.object({ secret: sealed }) },
  TwoFactorEnabled: { schemaVersion: 1, schema: z.object({ timeStep: z.number().int() }) },
  TwoFactorDisabled: { schemaVersion: 1, schema: z.object({ proof: z.enum(['fresh_session', 'password', 'totp_code']) }) },
  NotificationPreferencesChanged: { schemaVersion: 1, schema: z.object({ preferences: notificationPreferencesSchema }) },
  PasswordResetRequested: { schemaVersion: 1, schema: z.object({ tokenHash: z.string(), expiresAt: isoTime }) },
  AccountDeleted: { schemaVersion: 1, schema: z.object({
    /** `admin_request`: an admin3+ deleted the account (`byAdmin` says who and why); its registrations are archived. */
    reason: z.enum(['user_request', 'admin_request']),
    deletedAt: isoTime,
    byAdmin: adminAction.optional(),
  }) },
});

export type UserEvent = EventsOf<typeof userEvents>;
export type UserEventOf<K extends UserEvent['type']> = Extract<UserEvent, { type: K }>;

/** A server key's public name (ServerKeyring.keyId). */
const serverKeyIdSchema = z.string().regex(/^[0-9a-f]{16}$/, '16 hexadecimal characters');

/**
 * The server key replaced (`npm run admin -- rotate-secret-key`), recorded once it has finished:
 * which key ids, and how many accounts and works the new key then wrapped. Stream `serverkey-<to>`.
 */
export const serverKeyEvents = defineEvents({
  ServerKeyRotated: { schemaVersion: 1, schema: z.object({
    from: serverKeyIdSchema,
    to: serverKeyIdSchema,
    accounts: z.number().int().nonnegative(),
    works: z.number().int().nonnegative(),
  }) },
});

export const serverKeyStreamId = (keyId: string) => `serverkey-${keyId}`;
