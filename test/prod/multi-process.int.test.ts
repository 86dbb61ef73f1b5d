// A production-like run without Docker (issue 19 item 1): the Postgres of the test run as an external
// DATABASE_URL, a separate Hardhat node with the registry deployed by `npm run chain -- deploy`, and
// two api, one projections and two ledger processes started from */dist/main.js with
// NODE_ENV=production and real keys. Both APIs take registrations at once; then the leading ledger is
// SIGKILLed and the other takes over. Needs `npm run build` (npm test builds first).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { id as eventTopic, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, PROGRAM_SETTINGS, type ProcessRole } from '@titleledger/api/runtime';
import { registryKeyFromPem } from '@titleledger/api/transparency';
import { startHardhatNode, type HardhatNode } from '@titleledger/contracts/hardhat-node';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { REPO_ROOT, healthy, productionDeployment, runBuiltScript } from '../support/built-scripts.js';
import { creatorFlows, fetchSender, registrationFields, registrationIntent } from '../support/flows.js';
import { eventually } from '../ledger/registrations.js';

const CREATORS = 4;

interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly exited: Promise<void>;
}

let db: TestDatabase;
let node: HardhatNode;
let dataDir: string;
let env: Record<string, string>;
const procs: Proc[] = [];

/**
 * Starts `<role>/dist/main.js` with only the settings its program reads (PROGRAM_SETTINGS, as
 * docker-compose.yml gives them): the ledgers run without SECRET_KEY or the registry key.
 */
