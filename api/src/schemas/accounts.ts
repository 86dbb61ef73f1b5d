// Accounts: sign-up, sessions, profile, password, two-factor, notification preferences, payment
// methods. Shared by the API (request validation) and the web app (forms), with the spec's messages.
import { z } from 'zod';

export const US_STATES = ['CA', 'NY', 'TX', 'FL'] as const;
export const ACCOUNT_TYPES = ['individual', 'business', 'organization'] as const;
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
} as const;

const required = (message: string = MESSAGES.missingInformation) => z.string().trim().min(1, message);
const email = (message: string = MESSAGES.validEmail) => z.string().trim().email(message).max(254, message);
const password = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.weakPassword).max(200, 'Password is too long');

export const usStateSchema = z.enum(US_STATES, { message: 'Choose CA, NY, TX or FL' });
export const accountTypeSchema = z.enum(ACCOUNT_TYPES, { message: 'Choose individual, business or organization' });

// ---- Sign-up -------------------------------------------------------------------------------

/** Step 1 of the sign-up wizard, as the form holds it. */
export const signUpAccountSchema = z
  .object({
    fullName: required(),
    accountType: accountTypeSchema.default('individual'),
    email: required().pipe(email()),
    phone: required(),
    address: required(),
    city: required(),
    state: usStateSchema,
    zipCode: required(),
    password: required().pipe(password),
    confirmPassword: required(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordMismatch, path: ['confirmPassword'] });
export type SignUpAccountForm = z.infer<typeof signUpAccountSchema>;

/** Billing details sent with the card (step 3); the e-mail uses the browser's email check. */
export const billingDetailsSchema = z.object({
  name: required(),
  email: required().pipe(email('Please enter a valid email address')),
  address: z.object({
    line1: required(),
    city: required(),
    state: required(),
    postal_code: required(),
    country: required(),
  }),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** POST /api/auth/register and /api/auth/register-enhanced. */
export const registerRequestSchema = z.object({
  username: z.string().trim().max(100).optional(),
  email: required().pipe(email()),
  password,
  fullName: required(),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(200).optional(),
  phone: required(),
  address: required(),
  city: required(),
  state: usStateSchema,
  zipCode: required(),
  country: z.literal('US', { message: 'Country must be US' }).default('US'),
  accountType: accountTypeSchema.default('individual'),
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
  cardLast4: z.string().optional(),
  cardBrand: z.string().optional(),
  cardExpMonth: z.coerce.number().int().optional(),
  cardExpYear: z.coerce.number().int().optional(),
  termsAccepted: z.literal(true, { message: MESSAGES.legalRequired }),
  privacyAccepted: z.literal(true, { message: MESSAGES.legalRequired }),
  termsAcceptedAt: z.string().optional(),
  privacyAcceptedAt: z.string().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerEnhancedRequestSchema = registerRequestSchema.extend({
  paymentMethodId: z.string().trim().min(1, 'Add a payment method first').max(255),
});

// ---- Sessions ------------------------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: required('Email is required').pipe(email()),
  password: z.string().min(1, 'Password is required').max(200),
  totpCode: z.string().trim().optional(),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: required('Email is required').pipe(email()) });
export const resetPasswordRequestSchema = z.object({ token: required('The reset link is incomplete'), password });

// ---- Profile -------------------------------------------------------------------------------

/** The profile form (seed 001 §5): every field required. */
export const profileFormSchema = z.object({
  fullName: required('Full name is required'),
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  email: email(),
  phone: z.string().trim().min(10, MESSAGES.validPhone),
  address: z.string().trim().min(10, MESSAGES.completeAddress),
  city: required('City is required'),
  state: required('State is required'),
  zipCode: z.string().trim().min(5, MESSAGES.validZip),
  country: required('Country is required'),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/**
 * PUT /api/auth/profile and /api/user/profile: any subset of the form, each field by its rule. A new
 * e-mail address also needs `currentPassword` (or `totpCode` when two-factor is on).
 */
export const profileUpdateRequestSchema = profileFormSchema.partial().extend({
  accountType: accountTypeSchema.optional(),
  currentPassword: z.string().max(200, 'Password is too long').optional(),
  totpCode: z.string().trim().max(TOTP_CODE_LENGTH, MESSAGES.twoFactorCode).optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

// ---- Password, deletion, two-factor --------------------------------------------------------

export const passwordChangeFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: password,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });

/** PUT /api/user/password (the confirmation stays in the browser). */
export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required'),
  newPassword: password,
});

export const deleteAccountRequestSchema = z.object({
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
  confirmText: z.literal(DELETE_CONFIRM_TEXT, { message: MESSAGES.deleteConfirm }),
});

export const twoFactorVerifyRequestSchema = z.object({
  token: z.string().trim().length(TOTP_CODE_LENGTH, MESSAGES.twoFactorCode),
});

/** DELETE /api/user/2fa/disable: the password or a current code (the server says so when both are missing). */
export const twoFactorDisableRequestSchema = z
  .object({ password: z.string().max(200, 'Password is too long').optional(), token: z.string().trim().max(TOTP_CODE_LENGTH, MESSAGES.twoFactorCode).optional() })
  .nullish();

// ---- Notification preferences --------------------------------------------------------------

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
  cardNumber: z.string().trim().regex(/^[\d ]{12,23}$/, 'Your card number is incomplete.'),
  expMonth: z.coerce.number().int().min(1, "Your card's expiration month is invalid.").max(12, "Your card's expiration month is invalid."),
  expYear: z.coerce.number().int().min(2000, "Your card's expiration year is invalid.").max(2100, "Your card's expiration year is invalid."),
  cvc: z.string().trim().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
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

export const paymentConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().optional(),
  testMode: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// ---- Responses -----------------------------------------------------------------------------

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
  isAdmin: z.literal(false),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ success: z.literal(true), token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Every failed /api/auth/* call: the spec's `{ success: false, error }` plus the usual fields. */
export const authErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  twoFactorRequired: z.boolean().optional(),
  details: z.unknown().optional(),
});
export type AuthError = z.infer<typeof authErrorSchema>;

export const userStatsSchema = z.object({
  totalRegistrations: z.number(),
  activeRegistrations: z.number(),
  pendingRegistrations: z.number(),
  thisMonthRegistrations: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const twoFactorSetupResponseSchema = z.object({ qrCode: z.string(), secret: z.string() });
