import type { UserTitle } from '@titleledger/api/schemas';
import { describe, expect, test } from 'vitest';

import { filterTitles, hashPrefix, newestFirst } from './title-filter';

const row = (overrides: Partial<UserTitle>): UserTitle => ({
  tr_number: 'TR-COPY-2025-AAAAAAAA',
  title: 'Untitled',
  registrant_name: 'Ada Lovelace',
  material_type: 'Book',
  intended_medium: 'PRINT LITERARY',
  registration_date: '2025-01-01T00:00:00.000Z',
  status: 'pending',
  cryptographic_hash: 'a'.repeat(64),
  file_content_hash: 'b'.repeat(64),
  ...overrides,
});

const titles = [
  row({ title: 'Moby-Dick', tr_number: 'TR-COPY-2025-WHALE001', status: 'registered', registration_date: '2025-03-01' }),
  row({ title: 'Ulysses', tr_number: 'TR-COPY-2025-DUBLIN01', registration_date: '2025-05-01' }),
  row({ title: 'The Whale Song', tr_number: 'TR-COPY-2025-SONG0001', registration_date: '2024-12-01' }),
];

describe('filterTitles', () => {
  test('matches the title or the TR number, ignoring case', () => {
    expect(filterTitles(titles, 'whale', 'all').map((t) => t.title)).toEqual(['Moby-Dick', 'The Whale Song']);
    expect(filterTitles(titles, 'dublin', 'all').map((t) => t.title)).toEqual(['Ulysses']);
    expect(filterTitles(titles, '  ', 'all')).toHaveLength(3);
  });

  test('narrows by status', () => {
    expect(filterTitles(titles, '', 'registered').map((t) => t.title)).toEqual(['Moby-Dick']);
    expect(filterTitles(titles, 'whale', 'pending').map((t) => t.title)).toEqual(['The Whale Song']);
  });
});

test('newestFirst orders by registration date, newest on top', () => {
  expect(newestFirst(titles).map((t) => t.title)).toEqual(['Ulysses', 'Moby-Dick', 'The Whale Song']);
});

test('hashPrefix keeps 16 characters and marks the cut', () => {
  expect(hashPrefix('0123456789abcdef0123')).toBe('0123456789abcdef…');
  expect(hashPrefix('short')).toBe('short');
});
