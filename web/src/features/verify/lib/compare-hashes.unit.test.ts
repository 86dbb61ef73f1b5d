import { describe, expect, it } from 'vitest';

import { explainMismatch, hashesMatch, normalizeHashInput } from './compare-hashes';

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

describe('what a failed comparison means (explainMismatch)', () => {
  it('tells the registered hash written in capitals, with 0x or with spaces inside, and gives it as printed', () => {
    expect(explainMismatch(hash.toUpperCase(), hash)).toEqual({ kind: 'written differently', as: ['capitals'], printed: hash });
    expect(explainMismatch(` 0x${hash} `, hash)).toEqual({ kind: 'written differently', as: ['0x prefix'], printed: hash });
    expect(explainMismatch(`0X${hash.slice(0, 32)} ${hash.slice(32).toUpperCase()}`, hash)).toEqual({
      kind: 'written differently',
      as: ['capitals', '0x prefix', 'spaces inside'],
      printed: hash,
    });
  });

  it('tells a hash cut short or too long, and a character that is not hexadecimal', () => {
    expect(explainMismatch(hash.slice(0, 63), hash)).toEqual({ kind: 'not a sha-256', length: 63, badCharacter: null });
    expect(explainMismatch(`${hash}a`, hash)).toEqual({ kind: 'not a sha-256', length: 65, badCharacter: null });
    expect(explainMismatch(`${hash.slice(0, 10)}z${hash.slice(11)}`, hash)).toEqual({ kind: 'not a sha-256', length: 64, badCharacter: 'z' });
  });

  it('says nothing more of another well-formed hash', () => {
    expect(explainMismatch('a'.repeat(64), hash)).toEqual({ kind: 'another hash' });
  });
});
