// Benchmark helpers: every figure is printed beside a baseline measured in the same run, as a
// ratio. Nothing here fails on a wall-clock number.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPool, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@titleledger/api/runtime';

export interface Row {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline?: { readonly name: string; readonly value: number };
  /**
   * '≥ 500/s', '≤ 20 ms' (against the value) or '≥ 0.5× bare', '≤ 2× static' (against the same-run
   * baseline): checked and printed as met or not. Any other wording is printed as not checked.
   */
  readonly target?: string | undefined;
  /** What bounds the figure, printed when the target is not met. */
  readonly bound?: string;
  /** true when higher is better (rates), false for latencies. */
  readonly higherIsBetter?: boolean;
}

/** Whether `row` meets its target; undefined when it has none, or one in words this cannot check. */
function targetMet(row: Row): boolean | undefined {
  const match = row.target && /^(≥|≤)\s*([\d.,]+)\s*(×)?/.exec(row.target);
  if (!match) return undefined;
  const number = Number(match[2]!.replace(/,/g, ''));
  if (match[3] && !row.baseline) return undefined;
  const limit = match[3] ? number * row.baseline!.value : number;
  return match[1] === '≥' ? row.value >= limit : row.value <= limit;
}

export function printRows(title: string, rows: readonly Row[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| measure | value | baseline (same run) | ratio | target | met |');
  console.log('| --- | ---: | --- | ---: | --- | --- |');
  for (const row of rows) {
    const ratio = row.baseline
      ? (row.higherIsBetter === false ? row.baseline.value / row.value : row.value / row.baseline.value)
      : undefined;
    const met = targetMet(row);
    console.log(
      `| ${row.name} | ${format(row.value)} ${row.unit} | ${row.baseline ? `${row.baseline.name}: ${format(row.baseline.value)} ${row.unit}` : '—'} | ${ratio === undefined ? '—' : `${ratio.toFixed(2)}×`} | ${row.target ?? '—'} | ${row.target === undefined ? '—' : met === undefined ? 'not checked here' : met ? 'met' : 'NOT met'} |`,
    );
  }
  // A line per target: met or not, and what bounds the figure when not. Never a failure.
  const targeted = rows.filter((row) => row.target !== undefined);
  if (targeted.length > 0) console.log('');
  for (const row of targeted) {
    const met = targetMet(row);
    const verdict = met === undefined ? 'not checked here' : met ? 'met' : 'NOT met';
    const why = met === false ? ` — bounded by: ${row.bound ?? 'not analysed yet'}` : '';
    console.log(`- target ${row.name} ${row.target}: ${verdict} (${format(row.value)} ${row.unit})${why}`);
  }
}

function format(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
}

/** Runs `task` `count` times spread over `concurrency` workers; returns operations per second. */
export async function rate(count: number, concurrency: number, task: (worker: number, i: number) => Promise<void>): Promise<number> {
  const perWorker = Math.ceil(count / concurrency);
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      for (let i = 0; i < perWorker; i += 1) await task(w, i);
    }),
  );
  return (perWorker * concurrency) / ((performance.now() - start) / 1000);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface BenchPostgres {
  readonly server: EmbeddedPostgresHandle;
  database(name: string): Promise<{ url: string; pool: pg.Pool }>;
  /**
   * Resolves once the server is at rest: a checkpoint taken now (not in the middle of what is
   * measured next) and no autovacuum worker running (a section that loaded 100k rows leaves
   * Postgres vacuuming them on the cores the next section measures with). Gives up after a minute.
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/** A durable (fsync on) embedded Postgres in a temporary directory. */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'titleledger-bench-'));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data') });
  const pools: pg.Pool[] = [];
  return {
    server,
    async database(name) {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      const pool = createPool(url.toString(), 20);
      pools.push(pool);
      return { url: url.toString(), pool };
    },
    async settle() {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        await admin.query('CHECKPOINT');
        const vacuuming = async () =>
          (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`)).rows[0]!.n;
        const giveUpAt = Date.now() + 60_000;
        while ((await vacuuming()) > 0 && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 250));
      } finally {
        await admin.end();
      }
    },
    async stop() {
      await Promise.all(pools.map((p) => p.end()));
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
