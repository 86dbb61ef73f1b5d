// What the verifier needs of the `.tr` format (docs/proof-format.md, docs/registration-hash.md),
// written from those documents rather than imported from the API that signs bundles: a verifier
// that shared the signer's code would share its bugs and vouch for them.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

/** The format versions this verifier knows; each signs under `titleledger-tr/v<version>\n`. */
export const BUNDLE_VERSIONS: readonly unknown[] = [1, 2];

/**
 * RFC 8785 canonical JSON for what a bundle holds: sorted keys, no whitespace, safe integers only.
 * Strings as ECMAScript's well-formed JSON.stringify writes them (Node ≥ 12), which is the escaping
 * docs/proof-format.md states: \" \\ \b \t \n \f \r, other controls and lone surrogates as \uxxxx.
 */
function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`unsupported value of type ${typeof value}`);
}

/** The signed bytes: the domain tag, then the canonical JSON without `signature` and `document.key`. */
export function signingBytes(bundle: Record<string, unknown>): Buffer {
  const { signature: _signature, ...unsigned } = bundle;
  const document = { ...(unsigned.document as Record<string, unknown>) };
  delete document.key;
  return Buffer.from(`titleledger-tr/v${String(unsigned.version)}\n` + canonicalJson({ ...unsigned, document }), 'utf8');
}

/** cryptographic_hash version 1 (docs/registration-hash.md). */
export function registrationHashV1(r: Record<string, unknown>): string {
  const fields = ['trNumber', 'title', 'ownerId', 'materialType', 'intendedMedium', 'fileContentHash', 'registeredAt'];
  const values = fields.map((f) => {
    if (typeof r[f] !== 'string') throw new Error(`registration.${f} is missing`);
    return r[f];
  });
  return createHash('sha256').update(JSON.stringify(['titleledger/registration/v1', ...values]), 'utf8').digest('hex');
}

/** cryptographic_hash version 2, the salted commitment (docs/registration-hash.md). */
export function registrationHashV2(r: Record<string, unknown>): string {
  const fields = ['trNumber', 'title', 'ownerId', 'registrantName', 'materialType', 'intendedMedium', 'description', 'fileName', 'fileSize', 'mimeType', 'fileContentHash', 'registeredAt', 'commitmentSalt'];
  const values = fields.map((f) => {
    if (f === 'fileSize') {
      if (!Number.isSafeInteger(r[f]) || (r[f] as number) < 0) throw new Error('registration.fileSize is not a non-negative integer');
      return String(r[f]);
    }
    if (typeof r[f] !== 'string') throw new Error(`registration.${f} is missing${f === 'commitmentSalt' ? ': without the salt the commitment cannot be opened' : ''}`);
    return r[f];
  });
  if (!/^[0-9a-f]{64}$/.test(values[values.length - 1]!)) throw new Error('registration.commitmentSalt is not 64 lowercase hex digits');
  return createHash('sha256').update(JSON.stringify(['titleledger/registration/v2', ...values]), 'utf8').digest('hex');
}

export function ed25519PublicKey(raw: Buffer): KeyObject {
  if (raw.length !== 32) throw new Error(`an Ed25519 public key has 32 bytes, not ${raw.length}`);
  return createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });
}

export const keyIdOf = (raw: Buffer) => createHash('sha256').update(raw).digest('hex').slice(0, 16);
