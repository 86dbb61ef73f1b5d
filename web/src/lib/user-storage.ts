// What the browser keeps for one signed-in user (the registration wizard's draft, with their name,
// e-mail, phone and address; a profile edit whose save met an ended session). Each entry's key
// names its user, so another account signed in on the same browser never reads it; signing out or
// deleting the account forgets every such entry.
const USER_KEY_PREFIX = 'titleledger.user.';

type IterableStorage = Pick<Storage, 'key' | 'length' | 'removeItem'>;

/** The storage key of one user's entry called `name`. */
export function userStorageKey(userId: string, name: string): string {
  return `${USER_KEY_PREFIX}${encodeURIComponent(userId)}.${name}`;
}

/** Removes the entries of every user but `keep` (all of them without it). */
export function forgetUserData(storage: IterableStorage, keep?: string): void {
  const kept = keep === undefined ? null : userStorageKey(keep, '');
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(USER_KEY_PREFIX) && (kept === null || !key.startsWith(kept))) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/**
 * `forgetUserData` on localStorage and this tab's sessionStorage (a profile edit kept across a
 * sign-in), for sign-out and account deletion; blocked storage holds nothing.
 */
export function forgetSignedInUserData(): void {
  for (const storage of [() => localStorage, () => sessionStorage]) {
    try {
      forgetUserData(storage());
    } catch {
      // Storage disabled: nothing was kept there either.
    }
  }
}
