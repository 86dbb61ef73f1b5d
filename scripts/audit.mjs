// `npm run audit -- replay | verify-log [--from-mirror URL] | export DIR`: the auditor's tools, run
// against the same data as `npm start` (DATA_DIR, or DATABASE_URL; like `projections rebuild`, stop an
// embedded `npm start` first: both would run the one embedded Postgres). Each prints a summary and
// exits 1 naming the first position, or table and key, that disagrees. Plain JS wiring of compiled
// packages (as compose.mjs): replay needs the projections, the log checks only the API's transparency code.
import { ConfigError, runApp } from '@titleledger/api/runtime';
import { configuredVerifierKey, exportLog, verifyLog, verifyMirror } from '@titleledger/api/transparency';
import { openCheckpointReader } from '@titleledger/ledger';
import { allProjections, readModelMigrations, replayAndDiff } from '@titleledger/projections';

const USAGE = 'Usage: npm run audit -- replay | verify-log [--from-mirror URL] [--vkey KEY] | export DIR';
const [command, ...args] = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

if (!['replay', 'verify-log', 'export'].includes(command ?? '') || (command === 'export' && !args[0]) || args.includes('--help')) {
  console.error(USAGE);
  process.exit(2);
}

let running;
let failed = false;
try {
  running = await runApp({ http: false, migrations: readModelMigrations, handleSignals: false });
  const { pool, store, config } = running;

  /** The verifier key checkpoints must verify with: --vkey, else the registry key under the log's origin. */
  const vkey = async () => option('--vkey') ?? (await configuredVerifierKey(pool, config));

  if (command === 'replay') {
    const verdict = await replayAndDiff({
      pool,
      store,
      projections: allProjections,
      migrations: readModelMigrations,
      // The ledger (not a projection of this package) marks registrations registered once anchored.
      foreignColumns: { registrations: ['status'] },
    });
    if (verdict.ok) {
      console.log(`replay: OK — ${verdict.events} events replayed from position 0; every row matches`);
      for (const t of verdict.tables) console.log(`  ${t.table}: ${t.rows} rows`);
      if (verdict.skippedColumns.length > 0) console.log(`  not compared (written by the ledger): ${verdict.skippedColumns.join(', ')}`);
      for (const line of verdict.parked) console.log(`  skipped, as the runner parks it: ${line}`);
    } else {
      failed = true;
      console.log(`replay: MISMATCH in table ${verdict.table}, key ${JSON.stringify(verdict.key)}: ${verdict.reason}`);
      console.log(`  live:     ${JSON.stringify(verdict.live)}`);
      console.log(`  replayed: ${JSON.stringify(verdict.replayed)}`);
    }
  } else if (command === 'verify-log') {
    const key = await vkey();
    const mirror = option('--from-mirror');
    // Anchored checkpoints are checked against the registry (CHAIN_RPC_URL, or the embedded chain rebuilt from the log).
    const chain = mirror ? null : await openCheckpointReader(config, store, pool);
    let verdict;
    try {
      verdict = mirror ? await verifyMirror(mirror, { vkey: key, pool }) : await verifyLog(pool, { vkey: key, chain: chain.reader });
    } finally {
      await chain?.close();
    }
    console.log(`verifier key: ${key}`);
    if (verdict.ok) {
      console.log(
        mirror
          ? `verify-log: OK — the mirror's ${verdict.treeSize} entries give its signed root, and it is consistent with this log`
          : `verify-log: OK — ${verdict.treeSize} events recomputed into the tree, ${verdict.checkpoints} checkpoints signed and consistent${verdict.unlogged > 0 ? `; ${verdict.unlogged} newer events not logged yet` : ''}`,
      );
      if (!mirror) {
        console.log(`  on-chain anchors: ${verdict.anchors?.checked ?? 0} checkpoint root(s) match ${chain.chain}`);
        for (const line of verdict.anchors?.skipped ?? []) console.log(`  not checked: ${line}`);
      }
    } else {
      failed = true;
      console.log(`verify-log: FAILED — ${verdict.reason}`);
    }
  } else {
    const summary = await exportLog(pool, args[0], { vkey: await vkey() });
    console.log(`export: ${summary.entries} entries, ${summary.checkpoints} checkpoints, ${summary.tiles} tiles (tree size ${summary.treeSize}) written to ${args[0]}`);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof ConfigError ? error.message : error);
} finally {
  await running?.stop();
}
process.exit(failed ? 1 : 0);
