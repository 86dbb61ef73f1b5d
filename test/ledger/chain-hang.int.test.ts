// The embedded node alive but silent (busy for good, or stopped: here SIGSTOP, as a node tied up by
// one expensive call looked from outside): the ledger asks it every few seconds, and once it has
// answered nothing for LEDGER_EMBEDDED_CHAIN_HANG_SECONDS (3 here) kills it, so it is rebuilt from
// the log as a crashed node is; earlier anchors stay on it and anchoring resumes. Before, such a node
// left the ledger and /api/health down for good (QA, 2026-11-27).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerService } from '@titleledger/ledger';
import { startTestApp, type TestApp } from '../support/app.js';
import { creatorFlows, injectSender, type Send } from '../support/flows.js';
import { anchoredBatchOf, registerAndAnchor as anchorAWork } from './anchored.js';
import { eventually } from './registrations.js';

let app: TestApp;
let send: Send;
let client: ReturnType<typeof creatorFlows>;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ LEDGER_BATCH_SECONDS: '0.2', LEDGER_EMBEDDED_CHAIN_HANG_SECONDS: '3' });
  send = injectSender(app);
  client = creatorFlows(send);
  token = (await client.signUp()).token;
});
afterAll(async () => app?.stop());

const ledger = () => app.running.services.find((service) => service.name === 'ledger') as LedgerService;

const registerAndAnchor = (title: string) => anchorAWork(client, token, title, 90_000);

describe('the embedded node silent under the ledger', () => {
  it('is killed and rebuilt from the log; earlier anchors stay and anchoring resumes', async () => {
    const earlier = await registerAndAnchor('Before the silence');
    const pid = ledger().embeddedChainPid!;
    process.kill(pid, 'SIGSTOP');
    try {
      // Killed (a stopped process still dies of SIGKILL), then rebuilt: a new node.
      await eventually(async () => (ledger().embeddedChainPid !== pid ? true : null), 90_000, 'a new embedded node');
    } finally {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone, as it should be.
      }
    }
    const after = await registerAndAnchor('After the silence');
    expect(after.trNumber).not.toBe(earlier.trNumber);
    // The earlier root is on the rebuilt node: anchorOf(root) through the proxy names its batch.
    expect(await anchoredBatchOf(send, earlier.contract, earlier.root)).toBeGreaterThan(0);
    const health = await eventually(async () => {
      const body = (await send({ method: 'GET', url: '/api/health' })).json();
      return body.components.ledger.status === 'ok' ? body.components.ledger : null;
    }, 90_000, 'the ledger healthy again');
    expect(health.details).toMatchObject({ chainReachable: true });
  });
});
