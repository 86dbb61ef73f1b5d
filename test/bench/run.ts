// `npm run bench`: every benchmark, printed as markdown tables of ratios against same-run baselines.
// Reported, never a CI failure. BENCH_SMALL=1 shrinks the data sets for a quick look.
import { startBenchPostgres } from './harness.js';
import { benchEventStore } from './eventstore.js';
import { benchLedger } from './ledger.js';
import { benchRegistrations } from './registrations.js';
import { benchSearch } from './search.js';

const small = process.env.BENCH_SMALL === '1';
const pg = await startBenchPostgres();
try {
  console.log(`# TitleLedger benchmarks (${small ? 'small' : 'full'} run, node ${process.version})`);
  await benchEventStore(pg, { replayEvents: small ? 20_000 : 100_000 });
  await benchRegistrations(pg, { registrations: small ? 200 : 1000 });
  await benchSearch(pg, { registrations: small ? 100_000 : 1_000_000 });
  await benchLedger(pg, { small });
} finally {
  await pg.stop();
}
