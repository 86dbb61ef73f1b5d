// What each wizard step needs before Next, the §5 messages shown on change, and the fields the
// submission cannot go without. The rules and messages come from the shared schema module: the
// required fields', and the formats of the optional dates and years (§3.1 issueDate MM/DD/YYYY).
import { registrationDraftSchema, registrationRequiredFields } from '@titleledger/api/schemas';

import type { RegistrationForm } from './registration-form';

export const WIZARD_STEPS = [
  'Work Details',
  'Contact Information',
  'Review & Payment',
  'Upload Document',
  'Registration Complete',
] as const;
export type WizardStep = 1 | 2 | 3 | 4 | 5;

type RequiredField = keyof typeof registrationRequiredFields.shape;

/** Optional step 1 fields with a format: blank is fine, anything else must match it. */
const FORMATTED_FIELDS = ['issueDate', 'authorYearBorn', 'authorYearDied', 'yearOfCreation'] as const;
type FormattedField = (typeof FORMATTED_FIELDS)[number];

/** A field whose value the wizard checks, with a message when it fails. */
type CheckedField = RequiredField | FormattedField;

const CHECKED_FIELDS: ReadonlySet<string> = new Set([...Object.keys(registrationRequiredFields.shape), ...FORMATTED_FIELDS]);
export const isCheckedField = (field: string): field is CheckedField => CHECKED_FIELDS.has(field);

/** §4.1: Next on step 1 needs these filled, on step 2 the contact fields. */
const STEP_FIELDS = {
  1: ['title', 'materialType', 'intendedMedium'],
  2: ['firstName', 'lastName', 'email', 'phone', 'address'],
} as const satisfies Record<1 | 2, readonly RequiredField[]>;

export function progressPercent(step: WizardStep): number {
  return Math.round((step / WIZARD_STEPS.length) * 100);
}

/** The §5 (or format) message for one field, or null when the value passes. */
export function fieldError(field: CheckedField, value: string): string | null {
  const result = registrationDraftSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** Next is enabled once the step's required fields hold something (§4.1). */
export function stepIsFilled(step: 1 | 2, form: RegistrationForm): boolean {
  return STEP_FIELDS[step].every((field) => form[field].trim() !== '');
}

/** The formatted fields step 1 shows: the issue date only with the collective-work box ticked. */
function shownFormattedFields(form: RegistrationForm): FormattedField[] {
  return FORMATTED_FIELDS.filter((field) => field !== 'issueDate' || form.publicationAsContribution);
}

/** The messages that stop the step from advancing: filled is not enough if a rule still fails. */
export function stepErrors(step: 1 | 2, form: RegistrationForm): Partial<Record<CheckedField, string>> {
  const errors: Partial<Record<CheckedField, string>> = {};
  const fields: readonly CheckedField[] = step === 1 ? [...STEP_FIELDS[1], ...shownFormattedFields(form)] : STEP_FIELDS[2];
  for (const field of fields) {
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
