// A chain that forgets (issue 19 item 3): the ledger anchors on an external Hardhat node; the node is
// replaced by a fresh one where the same deployer redeploys the registry at the same address (the
// code is there, the anchors are not). The restarted ledger must report it and anchor nothing,
// never start the registry's history over on the forgetful chain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JsonRpcProvider, Wallet } from 'ethers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApp, type RunningApp } from '@titleledger/api/runtime';
import { anchorRegistryAt, deployAnchorRegistry, registryKeyFingerprint } from '@titleledger/contracts';
import { startHardhatNode, type HardhatNode } from '@titleledger/contracts/hardhat-node';
import { createLedgerService, ledgerMigrations } from '@titleledger/ledger';
import { allProjections, createProjectionsService, readModelMigrations } from '@titleledger/projections';
import { createTestDatabase } from '../support/database.js';
import { appendRegistration, eventually, newRegistration } from './registrations.js';

// Hardhat accounts #0 (deployer) and #6 (anchorer).
const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ANCHORER_KEY = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';

let node: HardhatNode | null = null;
let running: RunningApp | null = null;
let databaseUrl: string;
// The app's keys, blobs and certificates: never the checkout's ./data.
const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-forgetful-chain-'));

/**
 * A fresh node, with the registry deployed by the deployer's first transaction. It binds a port of its
 * own and reports it: the old node's port, freed, could be anyone's by then.
 */
async function freshChain(): Promise<string> {
  await node?.stop();
  node = await startHardhatNode({});
  const provider = new JsonRpcProvider(node.rpcUrl, undefined, { staticNetwork: true, polling: true, pollingInterval: 50 });
  try {
    const registry = await deployAnchorRegistry(new Wallet(DEPLOYER_KEY, provider), new Wallet(ANCHORER_KEY).address, registryKeyFingerprint(new Uint8Array(32).fill(9)));
    return await registry.getAddress();
  } finally {
    provider.destroy();
  }
}

async function start(contract: string): Promise<RunningApp> {
  running = await runApp({
    http: false,
    migrations: [...readModelMigrations, ...ledgerMigrations],
    services: [createProjectionsService(allProjections), createLedgerService()],
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CHAIN_RPC_URL: node!.rpcUrl,
      ANCHOR_PRIVATE_KEY: ANCHORER_KEY,
      ANCHOR_CONTRACT: contract,
      LEDGER_BATCH_SECONDS: '0.2',
    },
    handleSignals: false,
    logger: pino({ level: 'silent' }),
  });
  return running;
}

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.close();
  databaseUrl = db.url;
});
afterAll(async () => {
  await running?.stop();
  await node?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a chain that forgot its anchors', () => {
  it('is reported at start (health degraded, naming the batch), and nothing is anchored on it', async () => {
    const contract = await freshChain();
    const app = await start(contract);
    await appendRegistration(app.store, newRegistration());
    await eventually(
      async () => (await app.pool.query(`SELECT 1 FROM registrations WHERE status = 'registered'`)).rowCount === 1,
      90_000,
      'the first anchor',
    );
    await app.stop();
    running = null;

    // Same chain id, same deployer, same address, same code: only the anchors are gone (the ledger is
    // pointed at the new node's address, as an operator would after moving it).
    expect(await freshChain()).toBe(contract);
    const again = await start(contract);
    await appendRegistration(again.store, newRegistration());
    const ledger = again.services.find((s) => s.name === 'ledger')!;
    const health = await eventually(async () => {
      const h = await ledger.health();
      return typeof h.details?.degraded === 'string' ? h : null;
    }, 90_000, 'the ledger to report the forgetful chain');
    expect(health.status).toBe('degraded');
    expect(String(health.details!.degraded)).toMatch(/^The chain forgot: batch 1 \(root 0x[0-9a-f]{64}\) was anchored on chain 31337 at /);
    expect(String(health.details!.degraded)).toContain('npm run chain -- deploy --force');

    const provider = new JsonRpcProvider(node!.rpcUrl, undefined, { staticNetwork: true });
    try {
      expect(await anchorRegistryAt(contract, provider).lastBatchId()).toBe(0n);
    } finally {
      provider.destroy();
    }
    const statuses = await eventually(async () => {
      const { rows } = await again.pool.query<{ status: string }>('SELECT status FROM registrations ORDER BY registration_date');
      return rows.length === 2 ? rows.map((r) => r.status) : null;
    }, 90_000, 'the second registration in the read model');
    expect(statuses).toEqual(['registered', 'pending']);
  });
});
