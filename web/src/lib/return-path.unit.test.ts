// The `next` guard of sign-in and sign-up: our own paths pass, nothing else does (no open redirect).
import { describe, expect, test } from 'vitest';

import { returnPathFrom, safeReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  test.each([
    ['/checkout', '/checkout'],
    ['/checkout/9.99', '/checkout/9.99'],
    ['/register-title?step=2', '/register-title?step=2'],
    ['/titles/TR-2026-000001#check', '/titles/TR-2026-000001#check'],
    ['/a/../dashboard', '/dashboard'],
  ])('follows our own path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  test.each([
    ['//evil.example', 'protocol-relative'],
    ['//evil.example/checkout', 'protocol-relative with a path'],
    ['/\\evil.example', 'backslash read as a slash by browsers'],
    ['https://evil.example/', 'absolute https'],
    ['https:', 'bare scheme'],
    ['http://localhost/dashboard', 'absolute, even to a local host'],
    ['javascript:alert(1)', 'javascript scheme'],
    ['JavaScript:alert(1)', 'javascript scheme, mixed case'],
    ['data:text/html,hi', 'data scheme'],
    ['dashboard', 'relative path'],
    ['/\tdashboard', 'control character'],
    ['/\n/evil.example', 'newline'],
    ['', 'empty'],
  ])('refuses %s (%s)', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  test('refuses what is not a string and very long values', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2001)}`)).toBeNull();
  });
});

describe('withReturnPath and returnPathFrom', () => {
  test('round-trips a path with its query through the address', () => {
    const href = withReturnPath('/login', '/checkout?session_id=x&status=succeeded');
    expect(href).toBe('/login?next=%2Fcheckout%3Fsession_id%3Dx%26status%3Dsucceeded');
    expect(returnPathFrom(new URLSearchParams(href.split('?')[1]))).toBe('/checkout?session_id=x&status=succeeded');
  });

  test('leaves the path alone when the return path is not ours', () => {
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
    expect(withReturnPath('/login', null)).toBe('/login');
    expect(returnPathFrom(new URLSearchParams('next=javascript:alert(1)'))).toBeNull();
    expect(returnPathFrom(new URLSearchParams('next=%2F%2Fevil.example'))).toBeNull();
  });
});
