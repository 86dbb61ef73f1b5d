// Payment sessions this browser has already turned into a registration (seed 001 §4.1). Only a
// courtesy that spares a pointless upload: the server refuses a reused payment whatever this says.
export const USED_SESSIONS_STORAGE_KEY = 'titleledger.usedPaymentSessions';

/** Old entries fall off the end; a payment is reused, if ever, soon after it was spent. */
const MAX_REMEMBERED = 100;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readUsedSessions(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(USED_SESSIONS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function isSessionUsed(storage: KeyValueStorage, sessionId: string): boolean {
  return readUsedSessions(storage).includes(sessionId);
}

export function markSessionUsed(storage: KeyValueStorage, sessionId: string): void {
  const ids = readUsedSessions(storage).filter((id) => id !== sessionId);
  ids.push(sessionId);
  try {
    storage.setItem(USED_SESSIONS_STORAGE_KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage unavailable: the server still refuses the reuse.
  }
}
