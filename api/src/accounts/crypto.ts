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

/**
 * A server key's public name: 16 hex characters derived from it (never the key). It tells keys apart
 * in `user_keys.key_id`, in logs and in messages to the operator.
 */
export function serverKeyId(serverKey: Buffer): string {
  return derive(serverKey, 'key-id').subarray(0, 8).toString('hex');
}

/**
 * The server key, and during a rotation the previous one (SECRET_KEY_PREVIOUS). What is written is
 * wrapped, and e-mails indexed, with the current key; what was wrapped or indexed by the previous one
 * still opens and is still found, until `npm run admin -- rotate-secret-key` has moved it all.
 */
export class ServerKeyring {
  readonly keyId: string;
  /** The key ids this keyring opens, the current one first. */
  readonly keyIds: readonly string[];
  private readonly serverKeys: readonly Buffer[];
  private readonly wrappingKeys: readonly Buffer[];
  private readonly indexKeys: readonly Buffer[];

  constructor(serverKey: Buffer, previous: readonly Buffer[] = []) {
    const keys = [serverKey, ...previous];
    if (keys.some((key) => key.length !== 32)) throw new Error('The server key must be 32 bytes');
    this.serverKeys = keys;
    this.keyIds = keys.map(serverKeyId);
    this.keyId = this.keyIds[0]!;
    this.wrappingKeys = keys.map((key) => derive(key, 'user-key-wrap'));
    this.indexKeys = keys.map((key) => derive(key, 'email-index'));
  }

  /** The non-reversible lookup key for an e-mail address, under the current key. */
  emailHmac(email: string): string {
    return this.#emailHmac(this.indexKeys[0]!, email);
  }

  /** The address's lookup key under every key held, the current one first: what a lookup may find. */
  emailHmacs(email: string): string[] {
    return this.indexKeys.map((key) => this.#emailHmac(key, email));
  }

  #emailHmac(indexKey: Buffer, email: string): string {
    return createHmac('sha256', indexKey).update(normaliseEmail(email)).digest('hex');
  }

  /**
   * A key derived from each server key held, the current one's first (the blobs' wrapping keys,
   * documents/envelope.ts): what is written uses the first; what is read may be under any.
   */
  derived(derive: (serverKey: Buffer) => Buffer): Buffer[] {
    return this.serverKeys.map(derive);
  }

  newUserKey(): Buffer {
    return randomBytes(32);
  }

  /** Wrapped by the current key, bound to the user id, so a wrapped key moved to another user's row does not open. */
  wrap(userId: string, userKey: Buffer): Buffer {
    return encrypt(this.wrappingKeys[0]!, userKey, `user-key:${userId}`);
  }

  unwrap(userId: string, wrapped: Buffer): Buffer {
    return this.open(userId, wrapped).userKey;
  }

  /** The user's key and the id of the server key that wrapped it; throws when no key held opens it. */
  open(userId: string, wrapped: Buffer): { readonly userKey: Buffer; readonly keyId: string } {
    for (const [i, wrappingKey] of this.wrappingKeys.entries()) {
      try {
        return { userKey: decrypt(wrappingKey, wrapped, `user-key:${userId}`), keyId: this.keyIds[i]! };
      } catch {
        // Not this key's (or altered): the next one is tried, and the last failure is the answer.
      }
    }
    throw new Error(`No server key held (${this.keyIds.join(', ')}) opens the key of user ${userId}`);
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

export function installServerKey(serverKey: Buffer, previous: readonly Buffer[] = []): ServerKeyring {
  installed = new ServerKeyring(serverKey, previous);
  return installed;
}

export function serverKeyring(): ServerKeyring {
  if (!installed) throw new Error('No server key installed: runApp installs it from SECRET_KEY');
  return installed;
}
