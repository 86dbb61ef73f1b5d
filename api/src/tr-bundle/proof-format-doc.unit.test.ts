// docs/proof-format.md's test vectors, checked against the code that signs `.tr` files: the doc is
// what outside verifiers are written from, so it must not drift from what we sign.
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registrationHashV2 } from '../registrations/registration-hash.js';
import { signingBytes, verifyBundle, type TrBundle } from './bundle.js';
import { publicKeyFromRaw, rawPublicKey } from './registry-key.js';

const doc = readFileSync(new URL('../../../docs/proof-format.md', import.meta.url), 'utf8');

/** The fenced block right after `<!-- vector: name -->`. */
function vector(name: string): string {
  const match = new RegExp(`<!-- vector: ${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\``).exec(doc);
  if (!match) throw new Error(`docs/proof-format.md has no vector "${name}"`);
  return match[1]!;
}

const seed = Buffer.from(vector('seed'), 'hex');
const privateKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' });
const bundle = JSON.parse(vector('bundle')) as TrBundle;
const signedHex = vector('signed-bytes').replace(/\s+/g, '');

describe('docs/proof-format.md test vectors', () => {
  it('the seed gives the documented public key, the one the bundle names', () => {
    const raw = rawPublicKey(createPublicKey(privateKey));
    expect(raw.toString('hex')).toBe(vector('public-key'));
    expect(Buffer.from(bundle.signature.publicKey, 'base64')).toEqual(raw);
    expect(bundle.signature.keyId).toBe(createHash('sha256').update(raw).digest('hex').slice(0, 16));
  });

  it('the bundle canonicalises to exactly the documented bytes, with that SHA-256', () => {
    const bytes = signingBytes(bundle);
    expect(bytes.toString('hex')).toBe(signedHex);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(vector('signed-bytes-sha256'));
  });

  it('signing those bytes with the seed gives the documented signature, and it verifies', () => {
    const signature = sign(null, Buffer.from(signedHex, 'hex'), privateKey).toString('base64');
    expect(signature).toBe(vector('signature'));
    expect(bundle.signature.value).toBe(signature);
    expect(verifyBundle(bundle, publicKeyFromRaw(Buffer.from(vector('public-key'), 'hex')))).toEqual({ signatureValid: true, documentMatches: true });
  });

  it('exercises every escaping rule the doc states', () => {
    const text = Buffer.from(signedHex, 'hex').toString('utf8');
    for (const escape of ['\\b', '\\f', '\\n', '\\r', '\\t', '\\u0001', '\\u001f', '\\\\', '\\ud800', '\\"']) expect(text).toContain(escape);
    for (const raw of ['/', '\u007f', '\u2028', 'é', '😀']) expect(text).toContain(raw);
    expect(text).not.toMatch(/\\u00[0-9a-f]*[A-F]/);
    expect(text.startsWith('titleledger-tr/v2\n')).toBe(true);
  });

  it("the registration's hash is the version 2 commitment to its fields and salt", () => {
    const r = bundle.registration;
    expect(r.hashVersion).toBe(2);
    expect(registrationHashV2({ ...r, salt: r.commitmentSalt! })).toBe(r.cryptographicHash);
    expect(doc).toContain(r.cryptographicHash);
  });
});

