import { describe, expect, test } from 'vitest';

import { emptyForm } from './registration-form';
import { fieldError, firstStepNeedingInput, missingForSubmission, progressPercent, stepErrors, stepIsFilled } from './step-validation';

const filled = {
  ...emptyForm,
  title: 'The Work',
  materialType: 'Book',
  intendedMedium: 'PRINT LITERARY',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '555-010-0100',
  address: '12 Analytical Engine Rd',
};

describe('field messages (seed 001 §5)', () => {
  test.each([
    ['title', '', 'Title is required'],
    ['title', '   ', 'Title is required'],
    ['materialType', '', 'Material type is required'],
    ['intendedMedium', '', 'Intended medium is required'],
    ['firstName', '', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['email', 'not-an-email', 'Valid email is required'],
    ['phone', '555-0100', 'Valid phone number is required'],
    ['address', '12 Main', 'Complete address is required'],
    // The shared text type: what the server would refuse, the form says first, naming the field.
    ['title', 'The\u0000Work', 'Title contains a control character (U+0000) that is not allowed.'],
    ['lastName', 'Love\u202Elace', 'Last name contains a text-direction control character (U+202E) that is not allowed in names.'],
    ['title', 'x'.repeat(501), 'Title must be at most 500 characters'],
  ] as const)('%s = %j gives "%s"', (field, value, message) => {
    expect(fieldError(field, value)).toBe(message);
  });

  test('valid values give no message', () => {
    expect(fieldError('email', 'ada@example.com')).toBeNull();
    expect(fieldError('phone', '5550100100')).toBeNull();
    expect(fieldError('address', '12 Main Street')).toBeNull();
    expect(fieldError('materialType', 'AI-Comic Book')).toBeNull();
    expect(fieldError('intendedMedium', 'All Intended Mediums')).toBeNull();
  });
});

describe('the formats of step 1’s dates and years (seed 001 §3.1)', () => {
  test.each([
    ['issueDate', '31/31/20x', 'Use MM/DD/YYYY'],
    ['issueDate', '2024-05-01', 'Use MM/DD/YYYY'],
    ['issueDate', '13/01/2024', 'Use MM/DD/YYYY'],
    ['authorYearBorn', 'next year maybe', 'Use YYYY'],
    ['authorYearDied', '19th century', 'Use YYYY'],
    ['yearOfCreation', '24', 'Use YYYY'],
  ] as const)('%s = %j gives "%s"', (field, value, message) => {
    expect(fieldError(field, value)).toBe(message);
  });

  test('blank and well-formed values give no message', () => {
    for (const field of ['issueDate', 'authorYearBorn', 'authorYearDied', 'yearOfCreation'] as const) expect(fieldError(field, '')).toBeNull();
    expect(fieldError('issueDate', '05/01/2024')).toBeNull();
    expect(fieldError('authorYearBorn', '1815')).toBeNull();
  });

  test('a bad one stops step 1; the issue date only while its box is ticked (it is hidden otherwise)', () => {
    expect(stepErrors(1, { ...filled, authorYearBorn: 'next year maybe' })).toEqual({ authorYearBorn: 'Use YYYY' });
    expect(stepErrors(1, { ...filled, issueDate: '31/31/20x', publicationAsContribution: true })).toEqual({ issueDate: 'Use MM/DD/YYYY' });
    expect(stepErrors(1, { ...filled, issueDate: '31/31/20x' })).toEqual({});
    expect(firstStepNeedingInput({ ...filled, yearOfCreation: 'soon' })).toBe(1);
  });
});

describe('Next (seed 001 §4.1)', () => {
  test('step 1 needs title, material type and intended medium', () => {
    expect(stepIsFilled(1, emptyForm)).toBe(false);
    expect(stepIsFilled(1, { ...emptyForm, title: 'T', materialType: 'Book' })).toBe(false);
    expect(stepIsFilled(1, { ...emptyForm, title: 'T', materialType: 'Book', intendedMedium: 'TV' })).toBe(true);
  });

  test('step 2 needs the five contact fields', () => {
    expect(stepIsFilled(2, { ...filled, phone: '' })).toBe(false);
    expect(stepIsFilled(2, filled)).toBe(true);
  });

  test('a filled step can still hold errors that stop it', () => {
    expect(stepErrors(2, { ...filled, phone: '123' })).toEqual({ phone: 'Valid phone number is required' });
    expect(stepErrors(2, filled)).toEqual({});
  });
});

describe('before submission', () => {
  test('lists the missing fields by their labels', () => {
    expect(missingForSubmission(emptyForm)).toEqual([
      'Title',
      'First Name',
      'Last Name',
      'Email',
      'Material Type',
      'Intended Medium',
    ]);
    expect(missingForSubmission(filled)).toEqual([]);
  });
});

test('the progress bar shows the step as a percentage of five', () => {
  expect([1, 2, 3, 4, 5].map((step) => progressPercent(step as 1 | 2 | 3 | 4 | 5))).toEqual([20, 40, 60, 80, 100]);
});

describe('resuming a paid wizard', () => {
  test('goes to the first step that still needs input, and to the upload once nothing does', () => {
    expect(firstStepNeedingInput(emptyForm)).toBe(1);
    expect(firstStepNeedingInput({ ...filled, title: '' })).toBe(1);
    expect(firstStepNeedingInput({ ...filled, phone: '' })).toBe(2);
    expect(firstStepNeedingInput({ ...filled, email: 'not an address' })).toBe(2);
    expect(firstStepNeedingInput(filled)).toBe(4);
  });
});
