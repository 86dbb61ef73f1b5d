// Which wizard step the address asks for (`?step=`), so each step is a history entry: the browser's
// Back goes to the previous step and Forward to the next one already visited, and Back from the
// payment page lands on the review it was left from. The address only asks: the wizard shows the
// furthest step the draft and the payment allow (`allowedStep`), so a deep link, an old entry or a
// hand-typed `?step=4` never shows a step whose input is missing or unpaid. Without `?step=` the
// address lands where it always did: step 1, or where a payment return resumes.
import type { RegistrationForm } from './registration-form';
import { firstStepNeedingInput, type WizardStep } from './step-validation';

const STEP_PARAM = 'step';

/** Step 5 is never asked for: it shows the registration just made, which only the wizard holds. */
type AddressableStep = Exclude<WizardStep, 5>;

export function stepFromSearch(search: URLSearchParams): AddressableStep | null {
  const raw = search.get(STEP_PARAM);
  return raw === '1' || raw === '2' || raw === '3' || raw === '4' ? (Number(raw) as AddressableStep) : null;
}

/** The same address (the payment's `session_id` and all) asking for `step`. */
export function searchWithStep(search: URLSearchParams, step: AddressableStep): string {
  const next = new URLSearchParams(search);
  next.set(STEP_PARAM, String(step));
  return `?${next.toString()}`;
}

/** The step shown for `wanted`: not past the first step still needing input, nor past the review unpaid. */
export function allowedStep(wanted: AddressableStep, form: RegistrationForm, paid: boolean): AddressableStep {
  const reachable = Math.min(wanted, firstStepNeedingInput(form)) as AddressableStep;
  return reachable === 4 && !paid ? 3 : reachable;
}

/** What a wizard history entry carries: the step it was reached from, for Previous to go back to. */
export type WizardEntryState = { readonly wizardStepFrom: WizardStep };

export function stepReachedFrom(state: unknown): WizardStep | null {
  if (typeof state !== 'object' || state === null || !('wizardStepFrom' in state)) return null;
  const from = state.wizardStepFrom;
  return from === 1 || from === 2 || from === 3 || from === 4 ? from : null;
}
