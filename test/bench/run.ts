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
const wanted = (name: string) => !only || only.includes(name);
const pg = await startBenchPostgres();
try {
  console.log(`# TitleLedger benchmarks (${small ? 'small' : 'full'} run, node ${process.version})`);
  if (wanted('eventstore')) await benchEventStore(pg, { replayEvents: small ? 20_000 : 100_000 });
  if (wanted('wakeup')) await benchWakeups(pg, { appends: small ? 200 : 1000 });
  if (wanted('registrations')) await benchRegistrations(pg, { registrations: small ? 400 : 1000 });
  if (wanted('processes')) await benchProcesses(pg, { registrations: small ? 300 : 1000 });
  if (wanted('search')) await benchSearch(pg, { registrations: small ? 100_000 : 1_000_000 });
  if (wanted('admin')) await benchAdmin(pg, { registrations: small ? 100_000 : 1_000_000, users: small ? 20_000 : 200_000 });
  if (wanted('ledger')) await benchLedger(pg, { small });
  if (wanted('tlog')) {
    await benchTransparencyLog(pg, {
      appendEvents: small ? 20_000 : 100_000,
      verifyEvents: small ? 100_000 : 1_000_000,
      proofLeaves: Number(process.env.BENCH_TLOG_LEAVES ?? (small ? 1_000_000 : 10_000_000)),
    });
  }
  if (wanted('web')) await benchWeb(pg);
} finally {
  await pg.stop();
}
