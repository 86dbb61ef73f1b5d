import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalRegistrationBytes, registrationHash } from './registration-hash.js';

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
