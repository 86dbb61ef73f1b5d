// What each wizard step needs before Next, the §5 messages shown on change, and the fields the
// submission cannot go without. The rules and messages come from the shared schema module.
import { registrationRequiredFields } from '@titleledger/api/schemas';

import type { RegistrationForm } from './registration-form';

export const WIZARD_STEPS = [
  'Work Details',
  'Contact Information',
  'Review & Payment',
  'Upload Document',
  'Registration Complete',
] as const;
export type WizardStep = 1 | 2 | 3 | 4 | 5;

export type RequiredField = keyof typeof registrationRequiredFields.shape;

/** §4.1: Next on step 1 needs these filled, on step 2 the contact fields. */
const STEP_FIELDS = {
  1: ['title', 'materialType', 'intendedMedium'],
  2: ['firstName', 'lastName', 'email', 'phone', 'address'],
} as const satisfies Record<1 | 2, readonly RequiredField[]>;

export function progressPercent(step: WizardStep): number {
  return Math.round((step / WIZARD_STEPS.length) * 100);
}

/** The §5 message for one field, or null when the value passes. */
export function fieldError(field: RequiredField, value: string): string | null {
  const result = registrationRequiredFields.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** Next is enabled once the step's required fields hold something (§4.1). */
export function stepIsFilled(step: 1 | 2, form: RegistrationForm): boolean {
  return STEP_FIELDS[step].every((field) => form[field].trim() !== '');
}

/** The messages that stop the step from advancing: filled is not enough if a rule still fails. */
export function stepErrors(step: 1 | 2, form: RegistrationForm): Partial<Record<RequiredField, string>> {
  const errors: Partial<Record<RequiredField, string>> = {};
  for (const field of STEP_FIELDS[step]) {
    const message = fieldError(field, form[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

const SUBMISSION_FIELDS = [
  ['title', 'Title'],
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['email', 'Email'],
  ['materialType', 'Material Type'],
  ['intendedMedium', 'Intended Medium'],
] as const satisfies ReadonlyArray<readonly [RequiredField, string]>;

/** §8.1 "Missing Information": the labels of the fields the submission lacks. */
export function missingForSubmission(form: RegistrationForm): string[] {
  return SUBMISSION_FIELDS.filter(([field]) => form[field].trim() === '').map(([, label]) => label);
}

/**
 * Where a paid wizard resumes: the first step whose fields still fail (a payment made from the
 * standalone checkout has no work details yet), else the upload. The payment itself is kept.
 */
export function firstStepNeedingInput(form: RegistrationForm): WizardStep {
  if (Object.keys(stepErrors(1, form)).length > 0) return 1;
  if (Object.keys(stepErrors(2, form)).length > 0) return 2;
  return 4;
}
