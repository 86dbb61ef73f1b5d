// The wizard draft in browser storage, so the form survives the round trip through the payment
// page (seed 001 §4.1). It holds the author's name and contact details, so it belongs to the user
// who wrote it: stored under their id, never read for anyone else, and only one user's draft is
// kept at a time (sign-out and account deletion forget it, `@/lib/user-storage`). With no user
// (the session not known yet) there is no draft; a damaged entry also reads as "no draft" rather
// than breaking the page.
import { forgetUserData, userStorageKey } from '@/lib/user-storage';

import { toRegistrationForm, type RegistrationForm } from './registration-form';

const DRAFT_NAME = 'registrationDraft';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export const draftStorageKey = (userId: string) => userStorageKey(userId, DRAFT_NAME);

export function saveDraft(storage: KeyValueStorage, userId: string | null, form: RegistrationForm): void {
  if (userId === null) return;
  try {
    forgetUserData(storage, userId);
    storage.setItem(draftStorageKey(userId), JSON.stringify(form));
  } catch {
    // Storage full or disabled: the wizard still works, only the round trip loses the draft
    // (step 4 then says so with "Missing Information").
  }
}

export function loadDraft(storage: KeyValueStorage, userId: string | null): RegistrationForm | null {
  if (userId === null) return null;
  const raw = storage.getItem(draftStorageKey(userId));
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? toRegistrationForm(parsed) : null;
  } catch {
    return null;
  }
}

export function clearDraft(storage: KeyValueStorage, userId: string | null): void {
  if (userId !== null) storage.removeItem(draftStorageKey(userId));
}
