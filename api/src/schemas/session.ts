// The signed-in user and the session as the API sends them (GET /api/auth/session and every answer
// that carries the user), with the account types and notification flags they name. A file of their
// own: the web app's first page reads the session, and loads only this (and zod), not every schema
// (`@titleledger/api/schemas/session`; issue 18 item 3).
import { z } from 'zod';

export const ACCOUNT_TYPES = ['individual', 'business', 'organization'] as const;

export const accountTypeSchema = z.enum(ACCOUNT_TYPES, { message: 'Choose individual, business or organization' });

export const NOTIFICATION_PREFERENCE_KEYS = [
  'emailNotifications',
  'smsNotifications',
  'securityAlerts',
  'registrationUpdates',
  'paymentUpdates',
  'marketingEmails',
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];

export const notificationPreferencesSchema = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  securityAlerts: z.boolean(),
  registrationUpdates: z.boolean(),
  paymentUpdates: z.boolean(),
  marketingEmails: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  accountType: accountTypeSchema,
  createdAt: z.string(),
  passwordChangedAt: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cardExpMonth: z.number().nullable(),
  cardExpYear: z.number().nullable(),
  ...notificationPreferencesSchema.shape,
  /**
   * Whether the side menu offers the Admin Portal link: the account's e-mail is one of the designated
   * addresses (ADMIN_MENU_EMAILS, seed 000 §2). Not a right: /admin asks for a staff sign-in of its own.
   */
  isAdmin: z.boolean(),
});

/** GET /api/auth/session: who is signed in, 200 either way (the web app's question). */
export const sessionStateSchema = z.object({ signedIn: z.boolean(), user: userSchema.nullable() });

export type User = z.infer<typeof userSchema>;
