// The events on a user's stream (`user-<id>`). Personal data never appears in clear: it travels as
// `sealed` strings (see crypto.ts) that open only while the user's key exists.
import { z } from 'zod';
import type { SchemaVersions } from '../domain/command-handler.js';
import { ACCOUNT_TYPES, notificationPreferencesSchema, userSchema } from '../schemas/accounts.js';

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

export const userEventSchemas = {
  UserRegistered: z.object({
    userId: z.string().uuid(),
    emailHmac: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    profile: sealed,
    password: sealed,
    termsAcceptedAt: isoTime,
    privacyAcceptedAt: isoTime,
    registeredAt: isoTime,
  }),
  PaymentMethodAttached: z.object({ provider: z.enum(['local', 'stripe']), card: sealed }),
  UserLoggedIn: z.object({
    method: z.enum(['password', 'password+totp']),
    totpTimeStep: z.number().int().nullable(),
    rememberMe: z.boolean(),
  }),
  LoginFailed: z.object({ reason: z.enum(['wrong_password', 'wrong_totp_code', 'totp_code_replayed']) }),
  ProfileUpdated: z.object({ emailHmac: z.string(), accountType: z.enum(ACCOUNT_TYPES), profile: sealed }),
  PasswordChanged: z.object({ password: sealed, reason: z.enum(['changed', 'reset']), changedAt: isoTime }),
  TwoFactorSetupStarted: z.object({ secret: sealed }),
  TwoFactorEnabled: z.object({ timeStep: z.number().int() }),
  TwoFactorDisabled: z.object({ proof: z.enum(['fresh_session', 'password', 'totp_code']) }),
  NotificationPreferencesChanged: z.object({ preferences: notificationPreferencesSchema }),
  PasswordResetRequested: z.object({ tokenHash: z.string(), expiresAt: isoTime }),
  AccountDeleted: z.object({ reason: z.literal('user_request'), deletedAt: isoTime }),
} as const;

type Schemas = typeof userEventSchemas;
export type UserEventType = keyof Schemas;
export type UserEvent = { [K in UserEventType]: { readonly type: K; readonly data: z.infer<Schemas[K]> } }[UserEventType];
export type UserEventOf<K extends UserEventType> = Extract<UserEvent, { type: K }>;

export const USER_EVENT_TYPES = Object.keys(userEventSchemas) as UserEventType[];

export const userSchemaVersions: SchemaVersions = Object.fromEntries(USER_EVENT_TYPES.map((type) => [type, 1]));

export function isUserEvent(event: { type: string }): event is UserEvent {
  return Object.hasOwn(userEventSchemas, event.type);
}

/** Validates an event's data against its schema (used before appending and by tests). */
export function parseUserEvent(event: { type: string; data: unknown }): UserEvent {
  if (!isUserEvent(event)) throw new Error(`Not a user event: ${event.type}`);
  const schema = userEventSchemas[event.type] as z.ZodType;
  return { type: event.type, data: schema.parse(event.data) } as UserEvent;
}
