// The wizard draft in browser storage, so the form survives the round trip through the payment
// page (seed 001 §4.1). A damaged or foreign entry reads as "no draft" rather than breaking the page.
import { toRegistrationForm, type RegistrationForm } from './registration-form';

export const DRAFT_STORAGE_KEY = 'titleledger.registrationDraft';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveDraft(storage: KeyValueStorage, form: RegistrationForm): void {
  try {
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(form));
  } catch {
    // Storage full or disabled: the wizard still works, only the round trip loses the draft
    // (step 4 then says so with "Missing Information").
  }
}

export function loadDraft(storage: KeyValueStorage): RegistrationForm | null {
  const raw = storage.getItem(DRAFT_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? toRegistrationForm(parsed) : null;
  } catch {
    return null;
  }
}

export function clearDraft(storage: KeyValueStorage): void {
  storage.removeItem(DRAFT_STORAGE_KEY);
}
