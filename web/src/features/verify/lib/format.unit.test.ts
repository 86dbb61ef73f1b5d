import { describe, expect, it } from 'vitest';

import { formatBytes, formatUtc } from './format';

describe('formatUtc', () => {
  it('reads chain seconds (number, bigint or digits) and ISO strings as the same UTC moment', () => {
    const expected = '1 Jan 2026, 00:00:00 UTC';
    expect(formatUtc(1_767_225_600)).toBe(expected);
    expect(formatUtc(1_767_225_600n)).toBe(expected);
    expect(formatUtc('1767225600')).toBe(expected);
    expect(formatUtc('2026-01-01T00:00:00.000Z')).toBe(expected);
  });

  it('leaves what it cannot read as it is', () => {
    expect(formatUtc('soon')).toBe('soon');
  });
});

describe('formatBytes', () => {
  it('picks a unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB');
  });
});
