// Registrations in the production layout (issue 19): the api, projections and ledger processes
// started from */dist/main.js with NODE_ENV=production beside the bench's Postgres and a Hardhat
// node, once with one API process and once with two, 16 clients spread over the APIs; beside the
// bare multipart route of the registrations bench, in this process. `npm run bench` builds first.
// Reported, never a failure: it says whether replicating the API pays on this machine's cores.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@titleledger/api/runtime';
import { startHardhatNode, type HardhatNode } from '@titleledger/contracts/hardhat-node';
import { REPO_ROOT, healthy, productionDeployment } from '../support/built-scripts.js';
import { creatorFlows, fetchSender, registrationIntent } from '../support/flows.js';
import { percentile, printRows, type BenchPostgres, type Row } from './harness.js';
import { baselineServer, form, load } from './registrations.js';

interface Layout {
  readonly urls: string[];
  stop(): Promise<void>;
}

/** One projections, one ledger and `apis` API processes on a database of their own, healthy. */
async function startLayout(pg: BenchPostgres, chain: HardhatNode, apis: number): Promise<Layout> {
  const { url } = await pg.database(`bench_processes_${apis}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'titleledger-bench-processes-'));
  const env = await productionDeployment({ databaseUrl: url, dataDir, rpcUrl: chain.rpcUrl, extra: { LOG_LEVEL: 'warn' } });
  const children: ChildProcess[] = [];
  const start = (script: string, extra: Record<string, string> = {}) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, script)], { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', ...env, ...extra }, stdio: 'ignore' });
    children.push(child);
  };
  start('projections/dist/main.js');
  start('ledger/dist/main.js');
  const urls: string[] = [];
  for (let n = 0; n < apis; n++) {
    const port = await freePort();
    urls.push(`http://127.0.0.1:${port}`);
    start('api/dist/main.js', { PORT: String(port), PUBLIC_URL: urls[n]! });
  }
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
    await Promise.all(children.filter((child) => !exited(child)).map((child) => new Promise((resolve) => child.once('exit', resolve))));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (const api of urls) {
    while (!(await healthy(api))) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the API at ${api} did not become healthy in 2 minutes`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { urls, stop };
}

/** Registrations at 16 clients (and one), spread over the layout's APIs. */
async function measure(layout: Layout, count: number) {
  const flows = creatorFlows(fetchSender(layout.urls[0]!));
  const { token } = await flows.signUp();
  const warmUp = 200;
  const sessions: string[] = [];
  for (let i = 0; i < warmUp + 2 * count; i++) sessions.push(await flows.paidSession(token, registrationIntent({ title: 'bench' })));
  let used = 0;
  const register = async (i: number) => {
    const response = await fetch(`${layout.urls[i % layout.urls.length]}/api/copyright/submit-registration`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form(sessions[used++]!, i),
    });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(body)}`);
  };
  await load(warmUp, 4, register);
  const many = await load(count, 16, register);
  const one = await load(count, 1, register);
  return { many, one };
}

export async function benchProcesses(pg: BenchPostgres, options: { registrations: number }): Promise<void> {
  if (!existsSync(path.join(REPO_ROOT, 'api/dist/main.js'))) {
    console.log('\n## Registrations in the production layout\n\nSkipped: no api/dist (run `npm run build`, as `npm run bench` does).');
    return;
  }
  const chain = await startHardhatNode({});
  const bare = await baselineServer();
  const rows: Row[] = [];
  try {
    const upload = async (i: number) => {
      await (await fetch(`${bare.url}/upload`, { method: 'POST', body: form('x', i) })).json();
    };
    await load(200, 4, upload);
    const bareMany = await load(options.registrations, 16, upload);
    for (const apis of [1, 2]) {
      const layout = await startLayout(pg, chain, apis);
      try {
        const { many, one } = await measure(layout, options.registrations);
        const name = `${apis} API process${apis > 1 ? 'es' : ''} + projections + ledger`;
        rows.push(
          { name: `registrations/s, 16 clients, ${name}`, value: many.rate, unit: '/s', baseline: { name: 'bare multipart route (this process)', value: bareMany.rate }, higherIsBetter: true },
          { name: `p50 latency, 16 clients, ${name}`, value: percentile(many.latencies, 50), unit: 'ms', baseline: { name: 'bare', value: percentile(bareMany.latencies, 50) }, higherIsBetter: false },
          { name: `p50 latency, 1 client, ${name}`, value: percentile(one.latencies, 50), unit: 'ms' },
        );
      } finally {
        await layout.stop();
      }
    }
  } finally {
    await bare.close();
    await chain.stop();
  }
  printRows(`Registrations in the production layout (processes from dist, NODE_ENV=production, ${availableParallelism()} cores)`, rows);
}
