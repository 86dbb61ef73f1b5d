// Personal data in the log is sealed (AES-256-GCM) with a key per user. That key lives outside the
// log, in `user_keys`, wrapped by the server key; destroying it forgets the person while the log
// stays append-only (crypto-shredding). The e-mail is also indexed by an HMAC keyed by the server
// key, so a login can find the account without the index revealing any address.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const SEALED_PREFIX = 'v1.';

function derive(serverKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), `titleledger/${purpose}`, 32));
}

function encrypt(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, box: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(box.subarray(12, 28));
  return Buffer.concat([decipher.update(box.subarray(28)), decipher.final()]);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class ServerKeyring {
  private readonly wrappingKey: Buffer;
  private readonly indexKey: Buffer;

  constructor(serverKey: Buffer) {
    if (serverKey.length !== 32) throw new Error('The server key must be 32 bytes');
    this.wrappingKey = derive(serverKey, 'user-key-wrap');
    this.indexKey = derive(serverKey, 'email-index');
  }

  /** The non-reversible lookup key for an e-mail address. */
  emailHmac(email: string): string {
    return createHmac('sha256', this.indexKey).update(normaliseEmail(email)).digest('hex');
  }

  newUserKey(): Buffer {
    return randomBytes(32);
  }

  /** Bound to the user id, so a wrapped key moved to another user's row does not open. */
  wrap(userId: string, userKey: Buffer): Buffer {
    return encrypt(this.wrappingKey, userKey, `user-key:${userId}`);
  }

  unwrap(userId: string, wrapped: Buffer): Buffer {
    return decrypt(this.wrappingKey, wrapped, `user-key:${userId}`);
  }
}

/** Seals a JSON value for one user: `v1.<base64url(iv ‖ tag ‖ ciphertext)>`, bound to the user id. */
export function seal(userKey: Buffer, userId: string, value: unknown): string {
  return SEALED_PREFIX + encrypt(userKey, Buffer.from(JSON.stringify(value)), `user:${userId}`).toString('base64url');
}

/** Opens what `seal` made; throws when the key or the user id does not match. */
export function unseal<T = unknown>(userKey: Buffer, userId: string, sealed: string): T {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('Not a sealed value');
  const box = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  return JSON.parse(decrypt(userKey, box, `user:${userId}`).toString('utf8')) as T;
}

// One server keyring per process, installed by runApp from the configuration: the projections
// (which run beside the API or alone) read it to decrypt into the `users` read model.
let installed: ServerKeyring | null = null;

export function installServerKey(serverKey: Buffer): ServerKeyring {
  installed = new ServerKeyring(serverKey);
  return installed;
}

export function serverKeyring(): ServerKeyring {
  if (!installed) throw new Error('No server key installed: runApp installs it from SECRET_KEY');
  return installed;
}
