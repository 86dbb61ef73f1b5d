// The registry's Ed25519 signing key: REGISTRY_SIGNING_KEY (PKCS#8 PEM), or a key generated into
// DATA_DIR/registry-ed25519.pem on first start (linked into place, so concurrent starts agree).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeKeyFileOnce } from '../config.js';

export interface RegistryKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The raw 32-byte public key, base64. */
  readonly publicKeyBase64: string;
  readonly publicKeyPem: string;
  /** First 16 hex digits of SHA-256 over the raw public key. */
  readonly keyId: string;
  /** 0x + SHA-256 over the raw public key: what the AnchorRegistry binds on chain. */
  readonly fingerprint: string;
}

export function rawPublicKey(publicKey: KeyObject): Buffer {
  // The SPKI DER of an Ed25519 key is a fixed 12-byte prefix and the 32 raw bytes.
  return publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
}

export function publicKeyFromRaw(raw: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });
}

/** What anyone may see of a registry key: its public half, named. */
export type PublicRegistryKey = Omit<RegistryKey, 'privateKey' | 'publicKey'>;

/** The public half of the key whose raw 32-byte public key is `raw`. */
export function publicRegistryKey(raw: Buffer): PublicRegistryKey {
  const digest = createHash('sha256').update(raw).digest('hex');
  return {
    publicKeyBase64: raw.toString('base64'),
    publicKeyPem: publicKeyFromRaw(raw).export({ format: 'pem', type: 'spki' }).toString(),
    keyId: digest.slice(0, 16),
    fingerprint: `0x${digest}`,
  };
}

export function registryKeyFromPem(pem: string): RegistryKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('REGISTRY_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM)');
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, ...publicRegistryKey(rawPublicKey(publicKey)) };
}

export function registryKeyFile(dataDir: string): string {
  return path.join(dataDir, 'registry-ed25519.pem');
}

/** The configured key (REGISTRY_SIGNING_KEY, else the key file) without generating one: null if neither exists. */
export function readRegistryKey(options: { readonly pem?: string | undefined; readonly dataDir: string }): RegistryKey | null {
  if (options.pem) return registryKeyFromPem(options.pem.replaceAll('\\n', '\n'));
  const file = registryKeyFile(options.dataDir);
  return existsSync(file) ? registryKeyFromPem(readFileSync(file, 'utf8')) : null;
}

export function loadRegistryKey(options: { readonly pem?: string | undefined; readonly dataDir: string }): RegistryKey {
  if (options.pem) return registryKeyFromPem(options.pem.replaceAll('\\n', '\n'));
  const file = registryKeyFile(options.dataDir);
  mkdirSync(options.dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  writeKeyFileOnce(file, String(privateKey.export({ format: 'pem', type: 'pkcs8' })));
  return registryKeyFromPem(readFileSync(file, 'utf8'));
}
