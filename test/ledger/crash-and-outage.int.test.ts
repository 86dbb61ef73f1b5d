// Exactly one anchor per batch across a crash, and anchoring resumed after a chain outage, on a real
// Hardhat node started here (the ledger uses it as an external chain: CHAIN_RPC_URL).
//
// Crash: the ledger runs in a child process that pauses right after broadcasting the anchor
// transaction (LEDGER_TEST_PAUSE_AFTER_BROADCAST_MS); it is SIGKILLed there, before RootAnchored is
// appended. The restarted ledger must find the anchor on chain and record it, not send another.
// Outage: the node sits behind a TCP relay the test cuts (the chain unreachable, its state kept),
// registrations keep arriving and stay pending; the relay is restored and they are anchored.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JsonRpcProvider, Wallet } from 'ethers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@titleledger/api/eventstore';
import { runApp, type RunningApp } from '@titleledger/api/runtime';
import { anchorRegistryAt, deployAnchorRegistry, registryKeyFingerprint } from '@titleledger/contracts';
import { startHardhatNode, type HardhatNode } from '@titleledger/contracts/hardhat-node';
import { createLedgerService, ledgerMigrations, ROOT_ANCHORED_TOPIC } from '@titleledger/ledger';
import { allProjections, createProjectionsService, readModelMigrations } from '@titleledger/projections';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { appendRegistration, eventually, newRegistration } from './registrations.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Hardhat accounts #0 (deployer), #2 (the crash test's anchorer) and #3 (the outage test's).
const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ANCHORER_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const OUTAGE_ANCHORER_KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';

let node: HardhatNode;
let provider: JsonRpcProvider;
// Keys, blobs and certificates of every app and child here: never the checkout's ./data.
const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-crash-and-outage-'));

async function deployRegistry(anchorerKey: string): Promise<string> {
  const deployer = new Wallet(DEPLOYER_KEY, provider);
  const registry = await deployAnchorRegistry(deployer, new Wallet(anchorerKey).address, registryKeyFingerprint(new Uint8Array(32).fill(7)));
  return registry.getAddress();
}

async function anchorLogs(contract: string, batchId: number) {
  return provider.getLogs({ address: contract, fromBlock: 0, topics: [ROOT_ANCHORED_TOPIC, `0x${batchId.toString(16).padStart(64, '0')}`] });
}

