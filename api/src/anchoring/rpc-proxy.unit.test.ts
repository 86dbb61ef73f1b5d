// What the chain proxy forwards: the verifier's reads about our registry, rebuilt with a gas cap;
// the endless-loop call (code run as a contract creation) and anything aimed elsewhere refused.
import { describe, expect, it } from 'vitest';
import { RPC_GAS_CAP, needsChainHead, screenRpcRequest, type RpcRequest } from './rpc-proxy.js';

const REGISTRY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ANCHOR_OF = `0xcf4ff901${'ab'.repeat(32)}`;
const cap = `0x${RPC_GAS_CAP.toString(16)}`;

const call = (method: string, params?: unknown[]): RpcRequest => ({ jsonrpc: '2.0', id: 7, method, ...(params ? { params } : {}) });
const HEAD = 0x40n;
const forwarded = (request: RpcRequest) => {
  const screened = screenRpcRequest(request, REGISTRY, HEAD);
  if (!screened.ok) throw new Error(`refused: ${screened.error.error.message}`);
  return screened.request;
};
const refusal = (request: RpcRequest) => {
  const screened = screenRpcRequest(request, REGISTRY, HEAD);
  if (screened.ok) throw new Error(`forwarded: ${JSON.stringify(screened.request)}`);
  return screened.error;
};

describe('eth_call', () => {
  it("forwards a read of our registry, with the gas capped whether or not the caller names it", () => {
    expect(forwarded(call('eth_call', [{ to: REGISTRY, data: ANCHOR_OF }, 'latest'])).params).toEqual([{ to: REGISTRY, data: ANCHOR_OF, gas: cap }, 'latest']);
    expect(forwarded(call('eth_call', [{ to: REGISTRY.toLowerCase(), input: ANCHOR_OF, gas: '0xfff000' }])).params).toEqual([
      { to: REGISTRY.toLowerCase(), data: ANCHOR_OF, gas: cap },
      'latest',
    ]);
    expect(forwarded(call('eth_call', [{ to: REGISTRY, data: ANCHOR_OF, gas: '0x5208' }, '0x1'])).params).toEqual([{ to: REGISTRY, data: ANCHOR_OF, gas: '0x5208' }, '0x1']);
  });

  it('refuses the endless loop of issue 12 (no `to`: the data would run as code), with a message that says why', () => {
    const error = refusal(call('eth_call', [{ data: '0x5b600056', gas: '0xfff000' }, 'latest']));
    expect(error).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
    expect(error.error.message).toContain('params.0.to');
  });

  it('refuses calls to any other contract, state overrides, extra fields and oversized data', () => {
    expect(refusal(call('eth_call', [{ to: OTHER, data: ANCHOR_OF }])).error.message).toContain(`only the TitleLedger registry ${REGISTRY}`);
    expect(refusal(call('eth_call', [{ to: REGISTRY, data: ANCHOR_OF }, 'latest', { [REGISTRY]: { code: '0x5b600056' } }])).error.message).toContain(
      'state overrides',
    );
    expect(refusal(call('eth_call', [{ to: REGISTRY, data: ANCHOR_OF, value: '0x1' }])).error.code).toBe(-32602);
    expect(refusal(call('eth_call', [{ to: REGISTRY, data: `0x${'00'.repeat(1025)}` }])).error.message).toContain('1 KiB');
    expect(refusal(call('eth_call', [{ to: REGISTRY, data: ANCHOR_OF }, 'tomorrow'])).error.code).toBe(-32602);
  });
});

describe('the other methods', () => {
  it('forwards eth_getCode and eth_getLogs for our registry only', () => {
    expect(forwarded(call('eth_getCode', [REGISTRY, '0x2'])).params).toEqual([REGISTRY, '0x2']);
    expect(forwarded(call('eth_getCode', [REGISTRY])).params).toEqual([REGISTRY, 'latest']);
    expect(refusal(call('eth_getCode', [OTHER, 'latest'])).error.code).toBe(-32602);
    const filter = { address: REGISTRY, fromBlock: '0x0', toBlock: 'latest', topics: [`0x${'11'.repeat(32)}`, null] };
    expect(forwarded(call('eth_getLogs', [filter])).params).toEqual([filter]);
    expect(refusal(call('eth_getLogs', [{ fromBlock: '0x0' }])).error.code).toBe(-32602);
  });

  it("bounds eth_getLogs's block numbers by the chain's head: a later end reads as the head, a later start is refused", () => {
    const filter = { address: REGISTRY, fromBlock: 'earliest', toBlock: '0xffffffffffffffff' };
    expect(forwarded(call('eth_getLogs', [filter])).params).toEqual([{ ...filter, toBlock: '0x40' }]);
    expect(forwarded(call('eth_getLogs', [{ address: REGISTRY, fromBlock: '0x3', toBlock: '0x40' }])).params).toEqual([{ address: REGISTRY, fromBlock: '0x3', toBlock: '0x40' }]);
    expect(forwarded(call('eth_getLogs', [{ address: REGISTRY, fromBlock: '0x40' }])).params).toEqual([{ address: REGISTRY, fromBlock: '0x40' }]);
    expect(refusal(call('eth_getLogs', [{ address: REGISTRY, fromBlock: '0x41', toBlock: 'latest' }])).error).toMatchObject({
      code: -32602,
      message: "eth_getLogs: fromBlock 0x41 is past the chain's head (0x40) (params.0)",
    });
    expect(refusal(call('eth_getLogs', [{ address: REGISTRY, fromBlock: '0x9', toBlock: '0x8' }])).error.message).toContain('fromBlock 0x9 is after toBlock 0x8');
    expect(needsChainHead(call('eth_getLogs', [filter]))).toBe(true);
    expect(needsChainHead(call('eth_call', []))).toBe(false);
  });

  it('forwards the plain reads and refuses every other method', () => {
    expect(forwarded(call('eth_chainId', [])).method).toBe('eth_chainId');
    expect(forwarded(call('eth_blockNumber')).params).toEqual([]);
    expect(forwarded(call('eth_getBlockByNumber', ['0x1', false])).params).toEqual(['0x1', false]);
    expect(forwarded(call('eth_getTransactionReceipt', [`0x${'22'.repeat(32)}`])).method).toBe('eth_getTransactionReceipt');
    for (const method of ['eth_sendRawTransaction', 'eth_estimateGas', 'debug_traceCall', 'evm_mine', 'hardhat_setCode', 'eth_getStorageAt']) {
      expect(refusal(call(method, [])).error).toMatchObject({ code: -32601, message: expect.stringContaining(`${method} is not allowed`) });
    }
  });
});
