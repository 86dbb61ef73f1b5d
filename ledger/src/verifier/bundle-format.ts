// What the verifier needs of the `.tr` format (docs/proof-format.md, docs/registration-hash.md),
// written from those documents rather than imported from the API that signs bundles: a verifier
// that shared the signer's code would share its bugs and vouch for them. Platform-neutral (Web
// Crypto, no Node imports): the CLI and the verify page run the same code.

/** The format versions this verifier knows; each signs under `titleledger-tr/v<version>\n`. */
export const BUNDLE_VERSIONS: readonly unknown[] = [1, 2];

/**
 * RFC 8785 canonical JSON for what a bundle holds: sorted keys, no whitespace, safe integers only.
 * Strings as ECMAScript's well-formed JSON.stringify writes them (Node ≥ 12, every current browser),
 * which is the escaping docs/proof-format.md states: \" \\ \b \t \n \f \r, other controls and lone
 * surrogates as \uxxxx.
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
export function signingBytes(bundle: Record<string, unknown>): Uint8Array {
  const { signature: _signature, ...unsigned } = bundle;
  const document = { ...(unsigned.document as Record<string, unknown>) };
  delete document.key;
  return new TextEncoder().encode(`titleledger-tr/v${String(unsigned.version)}\n` + canonicalJson({ ...unsigned, document }));
}

const HASH_FIELDS: Record<number, readonly string[]> = {
  1: ['trNumber', 'title', 'ownerId', 'materialType', 'intendedMedium', 'fileContentHash', 'registeredAt'],
  2: ['trNumber', 'title', 'ownerId', 'registrantName', 'materialType', 'intendedMedium', 'description', 'fileName', 'fileSize', 'mimeType', 'fileContentHash', 'registeredAt', 'commitmentSalt'],
};

/**
 * The text whose SHA-256 is the cryptographic_hash, by the registration's `hashVersion`
 * (docs/registration-hash.md): version 1 from the fields it covers, version 2 the salted commitment
 * to every field. Throws naming what is missing or malformed.
 */
export function registrationHashPreimage(r: Record<string, unknown>): string {
  const version = r.hashVersion;
  const fields = typeof version === 'number' ? HASH_FIELDS[version] : undefined;
  if (!fields) throw new Error(`unknown hashVersion ${String(version)}`);
  const values = fields.map((f) => {
    if (f === 'fileSize') {
      if (!Number.isSafeInteger(r[f]) || (r[f] as number) < 0) throw new Error('registration.fileSize is not a non-negative integer');
      return String(r[f]);
    }
    if (typeof r[f] !== 'string') throw new Error(`registration.${f} is missing${f === 'commitmentSalt' ? ': without the salt the commitment cannot be opened' : ''}`);
    return r[f];
  });
  if (version === 2 && !/^[0-9a-f]{64}$/.test(values[values.length - 1]!)) throw new Error('registration.commitmentSalt is not 64 lowercase hex digits');
  return JSON.stringify([`titleledger/registration/v${String(version)}`, ...values]);
}
