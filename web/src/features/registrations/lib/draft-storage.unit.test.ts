import { describe, expect, test } from 'vitest';

import { clearDraft, DRAFT_STORAGE_KEY, loadDraft, saveDraft } from './draft-storage';
import { emptyForm } from './registration-form';
import { isSessionUsed, markSessionUsed, readUsedSessions, USED_SESSIONS_STORAGE_KEY } from './used-sessions';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('the wizard draft', () => {
  test('survives a save and load unchanged', () => {
    const storage = memoryStorage();
    const form = { ...emptyForm, title: 'Moby-Dick', workPublished: true, dateOfPublication: '1851-10-18' };
    saveDraft(storage, form);
    expect(loadDraft(storage)).toEqual(form);
  });

  test('is absent before a save and after clearing', () => {
    const storage = memoryStorage();
    expect(loadDraft(storage)).toBeNull();
    saveDraft(storage, { ...emptyForm, title: 'x' });
    clearDraft(storage);
    expect(loadDraft(storage)).toBeNull();
  });

  test('reads damaged JSON as no draft', () => {
    expect(loadDraft(memoryStorage({ [DRAFT_STORAGE_KEY]: '{not json' }))).toBeNull();
    expect(loadDraft(memoryStorage({ [DRAFT_STORAGE_KEY]: '"a string"' }))).toBeNull();
  });

  test('keeps known fields of the right type and drops the rest', () => {
    const stored = JSON.stringify({ title: 'Kept', workMadeForHire: 'yes', email: 42, extra: 'dropped' });
    const draft = loadDraft(memoryStorage({ [DRAFT_STORAGE_KEY]: stored }));
    expect(draft).toEqual({ ...emptyForm, title: 'Kept' });
  });

  test('a storage that refuses writes does not break saving', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveDraft(storage, emptyForm)).not.toThrow();
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
