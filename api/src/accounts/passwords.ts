// Password hashing with node:crypto scrypt. The salt and cost parameters are stored with the hash,
// so they can be raised later without invalidating existing passwords.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface PasswordHash {
  readonly algorithm: 'scrypt';
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly keyLength: number;
  readonly salt: string;
  readonly hash: string;
}

const DEFAULTS = { N: 16384, r: 8, p: 1, keyLength: 64 } as const;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULTS.keyLength, DEFAULTS);
  return { algorithm: 'scrypt', ...DEFAULTS, salt: salt.toString('base64'), hash: key.toString('base64') };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await scrypt(password, Buffer.from(stored.salt, 'base64'), stored.keyLength, {
    N: stored.N,
    r: stored.r,
    p: stored.p,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<PasswordHash> | null = null;

/** Spends the time a real check takes, so an unknown e-mail can't be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummy);
  return false;
}
