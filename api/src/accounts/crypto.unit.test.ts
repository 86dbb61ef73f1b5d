import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ServerKeyring, seal, serverKeyId, unseal } from './crypto.js';

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

describe('a rotation of the server key', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const before = new ServerKeyring(oldKey);
  const during = new ServerKeyring(newKey, [oldKey]);

  it('names each key by an id derived from it, the current one first', () => {
    expect(during.keyIds).toEqual([serverKeyId(newKey), serverKeyId(oldKey)]);
    expect(during.keyId).toBe(serverKeyId(newKey));
    expect(serverKeyId(oldKey)).toMatch(/^[0-9a-f]{16}$/);
    expect(serverKeyId(oldKey)).not.toContain(oldKey.toString('hex').slice(0, 16));
  });

  it('opens what either key wrapped, says which, and wraps with the new one only', () => {
    const userKey = before.newUserKey();
    expect(during.open(userId, before.wrap(userId, userKey))).toEqual({ userKey, keyId: serverKeyId(oldKey) });
    const rewrapped = during.wrap(userId, userKey);
    expect(during.open(userId, rewrapped)).toEqual({ userKey, keyId: serverKeyId(newKey) });
    expect(() => before.unwrap(userId, rewrapped)).toThrow();
    expect(() => new ServerKeyring(newKey).unwrap(userId, before.wrap(userId, userKey))).toThrow(/No server key held/);
  });

  it('looks an address up under both keys, the new one first', () => {
    expect(during.emailHmacs('Ada@example.com')).toEqual([new ServerKeyring(newKey).emailHmac('ada@example.com'), before.emailHmac('ada@example.com')]);
    expect(during.emailHmac('ada@example.com')).toBe(during.emailHmacs('ada@example.com')[0]);
  });

  it('derives per-key material for others (the blobs\' wrapping keys) in the same order', () => {
    expect(during.derived((key) => key)).toEqual([newKey, oldKey]);
  });
});
