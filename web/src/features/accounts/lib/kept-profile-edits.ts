// A profile edit whose save met an ended session (signed out in another tab, a password reset
// elsewhere, a day idle): kept in this tab's sessionStorage under the user's id while they sign in
// again, then put back into the form and forgotten. Never read for another user (their sign-in on
// this tab drops it), and Sign Out forgets it (`forgetSignedInUserData`). The current password an
// e-mail change asks for is never kept.
import type { ProfileForm } from '@titleledger/api/schemas';

import { forgetUserData, readUserEntry, removeUserEntry, writeUserEntry } from '@/lib/user-storage';

const NAME = 'profileEdits';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function keepProfileEdits(storage: KeyValueStorage, userId: string, form: ProfileForm): void {
  writeUserEntry(storage, userId, NAME, form);
}

/** The edits kept for `userId`, if any (a damaged entry reads as none); other users' are dropped. */
export function keptProfileEdits(storage: KeyValueStorage, userId: string, fields: readonly (keyof ProfileForm)[]): ProfileForm | null {
  try {
    forgetUserData(storage, userId);
  } catch {
    return null;
  }
  const record = readUserEntry(storage, userId, NAME);
  if (record === null) return null;
  const form = {} as ProfileForm;
  for (const field of fields) {
    const value = record[field];
    form[field] = typeof value === 'string' ? value : '';
  }
  return form;
}

export function forgetProfileEdits(storage: KeyValueStorage, userId: string): void {
  removeUserEntry(storage, userId, NAME);
}
