// Transparency-log checkpoints anchored on chain (issue 17 item 1): on the embedded chain, the ledger
// anchors the latest signed checkpoint (here as soon as it exists: LEDGER_CHECKPOINT_ANCHOR_ENTRIES=1),
// exactly once per checkpoint; the checkpoint's row and the JSON routes carry the anchor; the
// registry holds the root apart from batch roots; verify-log compares each anchored checkpoint with
// the chain — here a chain rebuilt from the log, as the ledger rebuilds it at start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Interface } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_OF_SELECTOR, checkpointOfCallData, configuredVerifierKey, ledgerCheckpointReader, verifyLog, verifyLogSummary } from '@titleledger/api/transparency';
import { anchorRegistryAbi } from '@titleledger/contracts';
import { openCheckpointReader } from '@titleledger/ledger';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { creatorFlows, injectSender, jsonBody } from '../support/flows.js';
import { eventually } from './registrations.js';

const registry = new Interface(anchorRegistryAbi);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-checkpoint-anchors-'));
let app: TestApp;
let client: ReturnType<typeof creatorFlows>;

interface CheckpointJson {
  treeSize: number;
  root: string;
  signedAt: string;
  note: string;
  anchor: { chainId: number; contract: string; txHash: string; blockNumber: number; blockTimestamp: number } | null;
}

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.close();
  // The proxy's per-address limit is not under test: the counts below are polled through it.
  app = await startTestApp({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    LEDGER_BATCH_SECONDS: '0.5',
    LEDGER_CHECKPOINT_ANCHOR_ENTRIES: '1',
    RPC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  client = creatorFlows(injectSender(app));
  const token = (await client.signUp()).token;
  await client.register(token, Buffer.from(`A checkpointed poem ${Date.now()}\n`), { title: 'Checkpointed' });
});
afterAll(async () => app?.stop());

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await client.send({ method: 'POST', url: '/api/ledger/rpc', ...jsonBody({ jsonrpc: '2.0', id: 1, method, params }) });
  if (response.status !== 200) throw new Error(`${method} answered ${response.status}: ${response.body}`);
  return response.json<{ result: T }>().result;
}

