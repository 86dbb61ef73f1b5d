import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('salts every hash, keeps its parameters, and verifies', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a.salt).not.toBe(b.salt);
    expect(a).toMatchObject({ algorithm: 'scrypt', N: 16384, r: 8, p: 1, keyLength: 64 });
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('Correct horse', a)).toBe(false);
  });

  it('spends a check for unknown accounts and always fails it', async () => {
    expect(await burnPasswordCheck('anything')).toBe(false);
  });
});
