// Issue 12, finding 2, as the attack, on the whole app with its embedded Hardhat node:
//   - the endless-loop `eth_call` (data 0x5b600056, gas 0xfff000) sent 25 times through the public
//     proxy used to tie the node up and grow it until the kernel killed it; now every one is refused
//     at once, and a new registration is anchored;
//   - an eth_getLogs range ending at 2^64 - 1 kept the node at full CPU for good (QA, 2026-11-27):
//     now the range ends at the chain's head, answered like `latest`, and anchoring goes on;
//   - a client over the proxy's per-IP rate limit gets 429 while other addresses are still served;
//   - the node killed outright (as the OOM killer did): health says the chain is being rebuilt, the
//     ledger rebuilds it from the log, every earlier anchor is still on it, and anchoring resumes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerService } from '@titleledger/ledger';
import { startTestApp, type TestApp } from '../support/app.js';
import { creatorFlows, injectSender, jsonBody, type Send } from '../support/flows.js';
import { anchoredBatchOf as batchOnChain, registerAndAnchor as anchorAWork } from './anchored.js';
import { eventually } from './registrations.js';

const RATE_LIMIT = 80;
const ENDLESS_LOOP = { data: '0x5b600056', gas: '0xfff000' };

let app: TestApp;
let send: Send;
let client: ReturnType<typeof creatorFlows>;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ LEDGER_BATCH_SECONDS: '0.2', RPC_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
  send = injectSender(app);
  client = creatorFlows(send);
  token = (await client.signUp()).token;
});
afterAll(async () => app?.stop());

const ledger = () => app.running.services.find((service) => service.name === 'ledger') as LedgerService;
const rpcFrom = (from: Send, body: unknown) => from({ method: 'POST', url: '/api/ledger/rpc', ...jsonBody(body) });

const registerAndAnchor = (title: string, withinMs = 90_000) => anchorAWork(client, token, title, withinMs);
const anchoredBatchOf = (contract: string, root: string) => batchOnChain(send, contract, root);

