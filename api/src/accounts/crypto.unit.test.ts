import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ServerKeyring, seal, unseal } from './crypto.js';

const keyring = new ServerKeyring(randomBytes(32));
const userId = 'user-a';

describe('sealing personal data', () => {
  it('round-trips a value for its user, and hides it', () => {
    const key = keyring.newUserKey();
    const sealed = seal(key, userId, { email: 'ada@example.com' });
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('ada@example.com'); // the whole value: 'ada' alone turns up in random base64 now and then (~1 run in 3,000)
    expect(unseal(key, userId, sealed)).toEqual({ email: 'ada@example.com' });
  });

  it('does not open with another key or for another user', () => {
    const key = keyring.newUserKey();
    const sealed = seal(key, userId, { name: 'Ada' });
    expect(() => unseal(keyring.newUserKey(), userId, sealed)).toThrow();
    expect(() => unseal(key, 'user-b', sealed)).toThrow();
    expect(() => unseal(key, userId, 'plain text')).toThrow(/Not a sealed value/);
  });

  it('wraps a user key with the server key, bound to the user', () => {
    const key = keyring.newUserKey();
    const wrapped = keyring.wrap(userId, key);
    expect(keyring.unwrap(userId, wrapped)).toEqual(key);
    expect(() => keyring.unwrap('user-b', wrapped)).toThrow();
    expect(() => new ServerKeyring(randomBytes(32)).unwrap(userId, wrapped)).toThrow();
  });
});

describe('the e-mail index', () => {
  it('is the same for any case and surrounding space, and differs per server key', () => {
    expect(keyring.emailHmac(' Ada@Example.COM ')).toBe(keyring.emailHmac('ada@example.com'));
    expect(keyring.emailHmac('ada@example.com')).not.toBe(keyring.emailHmac('bob@example.com'));
    expect(new ServerKeyring(randomBytes(32)).emailHmac('ada@example.com')).not.toBe(keyring.emailHmac('ada@example.com'));
    expect(keyring.emailHmac('ada@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a server key of the wrong size', () => {
    expect(() => new ServerKeyring(randomBytes(16))).toThrow();
  });
});
