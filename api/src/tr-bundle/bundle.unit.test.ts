import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBundle, decryptBundleDocument, signingBytes, verifyBundle, type TrBundle } from './bundle.js';
import { canonicalJson } from './canonical-json.js';
import { loadRegistryKey, publicKeyFromRaw, registryKeyFromPem } from './registry-key.js';

const work = Buffer.from('A poem about the sea.\n');
const registration = {
  trNumber: 'TR-COPY-2026-ABCDEFGH',
  title: 'Sea',
  registrantName: 'Ada Lovelace',
  ownerId: 'u-1',
  materialType: 'Poems',
  intendedMedium: 'PRINT LITERARY',
  description: '',
  registeredAt: '2026-01-02T03:04:05.006Z',
  fileName: 'sea.txt',
  fileSize: work.length,
  mimeType: 'text/plain; charset=utf-8',
  fileContentHash: createHash('sha256').update(work).digest('hex'),
  cryptographicHash: 'c'.repeat(64),
  hashVersion: 1,
  status: 'pending',
};
const key = loadRegistryKey({ dataDir: mkdtempSync(path.join(tmpdir(), 'tl-key-')) });
const chain = { chainId: 31337, rpcUrl: 'https://titleledger.example/api/ledger/rpc' };
const bundle = () => buildBundle({ registration, plaintext: work, proof: null, chain, key, now: new Date('2026-01-02T03:04:06Z') });
const roundTrip = (b: TrBundle): TrBundle => JSON.parse(JSON.stringify(b));

describe('canonicalJson', () => {
  it('sorts keys, drops whitespace, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x"y'], c: { z: 'é', y: -2 } })).toBe('{"a":[true,null,"x\\"y"],"b":1,"c":{"y":-2,"z":"é"}}');
  });
  it('escapes strings exactly as docs/proof-format.md says', () => {
    const cases: [string, string][] = [
      ['"', '"\\""'],
      ['\\', '"\\\\"'],
      ['\b\t\n\f\r', '"\\b\\t\\n\\f\\r"'],
      ['\u0000\u0001\u000b\u000e\u001f', '"\\u0000\\u0001\\u000b\\u000e\\u001f"'],
      ['/ \u007f \u2028 \u2029 é 😀', '"/ \u007f \u2028 \u2029 é 😀"'],
      ['\ud800', '"\\ud800"'],
      ['x\udfffy', '"x\\udfffy"'],
      ['\udbff\ud800', '"\\udbff\\ud800"'],
      ['\ud83d\ude00', '"😀"'],
    ];
    for (const [input, expected] of cases) expect(canonicalJson(input), JSON.stringify(input)).toBe(expected);
    expect(canonicalJson({ '\n': '\ud800' })).toBe('{"\\n":"\\ud800"}');
    // The same as ECMAScript's (well-formed) JSON.stringify, for every code unit alone and in pairs.
    for (let unit = 0; unit <= 0xffff; unit += 1) {
      const one = String.fromCharCode(unit);
      expect(canonicalJson(one)).toBe(JSON.stringify(one));
    }
    for (const pair of ['\ud800\udc00', '\udc00\ud800', '\ud800\ud800', 'a\ud800', '\udc00a']) expect(canonicalJson(pair)).toBe(JSON.stringify(pair));
  });

  it('refuses what it cannot encode one way only', () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow();
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
});

describe('.tr bundle', () => {
  it('verifies after a round trip through JSON, and its work decrypts to the registered hash', () => {
    const b = roundTrip(bundle());
    expect(b).toMatchObject({ format: 'titleledger-tr', version: 2, chain, proof: null, signature: { alg: 'Ed25519', keyId: key.keyId } });
    expect(verifyBundle(b, key.publicKey)).toEqual({ signatureValid: true, documentMatches: true });
    expect(decryptBundleDocument(b)).toEqual(work);
    expect(JSON.stringify(b)).not.toContain('A poem about the sea');
  });

  it('detects tampering with any signed field', () => {
    const tamper = (edit: (b: any) => void) => {
      const b = roundTrip(bundle()) as any;
      edit(b);
      return verifyBundle(b, key.publicKey).signatureValid;
    };
    expect(tamper(() => undefined)).toBe(true);
    expect(tamper((b) => (b.registration.title = 'Sea!'))).toBe(false);
    expect(tamper((b) => (b.registration.cryptographicHash = 'd'.repeat(64)))).toBe(false);
    expect(tamper((b) => (b.registration.registeredAt = '2025-01-02T03:04:05.006Z'))).toBe(false);
    expect(tamper((b) => (b.document.ciphertext = Buffer.from('x').toString('base64')))).toBe(false);
    expect(tamper((b) => (b.proof = { root: '00' }))).toBe(false);
    expect(tamper((b) => (b.chain.rpcUrl = 'https://evil.example/rpc'))).toBe(false);
    expect(tamper((b) => (b.version = 1))).toBe(false);
    expect(tamper((b) => (b.signature.value = Buffer.alloc(64).toString('base64')))).toBe(false);
  });

  it('still verifies once the owner strips the document key (the key is outside the signature)', () => {
    const b = roundTrip(bundle()) as any;
    delete b.document.key;
    expect(verifyBundle(b, key.publicKey)).toEqual({ signatureValid: true, documentMatches: null });
  });

  it('fails against another registry key, even if the bundle carries a matching one', () => {
    const other = registryKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    expect(verifyBundle(roundTrip(bundle()), other.publicKey).signatureValid).toBe(false);
  });

  it('signs a domain tag and the canonical JSON without signature and key', () => {
    const b = bundle();
    const text = signingBytes(b).toString('utf8');
    expect(text.startsWith('titleledger-tr/v2\n{"chain":{"chainId":31337,"rpcUrl":"https://titleledger.example/api/ledger/rpc"},"document":{"ciphertext":')).toBe(true);
    expect(text).not.toContain('"signature"');
    expect(text).not.toContain('"key"');
  });

  it('publishes the raw public key that verifies', () => {
    const raw = Buffer.from(key.publicKeyBase64, 'base64');
    expect(raw).toHaveLength(32);
    expect(verifyBundle(roundTrip(bundle()), publicKeyFromRaw(raw)).signatureValid).toBe(true);
  });

  it('keeps the generated key across starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tl-key-'));
    expect(loadRegistryKey({ dataDir: dir }).keyId).toBe(loadRegistryKey({ dataDir: dir }).keyId);
  });
});
