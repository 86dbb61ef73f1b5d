// The wizard draft in browser storage, so the form survives the round trip through the payment
// page (seed 001 §4.1). It holds the author's name and contact details, so it belongs to the user
// who wrote it: stored under their id, never read for anyone else, and only one user's draft is
// kept at a time (sign-out and account deletion forget it, `@/lib/user-storage`). With no user
// (the session not known yet) there is no draft; a damaged entry also reads as "no draft" rather
// than breaking the page.
import { forgetUserData, readUserEntry, removeUserEntry, userStorageKey, writeUserEntry } from '@/lib/user-storage';

import { toRegistrationForm, type RegistrationForm } from './registration-form';

const DRAFT_NAME = 'registrationDraft';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export const draftStorageKey = (userId: string) => userStorageKey(userId, DRAFT_NAME);

export function saveDraft(storage: KeyValueStorage, userId: string | null, form: RegistrationForm): void {
  if (userId === null) return;
  try {
    forgetUserData(storage, userId);
  } catch {
    // Storage disabled: the wizard still works, only the round trip loses the draft (step 4 then
    // says so with "Missing Information"); a full one keeps no draft either.
    return;
  }
  writeUserEntry(storage, userId, DRAFT_NAME, form);
}

export function loadDraft(storage: KeyValueStorage, userId: string | null): RegistrationForm | null {
  if (userId === null) return null;
  const record = readUserEntry(storage, userId, DRAFT_NAME);
  return record === null ? null : toRegistrationForm(record);
}

export function clearDraft(storage: KeyValueStorage, userId: string | null): void {
  if (userId !== null) removeUserEntry(storage, userId, DRAFT_NAME);
}
