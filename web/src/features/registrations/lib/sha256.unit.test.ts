import { describe, expect, test } from 'vitest';

import { sameHash, sha256Hex, toHex } from './sha256';

describe('toHex', () => {
  test('spells every byte as two lowercase digits', () => {
    expect(toHex(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe('00010f10abff');
    expect(toHex(new Uint8Array([]).buffer)).toBe('');
  });
});

describe('sha256Hex', () => {
  test('matches the published test vectors', async () => {
    expect(await sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  test('hashes a Blob by its bytes', async () => {
    const blob = new Blob(['a', 'bc'], { type: 'text/plain' });
    expect(await sha256Hex(blob)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('sameHash', () => {
  test('ignores case and surrounding space but not content', () => {
    expect(sameHash('ABCdef', ' abcDEF ')).toBe(true);
    expect(sameHash('abc', 'abd')).toBe(false);
  });
});
