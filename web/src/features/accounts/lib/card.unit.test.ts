// The local card form's typing help and the card summary's display.
import { describe, expect, test } from 'vitest';

import { brandName, formatCardExpiry, formatCardNumber, formatExpiry, isExpired, parseExpiry } from './card';

describe('card number and expiry input', () => {
  test('groups the number in fours and drops anything that is not a digit', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
  });

  test('reads the expiry in the usual spellings', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('0830')).toEqual({ month: 8, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('soon')).toBeNull();
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });

  test('a card is valid through the end of its expiry month', () => {
    const now = new Date(2026, 10, 22);
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2025, now)).toBe(true);
  });
});

describe('card summary display', () => {
  test('names the brand and pads the month', () => {
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('elo')).toBe('Elo');
    expect(brandName(null)).toBe('Card');
    expect(formatCardExpiry(3, 2030)).toBe('03/2030');
    expect(formatCardExpiry(null, null)).toBe('—');
  });
});
