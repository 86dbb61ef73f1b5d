// The pinned command's key: the one that signed the file when the registry lists it, else the current one.
import type { RegistryKeysResponse } from '@titleledger/api/schemas';
import { describe, expect, it } from 'vitest';

import { keyToPin } from './pinned-key';

const key = (position: number, current: boolean): RegistryKeysResponse['keys'][number] => ({
  position,
  publicKey: `key-${position}`,
  fingerprint: `0x${String(position).repeat(64)}`,
  current,
  recordedAt: '2026-11-27T00:00:00.000Z',
  validFrom: null,
  validTo: current ? null : '2026-11-27T12:00:00.000Z',
  binding: null,
});
const keys = [key(0, false), key(1, true)];

describe('keyToPin', () => {
  it('names the key that signed the file, a retired one included', () => {
    expect(keyToPin(keys, 'key-0')?.position).toBe(0);
    expect(keyToPin(keys, 'key-1')?.position).toBe(1);
  });

  it("names the current key for a file signed by a key the registry never had, or none", () => {
    expect(keyToPin(keys, 'a-forgers-key')?.position).toBe(1);
    expect(keyToPin(keys, null)?.position).toBe(1);
    expect(keyToPin(undefined, 'key-0')).toBeUndefined();
  });
});
