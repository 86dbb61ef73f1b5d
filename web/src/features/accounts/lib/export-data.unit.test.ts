// The data export file's name and contents.
import { describe, expect, test } from 'vitest';

import { buildExport, exportFileName, exportJson } from './export-data';

describe('data export', () => {
  const now = new Date(2026, 10, 2, 9, 30);

  test('is named with the local date', () => {
    expect(exportFileName(now)).toBe('titleledger-data-2026-11-02.json');
  });

  test('holds the profile and the export date', () => {
    const profile = { email: 'ada@example.com', fullName: 'Ada Lovelace' };
    expect(buildExport(profile, now)).toEqual({ exportDate: now.toISOString(), profile });
    expect(JSON.parse(exportJson(profile, now))).toEqual({ exportDate: now.toISOString(), profile });
  });
});
