// The ledger's settings in api/src/config.ts: an embedded chain by default, any EVM chain with a
// well-formed URL, key and address.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@titleledger/api/runtime';

const key = `0x${'ab'.repeat(32)}`;
const contract = `0x${'cd'.repeat(20)}`;

describe('ledger configuration', () => {
  it('defaults to the embedded chain, 256 leaves or 2 s, one confirmation', () => {
    const config = loadConfig({});
    expect([config.CHAIN_RPC_URL, config.ANCHOR_PRIVATE_KEY, config.ANCHOR_CONTRACT]).toEqual([undefined, undefined, undefined]);
    expect(config).toMatchObject({ LEDGER_BATCH_SIZE: 256, LEDGER_BATCH_SECONDS: 1, LEDGER_CONFIRMATIONS: 1 });
  });

  it('takes an external chain', () => {
    const config = loadConfig({ CHAIN_RPC_URL: 'https://rpc.example.org/v1', ANCHOR_PRIVATE_KEY: key, ANCHOR_CONTRACT: contract, LEDGER_BATCH_SECONDS: '0.5' });
    expect(config).toMatchObject({ CHAIN_RPC_URL: 'https://rpc.example.org/v1', ANCHOR_PRIVATE_KEY: key, ANCHOR_CONTRACT: contract, LEDGER_BATCH_SECONDS: 0.5 });
  });

  it.each([
    ['CHAIN_RPC_URL', 'ftp://rpc.example.org'],
    ['CHAIN_RPC_URL', 'http://'],
    ['ANCHOR_PRIVATE_KEY', '0x1234'],
    ['ANCHOR_PRIVATE_KEY', 'ab'.repeat(32)],
    ['ANCHOR_CONTRACT', '0xnothex0000000000000000000000000000000000'],
    ['ANCHOR_CONTRACT', `0x${'cd'.repeat(21)}`],
    ['LEDGER_BATCH_SIZE', '0'],
    ['LEDGER_BATCH_SECONDS', '-1'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
