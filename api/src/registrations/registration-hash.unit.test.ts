import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalRegistrationBytes, canonicalRegistrationBytesV2, newCommitmentSalt, registrationHash, registrationHashV2 } from './registration-hash.js';

const input = {
  trNumber: 'TR-COPY-2026-7K3MZQ2D',
  title: 'Die Straße — "Noir"',
  ownerId: '6f1c2a1e-0d5b-4a57-9d8e-2b1f3c4d5e6f',
  materialType: 'Comic Page (Visual)',
  intendedMedium: 'ONLINE/DIGITAL',
  fileContentHash: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  registeredAt: '2026-05-06T07:08:09.123Z',
};

describe('registration hash (v1)', () => {
  it('encodes a tagged JSON array in a fixed order, UTF-8', () => {
    expect(canonicalRegistrationBytes(input).toString('utf8')).toBe(
      '["titleledger/registration/v1","TR-COPY-2026-7K3MZQ2D","Die Straße — \\"Noir\\"","6f1c2a1e-0d5b-4a57-9d8e-2b1f3c4d5e6f","Comic Page (Visual)","ONLINE/DIGITAL","ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","2026-05-06T07:08:09.123Z"]',
    );
  });

  it('known answer (the example in docs/registration-hash.md)', () => {
    const expected = createHash('sha256').update(canonicalRegistrationBytes(input)).digest('hex');
    expect(registrationHash(input)).toBe(expected);
    expect(registrationHash(input)).toBe('a6a6365335591070b9c5b345ee5864290a35f67b46bfc06974cc2669f1068def');
  });

  it('changes with every field', () => {
    const base = registrationHash(input);
    for (const key of Object.keys(input) as (keyof typeof input)[]) {
      const changed = { ...input, [key]: key === 'fileContentHash' ? 'a'.repeat(64) : key === 'registeredAt' ? '2026-05-06T07:08:09.124Z' : `${input[key]}x` };
      expect(registrationHash(changed)).not.toBe(base);
    }
  });

  it('refuses inputs that would not recompute the same way', () => {
    expect(() => registrationHash({ ...input, fileContentHash: input.fileContentHash.toUpperCase() })).toThrow();
    expect(() => registrationHash({ ...input, registeredAt: '2026-05-06T07:08:09Z' })).toThrow();
  });
});

const inputV2 = {
  ...input,
  registrantName: 'Ada Lovelace',
  description: 'Line one\nline two\ttabbed',
  fileName: 'straße.pdf',
  fileSize: 48213,
  mimeType: 'application/pdf',
  salt: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
};

describe('registration hash (v2, the salted commitment)', () => {
  it('encodes a tagged JSON array of strings in a fixed order, the salt last', () => {
    expect(canonicalRegistrationBytesV2(inputV2).toString('utf8')).toBe(
      '["titleledger/registration/v2","TR-COPY-2026-7K3MZQ2D","Die Straße — \\"Noir\\"","6f1c2a1e-0d5b-4a57-9d8e-2b1f3c4d5e6f","Ada Lovelace","Comic Page (Visual)","ONLINE/DIGITAL","Line one\\nline two\\ttabbed","straße.pdf","48213","application/pdf","ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","2026-05-06T07:08:09.123Z","000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"]',
    );
  });

  it('known answer (the example in docs/registration-hash.md)', () => {
    expect(registrationHashV2(inputV2)).toBe('d3063615f14268488b235c00921b47fb2f8a3e4e3ba57d0f601ec6dbac37cc98');
  });

  it('commits to every field the certificate shows: each one changes it', () => {
    const base = registrationHashV2(inputV2);
    const changed: Record<keyof typeof inputV2, unknown> = {
      trNumber: 'TR-COPY-2026-7K3MZQ2E',
      title: 'Die Straße',
      ownerId: 'someone-else',
      registrantName: 'Grace Hopper',
      materialType: 'Book',
      intendedMedium: 'TV',
      description: 'Line one',
      fileName: 'strasse.pdf',
      fileSize: 48214,
      mimeType: 'application/octet-stream',
      fileContentHash: 'a'.repeat(64),
      registeredAt: '2026-05-06T07:08:09.124Z',
      salt: 'f'.repeat(64),
    };
    for (const key of Object.keys(changed) as (keyof typeof inputV2)[]) {
      expect(registrationHashV2({ ...inputV2, [key]: changed[key] }), key).not.toBe(base);
    }
  });

  it('keeps fields apart: moving text from one field to the next gives another hash', () => {
    expect(registrationHashV2({ ...inputV2, registrantName: 'Ada', materialType: ' LovelaceComic Page (Visual)' })).not.toBe(registrationHashV2(inputV2));
  });

  it('hides the fields: without the salt, the same registration gives an unrelated hash each time', () => {
    const salts = new Set(Array.from({ length: 20 }, () => newCommitmentSalt()));
    expect(salts.size).toBe(20);
    for (const salt of salts) expect(salt).toMatch(/^[0-9a-f]{64}$/);
    const hashes = new Set([...salts].map((salt) => registrationHashV2({ ...inputV2, salt })));
    expect(hashes.size).toBe(20);
    expect(hashes.has(registrationHash(input))).toBe(false);
  });

  it('refuses inputs that would not recompute the same way', () => {
    expect(() => registrationHashV2({ ...inputV2, salt: inputV2.salt.toUpperCase() })).toThrow(/salt/);
    expect(() => registrationHashV2({ ...inputV2, salt: 'ab' })).toThrow(/salt/);
    expect(() => registrationHashV2({ ...inputV2, fileSize: 1.5 })).toThrow(/fileSize/);
    expect(() => registrationHashV2({ ...inputV2, fileSize: -1 })).toThrow(/fileSize/);
    expect(() => registrationHashV2({ ...inputV2, registeredAt: 'not a date' })).toThrow(/registeredAt/);
  });
});
