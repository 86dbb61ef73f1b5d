// A profile edit whose save met an ended session (signed out in another tab, a password reset
// elsewhere, a day idle): kept in this tab's sessionStorage under the user's id while they sign in
// again, then put back into the form and forgotten. Never read for another user (their sign-in on
// this tab drops it), and Sign Out forgets it (`forgetSignedInUserData`). The current password an
// e-mail change asks for is never kept.
import type { ProfileForm } from '@titleledger/api/schemas';

import { forgetUserData, userStorageKey } from '@/lib/user-storage';

const NAME = 'profileEdits';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function keepProfileEdits(storage: KeyValueStorage, userId: string, form: ProfileForm): void {
  try {
    storage.setItem(userStorageKey(userId, NAME), JSON.stringify(form));
  } catch {
    // Storage blocked or full: the edits go with the page, as before.
  }
}

/** The edits kept for `userId`, if any (a damaged entry reads as none); other users' are dropped. */
export function keptProfileEdits(storage: KeyValueStorage, userId: string, fields: readonly (keyof ProfileForm)[]): ProfileForm | null {
  try {
    forgetUserData(storage, userId);
    const raw = storage.getItem(userStorageKey(userId, NAME));
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const form = {} as ProfileForm;
    for (const field of fields) {
      const value = record[field];
      form[field] = typeof value === 'string' ? value : '';
    }
    return form;
  } catch {
    return null;
  }
}

export function forgetProfileEdits(storage: KeyValueStorage, userId: string): void {
  try {
    storage.removeItem(userStorageKey(userId, NAME));
  } catch {
    // Nothing could be kept either.
  }
}
