import { describe, expect, it } from 'vitest';

import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes counts as en-US does, a comma between each group of three digits', () => {
    for (const count of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -4_321, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(count), String(count)).toBe(count.toLocaleString('en-US'));
    }
  });

  it('leaves what is not a whole count as JavaScript writes it', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(1.5)).toBe('1.5');
  });
});
