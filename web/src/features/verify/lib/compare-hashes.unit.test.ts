import { describe, expect, it } from 'vitest';

import { hashesMatch, normalizeHashInput } from './compare-hashes';

const hash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('hash comparison (seed 000 §5: an exact string match)', () => {
  it('matches the same string', () => {
    expect(hashesMatch(hash, hash)).toBe(true);
  });

  it('ignores only whitespace around the hash', () => {
    expect(hashesMatch(`  ${hash}\n`, hash)).toBe(true);
    expect(normalizeHashInput('\t abc \n')).toBe('abc');
  });

  it('counts case, a 0x prefix and inner characters', () => {
    expect(hashesMatch(hash.toUpperCase(), hash)).toBe(false);
    expect(hashesMatch(`0x${hash}`, hash)).toBe(false);
    expect(hashesMatch(`${hash.slice(0, 32)} ${hash.slice(32)}`, hash)).toBe(false);
    expect(hashesMatch(`${hash.slice(0, -1)}4`, hash)).toBe(false);
  });

  it('never matches an empty hash', () => {
    expect(hashesMatch('', '')).toBe(false);
    expect(hashesMatch('  ', ' ')).toBe(false);
  });
});
