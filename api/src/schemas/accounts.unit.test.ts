// The shared account schemas give the spec's messages, on the server and in the browser alike.
import { describe, expect, it } from 'vitest';
import {
  deleteAccountRequestSchema,
  localPaymentMethodRequestSchema,
  notificationToggleRequestSchema,
  passwordChangeFormSchema,
  profileFormSchema,
  profileUpdateRequestSchema,
  registerEnhancedRequestSchema,
  registerRequestSchema,
  signUpAccountSchema,
  twoFactorVerifyRequestSchema,
  US_STATES,
} from './accounts.js';
import { regionsOf } from './regions.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

const signUpForm = {
  fullName: 'Ada Lovelace',
  accountType: 'individual',
  email: 'ada@example.com',
  phone: '3105551234',
  address: '12 Engine Road',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90001',
  password: 'long enough',
  confirmPassword: 'long enough',
};

describe('sign-up step 1', () => {
  it('accepts a complete form and defaults the account type', () => {
    const { accountType: _ignored, ...rest } = signUpForm;
    expect(signUpAccountSchema.parse(rest).accountType).toBe('individual');
  });

  it('gives the spec messages', () => {
    expect(messages(signUpAccountSchema.safeParse({ ...signUpForm, city: '' }))).toContain('Please fill in all required fields');
    expect(messages(signUpAccountSchema.safeParse({ ...signUpForm, confirmPassword: 'different!' }))).toContain('Passwords do not match');
    expect(messages(signUpAccountSchema.safeParse({ ...signUpForm, password: 'short', confirmPassword: 'short' }))).toContain(
      'Password must be at least 8 characters',
    );
    expect(signUpAccountSchema.safeParse({ ...signUpForm, state: 'ZZ' }).success).toBe(false);
  });

  it('takes every US state and territory, and nothing else', () => {
    for (const state of ['WA', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'ak']) {
      expect(signUpAccountSchema.safeParse({ ...signUpForm, state }).success, state).toBe(true);
    }
    expect(US_STATES).toHaveLength(57);
    expect(new Set(US_STATES).size).toBe(57);
    expect(regionsOf('US').map((r) => r.code)).toEqual([...US_STATES]);
    expect(regionsOf('FR')).toEqual([]);
    expect(messages(signUpAccountSchema.safeParse({ ...signUpForm, state: 'ZZ' }))).toEqual([
      'Choose a US state or territory (two-letter code, e.g. CA)',
    ]);
  });
});

describe('sign-up request', () => {
  const payload = { ...signUpForm, country: 'US', termsAccepted: true, privacyAccepted: true };

  it('requires both legal agreements and the US', () => {
    expect(registerRequestSchema.safeParse(payload).success).toBe(true);
    expect(messages(registerRequestSchema.safeParse({ ...payload, termsAccepted: false }))).toContain(
      'You must accept our legal agreements to create an account',
    );
    expect(registerRequestSchema.safeParse({ ...payload, country: 'CA' }).success).toBe(false);
  });

  it('requires a payment method on the enhanced path', () => {
    expect(registerEnhancedRequestSchema.safeParse(payload).success).toBe(false);
    expect(registerEnhancedRequestSchema.safeParse({ ...payload, paymentMethodId: 'pm_local_1' }).success).toBe(true);
  });
});

describe('account settings', () => {
  const profile = {
    fullName: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '3105551234',
    address: '12 Engine Road',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90001',
    country: 'US',
  };

  it('checks the profile form by the spec rules', () => {
    expect(profileFormSchema.safeParse(profile).success).toBe(true);
    // Not any two letters: a US state or territory.
    expect(messages(profileFormSchema.safeParse({ ...profile, state: 'ZZ' }))).toEqual(['Choose a US state or territory (two-letter code, e.g. CA)']);
    expect(messages(profileFormSchema.safeParse({ ...profile, state: '' }))).toEqual(['State is required']);
    expect(profileFormSchema.safeParse({ ...profile, state: 'PR' }).success).toBe(true);
    expect(profileUpdateRequestSchema.safeParse({ state: 'ZZ' }).success).toBe(false);
    const bad = messages(profileFormSchema.safeParse({ ...profile, firstName: '', email: 'x', phone: '123', address: 'short', zipCode: '1' }));
    expect(bad).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Valid email is required',
        'Valid phone number is required',
        'Complete address is required',
        'Valid zip code is required',
      ]),
    );
  });

  it('checks the password change form', () => {
    const form = { currentPassword: 'old', newPassword: 'new password', confirmPassword: 'new password!' };
    expect(messages(passwordChangeFormSchema.safeParse(form))).toEqual(["Passwords don't match"]);
    expect(messages(passwordChangeFormSchema.safeParse({ ...form, newPassword: 'short', confirmPassword: 'short' }))).toEqual([
      'Password must be at least 8 characters',
    ]);
  });

  it('needs exactly DELETE MY ACCOUNT to delete', () => {
    expect(deleteAccountRequestSchema.safeParse({ password: 'x', confirmText: 'DELETE MY ACCOUNT' }).success).toBe(true);
    expect(messages(deleteAccountRequestSchema.safeParse({ password: 'x', confirmText: 'delete my account' }))).toEqual([
      "You must type 'DELETE MY ACCOUNT' to confirm",
    ]);
    expect(messages(deleteAccountRequestSchema.safeParse({ password: '', confirmText: 'DELETE MY ACCOUNT' }))).toEqual(['Password is required']);
  });

  it('takes a 6-character two-factor code and one known preference', () => {
    expect(twoFactorVerifyRequestSchema.safeParse({ token: '123456' }).success).toBe(true);
    expect(twoFactorVerifyRequestSchema.safeParse({ token: '12345' }).success).toBe(false);
    expect(notificationToggleRequestSchema.safeParse({ key: 'securityAlerts', value: false }).success).toBe(true);
    expect(notificationToggleRequestSchema.safeParse({ key: 'carrierPigeon', value: false }).success).toBe(false);
  });
});

describe('local card form', () => {
  const card = {
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
    billing: { name: 'Ada Lovelace', email: 'ada@example.com', address: { line1: '12 Engine Road', city: 'Los Angeles', state: 'CA', postal_code: '90001', country: 'US' } },
  };
  const firstMessage = (cardNumber: string) => localPaymentMethodRequestSchema.safeParse({ ...card, cardNumber }).error?.issues[0]?.message;

  it('says a short number is incomplete, and a long one invalid, not incomplete', () => {
    expect(localPaymentMethodRequestSchema.safeParse(card).success).toBe(true);
    expect(firstMessage('4242 4242')).toBe('Your card number is incomplete.');
    expect(firstMessage('4'.repeat(24))).toBe('Your card number is invalid: it has too many digits.');
    expect(firstMessage('4'.repeat(1_000_000))).toBe('Your card number is invalid: it has too many digits.');
  });
});
