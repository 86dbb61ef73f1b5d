import { describe, expect, it } from 'vitest';

import { bytesToHex, hexToBytes, isHash32, strip0x } from './hex';

describe('hex and bytes', () => {
  it('round-trips bytes through lowercase hex', () => {
    const bytes = new Uint8Array([0, 1, 15, 16, 127, 128, 254, 255]);
    expect(bytesToHex(bytes)).toBe('00010f107f80feff');
    expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes);
    expect(bytesToHex(bytes.buffer)).toBe('00010f107f80feff');
  });

  it('reads hex with or without 0x and in either case', () => {
    expect(hexToBytes('0xABcd')).toEqual(new Uint8Array([0xab, 0xcd]));
    expect(hexToBytes('0X01')).toEqual(new Uint8Array([1]));
    expect(hexToBytes('0x')).toEqual(new Uint8Array(0));
    expect(strip0x('0xabc')).toBe('abc');
    expect(strip0x('abc')).toBe('abc');
  });

  it('refuses odd lengths and non-hex characters', () => {
    expect(() => hexToBytes('abc')).toThrow(/Not a hex byte string/);
    expect(() => hexToBytes('zz')).toThrow(/Not a hex byte string/);
    expect(() => hexToBytes('0x 1')).toThrow();
  });

  it('knows a 32-byte hash', () => {
    expect(isHash32('a'.repeat(64))).toBe(true);
    expect(isHash32(`0x${'A'.repeat(64)}`)).toBe(true);
    expect(isHash32('a'.repeat(63))).toBe(false);
    expect(isHash32('g'.repeat(64))).toBe(false);
  });
});
