// The sign-up wizard's rules as pure code: the four steps and when each may be left, the step-1
// checks (the shared schema's, so step 1 refuses what the server would refuse at the end, with the
// spec's toasts where they apply), and the payload derived at submit time.
import {
  ACCOUNT_TYPES,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  signUpAccountSchema,
  US_STATES,
  type RegisterRequest,
} from '@titleledger/api/schemas';

type AccountType = (typeof ACCOUNT_TYPES)[number];
type UsState = (typeof US_STATES)[number];

/** Step 1 as the form holds it. State starts empty so the visitor has to choose one. */
export type AccountInfo = {
  fullName: string;
  accountType: AccountType;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: UsState | '';
  zipCode: string;
  password: string;
  confirmPassword: string;
};

export const emptyAccountInfo: AccountInfo = {
  fullName: '',
  accountType: 'individual',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  password: '',
  confirmPassword: '',
};

/** The card summary kept after tokenisation (never the number itself). */
export type PaymentMethodSummary = { id: string; last4: string; brand: string; exp_month: number; exp_year: number };

type Notice = { title: string; description: string };

const REQUIRED_FIELDS = [
  'fullName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'password',
  'confirmPassword',
] as const satisfies ReadonlyArray<keyof AccountInfo>;

/** The message shown under each step-1 field that fails, by field. */
export type AccountErrors = Partial<Record<keyof AccountInfo, string>>;

/** Why step 1 may not be left: the spec's toast when one applies, and every failing field's message. */
export type AccountProblem = { notice: Notice | null; errors: AccountErrors };

/** The spec's step-1 toasts (seed 000 §8), in its order: missing fields, mismatch, length. */
function accountNotice(info: AccountInfo): Notice | null {
  if (REQUIRED_FIELDS.some((field) => info[field].trim() === '')) {
    return { title: 'Missing information', description: MESSAGES.missingInformation };
  }
  if (info.password !== info.confirmPassword) {
    return { title: 'Password mismatch', description: MESSAGES.passwordMismatch };
  }
  if (info.password.length < PASSWORD_MIN_LENGTH) {
    return { title: 'Weak password', description: MESSAGES.weakPassword };
  }
  return null;
}

/**
 * Step 1 judged by `signUpAccountSchema`, the rules the server applies to the same fields (an e-mail
 * address with a domain, length limits, no control characters), with its messages; null when the
 * step may be left.
 */
export function checkAccountInfo(info: AccountInfo): AccountProblem | null {
  const notice = accountNotice(info);
  const result = signUpAccountSchema.safeParse(info);
  if (result.success && !notice) return null;
  const errors: AccountErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in info)) continue;
    const key = field as keyof AccountInfo;
    // A blank field gets the spec's words (the state select's own would ask for a two-letter code).
    errors[key] ??= info[key].trim() === '' ? MESSAGES.missingInformation : issue.message;
  }
  return { notice, errors };
}

// ---- The wizard -----------------------------------------------------------------------------

type SignUpStep = 1 | 2 | 3 | 4;
export type LegalDocument = 'terms' | 'privacy';

export type WizardState = {
  step: SignUpStep;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  /** The legal modal on screen, if any. */
  reviewing: LegalDocument | null;
  /** Set when the visitor declined an agreement; cleared once both are accepted. */
  declined: boolean;
  paymentMethod: PaymentMethodSummary | null;
};

export type WizardAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'review'; document: LegalDocument }
  | { type: 'accept'; document: LegalDocument }
  | { type: 'decline' }
  | { type: 'paymentMethodAdded'; paymentMethod: PaymentMethodSummary }
  | { type: 'registered' };

export const initialWizardState: WizardState = {
  step: 1,
  termsAccepted: false,
  privacyAccepted: false,
  reviewing: null,
  declined: false,
  paymentMethod: null,
};

export function legalAccepted(state: WizardState): boolean {
  return state.termsAccepted && state.privacyAccepted;
}

/**
 * Whether Next may leave the current step, judged on what the wizard itself holds. Step 1 also
 * needs `checkAccountInfo` to pass; the form does that because it owns the fields.
 */
function canLeaveStep(state: WizardState): boolean {
  switch (state.step) {
    case 1:
      return true;
    case 2:
      return legalAccepted(state);
    case 3:
      return state.paymentMethod !== null;
    case 4:
      return false;
    default: {
      const unhandled: never = state.step;
      return unhandled;
    }
  }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      // Step 3 is left only by creating the account, never by Next.
      if (state.step >= 3 || !canLeaveStep(state)) return state;
      return { ...state, step: (state.step + 1) as SignUpStep };
    case 'previous':
      if (state.step === 1 || state.step === 4) return state;
      return { ...state, step: (state.step - 1) as SignUpStep, reviewing: null };
    case 'review':
      return { ...state, reviewing: action.document };
    case 'accept': {
      const next = {
        ...state,
        reviewing: null,
        termsAccepted: state.termsAccepted || action.document === 'terms',
        privacyAccepted: state.privacyAccepted || action.document === 'privacy',
      };
      return { ...next, declined: next.declined && !legalAccepted(next) };
    }
    case 'decline':
      // Declining either agreement closes both modals.
      return { ...state, reviewing: null, declined: true };
    case 'paymentMethodAdded':
      return { ...state, paymentMethod: action.paymentMethod };
    case 'registered':
      return state.step === 3 && state.paymentMethod ? { ...state, step: 4 } : state;
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}

// ---- The payload ----------------------------------------------------------------------------

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const USERNAME_SUFFIX_LENGTH = 4;

/** `random` returns numbers in [0, 1), like Math.random; tests pass a fixed one. */
function randomSuffix(random: () => number, length = USERNAME_SUFFIX_LENGTH): string {
  let suffix = '';
  for (let i = 0; i < length; i += 1) {
    suffix += SUFFIX_ALPHABET[Math.floor(random() * SUFFIX_ALPHABET.length)] ?? 'x';
  }
  return suffix;
}

/** firstName is the first word of the full name; lastName is the rest. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export function deriveUsername(email: string, random: () => number): string {
  const localPart = email.trim().split('@')[0] ?? '';
  return `${localPart}${randomSuffix(random)}`;
}

export function buildRegistration(
  info: AccountInfo,
  paymentMethod: PaymentMethodSummary | null,
  now: Date,
  random: () => number,
): RegisterRequest {
  const acceptedAt = now.toISOString();
  const state = info.state === '' ? US_STATES[0] : info.state;
  return {
    username: deriveUsername(info.email, random),
    email: info.email.trim(),
    password: info.password,
    fullName: info.fullName.trim(),
    ...splitFullName(info.fullName),
    phone: info.phone.trim(),
    address: info.address.trim(),
    city: info.city.trim(),
    state,
    zipCode: info.zipCode.trim(),
    country: 'US',
    accountType: info.accountType,
    ...(paymentMethod
      ? {
          paymentMethodId: paymentMethod.id,
          cardLast4: paymentMethod.last4,
          cardBrand: paymentMethod.brand,
          cardExpMonth: paymentMethod.exp_month,
          cardExpYear: paymentMethod.exp_year,
        }
      : {}),
    termsAccepted: true,
    privacyAccepted: true,
    termsAcceptedAt: acceptedAt,
    privacyAcceptedAt: acceptedAt,
  };
}
