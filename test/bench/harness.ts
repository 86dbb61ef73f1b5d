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
  readonly target?: string;
  /** true when higher is better (rates), false for latencies. */
  readonly higherIsBetter?: boolean;
}

export function printRows(title: string, rows: readonly Row[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| measure | value | baseline (same run) | ratio | target |');
  console.log('| --- | ---: | --- | ---: | --- |');
  for (const row of rows) {
    const ratio = row.baseline
      ? (row.higherIsBetter === false ? row.baseline.value / row.value : row.value / row.baseline.value)
      : undefined;
    console.log(
      `| ${row.name} | ${format(row.value)} ${row.unit} | ${row.baseline ? `${row.baseline.name}: ${format(row.baseline.value)} ${row.unit}` : '—'} | ${ratio === undefined ? '—' : `${ratio.toFixed(2)}×`} | ${row.target ?? '—'} |`,
    );
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
    async stop() {
      await Promise.all(pools.map((p) => p.end()));
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
