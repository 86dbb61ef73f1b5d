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

type EntryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Writes `value` as JSON to `userId`'s entry `name`; storage that is blocked or full keeps nothing. */
export function writeUserEntry(storage: EntryStorage, userId: string, name: string, value: unknown): void {
  try {
    storage.setItem(userStorageKey(userId, name), JSON.stringify(value));
  } catch {
    // The page goes on without it.
  }
}

/** `userId`'s entry `name` as an object; null when there is none, or it is damaged or unreadable. */
export function readUserEntry(storage: EntryStorage, userId: string, name: string): Record<string, unknown> | null {
  try {
    const raw = storage.getItem(userStorageKey(userId, name));
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function removeUserEntry(storage: EntryStorage, userId: string, name: string): void {
  try {
    storage.removeItem(userStorageKey(userId, name));
  } catch {
    // Blocked storage kept nothing either.
  }
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