describe('checkpoint anchors', () => {
  let anchored: CheckpointJson;

  it('anchors the latest checkpoint and serves it with its anchor; /api/log/checkpoint stays the plain note', async () => {
    anchored = await eventually(async () => {
      const response = await client.send({ method: 'GET', url: '/api/log/checkpoint/anchor' });
      expect(response.status).toBe(200);
      // The same checkpoint as the list holds, with `anchored: true` on top.
      const { anchored: isAnchored, ...checkpoint } = response.json<CheckpointJson & { anchored: boolean }>();
      return isAnchored ? checkpoint : null;
    }, 90_000, 'an anchored checkpoint');
    expect(anchored.anchor).toMatchObject({ chainId: 31337, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(anchored.note.split('\n')[1]).toBe(String(anchored.treeSize));

    const plain = await client.send({ method: 'GET', url: '/api/log/checkpoint' });
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
    expect(plain.body).toMatch(/^\S+\n\d+\n[A-Za-z0-9+/]+=*\n\n/);

    const list = (await client.send({ method: 'GET', url: `/api/log/checkpoints?from=${anchored.treeSize}&limit=1` })).json<{ checkpoints: CheckpointJson[] }>();
    expect(list.checkpoints).toEqual([anchored]);
    const bad = await client.send({ method: 'GET', url: '/api/log/checkpoints?limit=5000' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('limit must be at most 1000');
  });

  it('the registry holds the root for that tree size, apart from batch roots (read through the RPC proxy)', async () => {
    const contract = anchored.anchor!.contract;
    const [root, , blockNumber] = registry.decodeFunctionResult(
      'checkpointOf',
      await rpc<string>('eth_call', [{ to: contract, data: registry.encodeFunctionData('checkpointOf', [anchored.treeSize]) }, 'latest']),
    ) as unknown as [string, bigint, bigint];
    expect(root).toBe(`0x${anchored.root}`);
    expect(Number(blockNumber)).toBe(anchored.anchor!.blockNumber);
    const [isBatchRoot] = registry.decodeFunctionResult(
      'isAnchored',
      await rpc<string>('eth_call', [{ to: contract, data: registry.encodeFunctionData('isAnchored', [root]) }, 'latest']),
    ) as unknown as [boolean];
    expect(isBatchRoot).toBe(false);
  });

  it('anchors each checkpoint once: one CheckpointAnchored per tree size in the log, one log per anchor on chain', async () => {
    const { pool, store } = app.running;
    // Anchoring may still go on (each anchor is mined, then recorded in the log, then in the table):
    // the three counts are read together until they agree, and each tree size is anchored once throughout.
    const counts = async () => {
      const perTreeSize = new Map<string, number>();
      for (const event of await store.readAll({ eventTypes: ['CheckpointAnchored'] })) perTreeSize.set(event.streamId, (perTreeSize.get(event.streamId) ?? 0) + 1);
      expect([...perTreeSize.values()].every((n) => n === 1)).toBe(true);
      const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM tlog_checkpoints WHERE anchored_at IS NOT NULL');
      const logs = await rpc<unknown[]>('eth_getLogs', [
        { address: anchored.anchor!.contract, fromBlock: '0x0', toBlock: 'latest', topics: [registry.getEvent('CheckpointAnchored')!.topicHash] },
      ]);
      return { inLog: perTreeSize.size, inTable: Number(rows[0]!.n), onChain: logs.length };
    };
    const agreed = await eventually(async () => {
      const now = await counts();
      return now.inLog === now.inTable && now.inTable === now.onChain ? now : null;
    }, 90_000, 'the log, the table and the chain to agree on the anchored checkpoints');
    expect(agreed.onChain).toBeGreaterThanOrEqual(1);
  });

  it('verify-log checks anchored checkpoints against a chain rebuilt from the log, and names one the chain contradicts', async () => {
    const { pool, store, config } = app.running;
    // Anchoring settles once the log is idle (the last anchor's own event is no reason for another):
    // the latest checkpoint is anchored, or holds nothing but that anchor's event.
    await eventually(async () => {
      const events = (await store.readAll()).length;
      const { rows } = await pool.query<{ settled: boolean }>(
        `SELECT (SELECT max(tree_size) FROM tlog_checkpoints) <= (SELECT max(tree_size) + 1 FROM tlog_checkpoints WHERE anchored_at IS NOT NULL)
            AND (SELECT max(tree_size) FROM tlog_checkpoints) = (SELECT count(*) FROM tlog_leaves)
            AND (SELECT count(*) FROM tlog_leaves) = $1 AS settled`,
        [events],
      );
      return rows[0]!.settled;
    }, 90_000, 'checkpoint anchoring to settle');
    const vkey = await configuredVerifierKey(pool, config);
    const opened = await openCheckpointReader(config, store, pool);
    try {
      const verdict = await verifyLog(pool, store, { vkey, chain: opened.reader });
      expect(verdict.ok, `${JSON.stringify(verdict)} ${opened.chain}`).toBe(true);
      if (verdict.ok) expect(verdict.anchors?.checked).toBeGreaterThanOrEqual(1);
      expect(opened.chain).toMatch(/\(embedded, rebuilt from the log: \d+ anchor transaction\(s\) replayed\)$/);
    } finally {
      await opened.close();
    }
    const lying = await verifyLog(pool, store, { vkey, chain: () => Promise.resolve({ root: `0x${'00'.repeat(32)}` }) });
    expect(lying).toMatchObject({ ok: false, checkpoint: expect.any(Number) });
    if (!lying.ok) expect(lying.reason).toMatch(/the registry on chain 31337 \(0x[0-9a-fA-F]{40}\) holds root 0x0{64} for it/);
  });

  it("verify-log on the server (the /audit page's run) reads the anchored roots from the ledger's chain too", async () => {
    // The one call the API writes out by hand is the registry's checkpointOf(uint64).
    expect(CHECKPOINT_OF_SELECTOR).toBe(registry.getFunction('checkpointOf')!.selector);
    expect(checkpointOfCallData(21)).toBe(registry.encodeFunctionData('checkpointOf', [21]));
    const { pool, store, config } = app.running;
    const chain = await ledgerCheckpointReader(pool);
    expect(chain?.chain).toMatch(/^chain 31337 at 0x[0-9a-fA-F]{40}$/);
    const vkey = await configuredVerifierKey(pool, config);
    const verdict = await verifyLog(pool, store, { vkey, chain: chain!.reader });
    expect(verdict).toMatchObject({ ok: true, anchors: { skipped: [] } });
    if (verdict.ok) expect(verdict.anchors!.checked).toBeGreaterThanOrEqual(1);
    // The summary the run records says what the chain confirmed.
    expect(verifyLogSummary(verdict)).toMatch(/; [1-9]\d* anchored checkpoint root\(s\) match the chain/);
    // A checkpoint anchored on another chain is named as not checked, not passed in silence.
    const elsewhere = await chain!.reader(1, { chainId: 1, contract: `0x${'ab'.repeat(20)}`, txHash: `0x${'00'.repeat(32)}`, blockNumber: 1, blockTimestamp: 1 });
    expect(elsewhere).toEqual({ skipped: expect.stringContaining("not the ledger's chain 31337") });
  });
});
