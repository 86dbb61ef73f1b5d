import { describe, expect, test } from 'vitest';

import { forgetUserData } from '@/lib/user-storage';

import { clearDraft, draftStorageKey, loadDraft, saveDraft } from './draft-storage';
import { emptyForm } from './registration-form';
import { isSessionUsed, markSessionUsed, readUsedSessions, USED_SESSIONS_STORAGE_KEY } from './used-sessions';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    items,
  };
}

const ADA = 'user-ada';
const BOB = 'user-bob';

describe('the wizard draft', () => {
  test('survives a save and load unchanged', () => {
    const storage = memoryStorage();
    const form = { ...emptyForm, title: 'Moby-Dick', workPublished: true, dateOfPublication: '1851-10-18' };
    saveDraft(storage, ADA, form);
    expect(loadDraft(storage, ADA)).toEqual(form);
  });

  test('is absent before a save and after clearing', () => {
    const storage = memoryStorage();
    expect(loadDraft(storage, ADA)).toBeNull();
    saveDraft(storage, ADA, { ...emptyForm, title: 'x' });
    clearDraft(storage, ADA);
    expect(loadDraft(storage, ADA)).toBeNull();
  });

  test('is never read for another user, and a new user’s save drops the old draft', () => {
    const storage = memoryStorage();
    saveDraft(storage, ADA, { ...emptyForm, title: 'Ada’s work', email: 'ada@example.com' });
    expect(loadDraft(storage, BOB)).toBeNull();
    saveDraft(storage, BOB, { ...emptyForm, title: 'Bob’s work' });
    expect(loadDraft(storage, ADA)).toBeNull();
    expect([...storage.items.keys()]).toEqual([draftStorageKey(BOB)]);
  });

  test('without a signed-in user there is nothing to save or load', () => {
    const storage = memoryStorage();
    saveDraft(storage, null, { ...emptyForm, title: 'x' });
    expect(storage.items.size).toBe(0);
    expect(loadDraft(storage, null)).toBeNull();
  });

  test('is forgotten with the rest of the users’ data, and other entries stay', () => {
    const storage = memoryStorage({ 'titleledger-theme': 'dark' });
    saveDraft(storage, ADA, { ...emptyForm, title: 'x' });
    forgetUserData(storage);
    expect(loadDraft(storage, ADA)).toBeNull();
    expect([...storage.items.keys()]).toEqual(['titleledger-theme']);
  });

  test('reads damaged JSON as no draft', () => {
    expect(loadDraft(memoryStorage({ [draftStorageKey(ADA)]: '{not json' }), ADA)).toBeNull();
    expect(loadDraft(memoryStorage({ [draftStorageKey(ADA)]: '"a string"' }), ADA)).toBeNull();
  });

  test('keeps known fields of the right type and drops the rest', () => {
    const stored = JSON.stringify({ title: 'Kept', workMadeForHire: 'yes', email: 42, extra: 'dropped' });
    const draft = loadDraft(memoryStorage({ [draftStorageKey(ADA)]: stored }), ADA);
    expect(draft).toEqual({ ...emptyForm, title: 'Kept' });
  });

  test('a storage that refuses writes does not break saving', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveDraft(storage, ADA, emptyForm)).not.toThrow();
  });
});

describe('the used payment sessions', () => {
  test('starts empty and remembers what is marked', () => {
    const storage = memoryStorage();
    expect(isSessionUsed(storage, 'lcs_1')).toBe(false);
    markSessionUsed(storage, 'lcs_1');
    markSessionUsed(storage, 'lcs_2');
    expect(isSessionUsed(storage, 'lcs_1')).toBe(true);
    expect(readUsedSessions(storage)).toEqual(['lcs_1', 'lcs_2']);
  });

  test('lists a session once however often it is marked', () => {
    const storage = memoryStorage();
    markSessionUsed(storage, 'lcs_1');
    markSessionUsed(storage, 'lcs_1');
    expect(readUsedSessions(storage)).toEqual(['lcs_1']);
  });

  test('ignores a damaged list and non-string entries', () => {
    expect(readUsedSessions(memoryStorage({ [USED_SESSIONS_STORAGE_KEY]: 'oops' }))).toEqual([]);
    expect(readUsedSessions(memoryStorage({ [USED_SESSIONS_STORAGE_KEY]: '["a", 1, null, "b"]' }))).toEqual(['a', 'b']);
  });

  test('forgets the oldest entries past a hundred', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 105; i += 1) markSessionUsed(storage, `s${i}`);
    const ids = readUsedSessions(storage);
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe('s5');
    expect(ids.at(-1)).toBe('s104');
  });
});
