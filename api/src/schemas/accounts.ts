// Accounts: sign-up, sessions, profile, password, two-factor, notification preferences, payment
// methods. Shared by the API (request validation) and the web app (forms), with the spec's messages.
import { z } from 'zod';
import { US_REGION_CODES, usRegionSchema, usRegionTextSchema } from './regions.js';
import { accountTypeSchema, notificationPreferencesSchema, NOTIFICATION_PREFERENCE_KEYS, userSchema, type NotificationPreferences } from './session.js';
import { text } from './text.js';

/** Every US state and territory code (names and other countries in ./regions.ts). */
export const US_STATES = US_REGION_CODES;
export const PASSWORD_MIN_LENGTH = 8;
export const TOTP_CODE_LENGTH = 6;
export const DELETE_CONFIRM_TEXT = 'DELETE MY ACCOUNT';

export const MESSAGES = {
  missingInformation: 'Please fill in all required fields',
  passwordMismatch: 'Passwords do not match',
  weakPassword: 'Password must be at least 8 characters',
  legalRequired: 'You must accept our legal agreements to create an account',
  validEmail: 'Valid email is required',
  validPhone: 'Valid phone number is required',
  completeAddress: 'Complete address is required',
  validZip: 'Valid zip code is required',
  passwordsDontMatch: "Passwords don't match",
  deleteConfirm: "You must type 'DELETE MY ACCOUNT' to confirm",
  twoFactorCode: 'Enter the 6-digit code from your authenticator app',
  invalidCredentials: 'Invalid credentials',
  duplicateEmail: 'An account with this email already exists',
  invalidVerificationCode: 'Invalid verification code',
  twoFactorRequired: 'Two-factor code required',
  emailChangeNeedsPassword: 'Enter your current password to change your email address',
  twoFactorOffNeedsProof: 'Enter your password or a current two-factor code to turn off two-factor authentication',
  invalidResetLink: 'This reset link is invalid or has expired. Ask for a new one.',
} as const;

/** Longest accepted value of each account field (sign-up, profile, billing). */
export const ACCOUNT_LIMITS = {
  name: 200,
  phone: 50,
  address: 500,
  city: 100,
  region: 100,
  zipCode: 20,
  country: 100,
  email: 254,
  password: 200,
  token: 200,
  id: 255,
} as const;

/** A required text field with the spec's message when empty. */
const required = (label: string, max: number, message: string = MESSAGES.missingInformation, extra: { name?: boolean } = {}) =>
  text(label, { max, min: 1, minMessage: message, requiredMessage: message, ...extra });
const email = (message: string = MESSAGES.validEmail) =>
  text('Email', { max: ACCOUNT_LIMITS.email, maxMessage: message, requiredMessage: message }).pipe(z.email(message));
/** Secrets are hashed as typed: no trimming or normalisation, but nothing a log line or hash input can't hold. */
const secret = (label: string, min: number, minMessage: string) =>
  text(label, { max: ACCOUNT_LIMITS.password, min, minMessage, requiredMessage: minMessage, trim: false, normalize: false, maxMessage: `${label} is too long` });
const password = secret('Password', PASSWORD_MIN_LENGTH, MESSAGES.weakPassword);
const optionalText = (label: string, max: number, extra: { name?: boolean } = {}) => text(label, { max, ...extra }).optional();

export const usStateSchema = usRegionSchema;

// ---- Sign-up -------------------------------------------------------------------------------

/** Step 1 of the sign-up wizard, as the form holds it. */
export const signUpAccountSchema = z
  .object({
    fullName: required('Full name', ACCOUNT_LIMITS.name, undefined, { name: true }),
    accountType: accountTypeSchema.default('individual'),
    email: required('Email', ACCOUNT_LIMITS.email).pipe(email()),
    phone: required('Phone', ACCOUNT_LIMITS.phone),
    address: required('Address', ACCOUNT_LIMITS.address),
    city: required('City', ACCOUNT_LIMITS.city),
    state: usStateSchema,
    zipCode: required('Zip code', ACCOUNT_LIMITS.zipCode),
    password: secret('Password', 1, MESSAGES.missingInformation).pipe(password),
    confirmPassword: secret('Password confirmation', 1, MESSAGES.missingInformation),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordMismatch, path: ['confirmPassword'] });
export type SignUpAccountForm = z.infer<typeof signUpAccountSchema>;

