// `npm run bench`: every benchmark, printed as markdown tables of ratios against same-run baselines.
// Reported, never a CI failure. BENCH_SMALL=1 shrinks the data sets for a quick look;
// BENCH_ONLY=search,ledger (any of eventstore, wakeup, registrations, processes, search, admin, ledger, tlog, web) runs only those.
import { benchAdmin } from './admin.js';
import { startBenchPostgres } from './harness.js';
import { benchEventStore } from './eventstore.js';
import { benchLedger } from './ledger.js';
import { benchProcesses } from './processes.js';
import { benchRegistrations } from './registrations.js';
import { benchSearch } from './search.js';
import { benchTransparencyLog } from './tlog.js';
import { benchWeb } from './web.js';
import { benchWakeups } from './wakeup.js';

const small = process.env.BENCH_SMALL === '1';
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const pg = await startBenchPostgres();
/** Runs section `name` unless BENCH_ONLY leaves it out, once Postgres is at rest from the one before. */
async function section(name: string, run: () => Promise<void>): Promise<void> {
  if (only && !only.includes(name)) return;
  await pg.settle();
  await run();
}
try {
  console.log(`# TitleLedger benchmarks (${small ? 'small' : 'full'} run, node ${process.version})`);
  await section('eventstore', () => benchEventStore(pg, { replayEvents: small ? 20_000 : 100_000 }));
  await section('wakeup', () => benchWakeups(pg, { appends: small ? 200 : 1000 }));
  await section('registrations', () => benchRegistrations(pg, { registrations: small ? 400 : 1000 }));
  await section('processes', () => benchProcesses(pg, { registrations: small ? 300 : 1000 }));
  await section('search', () => benchSearch(pg, { registrations: small ? 100_000 : 1_000_000 }));
  await section('admin', () => benchAdmin(pg, { registrations: small ? 100_000 : 1_000_000, users: small ? 20_000 : 200_000 }));
  await section('ledger', () => benchLedger(pg, { small }));
  await section('tlog', () =>
    benchTransparencyLog(pg, {
      appendEvents: small ? 20_000 : 100_000,
      verifyEvents: small ? 100_000 : 1_000_000,
      proofLeaves: Number(process.env.BENCH_TLOG_LEAVES ?? (small ? 1_000_000 : 10_000_000)),
    }),
  );
  await section('web', () => benchWeb(pg));
} finally {
  await pg.stop();
}
