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
const bundle = () => buildBundle({ registration, plaintext: work, proof: null, key, now: new Date('2026-01-02T03:04:06Z') });
const roundTrip = (b: TrBundle): TrBundle => JSON.parse(JSON.stringify(b));

describe('canonicalJson', () => {
  it('sorts keys, drops whitespace, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x"y'], c: { z: 'é', y: -2 } })).toBe('{"a":[true,null,"x\\"y"],"b":1,"c":{"y":-2,"z":"é"}}');
  });
  it('refuses what it cannot encode one way only', () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow();
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
});

describe('.tr bundle', () => {
  it('verifies after a round trip through JSON, and its work decrypts to the registered hash', () => {
    const b = roundTrip(bundle());
    expect(b).toMatchObject({ format: 'titleledger-tr', version: 1, proof: null, signature: { alg: 'Ed25519', keyId: key.keyId } });
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
    expect(text.startsWith('titleledger-tr/v1\n{"document":{"ciphertext":')).toBe(true);
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