/** Billing details sent with the card (step 3); the e-mail uses the browser's email check. */
export const billingDetailsSchema = z.object({
  name: required('Name', ACCOUNT_LIMITS.name, undefined, { name: true }),
  email: required('Email', ACCOUNT_LIMITS.email).pipe(email('Please enter a valid email address')),
  address: z.object({
    line1: required('Address', ACCOUNT_LIMITS.address),
    city: required('City', ACCOUNT_LIMITS.city),
    state: usRegionTextSchema,
    postal_code: required('Postal code', ACCOUNT_LIMITS.zipCode),
    country: required('Country', ACCOUNT_LIMITS.country),
  }),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** POST /api/auth/register and /api/auth/register-enhanced. */
export const registerRequestSchema = z.object({
  username: optionalText('Username', 100, { name: true }),
  email: required('Email', ACCOUNT_LIMITS.email).pipe(email()),
  password,
  fullName: required('Full name', ACCOUNT_LIMITS.name, undefined, { name: true }),
  firstName: optionalText('First name', ACCOUNT_LIMITS.name, { name: true }),
  lastName: optionalText('Last name', ACCOUNT_LIMITS.name, { name: true }),
  phone: required('Phone', ACCOUNT_LIMITS.phone),
  address: required('Address', ACCOUNT_LIMITS.address),
  city: required('City', ACCOUNT_LIMITS.city),
  state: usStateSchema,
  zipCode: required('Zip code', ACCOUNT_LIMITS.zipCode),
  country: z.literal('US', { message: 'Country must be US' }).default('US'),
  accountType: accountTypeSchema.default('individual'),
  paymentMethodId: text('Payment method', { max: ACCOUNT_LIMITS.id, min: 1 }).optional(),
  cardLast4: optionalText('Card last 4', 4),
  cardBrand: optionalText('Card brand', 50),
  cardExpMonth: z.coerce.number().int().optional(),
  cardExpYear: z.coerce.number().int().optional(),
  termsAccepted: z.literal(true, { message: MESSAGES.legalRequired }),
  privacyAccepted: z.literal(true, { message: MESSAGES.legalRequired }),
  termsAcceptedAt: optionalText('Terms accepted at', 40),
  privacyAcceptedAt: optionalText('Privacy accepted at', 40),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerEnhancedRequestSchema = registerRequestSchema.extend({
  paymentMethodId: text('Payment method', { max: ACCOUNT_LIMITS.id, min: 1, minMessage: 'Add a payment method first', requiredMessage: 'Add a payment method first' }),
});

// ---- Sessions ------------------------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: required('Email', ACCOUNT_LIMITS.email, 'Email is required').pipe(email()),
  password: secret('Password', 1, 'Password is required'),
  totpCode: optionalText('Two-factor code', 20),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: required('Email', ACCOUNT_LIMITS.email, 'Email is required').pipe(email()) });
export const resetPasswordRequestSchema = z.object({
  token: required('Reset token', ACCOUNT_LIMITS.token, 'The reset link is incomplete'),
  password,
});
/** POST /api/auth/reset-password/check: whether a reset link still works, without using it. */
export const resetLinkCheckRequestSchema = resetPasswordRequestSchema.pick({ token: true });

// ---- Profile -------------------------------------------------------------------------------

/** The profile form (seed 001 §5): every field required. */
export const profileFormSchema = z.object({
  fullName: required('Full name', ACCOUNT_LIMITS.name, 'Full name is required', { name: true }),
  firstName: required('First name', ACCOUNT_LIMITS.name, 'First name is required', { name: true }),
  lastName: required('Last name', ACCOUNT_LIMITS.name, 'Last name is required', { name: true }),
  email: email(),
  phone: text('Phone', { max: ACCOUNT_LIMITS.phone, min: 10, minMessage: MESSAGES.validPhone, requiredMessage: MESSAGES.validPhone }),
  address: text('Address', { max: ACCOUNT_LIMITS.address, min: 10, minMessage: MESSAGES.completeAddress, requiredMessage: MESSAGES.completeAddress }),
  city: required('City', ACCOUNT_LIMITS.city, 'City is required'),
  state: z.string({ message: 'State is required' }).trim().min(1, 'State is required').pipe(usRegionTextSchema),
  zipCode: text('Zip code', { max: ACCOUNT_LIMITS.zipCode, min: 5, minMessage: MESSAGES.validZip, requiredMessage: MESSAGES.validZip }),
  country: required('Country', ACCOUNT_LIMITS.country, 'Country is required'),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/**
 * PUT /api/auth/profile and /api/user/profile: any subset of the form, each field by its rule. A new
 * e-mail address also needs `currentPassword` (or `totpCode` when two-factor is on).
 */
export const profileUpdateRequestSchema = profileFormSchema.partial().extend({
  accountType: accountTypeSchema.optional(),
  currentPassword: secret('Current password', 0, 'Current password is required').optional(),
  totpCode: text('Two-factor code', { max: TOTP_CODE_LENGTH, maxMessage: MESSAGES.twoFactorCode }).optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

// ---- Password, deletion, two-factor --------------------------------------------------------

export const passwordChangeFormSchema = z
  .object({
    currentPassword: secret('Current password', 1, 'Current password is required'),
    newPassword: password,
    confirmPassword: secret('Password confirmation', 1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });

/** PUT /api/user/password (the confirmation stays in the browser). */
export const passwordChangeRequestSchema = z.object({
  currentPassword: secret('Current password', 1, 'Current password is required'),
  newPassword: password,
});

export const deleteAccountRequestSchema = z.object({
  password: secret('Password', 1, 'Password is required'),
  confirmText: z.literal(DELETE_CONFIRM_TEXT, { message: MESSAGES.deleteConfirm }),
});

export const twoFactorVerifyRequestSchema = z.object({
  token: text('Two-factor code', { max: TOTP_CODE_LENGTH, requiredMessage: MESSAGES.twoFactorCode, maxMessage: MESSAGES.twoFactorCode }).length(TOTP_CODE_LENGTH, MESSAGES.twoFactorCode),
});

/** DELETE /api/user/2fa/disable: the password or a current code (the server says so when both are missing). */
export const twoFactorDisableRequestSchema = z
  .object({ password: secret('Password', 0, 'Password is required').optional(), token: optionalText('Two-factor code', 20) })
  .nullish();

// ---- Notification preferences --------------------------------------------------------------

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  smsNotifications: false,
  securityAlerts: true,
  registrationUpdates: true,
  paymentUpdates: true,
  marketingEmails: false,
};

/** PUT /api/user/notifications: one preference. */
export const notificationToggleRequestSchema = z.object({
  key: z.enum(NOTIFICATION_PREFERENCE_KEYS, { message: 'Unknown notification preference' }),
  value: z.boolean({ message: 'value must be true or false' }),
});

// ---- Payment methods -----------------------------------------------------------------------

/** POST /api/payment/local/payment-methods (the local test-mode provider only). */
export const localPaymentMethodRequestSchema = z.object({
  cardNumber: text('Card number', { max: 23, requiredMessage: 'Your card number is incomplete.', maxMessage: 'Your card number is invalid: it has too many digits.' }).regex(/^[\d ]{12,23}$/, 'Your card number is incomplete.'),
  expMonth: z.coerce.number().int().min(1, "Your card's expiration month is invalid.").max(12, "Your card's expiration month is invalid."),
  expYear: z.coerce.number().int().min(2000, "Your card's expiration year is invalid.").max(2100, "Your card's expiration year is invalid."),
  cvc: text('Security code', { max: 4, requiredMessage: "Your card's security code is incomplete." }).regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  billing: billingDetailsSchema,
});

export const paymentMethodSummarySchema = z.object({
  id: z.string(),
  last4: z.string(),
  brand: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});
export type PaymentMethodSummaryResponse = z.infer<typeof paymentMethodSummarySchema>;

// ---- Responses -----------------------------------------------------------------------------

export const authResponseSchema = z.object({ success: z.literal(true), token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const userStatsSchema = z.object({
  totalRegistrations: z.number(),
  activeRegistrations: z.number(),
  pendingRegistrations: z.number(),
  thisMonthRegistrations: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const twoFactorSetupResponseSchema = z.object({ qrCode: z.string(), secret: z.string() });

/** PUT /api/auth/profile and /api/user/profile: the profile as it now is. */
export const profileUpdatedSchema = z.object({ success: z.literal(true), user: userSchema });

/** PUT /api/user/notifications and /api/user/notification-preferences: every flag as it now is. */
export const preferencesUpdatedSchema = z.object({ success: z.literal(true), preferences: notificationPreferencesSchema });

/** POST /api/user/2fa/enable: the pending secret and its QR code (nothing is on until verified). */
export const twoFactorStartedSchema = twoFactorSetupResponseSchema.extend({ success: z.literal(true) });

/** GET /api/dev/outbox (DEV_OUTBOX=1 only): the e-mail the server sent, newest first. */
export const devOutboxSchema = z.object({
  emails: z.array(z.object({ id: z.string(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() })),
});
