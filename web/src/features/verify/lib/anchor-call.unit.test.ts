// The hand-written registry calls (anchorOf(bytes32), registryKeys()) checked against ethers' ABI coder
// and the contract's ABI.
import { anchorRegistryAbi } from '@titleledger/contracts';
import { ANCHOR_OF_SELECTOR, REGISTRY_KEYS_SELECTOR, anchorOfCallData, decodeAnchorOf, decodeRegistryKeys } from '@titleledger/ledger/verifier/registry-calls';
import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';

import { anchorOfRequest, isAnchored, readRpcResult } from './anchor-call';

const registry = new Interface(anchorRegistryAbi);
const root = `0x${'ab'.repeat(31)}cd`;

describe('anchorOf(bytes32) call data', () => {
  it('has the selectors of the contract ABI', () => {
    expect(registry.getFunction('anchorOf')!.selector).toBe(ANCHOR_OF_SELECTOR);
    expect(registry.getFunction('registryKeys')!.selector).toBe(REGISTRY_KEYS_SELECTOR);
  });

  it('encodes like ethers, with or without 0x and in either case', () => {
    const expected = registry.encodeFunctionData('anchorOf', [root]);
    expect(anchorOfCallData(root)).toBe(expected);
    expect(anchorOfCallData(root.slice(2))).toBe(expected);
    expect(anchorOfCallData(root.toUpperCase().replace('0X', '0x'))).toBe(expected);
  });

  it('refuses a root that is not 32 bytes', () => {
    expect(() => anchorOfCallData('0x1234')).toThrow(/32-byte root/);
  });

  it('wraps it in an eth_call JSON-RPC request', () => {
    const contract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    expect(anchorOfRequest(contract, root, 7)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_call',
      params: [{ to: contract, data: registry.encodeFunctionData('anchorOf', [root]) }, 'latest'],
    });
  });
});

describe('anchorOf result', () => {
  it('decodes the four uint64 words like ethers', () => {
    const max = 2n ** 64n - 1n;
    const data = AbiCoder.defaultAbiCoder().encode(['uint64', 'uint64', 'uint64', 'uint64'], [3n, 17n, 1_767_225_600n, max]);
    const ethersView = registry.decodeFunctionResult('anchorOf', data);
    const anchor = decodeAnchorOf(data);
    expect(anchor).toEqual({ batchId: 3n, leafCount: 17n, timestamp: 1_767_225_600n, blockNumber: max });
    expect([anchor.batchId, anchor.leafCount, anchor.timestamp, anchor.blockNumber]).toEqual([...ethersView]);
    expect(isAnchored(anchor)).toBe(true);
  });

  it('reads an all-zero record as not anchored', () => {
    const zero = decodeAnchorOf(`0x${'0'.repeat(256)}`);
    expect(isAnchored(zero)).toBe(false);
  });

  it('says so when there is no contract (empty answer)', () => {
    expect(() => decodeAnchorOf('0x')).toThrow(/no anchor record/);
  });
});

describe('registryKeys() result', () => {
  it('decodes the list of keys like ethers', () => {
    const keys = [
      { fingerprint: `0x${'0f'.repeat(32)}`, validFrom: 1_767_225_600n, blockNumber: 5n },
      { fingerprint: `0x${'e1'.repeat(32)}`, validFrom: 1_767_312_000n, blockNumber: 90n },
    ];
    const data = registry.getAbiCoder().encode(['tuple(bytes32 fingerprint, uint64 validFrom, uint64 blockNumber)[]'], [keys]);
    expect(decodeRegistryKeys(data)).toEqual(keys.map((k) => ({ fingerprint: k.fingerprint, validFrom: Number(k.validFrom) })));
    expect(decodeRegistryKeys(registry.getAbiCoder().encode(['tuple(bytes32, uint64, uint64)[]'], [[]]))).toEqual([]);
  });

  it('refuses an answer that is not such a list', () => {
    expect(() => decodeRegistryKeys(`0x${'0'.repeat(64)}`)).toThrow(/not a list of registry keys/);
    expect(() => decodeRegistryKeys('0x1234')).toThrow(/not an ABI-encoded answer/);
  });
});

describe('JSON-RPC answers', () => {
  it('returns the result or the node error', () => {
    expect(readRpcResult({ jsonrpc: '2.0', id: 1, result: '0x7a69' })).toBe('0x7a69');
    expect(() => readRpcResult({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted' } })).toThrow(
      'RPC error: execution reverted',
    );
    expect(() => readRpcResult('nope')).toThrow(/did not answer JSON-RPC/);
    expect(() => readRpcResult({ id: 1 })).toThrow(/without a result/);
  });
});
