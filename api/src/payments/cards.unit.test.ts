import { describe, expect, it } from 'vitest';
import { detectBrand, isExpired, passesLuhn } from './cards.js';

describe('card checks', () => {
  it('applies Luhn to the digits, ignoring spaces and dashes', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4242-4242-4242-4241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
    expect(passesLuhn('abcd efgh ijkl mnop')).toBe(false);
  });

  it('names the brand as Stripe does', () => {
    expect(detectBrand('4242424242424242')).toBe('visa');
    expect(detectBrand('5555555555554444')).toBe('mastercard');
    expect(detectBrand('2223003122003222')).toBe('mastercard');
    expect(detectBrand('378282246310005')).toBe('amex');
    expect(detectBrand('6011111111111117')).toBe('discover');
    expect(detectBrand('3056930009020004')).toBe('diners');
    expect(detectBrand('3566002020360505')).toBe('jcb');
    expect(detectBrand('6200000000000005')).toBe('unionpay');
    expect(detectBrand('9999999999999995')).toBe('unknown');
  });

  it('treats a card as good through its expiry month', () => {
    const now = new Date('2026-05-15T00:00:00Z');
    expect(isExpired(5, 2026, now)).toBe(false);
    expect(isExpired(4, 2026, now)).toBe(true);
    expect(isExpired(1, 2025, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
  });
});