function start(name: string, role: ProcessRole, extra: Record<string, string> = {}): Proc {
  const reads: readonly string[] = PROGRAM_SETTINGS[role];
  const settings = Object.entries({ ...env, ...extra }).filter(([setting]) => reads.includes(setting));
  const child = spawn(process.execPath, [path.join(REPO_ROOT, role, 'dist/main.js')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...Object.fromEntries(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc = { name, child, lines, exited };
  procs.push(proc);
  return proc;
}

const logged = (proc: Proc, message: string) => proc.lines.some((line) => line.includes(message));
const tail = (proc: Proc) => proc.lines.slice(-20).join('\n');

/** Runs an operator's command (`npm run chain`, `npm run audit`) with the deployment's environment; its output, or throws. */
const runCommand = (script: string, args: string[]) => runBuiltScript(script, args, env);

const apis: { url: string; proc: Proc }[] = [];
let ledgers: Proc[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  node = await startHardhatNode({});
  dataDir = mkdtempSync(path.join(tmpdir(), 'tl-prod-'));
  env = await productionDeployment({ databaseUrl: db.url, dataDir, rpcUrl: node.rpcUrl, extra: { LOG_LEVEL: 'info', LEDGER_BATCH_SECONDS: '1' } });

  // The ledgers first: they hold no registry key, so none is recorded until the projections or an
  // api start, and the leader must still copy the key's binding from the chain once one is.
  ledgers = [start('ledger-1', 'ledger'), start('ledger-2', 'ledger')];
  const exited = await eventually(
    async () => (ledgers.some((ledger) => logged(ledger, 'a registry key is not recorded yet')) ? 'no' : ledgers.find((ledger) => ledger.child.exitCode !== null)?.name),
    240_000,
    'a ledger to find no registry key recorded',
  );
  if (exited !== 'no') throw new Error(`${exited} exited:\n${tail(ledgers.find((ledger) => ledger.name === exited)!)}`);
  start('projections', 'projections');
  for (const n of [1, 2]) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    apis.push({ url, proc: start(`api-${n}`, 'api', { PORT: String(port), PUBLIC_URL: url }) });
  }
}, 600_000);

afterAll(async () => {
  for (const proc of procs) if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited));
  await node?.stop();
  await db?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function registeredTrNumbers(): Promise<string[]> {
  const { rows } = await db.pool.query<{ tr: string }>(`SELECT data->>'trNumber' AS tr FROM es_events WHERE type = 'TitleRegistered'`);
  return rows.map((r) => r.tr);
}

/** Batch id → how many RootAnchored logs the registry emitted for it. */
async function anchorsOnChain(): Promise<Map<string, number>> {
  const provider = new JsonRpcProvider(node.rpcUrl, undefined, { staticNetwork: true });
  try {
    const logs = await provider.getLogs({
      address: env.ANCHOR_CONTRACT,
      topics: [eventTopic('RootAnchored(uint256,bytes32,uint256,uint256)')],
      fromBlock: 0,
    });
    const counts = new Map<string, number>();
    for (const log of logs) {
      const batch = BigInt(log.topics[1]!).toString();
      counts.set(batch, (counts.get(batch) ?? 0) + 1);
    }
    return counts;
  } finally {
    provider.destroy();
  }
}

async function allAnchored(): Promise<boolean> {
  const { rows } = await db.pool.query<{ waiting: string; leaves: string; registered: string }>(
    `SELECT (SELECT count(*) FROM ledger_batches WHERE anchored_at IS NULL) AS waiting,
            (SELECT count(*) FROM ledger_leaves) AS leaves,
            (SELECT count(*) FROM es_events WHERE type = 'TitleRegistered') AS registered`,
  );
  const row = rows[0]!;
  return row.waiting === '0' && row.leaves === row.registered && row.registered !== '0';
}

async function expectOneAnchorPerBatch(): Promise<void> {
  const { rows } = await db.pool.query<{ batch_id: string }>('SELECT batch_id::text FROM ledger_batches ORDER BY batch_id');
  const onChain = await anchorsOnChain();
  expect([...onChain.keys()].sort()).toEqual(rows.map((r) => r.batch_id).sort());
  expect([...onChain.values()].every((n) => n === 1)).toBe(true);
  const { rows: events } = await db.pool.query<{ n: string; batches: string }>(
    `SELECT count(*) AS n, count(DISTINCT data->>'batchId') AS batches FROM es_events WHERE type = 'RootAnchored'`,
  );
  expect(events[0]!.n).toBe(events[0]!.batches);
}

describe('production-like: separate processes on one database and one chain', () => {
  it('starts every process in production mode with the real keys (the ledgers with the anchorer\'s only), and records where the registry key is bound', async () => {
    for (const proc of procs.filter((p) => !p.name.startsWith('api'))) {
      await expect.poll(() => logged(proc, '"service started"') || proc.child.exitCode !== null, { timeout: 240_000 }).toBe(true);
      expect(proc.child.exitCode, `${proc.name} exited:\n${tail(proc)}`).toBeNull();
    }
    for (const api of apis) {
      await expect.poll(async () => (await healthy(api.url)) || api.proc.child.exitCode !== null, { timeout: 240_000 }).toBe(true);
      expect(api.proc.child.exitCode, `${api.proc.name} exited:\n${tail(api.proc)}`).toBeNull();
    }
    // Recorded by the projections or an api after the ledgers' first look at the chain.
    const fingerprint = registryKeyFromPem(env.REGISTRY_SIGNING_KEY!).fingerprint;
    const keys = async () => ((await (await fetch(`${apis[0]!.url}/api/registry/keys`)).json()) as { keys: { fingerprint: string; binding: { contract: string } | null }[] }).keys;
    await expect.poll(async () => (await keys())[0]?.binding?.contract.toLowerCase(), { timeout: 90_000 }).toBe(env.ANCHOR_CONTRACT!.toLowerCase());
    expect((await keys()).map((key) => key.fingerprint)).toEqual([fingerprint]);
  });

  it('takes registrations on both APIs at once: none lost or doubled, read models equal a rebuild, one anchor per batch', async () => {
    const results = await Promise.all(
      Array.from({ length: CREATORS }, async (_, i) => {
        const flows = creatorFlows(fetchSender(apis[i % 2]!.url));
        const creator = await flows.signUp();
        return flows.register(creator.token, Buffer.from(`A poem, number ${i}: ${randomBytes(16).toString('hex')}`), { title: `Work ${i}` });
      }),
    );
    const trNumbers = results.map((r) => r.trNumber);
    expect(new Set(trNumbers).size).toBe(CREATORS);
    expect((await registeredTrNumbers()).sort()).toEqual([...trNumbers].sort());

    await expect.poll(allAnchored, { timeout: 240_000 }).toBe(true);
    await expectOneAnchorPerBatch();

    // Both APIs read the same state: each finds every title.
    for (const api of apis) {
      for (const tr of trNumbers) {
        await expect.poll(async () => (await fetch(`${api.url}/api/titles/verify/${encodeURIComponent(tr)}`)).status).toBe(200);
      }
    }
    // Every read model equal to a rebuild from position 0: the operator's `npm run audit -- replay`.
    expect(await runCommand('scripts/audit.mjs', ['replay'])).toMatch(/^replay: OK/m);

    // The ledger's read model is replayed too: a registration's status or stored proof edited by hand is
    // named by its TR number (before, status was left out and registration_proofs never compared).
    const tr = trNumbers[0]!;
    const { rows: [proof] } = await db.pool.query<{ root: string }>('SELECT root FROM registration_proofs WHERE tr_number = $1', [tr]);
    const edits = [
      { table: 'registrations', column: 'status', edit: `UPDATE registrations SET status = 'pending' WHERE tr_number = $1`, undo: `UPDATE registrations SET status = 'registered' WHERE tr_number = $1`, value: [] },
      { table: 'registration_proofs', column: 'root', edit: `UPDATE registration_proofs SET root = '0x' || repeat('ab', 32) WHERE tr_number = $1`, undo: 'UPDATE registration_proofs SET root = $2 WHERE tr_number = $1', value: [proof!.root] },
    ];
    for (const { table, column, edit, undo, value } of edits) {
      await db.pool.query(edit, [tr]);
      try {
        await expect(runCommand('scripts/audit.mjs', ['replay'])).rejects.toThrow(
          `replay: MISMATCH in table ${table}, key {"tr_number":"${tr}"}: the live row differs from the one the log produces (${column})`,
        );
      } finally {
        await db.pool.query(undo, [tr, ...value]);
      }
    }
  });

  it('SIGKILL of the leading ledger: the other takes over and no batch is anchored twice', async () => {
    const leads = (l: Proc) => l.lines.filter((line) => line.includes('this instance leads') && line.includes('"lock":"ledger"')).length;
    const leader = ledgers.find((l) => leads(l) > 0);
    expect(leader, ledgers.map(tail).join('\n---\n')).toBeDefined();
    const standby = ledgers.find((l) => l !== leader)!;
    expect(leads(standby)).toBe(0);
    leader!.child.kill('SIGKILL');
    await leader!.exited;
    await expect.poll(() => leads(standby)).toBe(1);

    const flows = creatorFlows(fetchSender(apis[0]!.url));
    const creator = await flows.signUp();
    const after = await flows.register(creator.token, Buffer.from(`After the failover: ${randomBytes(16).toString('hex')}`), { title: 'After the failover' });
    expect(await registeredTrNumbers()).toContain(after.trNumber);
    await expect.poll(allAnchored, { timeout: 240_000 }).toBe(true);
    await expectOneAnchorPerBatch();
  });

  it('SIGKILL of an API mid-request: the client retries on the other and gets the same registration, written once', async () => {
    const [doomed, survivor] = apis as [(typeof apis)[0], (typeof apis)[0]];
    const onDoomed = creatorFlows(fetchSender(doomed.url));
    const onSurvivor = creatorFlows(fetchSender(survivor.url));
    const creator = await onDoomed.signUp();
    const sessionId = await onDoomed.paidSession(creator.token, registrationIntent({ title: 'Sent twice' }));
    const fields = registrationFields(sessionId, { title: 'Sent twice' });
    const file = { name: 'work.txt', content: Buffer.from(`Sent twice: ${randomBytes(16).toString('hex')}`), type: 'text/plain' };

    // The API has the request in hand (it logged it) when it is killed; whatever it managed is durable or not at all.
    const first = onDoomed.submit(creator.token, fields, file).then(
      (reply) => reply,
      () => null,
    );
    await expect.poll(() => logged(doomed.proc, 'submit-registration')).toBe(true);
    doomed.proc.child.kill('SIGKILL');
    await doomed.proc.exited;
    const firstReply = await first;

    const retry = await onSurvivor.submit(creator.token, fields, file);
    expect([200, 201]).toContain(retry.status);
    const { tr_number: trNumber } = retry.json<{ tr_number: string }>();
    if (firstReply && firstReply.status === 201) expect(firstReply.json<{ tr_number: string }>().tr_number).toBe(trNumber);
    const again = await onSurvivor.submit(creator.token, fields, file);
    expect(again.status).toBe(200);
    expect(again.json<{ tr_number: string }>().tr_number).toBe(trNumber);

    const { rows } = await db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM es_events WHERE type = 'TitleRegistered' AND data->>'title' = 'Sent twice'`,
    );
    expect(rows[0]!.n).toBe('1');
    await expect.poll(allAnchored, { timeout: 240_000 }).toBe(true);
    await expectOneAnchorPerBatch();
  });
});
