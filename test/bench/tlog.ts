// The transparency log (issue 17): tree append throughput beside the event append rate of 8 writers
// (the tree must never fall behind), verify-log over a large log, and inclusion + consistency proof
// latency at a large tree size (tiles in Postgres). Figures and ratios against same-run baselines;
// nothing fails on time.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PostgresEventStore, type NewEvent } from '@titleledger/api/eventstore';
import { verifyConsistency, verifyInclusionSync } from '@titleledger/api/merkle';
import { migrate } from '@titleledger/api/runtime';
import {
  TileAppender,
  consistencyProof,
  extendLog,
  inclusionProof,
  logVerifierKey,
  registryKeyFromPem,
  rootAt,
  sha256,
  signCheckpointIfDue,
  startLogExtender,
  eventLogMigrations,
  verifyLog,
} from '@titleledger/api/transparency';
import { newRegistration } from '../ledger/registrations.js';
import { percentile, printRows, rate, type BenchPostgres, type Row } from './harness.js';

function event(i: number): NewEvent {
  return {
    ...(i % 2
      ? { type: 'TitleRegistered', data: newRegistration(undefined, `Work ${i}`) }
      : { type: 'UserLoggedIn', data: { method: 'password', totpTimeStep: null, rememberMe: false } }),
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'user', id: 'bench', role: null },
      clientIp: '127.0.0.1',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** A target's line: met or not met when measured at the target's size, else says it was not measured there. */
function verdict(target: string, measuredAt: number, targetSize: number, met: boolean): string {
  if (measuredAt < targetSize) return `${target} — not measured at that size (ran ${measuredAt.toLocaleString('en-US')})`;
  return `${target} — ${met ? 'met' : 'NOT MET'}`;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

export async function benchTransparencyLog(
  pg: BenchPostgres,
  options: { appendEvents: number; verifyEvents: number; proofLeaves: number },
): Promise<void> {
  const rows: Row[] = [];
  const key = registryKeyFromPem(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  const origin = 'bench.example/api/log';

  // 1. Eight writers at full speed with the extender running beside them; then the tree alone.
  const { pool } = await pg.database('bench_tlog');
  await migrate(pool, eventLogMigrations(true));
  const store = new PostgresEventStore(pool);
  const size = 10;
  const extender = startLogExtender(pool, store, { origin, key, intervalMs: 20, checkpointEveryMs: 1000 });
  const run = randomUUID().slice(0, 6);
  const appendRate =
    size *
    (await rate(options.appendEvents / size, 8, async (w, i) => {
      await store.append(`tlog-${run}-${w}-${i % 50}`, Array.from({ length: size }, (_, k) => event(i * size + k)), 'any');
    }));
  const writersDone = performance.now();
  const total = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
  const lagAtEnd = total - Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM tlog_leaves')).rows[0]!.n);
  for (;;) {
    const { rows: head } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM tlog_leaves');
    if (Number(head[0]!.n) >= total) break;
    await new Promise((r) => setImmediate(r));
  }
  const caughtUp = performance.now();
  await extender.stop();
  rows.push({
    name: `8 writers × ${size} events/append, extender running`,
    value: appendRate,
    unit: 'events/s',
    higherIsBetter: true,
  });
  rows.push({
    name: `tree behind the writers when they stopped; caught up ${Math.round(caughtUp - writersDone)} ms later`,
    value: lagAtEnd,
    unit: 'leaves',
    target: 'never falls behind 8 writers (lag stays bounded)',
  });
  await pool.query('TRUNCATE tlog_leaves, tlog_tiles, tlog_checkpoints');
  const alone = await timed(async () => {
    let n = 0;
    for (let added; (added = await extendLog(pool, store)) > 0; ) n += added;
    return n;
  });
  const treeRate = alone.result / (alone.ms / 1000);
  rows.push({
    name: `tree extension alone over ${alone.result.toLocaleString('en-US')} events`,
    value: treeRate,
    unit: 'leaves/s',
    baseline: { name: '8 writers’ append rate', value: appendRate },
    higherIsBetter: true,
    target: '≥ 1× the append rate',
  });

  // 2. verify-log over a large log: events inserted in bulk, tree and checkpoints (every 100,000) built, then verified.
  const big = await pg.database('bench_tlog_verify');
  await migrate(big.pool, eventLogMigrations(true));
  const bigStore = new PostgresEventStore(big.pool);
  const metadata = JSON.stringify(event(0).metadata);
  for (let from = 0; from < options.verifyEvents; from += 100_000) {
    await big.pool.query(
      `INSERT INTO es_events (event_id, stream_id, revision, type, data, metadata)
       SELECT gen_random_uuid(), 'bulk-' || g, 0, 'UserLoggedIn',
              jsonb_build_object('method', 'password', 'totpTimeStep', null, 'rememberMe', false, 'n', g), $3::jsonb
         FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(from + 100_000, options.verifyEvents) - 1, metadata],
    );
  }
  const built = await timed(async () => {
    let n = 0;
    for (let added; (added = await extendLog(big.pool, bigStore)) > 0; ) {
      n += added;
      if (n % 100_000 < added || added < 5000) await signCheckpointIfDue(big.pool, { origin, signer: key, minIntervalMs: 0, now: new Date() });
    }
    return n;
  });
  const verified = await timed(() => verifyLog(big.pool, bigStore, { vkey: logVerifierKey(origin, key) }));
  if (!verified.result.ok) throw new Error(`verify-log failed on the bench log: ${verified.result.reason}`);
  rows.push({
    name: `tree built over ${built.result.toLocaleString('en-US')} events (bulk-inserted)`,
    value: built.result / (built.ms / 1000),
    unit: 'leaves/s',
    higherIsBetter: true,
  });
  rows.push({
    name: `verify-log over ${options.verifyEvents.toLocaleString('en-US')} events, ${verified.result.checkpoints} checkpoints`,
    value: verified.ms / 1000,
    unit: 's',
    baseline: { name: 'building the tree', value: built.ms / 1000 },
    higherIsBetter: false,
    target: verdict('≤ 60 s at 1,000,000 events', options.verifyEvents, 1_000_000, verified.ms / 1000 <= 60),
  });

  // 3. Proofs at a large tree: random leaf hashes straight into tiles (proofs read only tiles).
  const proofs = await pg.database('bench_tlog_proofs');
  await migrate(proofs.pool, eventLogMigrations(true));
  const appender = new TileAppender(0, [], sha256);
  const chunk = 65_536;
  for (let from = 0; from < options.proofLeaves; from += chunk) {
    const bytes = randomBytes(Math.min(chunk, options.proofLeaves - from) * 32);
    for (let at = 0; at < bytes.length; at += 32) appender.append(bytes.subarray(at, at + 32));
    const tiles = appender.changed();
    await proofs.pool.query(
      `INSERT INTO tlog_tiles (level, tile_index, hashes) SELECT * FROM unnest($1::smallint[], $2::bigint[], $3::bytea[])
       ON CONFLICT (level, tile_index) DO UPDATE SET hashes = EXCLUDED.hashes`,
      [tiles.map((t) => t.level), tiles.map((t) => t.index), tiles.map((t) => Buffer.from(t.hashes))],
    );
  }
  const n = options.proofLeaves;
  const root = await rootAt(proofs.pool, n);
  const samples = 1000;
  const inclusion: number[] = [];
  const consistency: number[] = [];
  const tileRead: number[] = [];
  for (let s = 0; s < samples; s++) {
    const index = Math.floor(Math.random() * n);
    const from = 1 + Math.floor(Math.random() * (n - 1));
    const a = await timed(() => inclusionProof(proofs.pool, index, n));
    const b = await timed(() => consistencyProof(proofs.pool, from, n));
    const c = await timed(() => proofs.pool.query('SELECT hashes FROM tlog_tiles WHERE level = 0 AND tile_index = $1', [Math.floor(index / 256)]));
    inclusion.push(a.ms);
    consistency.push(b.ms);
    tileRead.push(c.ms);
    if (s < 20) {
      const tile = (c.result.rows[0] as { hashes: Buffer }).hashes;
      const leafHash = tile.subarray((index % 256) * 32, (index % 256) * 32 + 32);
      if (!verifyInclusionSync({ leafIndex: index, treeSize: n, leafHash, path: a.result }, root, sha256)) throw new Error(`inclusion proof ${index} of ${n} does not verify`);
      if (!verifyConsistency({ from, to: n, path: b.result }, await rootAt(proofs.pool, from), root, sha256)) throw new Error(`consistency proof ${from} → ${n} does not verify`);
    }
  }
  for (const list of [inclusion, consistency, tileRead]) list.sort((x, y) => x - y);
  const baseline = { name: 'one tile by primary key, p95', value: percentile(tileRead, 95) };
  const [inclusionP95, consistencyP95] = [percentile(inclusion, 95), percentile(consistency, 95)];
  rows.push({ name: `inclusion proof p95 at ${n.toLocaleString('en-US')} leaves (p50 ${percentile(inclusion, 50).toFixed(2)} ms)`, value: inclusionP95, unit: 'ms', baseline, higherIsBetter: false, target: verdict('≤ 5 ms at 10,000,000', n, 10_000_000, inclusionP95 <= 5) });
  rows.push({ name: `consistency proof p95 at ${n.toLocaleString('en-US')} leaves (p50 ${percentile(consistency, 50).toFixed(2)} ms)`, value: consistencyP95, unit: 'ms', baseline, higherIsBetter: false, target: verdict('≤ 5 ms at 10,000,000', n, 10_000_000, consistencyP95 <= 5) });
  printRows('Transparency log', rows);
}
