// The sign-up wizard's rules (seed 000 §2, §4, §5): step-1 checks and their order, when each
// step may be left, the legal agreements, and the payload derived at submit.
import { describe, expect, test } from 'vitest';

import {
  buildRegistration,
  checkAccountInfo,
  deriveUsername,
  emptyAccountInfo,
  initialWizardState,
  splitFullName,
  wizardReducer,
  type AccountInfo,
  type PaymentMethodSummary,
  type WizardAction,
  type WizardState,
} from './sign-up';

const filled: AccountInfo = {
  fullName: 'Ada  King Lovelace',
  accountType: 'business',
  email: 'ada@example.com',
  phone: '5551234567',
  address: '1 Analytical Way',
  city: 'London',
  state: 'CA',
  zipCode: '94016',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

const card: PaymentMethodSummary = { id: 'pm_1', last4: '4242', brand: 'visa', exp_month: 12, exp_year: 2030 };

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizardState);

describe('checkAccountInfo', () => {
  test('passes a complete step', () => {
    expect(checkAccountInfo(filled)).toBeNull();
  });

  test('asks for every required field, the state included', () => {
    const empty = checkAccountInfo(emptyAccountInfo);
    expect(empty?.notice).toEqual({ title: 'Missing information', description: 'Please fill in all required fields' });
    expect(empty?.errors.state).toBe('Please fill in all required fields');
    expect(checkAccountInfo({ ...filled, state: '' })?.notice?.title).toBe('Missing information');
    expect(checkAccountInfo({ ...filled, city: '   ' })).toEqual({
      notice: { title: 'Missing information', description: 'Please fill in all required fields' },
      errors: { city: 'Please fill in all required fields' },
    });
  });

  test('checks the match before the length', () => {
    expect(checkAccountInfo({ ...filled, password: 'short', confirmPassword: 'other' })?.notice).toEqual({
      title: 'Password mismatch',
      description: 'Passwords do not match',
    });
    expect(checkAccountInfo({ ...filled, password: 'short', confirmPassword: 'short' })).toEqual({
      notice: { title: 'Weak password', description: 'Password must be at least 8 characters' },
      errors: { password: 'Password must be at least 8 characters' },
    });
    expect(checkAccountInfo({ ...filled, password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });

  // QA public #3: what the server's signUpAccountSchema refuses is refused here, at step 1, on its field.
  test('refuses what the server would, with the shared schema’s message on the field', () => {
    expect(checkAccountInfo({ ...filled, email: 'ada@localhost' })).toEqual({ notice: null, errors: { email: 'Valid email is required' } });
    expect(checkAccountInfo({ ...filled, phone: '5'.repeat(51) })?.errors).toEqual({ phone: 'Phone must be at most 50 characters' });
    expect(checkAccountInfo({ ...filled, zipCode: '9'.repeat(21) })?.errors).toEqual({ zipCode: 'Zip code must be at most 20 characters' });
    expect(checkAccountInfo({ ...filled, city: 'Lon\tdon' })?.errors.city).toMatch(/^City contains a control character/);
    const long = 'x'.repeat(201);
    expect(checkAccountInfo({ ...filled, password: long, confirmPassword: long })?.errors).toEqual({
      password: 'Password is too long',
      confirmPassword: 'Password confirmation is too long',
    });
  });
});

describe('wizardReducer', () => {
  test('Next leaves step 2 only once both agreements are accepted', () => {
    expect(run({ type: 'next' }, { type: 'next' }).step).toBe(2);
    expect(run({ type: 'next' }, { type: 'accept', document: 'terms' }, { type: 'next' }).step).toBe(2);
    expect(
      run({ type: 'next' }, { type: 'accept', document: 'terms' }, { type: 'accept', document: 'privacy' }, { type: 'next' })
        .step,
    ).toBe(3);
  });

  test('declining closes the modal and flags the notice until both are accepted', () => {
    const declined = run({ type: 'next' }, { type: 'review', document: 'terms' }, { type: 'decline' });
    expect(declined).toMatchObject({ reviewing: null, declined: true, termsAccepted: false });
    const oneAccepted = wizardReducer(declined, { type: 'accept', document: 'terms' });
    expect(oneAccepted.declined).toBe(true);
    const both = wizardReducer(oneAccepted, { type: 'accept', document: 'privacy' });
    expect(both).toMatchObject({ declined: false, termsAccepted: true, privacyAccepted: true });
  });

  test('step 3 is left only by registering, and only with a payment method', () => {
    const atPayment = run(
      { type: 'next' },
      { type: 'accept', document: 'terms' },
      { type: 'accept', document: 'privacy' },
      { type: 'next' },
    );
    expect(wizardReducer(atPayment, { type: 'next' }).step).toBe(3);
    expect(wizardReducer(atPayment, { type: 'registered' }).step).toBe(3);
    const withCard = wizardReducer(atPayment, { type: 'paymentMethodAdded', paymentMethod: card });
    expect(wizardReducer(withCard, { type: 'next' }).step).toBe(3);
    expect(wizardReducer(withCard, { type: 'registered' }).step).toBe(4);
  });

  test('Previous goes back one step, never before 1 nor away from the success step', () => {
    expect(run({ type: 'previous' }).step).toBe(1);
    expect(run({ type: 'next' }, { type: 'previous' }).step).toBe(1);
    const done: WizardState = { ...initialWizardState, step: 4 };
    expect(wizardReducer(done, { type: 'previous' }).step).toBe(4);
  });
});

describe('the registration payload', () => {
  const fixed = () => 0.5;

  test('splits the full name into first word and the rest', () => {
    expect(splitFullName('  Ada  King Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitFullName('Prince')).toEqual({ firstName: 'Prince', lastName: '' });
  });

  test('username is the e-mail local part plus 4 random characters', () => {
    expect(deriveUsername('ada@example.com', fixed)).toBe('adassss');
    expect(deriveUsername('ada@example.com', Math.random)).toMatch(/^ada[a-z0-9]{4}$/);
  });

  test('carries the card summary, country US and both acceptance times', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const payload = buildRegistration(filled, card, now, fixed);
    expect(payload).toMatchObject({
      username: 'adassss',
      email: 'ada@example.com',
      fullName: 'Ada  King Lovelace',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      country: 'US',
      accountType: 'business',
      state: 'CA',
      paymentMethodId: 'pm_1',
      cardLast4: '4242',
      cardBrand: 'visa',
      cardExpMonth: 12,
      cardExpYear: 2030,
      termsAccepted: true,
      privacyAccepted: true,
      termsAcceptedAt: '2026-11-22T10:00:00.000Z',
      privacyAcceptedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(buildRegistration(filled, null, now, fixed)).not.toHaveProperty('paymentMethodId');
  });
});
