// The `.tr` file (docs/proof-format.md): a versioned JSON bundle with the registration's metadata
// and hashes in clear (and, for registration hash version 2, the commitment's salt), the work
// encrypted, the chain to check it on, the ledger proof (once anchored) and the registry's Ed25519
// signature over a canonical encoding of everything except the signature and the owner's document
// key — so the owner can strip the key and share a bundle that still verifies. New bundles are
// format version 2; version 1 files (issued before) keep verifying.
import { createCipheriv, createDecipheriv, createHash, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import { publicKeyFromRaw, type RegistryKey } from './registry-key.js';

const TR_FORMAT = 'titleledger-tr';
const TR_VERSION = 2;
/** Each format version signs under its own domain tag: `titleledger-tr/v1\n`, `titleledger-tr/v2\n`. */
const signingDomain = (version: number) => `${TR_FORMAT}/v${version}\n`;
const TR_VERSIONS: readonly number[] = [1, 2];

export interface TrRegistration {
  readonly trNumber: string;
  readonly title: string;
  readonly registrantName: string;
  readonly ownerId: string;
  readonly materialType: string;
  readonly intendedMedium: string;
  readonly description: string;
  readonly registeredAt: string;
  readonly fileName: string;
  readonly fileSize: number;
  readonly mimeType: string;
  readonly fileContentHash: string;
  readonly cryptographicHash: string;
  readonly hashVersion: number;
  /** Hash version 2: the commitment's salt, 64 hex digits (docs/registration-hash.md). */
  readonly commitmentSalt?: string;
  readonly status: string;
}

/** Where to check the anchor (format version 2): the chain's id and a public JSON-RPC address of it. */
export interface TrChain {
  /** Null while the ledger has not told which chain it anchors on (a pending registration). */
  readonly chainId: number | null;
  readonly rpcUrl: string;
}

interface TrDocument {
  readonly encryption: 'AES-256-GCM';
  readonly keyDelivery: 'owner-download';
  /** base64 of 12 bytes. */
  readonly iv: string;
  /** base64 of 16 bytes. */
  readonly tag: string;
  readonly ciphertext: string;
  /** base64 of the 32-byte key: present in the owner's download, outside the signature. */
  readonly key?: string;
}

interface TrSignature {
  readonly alg: 'Ed25519';
  readonly keyId: string;
  /** Raw 32-byte public key, base64. */
  readonly publicKey: string;
  /** base64 of the 64-byte signature. */
  readonly value: string;
}

export interface TrBundle {
  readonly format: typeof TR_FORMAT;
  readonly version: 1 | 2;
  readonly issuedAt: string;
  readonly registration: TrRegistration;
  /** Format version 2 only. */
  readonly chain?: TrChain;
  readonly document: TrDocument;
  /** The Merkle proof and anchor, filled in by the ledger; null while pending. */
  readonly proof: unknown;
  readonly signature: TrSignature;
}

/** The bytes the signature covers: a domain tag, then the canonical JSON of the unsigned bundle. */
export function signingBytes(bundle: Omit<TrBundle, 'signature'> | TrBundle): Buffer {
  const { signature: _signature, ...unsigned } = bundle as TrBundle;
  const { key: _key, ...document } = unsigned.document;
  return Buffer.from(signingDomain(unsigned.version) + canonicalJson({ ...unsigned, document }), 'utf8');
}

/** AAD binding the ciphertext to its registration. */
const documentAad = (registration: TrRegistration) => Buffer.from(`titleledger-tr-document:${registration.trNumber}:${registration.fileContentHash}`);

export function buildBundle(options: {
  readonly registration: TrRegistration;
  readonly plaintext: Buffer;
  readonly proof: unknown;
  readonly chain: TrChain;
  readonly key: RegistryKey;
  readonly now: Date;
}): TrBundle {
  const documentKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', documentKey, iv);
  cipher.setAAD(documentAad(options.registration));
  const ciphertext = Buffer.concat([cipher.update(options.plaintext), cipher.final()]);
  const unsigned = {
    format: TR_FORMAT,
    version: TR_VERSION,
    issuedAt: options.now.toISOString(),
    registration: options.registration,
    chain: options.chain,
    document: {
      encryption: 'AES-256-GCM',
      keyDelivery: 'owner-download',
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      key: documentKey.toString('base64'),
    },
    proof: options.proof ?? null,
  } as const;
  const value = sign(null, signingBytes(unsigned), options.key.privateKey).toString('base64');
  return {
    ...unsigned,
    signature: { alg: 'Ed25519', keyId: options.key.keyId, publicKey: options.key.publicKeyBase64, value },
  };
}

export interface BundleCheck {
  readonly signatureValid: boolean;
  /** Only when the bundle carries its key: the decrypted work hashes to fileContentHash. */
  readonly documentMatches: boolean | null;
}

/**
 * Verifies the signature against `trustedKey` (the registry's published key; by default the key in
 * the bundle, which only proves integrity) and, when the key is present, the work's hash.
 */
export function verifyBundle(bundle: TrBundle, trustedKey?: KeyObject): BundleCheck {
  let signatureValid = false;
  try {
    if (bundle.format === TR_FORMAT && TR_VERSIONS.includes(bundle.version) && bundle.signature?.alg === 'Ed25519') {
      const key = trustedKey ?? publicKeyFromRaw(Buffer.from(bundle.signature.publicKey, 'base64'));
      signatureValid = verify(null, signingBytes(bundle), key, Buffer.from(bundle.signature.value, 'base64'));
    }
  } catch {
    signatureValid = false;
  }
  if (!bundle.document?.key) return { signatureValid, documentMatches: null };
  try {
    const plaintext = decryptBundleDocument(bundle);
    return { signatureValid, documentMatches: createHash('sha256').update(plaintext).digest('hex') === bundle.registration.fileContentHash };
  } catch {
    return { signatureValid, documentMatches: false };
  }
}

export function decryptBundleDocument(bundle: TrBundle): Buffer {
  if (!bundle.document.key) throw new Error('This bundle does not carry its document key');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(bundle.document.key, 'base64'), Buffer.from(bundle.document.iv, 'base64'));
  decipher.setAAD(documentAad(bundle.registration));
  decipher.setAuthTag(Buffer.from(bundle.document.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(bundle.document.ciphertext, 'base64')), decipher.final()]);
}
