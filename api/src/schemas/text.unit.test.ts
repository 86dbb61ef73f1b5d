// The one text type: what the log and the read models can hold is decided here, and every refusal
// names the field.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRequestSchema, profileUpdateRequestSchema } from './accounts.js';
import { createIntentSchema, registrationSubmissionSchema, trNumberParamSchema } from './registrations.js';
import { supportRequestSchema } from './support.js';
import { identifier, text } from './text.js';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('text()', () => {
  const name = text('Full name', { max: 20, min: 1, name: true });
  const notes = text('Notes', { max: 50, multiline: true });

  it('refuses NUL, C0 and C1 controls, naming the field and the character', () => {
    expect(firstMessage(name, 'a\u0000b')).toBe('Full name contains a control character (U+0000) that is not allowed.');
    expect(firstMessage(name, 'a\u001bb')).toMatch(/^Full name contains a control character \(U\+001B\)/);
    expect(firstMessage(name, 'a\u0085b')).toMatch(/\(U\+0085\)/);
    expect(firstMessage(name, 'a\u007fb')).toMatch(/\(U\+007F\)/);
    expect(firstMessage(name, 'line\nbreak')).toMatch(/\(U\+000A\)/);
  });

  it('takes newlines and tabs only in multi-line fields, and turns CR LF into LF', () => {
    expect(notes.parse('one\r\ntwo\tthree\rfour')).toBe('one\ntwo\tthree\nfour');
    expect(firstMessage(notes, 'bell\u0007')).toBe('Notes contains a control character (U+0007) that is not allowed (only line breaks and tabs are allowed).');
  });

  it('refuses unpaired surrogates but keeps paired ones', () => {
    expect(firstMessage(name, '\ud800')).toBe('Full name contains an invalid character (an unpaired surrogate U+D800).');
    expect(firstMessage(name, 'x\udc00')).toMatch(/unpaired surrogate U\+DC00/);
    expect(name.parse('🎻 Ada')).toBe('🎻 Ada');
  });

  it('refuses bidi overrides and isolates in names only', () => {
    expect(firstMessage(name, 'evil\u202Etxt.exe')).toBe('Full name contains a text-direction control character (U+202E) that is not allowed in names.');
    expect(firstMessage(name, '\u2067x')).toMatch(/U\+2067/);
    expect(notes.parse('quoted \u202Eabc')).toBe('quoted \u202Eabc');
  });

  it('normalises to NFC, trims, then checks the length', () => {
    expect(name.parse('  Jose\u0301 ')).toBe('José');
    expect(name.parse('e\u0301'.repeat(20))).toHaveLength(20);
    expect(firstMessage(name, 'x'.repeat(21))).toBe('Full name must be at most 20 characters');
    expect(firstMessage(name, '   ')).toBe('Full name is required');
    expect(firstMessage(name, 42)).toBe('Full name is required');
  });

  it('gives identifiers printable ASCII only', () => {
    expect(firstMessage(identifier('Payment id', 10), '%00')).toBeNull();
    expect(firstMessage(identifier('Payment id', 10), '\u0000')).toBe('Payment id may only contain printable ASCII characters, without spaces');
    expect(firstMessage(identifier('TR number', 30), 'TR COPY')).toBe('TR number may only contain printable ASCII characters, without spaces');
    expect(firstMessage(trNumberParamSchema, { tr: 'A'.repeat(65) })).toBe('TR number must be at most 64 characters');
  });
});

describe('every request schema uses it', () => {
  const signUp = {
    email: 'ada@example.com',
    password: 'long enough',
    fullName: 'Ada Lovelace',
    phone: '3105551234',
    address: '12 Engine Road',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90001',
    termsAccepted: true,
    privacyAccepted: true,
  };

  it('sign-up and profile fields have a size limit and no NUL', () => {
    expect(registerRequestSchema.safeParse(signUp).success).toBe(true);
    expect(firstMessage(registerRequestSchema, { ...signUp, fullName: 'a\u0000b' })).toMatch(/^Full name contains a control character/);
    expect(firstMessage(registerRequestSchema, { ...signUp, address: 'x'.repeat(900_000) })).toBe('Address must be at most 500 characters');
    expect(firstMessage(registerRequestSchema, { ...signUp, username: 'u'.repeat(101) })).toBe('Username must be at most 100 characters');
    expect(firstMessage(profileUpdateRequestSchema, { city: 'c'.repeat(101) })).toBe('City must be at most 100 characters');
    expect(firstMessage(profileUpdateRequestSchema, { lastName: 'Lo\u202Evelace' })).toMatch(/^Last name contains a text-direction control/);
  });

  it('the support form, checkout and submission refuse what Postgres would', () => {
    const support = { fullName: 'a\u0000b', email: 'a@example.com', subject: 'Hello there', message: 'x'.repeat(30) };
    const result = supportRequestSchema.safeParse(support);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['fullName'], message: expect.stringMatching(/^Full name contains a control character/) });
    expect(supportRequestSchema.parse({ ...support, fullName: 'Ada', message: 'line one\r\nline two, longer' }).message).toBe('line one\nline two, longer');

    expect(firstMessage(createIntentSchema, { amount: 9.99, description: '\ud800' })).toMatch(/^Description contains an invalid character/);
    const fields = {
      title: 'T\u0000',
      materialType: 'Book',
      intendedMedium: 'TV',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '3105551234',
      address: '12 Engine Road',
      paymentSessionId: 'lcs_1',
    };
    expect(firstMessage(registrationSubmissionSchema, fields)).toMatch(/^Title contains a control character/);
    expect(firstMessage(registrationSubmissionSchema, { ...fields, title: 'Fine', paymentSessionId: 'lcs\u0000' })).toMatch(/^Payment session id contains a control/);
    expect(firstMessage(registrationSubmissionSchema, { ...fields, title: 'Fine', description: 'd\u0000' })).toMatch(/^Description contains a control/);
  });
});
