import { describe, expect, it } from 'vitest';
import { registryKeyDecider, RegistryKeyConflictError, type RegistryKeyRotatedData } from './registry-key-decider.js';

const rotation: RegistryKeyRotatedData = {
  position: 1,
  fingerprint: `0x${'ab'.repeat(32)}`,
  publicKey: Buffer.alloc(32, 7).toString('base64'),
  previousFingerprint: `0x${'cd'.repeat(32)}`,
  chainId: 31337,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  txHash: `0x${'01'.repeat(32)}`,
  blockNumber: 9,
  blockTimestamp: 1_735_689_900,
  rawTransaction: '0x02f8',
};

describe('registryKeyDecider', () => {
  it('binds a position once; the same key again (a rerun) is a no-op', () => {
    const events = registryKeyDecider.decide({ type: 'RecordKeyRotation', rotation }, registryKeyDecider.initialState);
    expect(events).toEqual([{ type: 'RegistryKeyRotated', data: rotation }]);
    const state = registryKeyDecider.evolve(registryKeyDecider.initialState, events[0]!);
    expect(state).toEqual({ status: 'bound', rotation });
    expect(registryKeyDecider.decide({ type: 'RecordKeyRotation', rotation: { ...rotation, txHash: `0x${'02'.repeat(32)}` } }, state)).toEqual([]);
  });

  it('refuses another key for a position already bound', () => {
    const state = { status: 'bound', rotation } as const;
    expect(() => registryKeyDecider.decide({ type: 'RecordKeyRotation', rotation: { ...rotation, fingerprint: `0x${'ef'.repeat(32)}` } }, state)).toThrow(
      RegistryKeyConflictError,
    );
  });
});