beforeAll(async () => {
  node = await startHardhatNode({});
  provider = new JsonRpcProvider(node.rpcUrl, undefined, { staticNetwork: true, polling: true, pollingInterval: 50 });
});
afterAll(async () => {
  provider?.destroy();
  await node?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a ledger killed between sending the anchor and recording it', () => {
  let db: TestDatabase;
  let store: EventStore;
  let child: ChildProcess | null = null;
  let contract: string;

  function startChild(extra: Record<string, string>): Promise<ChildProcess> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'test/ledger/ledger-child.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        CHAIN_RPC_URL: node.rpcUrl,
        ANCHOR_PRIVATE_KEY: ANCHORER_KEY,
        ANCHOR_CONTRACT: contract,
        LEDGER_BATCH_SECONDS: '0.2',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    return new Promise((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('ledger-child: ready')) resolve(proc);
      });
      proc.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      proc.on('exit', (code) => reject(new Error(`ledger child exited (${code}) before it was ready:\n${out}`)));
    });
  }

  function waitForLine(proc: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
    return new Promise((resolve) => {
      let out = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = pattern.exec(out);
        if (match) resolve(match);
      });
    });
  }

  beforeAll(async () => {
    contract = await deployRegistry(ANCHORER_KEY);
    db = await createTestDatabase(eventStoreMigrations);
    store = createEventStore({ pool: db.pool });
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await db?.close();
  });

  it('finds the anchor on chain after a restart and records it: one anchor, one transaction', async () => {
    // Batch 1 is sealed when its third leaf comes, never by the clock: a timer sealing one or two
    // (a slow append) left a leaf the restarted ledger anchored in a second transaction.
    const oneBatchOfThree = { LEDGER_BATCH_SIZE: '3', LEDGER_BATCH_SECONDS: '3600' };
    const first = await startChild({ ...oneBatchOfThree, LEDGER_TEST_PAUSE_AFTER_BROADCAST_MS: '600000' });
    const registrations = [newRegistration(), newRegistration(), newRegistration()];
    const broadcast = waitForLine(first, /ledger-test: anchor broadcast batch=(\d+) tx=(0x[0-9a-f]{64})/);
    for (const r of registrations) await appendRegistration(store, r);
    const [, batchId, txHash] = await broadcast;
    expect(batchId).toBe('1');
    // The transaction is mined (automine) while the ledger sleeps; then the process dies.
    await eventually(async () => (await provider.getTransactionReceipt(txHash!)) !== null);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect((await store.readStream('batch-1')).map((e) => e.type)).toEqual(['BatchSealed']);
    expect(await anchorLogs(contract, 1)).toHaveLength(1);

    await startChild(oneBatchOfThree);
    const events = await eventually(async () => {
      const stream = await store.readStream('batch-1');
      return stream.length === 2 ? stream : null;
    }, 90_000, 'RootAnchored after the restart');
    expect(events.map((e) => e.type)).toEqual(['BatchSealed', 'RootAnchored']);
    expect((events[1]!.data as { txHash: string }).txHash).toBe(txHash);
    expect(await anchorLogs(contract, 1)).toHaveLength(1);
    // The anchorer sent one transaction in all.
    expect(await provider.getTransactionCount(new Wallet(ANCHORER_KEY).address)).toBe(1);
    const sealed = events[0]!.data as { root: string; leafCount: number };
    const anchor = await anchorRegistryAt(contract, provider).anchorOf(sealed.root);
    expect(anchor.batchId).toBe(1n);
    expect(anchor.leafCount).toBe(BigInt(sealed.leafCount));
    await eventually(async () => {
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM registrations WHERE status = 'registered'`);
      return rows[0].n === 3;
    }, 90_000, 'the registrations marked registered');
  });
});

/**
 * A TCP relay to the node that can be cut (the chain unreachable) and restored. It listens the whole
 * time, on a port it bound itself: while cut, it ends every connection as it comes. Closing and
 * reopening the port would let another process take it in between.
 */
async function relay(target: URL): Promise<{ url: string; cut(): void; restore(): void; close(): Promise<void> }> {
  let open = true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    if (!open) {
      socket.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    const drop = () => {
      socket.destroy();
      upstream.destroy();
      sockets.delete(socket);
      sockets.delete(upstream);
    };
    socket.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the relay has no TCP address');
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => {
      open = false;
      dropAll();
    },
    restore: () => {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}

describe('a chain outage', () => {
  let running: RunningApp;
  let gate: Awaited<ReturnType<typeof relay>>;

  beforeAll(async () => {
    const contract = await deployRegistry(OUTAGE_ANCHORER_KEY);
    gate = await relay(new URL(node.rpcUrl));
    const db = await createTestDatabase();
    await db.close();
    running = await runApp({
      http: false,
      migrations: [...readModelMigrations, ...ledgerMigrations],
      services: [createProjectionsService(allProjections), createLedgerService()],
      env: {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        CHAIN_RPC_URL: gate.url,
        ANCHOR_PRIVATE_KEY: OUTAGE_ANCHORER_KEY,
        ANCHOR_CONTRACT: contract,
        LEDGER_BATCH_SECONDS: '0.2',
      },
      handleSignals: false,
      logger: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await running?.stop();
    await gate?.close();
  });

  const statuses = async () => (await running.pool.query<{ status: string }>('SELECT status FROM registrations ORDER BY tr_number')).rows.map((r) => r.status);

  it('keeps registrations pending while the chain is down, and anchors them when it is back', async () => {
    const ledger = running.services.find((s) => s.name === 'ledger')!;
    await appendRegistration(running.store, newRegistration());
    await eventually(async () => (await statuses()).join() === 'registered', 90_000, 'the first anchor');

    gate.cut();
    for (let i = 0; i < 4; i++) await appendRegistration(running.store, newRegistration());
    await eventually(async () => (await statuses()).length === 5, 90_000, 'the registrations read model');
    // The sequencer, a subscription of its own, has all four once the ledger counts them pending; with
    // the relay cut, none of them can be anchored meanwhile.
    const down = await eventually(async () => {
      const health = await ledger.health();
      return health.details?.pendingCount === 4 ? health : null;
    }, 90_000, 'the four sequenced while the chain is down');
    expect(down).toMatchObject({ status: 'degraded', details: { chainReachable: false, pendingCount: 4 } });
    expect((await statuses()).filter((s) => s === 'pending')).toHaveLength(4);

    gate.restore();
    await eventually(async () => (await statuses()).every((s) => s === 'registered'), 90_000, 'anchoring after the outage');
    await expect.poll(() => ledger.health()).toMatchObject({ status: 'ok', details: { chainReachable: true, pendingCount: 0 } });
  });
});