describe('an eth_getLogs range to the end of time', () => {
  it("is answered up to the chain's head, like `latest`; the node stays free and anchoring goes on", async () => {
    const before = await registerAndAnchor('Before the long range');
    const pid = ledger().embeddedChainPid;
    const logs = (toBlock: string) => rpcFrom(send, { jsonrpc: '2.0', id: 9, method: 'eth_getLogs', params: [{ address: before.contract, fromBlock: 'earliest', toBlock }] });
    const endless = await logs('0xffffffffffffffff');
    expect(endless.status, endless.body).toBe(200);
    const latest = await logs('latest');
    expect(endless.json<{ result: unknown[] }>().result.length).toBeGreaterThan(0);
    expect(endless.json<{ result: unknown[] }>().result).toEqual(latest.json<{ result: unknown[] }>().result);
    // A start past the head is refused, with the head in the message.
    const past = await rpcFrom(send, { jsonrpc: '2.0', id: 10, method: 'eth_getLogs', params: [{ address: before.contract, fromBlock: '0xffffffffffffff', toBlock: 'latest' }] });
    expect(past.status).toBe(400);
    expect(past.json()).toMatchObject({ id: 10, error: { code: -32602, message: expect.stringMatching(/fromBlock 0xffffffffffffff is past the chain's head \(0x[0-9a-f]+\)/) } });

    const chainId = await rpcFrom(send, { jsonrpc: '2.0', id: 11, method: 'eth_chainId', params: [] });
    expect(chainId.status).toBe(200);
    // Anchored at all (a node kept busy answers no one: the proxy's call fails with a 503 within
    // seconds, as the range above did before it was bounded), by the same node.
    await registerAndAnchor('After the long range');
    expect(ledger().embeddedChainPid).toBe(pid);
    // Polled: one health answer reads "down" for a check slower than its 2 s limit, as on a loaded machine.
    await expect.poll(async () => (await send({ method: 'GET', url: '/api/health' })).json().components.ledger).toMatchObject({ status: 'ok', details: { chainReachable: true } });
  });
});

describe('the endless-loop eth_call', () => {
  it('is refused 25 times without touching the chain, and a new registration is anchored', async () => {
    const before = await registerAndAnchor('Before the attack');
    const pid = ledger().embeddedChainPid;
    for (let i = 0; i < 25; i += 1) {
      // As the issue sent it: no `to`, so the node would run the data as contract-creation code.
      const bare = await rpcFrom(send, { jsonrpc: '2.0', id: i, method: 'eth_call', params: [ENDLESS_LOOP, 'latest'] });
      expect(bare.status).toBe(400);
      expect(bare.json()).toMatchObject({ id: i, error: { code: -32602, message: expect.stringContaining('params.0.to') } });
      // Aimed at our registry, the data is only calldata (no such function): a quick revert under the gas cap.
      const aimed = await rpcFrom(send, { jsonrpc: '2.0', id: i, method: 'eth_call', params: [{ ...ENDLESS_LOOP, to: before.contract }, 'latest'] });
      expect(aimed.status).toBe(200);
      expect(aimed.json()).toMatchObject({ id: i, error: expect.any(Object) });
    }
    // The calls above were answered one after another, so a node that had run them would be free
    // again by now: what shows the attack never reached it is the 400s above. Anchoring goes on.
    const after = await registerAndAnchor('After the attack');
    expect(ledger().embeddedChainPid).toBe(pid); // the same node, never restarted
    expect(await anchoredBatchOf(after.contract, after.root)).toBeGreaterThan(0);
    // Auditors read the registry's code through the proxy too.
    const code = await rpcFrom(send, { jsonrpc: '2.0', id: 2, method: 'eth_getCode', params: [after.contract, 'latest'] });
    expect(code.json().result).toMatch(/^0x[0-9a-f]{100,}$/);
    // Polled: one health answer reads "down" for a check slower than its 2 s limit, as on a loaded machine.
    await expect.poll(async () => (await send({ method: 'GET', url: '/api/health' })).json().components.ledger).toMatchObject({ status: 'ok', details: { chainReachable: true } });
  });
});

describe('the per-IP rate limit', () => {
  it('answers 429 with Retry-After past the limit, and still serves everyone else', async () => {
    const attacker = injectSender(app, { remoteAddress: () => '203.0.113.7' });
    const chainId = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] };
    for (let i = 0; i < RATE_LIMIT; i += 1) expect((await rpcFrom(attacker, chainId)).status).toBe(200);
    const limited = await rpcFrom(attacker, chainId);
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too_many_requests', message: expect.stringContaining(`at most ${RATE_LIMIT} a minute`) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const someoneElse = injectSender(app, { remoteAddress: () => '198.51.100.20' });
    expect((await rpcFrom(someoneElse, chainId)).json()).toMatchObject({ result: '0x7a69' });
  });

  it('refuses an oversized request body before reading it', async () => {
    const response = await rpcFrom(send, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [], padding: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
  });
});

describe('the embedded node killed under the ledger', () => {
  it('is rebuilt from the log (health says so meanwhile), keeps every anchor, and anchoring resumes', async () => {
    const earlier = await registerAndAnchor('Before the kill');
    const pid = ledger().embeddedChainPid!;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');

    const rebuilding = await eventually(async () => {
      const details = (await send({ method: 'GET', url: '/api/health' })).json().components.ledger;
      return details.status === 'degraded' && /rebuilding it from the event log/.test(details.details.degraded ?? '') ? details : null;
    }, 90_000, 'health to report the rebuild');
    expect(rebuilding.details).toMatchObject({ chainReachable: false, degraded: expect.stringContaining('SIGKILL') });

    // A registration made now is anchored once the node is back, with no restart of the app.
    const during = await registerAndAnchor('During the rebuild');
    expect(ledger().embeddedChainPid).not.toBe(pid);
    expect(await anchoredBatchOf(earlier.contract, earlier.root)).toBeGreaterThan(0);
    expect(await anchoredBatchOf(during.contract, during.root)).toBeGreaterThan(0);
    const health = await eventually(async () => {
      const body = (await send({ method: 'GET', url: '/api/health' })).json();
      return body.components.ledger.status === 'ok' ? body.components.ledger : null;
    }, 90_000, 'the ledger healthy again');
    expect(health.details).toMatchObject({ chainReachable: true, pendingCount: 0 });
    expect(health.details.degraded).toBeUndefined();
  });
});
